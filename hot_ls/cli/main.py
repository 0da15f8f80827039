"""Entry point of the `hot-ls` command.

The global options (`--config FILE`) are accepted before the command and after it
(`hot-ls check PATH --config FILE`).  Every command but `rules` and `serve` runs with
the settings of the nearest settings file (or `--config`) and its own options on top
(`settings_for`); what cannot work in them (an unknown key or rule, a value of the
wrong shape, a missing catalog or plugin path, an unknown release, a settings file that
cannot be read) stops the command with exit status 2 before it does anything.
"""
from __future__ import annotations

import argparse
import os
import sys
import traceback

from hot_ls import __version__
from hot_ls.config.settings import (ConfigFileError, Settings, find_config_file, load_settings,
                                    read_config_file, with_origin)

CONFIG_HELP = ('settings file (default: the nearest .hot-ls.toml, or pyproject.toml with '
               '[tool.hot-ls], upwards from the working directory)')


def _global_options(parser: argparse.ArgumentParser, top: bool) -> None:
    # After the command, an option's default must not overwrite the value given before it.
    parser.add_argument('--config', metavar='FILE', help=CONFIG_HELP,
                        **({} if top else {'default': argparse.SUPPRESS}))


def _every_command(parser: argparse.ArgumentParser):
    """Each parser below `parser` (commands and their subcommands)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                yield child
                yield from _every_command(child)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog='hot-ls',
        description='Language server, checker and evaluator for OpenStack Heat templates.')
    parser.add_argument('--version', action='version', version=f'hot-ls {__version__}')
    _global_options(parser, top=True)
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

    from hot_ls.cli import move as move_cli
    move_cli.add_parser(sub)

    config = sub.add_parser('config', help='show the settings a file is checked with, and '
                                           'where each comes from')
    config.add_argument('path', nargs='?', metavar='PATH', default='.',
                        help='a file or folder (default: the working directory)')
    config.add_argument('--format', choices=('text', 'json'), default='text')

    for command in _every_command(parser):
        _global_options(command, top=False)
    return parser


class SettingsError(Exception):
    """Settings a command cannot run with (exit status 2)."""


def settings_for(args, start: str | None = None) -> Settings:
    """The settings file (`--config`, else the nearest one upwards from `start` or the
    working directory), then the command's own options.  Raises SettingsError."""
    path = args.config
    if path is not None:
        try:
            read_config_file(path)
        except ConfigFileError as exc:
            raise SettingsError(f'--config {exc}') from None
    else:
        path = find_config_file(start or os.getcwd())
    settings = load_settings(path)
    if getattr(args, 'disable', None):
        settings = with_origin(settings, 'disable', '--disable',
                               disable=tuple(dict.fromkeys(settings.disable + tuple(args.disable))))
    return _catalog_settings(args, settings)


def _catalog_settings(args, settings: Settings) -> Settings:
    """Fold --plugin-path, --catalog and --target-release into the settings."""
    plugin_paths = tuple(os.path.abspath(p) for p in getattr(args, 'plugin_paths', None) or ())
    catalogs = tuple(os.path.abspath(p) for p in getattr(args, 'catalogs', None) or ())
    if plugin_paths:
        settings = with_origin(settings, 'plugin_paths', '--plugin-path',
                               plugin_paths=settings.plugin_paths + plugin_paths)
    if catalogs:
        settings = with_origin(settings, 'catalogs', '--catalog',
                               catalogs=settings.catalogs + catalogs)
    if getattr(args, 'target_release', None):
        settings = with_origin(settings, 'target_release', '--target-release',
                               target_release=args.target_release)
    return settings


def _settings(args) -> Settings:
    """The command's settings, or SettingsError for what cannot work in them: an unknown
    key, a value of the wrong shape, a settings file that cannot be read, a rule or release
    that does not exist (a run with a setting left out would not be the run asked for)."""
    settings = settings_for(args)
    from hot_ls.rules.misconfiguration import misconfiguration
    errors = list(settings.problems) + misconfiguration(settings)
    if errors:
        raise SettingsError('\n'.join(errors))
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
        if args.command == 'mv':
            from hot_ls.cli import move as move_cli
            return move_cli.run(args, _settings(args))
        if args.command == 'config':
            from hot_ls.cli import config as config_cli
            return config_cli.run(args, settings_for(args, start=args.path))
        if args.command == 'serve':
            from hot_ls.server.main import serve
            return serve(args.tcp)
    except SettingsError as exc:
        for line in str(exc).splitlines():
            print(f'hot-ls: error: {line}', file=sys.stderr)
        return 2
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
