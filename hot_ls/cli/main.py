"""Entry point of the `hot-ls` command."""
from __future__ import annotations

import argparse
import os
import sys
import traceback

from hot_ls import __version__
from hot_ls.config.settings import Settings, find_config_file, load_settings


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog='hot-ls',
        description='Language server, checker and evaluator for OpenStack Heat templates.')
    parser.add_argument('--version', action='version', version=f'hot-ls {__version__}')
    parser.add_argument('--config', metavar='FILE',
                        help='settings file (default: nearest .hot-ls.toml or pyproject.toml '
                             'with [tool.hot-ls])')
    sub = parser.add_subparsers(dest='command', metavar='COMMAND')

    from hot_ls.cli import check as check_cli
    check_cli.add_parser(sub)

    rules = sub.add_parser('rules', help='list every diagnostic hot-ls can report')
    rules.add_argument('--format', choices=('text', 'json', 'markdown'), default='text')

    serve = sub.add_parser('serve', help='run the language server (stdio by default)')
    serve.add_argument('--tcp', metavar='HOST:PORT', help='listen on TCP instead of stdio')
    serve.add_argument('--stdio', action='store_true',
                       help='serve over stdio (the default; accepted because many editors pass it)')

    from hot_ls.cli import capabilities as capabilities_cli
    from hot_ls.cli import catalog as catalog_cli, eval as eval_cli, graph as graph_cli
    from hot_ls.cli import preview as preview_cli
    eval_cli.add_parser(sub)
    preview_cli.add_parser(sub)
    graph_cli.add_parser(sub)
    catalog_cli.add_parser(sub)
    capabilities_cli.add_parser(sub)
    return parser


def _settings(args) -> Settings:
    path = args.config or find_config_file(os.getcwd())
    settings = load_settings(path)
    if getattr(args, 'disable', None):
        from dataclasses import replace
        settings = replace(settings, disable=settings.disable + tuple(args.disable))
    settings = _catalog_settings(args, settings)
    return settings


def _catalog_settings(args, settings: Settings) -> Settings:
    """Fold --plugin-path, --catalog and --target-release into the settings."""
    from dataclasses import replace
    plugin_paths = tuple(os.path.abspath(p) for p in getattr(args, 'plugin_paths', None) or ())
    catalogs = tuple(os.path.abspath(p) for p in getattr(args, 'catalogs', None) or ())
    if plugin_paths or catalogs:
        settings = replace(settings, plugin_paths=settings.plugin_paths + plugin_paths,
                           catalogs=settings.catalogs + catalogs)
    if getattr(args, 'target_release', None):
        settings = replace(settings, target_release=args.target_release)
    return settings


def main(argv: list[str] | None = None) -> int:
    if (sys.argv[1:] if argv is None else list(argv)) in (['serve'], ['serve', '--stdio']):
        # What editors run: the server starts before the other commands' parsers would
        # import the analysis (the editor waits for its `initialize` reply).
        from hot_ls.server.main import serve
        return serve(None)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: 0 for --help/--version, 2 for usage errors
        return int(exc.code or 0)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        if args.command == 'check':
            from hot_ls.cli import check
            return check.run(args, _settings(args))
        if args.command == 'catalog':
            from hot_ls.cli import catalog as catalog_cli
            return catalog_cli.run(args, _settings(args))
        if args.command == 'rules':
            from hot_ls.cli import rules
            return rules.run(args)
        if args.command == 'eval':
            from hot_ls.cli import eval as eval_cli
            return eval_cli.run(args, _settings(args))
        if args.command == 'preview':
            from hot_ls.cli import preview as preview_cli
            return preview_cli.run(args, _settings(args))
        if args.command == 'graph':
            from hot_ls.cli import graph as graph_cli
            return graph_cli.run(args, _settings(args))
        if args.command == 'capabilities':
            from hot_ls.cli import capabilities as capabilities_cli
            return capabilities_cli.run(args, _settings(args))
        if args.command == 'serve':
            from hot_ls.server.main import serve
            return serve(args.tcp)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception:  # an internal failure is exit status 2, never a silent pass
        traceback.print_exc()
        print('hot-ls: internal error (please report it with the file that caused it)',
              file=sys.stderr)
        return 2
    return 2
