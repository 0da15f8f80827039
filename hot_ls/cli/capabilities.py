"""`hot-ls capabilities find|summary|resolve`: the resource-capabilities blueprint's commands.

    hot-ls capabilities find [-r] [-c KEY=VALUE]... PATH...
    hot-ls capabilities summary [--format text|json] PATH...
    hot-ls capabilities resolve -e ENV [-e ENV]... -o OUT

`find` prints the templates whose capabilities satisfy every `-c` (the
blueprint's `capabilities-find`), one per line; `summary` the choices a
set of templates offers, per resource type and per tag (the blueprint's
`template-capabilities`); `resolve` writes what stock Heat accepts of the
environments (hot_ls.workspace.plain).  Each reads the blueprint's
sections whatever the `capabilities` setting says: asking is enough.
Paths are shown relative to the current directory when under it.  Exits
0, 1 when a list of candidates resolves to none or several, 2 on usage
errors and files that cannot be read.
"""
from __future__ import annotations

import io
import json
import os
import sys
from dataclasses import replace

from hot_ls.config import Settings
from hot_ls.workspace import Workspace
from hot_ls.workspace import capabilities as caps
from hot_ls.workspace.plain import plain_stack


def add_parser(sub) -> None:
    cmd = sub.add_parser('capabilities',
                         help='the resource-capabilities blueprint: find, summarise and resolve '
                              'implementations of resource types')
    commands = cmd.add_subparsers(dest='capabilities_command', metavar='SUBCOMMAND')
    find = commands.add_parser('find', help='the templates whose capabilities match, one per line')
    find.add_argument('-r', '--recursive', action='store_true',
                      help='search the sub-folders of the folders given too')
    find.add_argument('-c', '--capability', action='append', default=[], metavar='KEY=VALUE',
                      dest='criteria',
                      help='a capability the template must declare, e.g. '
                           'resource_type=OS::TripleO::Controller or deployment=puppet '
                           '(repeatable: all must match)')
    find.add_argument('paths', nargs='+', metavar='PATH', help='template files or folders')
    summary = commands.add_parser('summary', help='the choices a set of templates offers, per '
                                                  'resource type and per tag')
    summary.add_argument('--format', choices=('text', 'json'), default='text')
    summary.add_argument('paths', nargs='+', metavar='PATH',
                         help='template files, or folders (searched recursively)')
    resolve = commands.add_parser('resolve', help='write the environment stock Heat accepts: each '
                                                  'list replaced by the template requires selects')
    resolve.add_argument('-e', '--environment', action='append', required=True, metavar='ENV',
                         dest='environments',
                         help='environment file, merged in order as Heat does (repeatable)')
    resolve.add_argument('-o', '--output', required=True, metavar='OUT',
                         help='the environment to write (template copies, when needed, go to '
                              'OUT\'s folder, in <OUT name>.templates/)')


def run(args, settings: Settings) -> int:
    settings = replace(settings, capabilities=True)
    command = args.capabilities_command
    if command is None:
        print('usage: hot-ls capabilities {find,summary,resolve} ...', file=sys.stderr)
        return 2
    if command == 'resolve':
        return _resolve(args, settings)
    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        for path in missing:
            print(f'hot-ls: {path}: no such file or folder', file=sys.stderr)
        return 2
    workspace = Workspace(settings, [p if os.path.isdir(p) else os.path.dirname(os.path.abspath(p))
                                     for p in args.paths], readable=[os.getcwd()])
    if command == 'find':
        return _find(args, workspace)
    return _summary(args, workspace)


def shown(path: str) -> str:
    """A path relative to the current directory when under it, else absolute."""
    relative = os.path.relpath(path)
    return path if relative == os.pardir or relative.startswith(os.pardir + os.sep) else relative


def _find(args, workspace: Workspace) -> int:
    criteria = []
    for item in args.criteria:
        key, equals, value = item.partition('=')
        if not equals or not key:
            print(f'hot-ls: -c {item}: expected KEY=VALUE, e.g. deployment=puppet', file=sys.stderr)
            return 2
        criteria.append((key, value))
    for path in caps.find(args.paths, criteria, args.recursive, workspace):
        sys.stdout.write(shown(path) + '\n')
    return 0


def _summary(args, workspace: Workspace) -> int:
    found = caps.summary(args.paths, workspace)
    types = {name: [shown(p) for p in paths] for name, paths in found.resource_types().items()}
    if args.format == 'json':
        data = {'resource_types': types, 'tags': found.tags(),
                'templates': {shown(p): c.as_dict() for p, c in found.templates.items()}}
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + '\n')
        return 0
    out = []
    groups = [(name, paths) for name, paths in found.resource_types().items()]
    if found.untyped():
        groups.append(('(no resource_type)', found.untyped()))
    if groups:
        out.append('resource types:')
        for name, paths in groups:
            out.append(f'  {name}')
            width = max(len(shown(p)) for p in paths)
            for path in paths:
                tags = found.templates[path].text(types=False)
                out.append(f'    {shown(path):<{width}}  {tags}'.rstrip())
    tags = found.tags()
    if tags:
        out.append('tags:')
        for key, values in tags.items():
            out.append(f'  {key}: ' + ', '.join(caps.value_text(v) for v in values))
    for path, capabilities in found.templates.items():
        if capabilities.problem:
            print(f'hot-ls: {shown(path)}: {capabilities.problem}', file=sys.stderr)
    sys.stdout.write(''.join(line + '\n' for line in out))
    return 0


def _resolve(args, settings: Settings) -> int:
    if os.path.abspath(args.output) in {os.path.abspath(e) for e in args.environments}:
        print(f'hot-ls: {args.output}: is one of the environments to resolve; write it elsewhere',
              file=sys.stderr)
        return 2
    roots = [os.path.dirname(os.path.abspath(e)) for e in args.environments]
    workspace = Workspace(settings, roots, readable=[os.getcwd()])
    result = plain_stack(args.environments, args.output, workspace)
    for warning in result.warnings:
        print(f'hot-ls: warning: {warning}', file=sys.stderr)
    if result.problems:
        for problem in result.problems:
            print(f'hot-ls: {problem}', file=sys.stderr)
        return 2
    for environment, path, choice in result.unresolved:
        where = shown(environment) if environment else 'an environment'
        print(f'hot-ls: {where}: {_entry(path)}{choice.verdict()}', file=sys.stderr)
    if result.unresolved:
        return 1
    out = os.path.abspath(args.output)
    sources = ', '.join(shown(os.path.abspath(e)) for e in args.environments)
    header = (f'# Written by `hot-ls capabilities resolve` from {sources}: each list of\n'
              '# candidate templates replaced by the one `requires` selects, without `requires`.\n')
    written = [(out, header + dump_yaml(result.environment))]
    for original, copy_path in result.copies.items():
        text = result.templates[copy_path]
        if not text.lstrip().startswith('{'):
            text = (f'# Written by `hot-ls capabilities resolve`: {shown(original)} without its\n'
                    '# capabilities section.\n') + text
        written.append((copy_path, text))
    for path, text in written:
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'w', encoding='utf-8') as fh:
                fh.write(text)
        except OSError as exc:
            print(f'hot-ls: cannot write {path}: {exc.strerror}', file=sys.stderr)
            return 2
    for environment, path, choice in result.choices:
        sys.stdout.write(f'{shown(environment) if environment else "-"}: '
                         f'{"/".join(map(str, path))}: {choice.verdict()}\n')
    for path, _ in written:
        sys.stdout.write(f'wrote {shown(path)}\n')
    return 0


def _entry(path: tuple) -> str:
    """A registry entry below the top (`resources/db/OS::X: `); nothing for a top one (its type
    name is in the message)."""
    return '' if len(path) == 1 else '/'.join(map(str, path)) + ': '


def dump_yaml(data: dict) -> str:
    """`data` as YAML that Heat's loader (YAML 1.1) and hot-ls's read alike: every string
    that YAML 1.1 would take for something else (`yes`, `on`, `0777`) quoted."""
    from ruamel.yaml import YAML
    yaml = YAML(typ='safe', pure=True)
    yaml.version = (1, 1)
    yaml.default_flow_style = False
    yaml.width = 4096
    yaml.allow_unicode = True
    yaml.sort_base_mapping_type_on_output = False  # the sections and entries as merged
    stream = io.StringIO()
    yaml.dump(data, stream)
    text = stream.getvalue()
    return text.removeprefix('%YAML 1.1\n---\n')
