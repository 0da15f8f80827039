"""`hot-ls preview TEMPLATE`: what the template resolves to, before it is deployed.

    hot-ls preview stack.yaml -e prod.yaml -P flavor=m1.large --format yaml

Prints {"parameters", "conditions", "resources": {name: {"type", "enabled",
"properties"}}, "outputs"} (see hot_ls.evaluator.preview), with an error in
place of each item that fails.  Exits 0 when every item evaluates, 1 when
some item (or an environment) fails, 2 when the template cannot be read.
"""
from __future__ import annotations

import io
import json
import sys
from typing import Any

from hot_ls.cli.eval import UsageError, parameter_values
from hot_ls.evaluator import StackIdentity
from hot_ls.evaluator.preview import preview
from hot_ls.model import Kind, Template, classify
from hot_ls.model.environment import Environment
from hot_ls.syntax import parse


def add_parser(sub) -> None:
    cmd = sub.add_parser('preview', help='show what a template resolves to before deploy')
    cmd.add_argument('template', metavar='TEMPLATE')
    cmd.add_argument('-e', '--environment', action='append', default=[], metavar='ENV',
                     help='environment file, merged in order as Heat does (repeatable)')
    cmd.add_argument('-P', '--parameter', action='append', default=[], metavar='NAME=VALUE',
                     help='a parameter value (repeatable)')
    cmd.add_argument('--stack-name', metavar='NAME',
                     help='the stack name OS::stack_name gives (default: a placeholder)')
    cmd.add_argument('--format', choices=('json', 'yaml'), default='json')


def _has_error(value: Any) -> bool:
    if isinstance(value, dict):
        if set(value) == {'error'} and isinstance(value['error'], dict):
            return True
        return any(_has_error(v) for v in value.values())
    return False


def render(data: dict, fmt: str) -> str:
    if fmt == 'json':
        return json.dumps(data, indent=2, ensure_ascii=False) + '\n'
    from ruamel.yaml import YAML
    yaml = YAML(typ='safe', pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    yaml.sort_base_mapping_type_on_output = False
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def run(args) -> int:
    try:
        with open(args.template, encoding='utf-8-sig') as fh:
            text = fh.read()
        values = parameter_values(args.parameter)
        environments = []
        for path in args.environment:
            with open(path, encoding='utf-8-sig') as fh:
                environments.append(Environment.from_text(fh.read(), path))
    except (OSError, UsageError) as exc:
        print(f'hot-ls: {exc}', file=sys.stderr)
        return 2
    tree = parse(text)
    if classify(tree, args.template) is not Kind.HOT:
        print(f'hot-ls: {args.template}: not a HOT template', file=sys.stderr)
        return 2
    template = Template(tree, args.template)
    if template.version is None:
        print(f'hot-ls: {args.template}: unknown heat_template_version '
              f'{template.version_text!r}', file=sys.stderr)
        return 2
    result = preview(template, environments, values,
                     stack=StackIdentity(name=args.stack_name)).to_json()
    sys.stdout.write(render(result, args.format))
    return 1 if _has_error(result) or result.get('errors') else 0
