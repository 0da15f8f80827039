"""`hot-ls preview TEMPLATE`: what the template resolves to, before it is deployed.

    hot-ls preview stack.yaml -e prod.yaml -P flavor=m1.large --format yaml

Prints {"parameters", "conditions", "resources": {name: {"type", "enabled",
"properties"}}, "outputs"} (see hot_ls.evaluator.preview and hot_ls.analysis.properties), with an error in
place of each item that fails.  Each resource's properties are what Heat
gives the resource, as `openstack stack preview` shows them: every property
of its type, defaults, conversions and translations applied; `--raw` shows
the values as the template resolves them instead.  Exits 0 when every item evaluates, 1 when
some item (or an environment) fails, 2 when the template cannot be read.
The template is evaluated with what its stack gives it, as in the editor and
`hot-ls check` (hot_ls.cli.stack_inputs): the configured environments, then
`-e`; for a nested stack the values its parent passes; `-P` over all.
"""
from __future__ import annotations

import io
import json
import sys
from typing import Any

from hot_ls.analysis.properties import catalog_attribute_names, preview as heat_preview
from hot_ls.catalog import effective_catalog
from hot_ls.cli.eval import UsageError, check_declared, parameter_values
from hot_ls.cli.stack_inputs import stack_inputs, template_in_stack
from hot_ls.config import Settings
from hot_ls.evaluator import StackIdentity
from hot_ls.evaluator.template import TemplateEvaluation
from hot_ls.model import Kind, Template, classify


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
    cmd.add_argument('--raw', action='store_true',
                     help="the properties as the template resolves them, not as Heat's schemas "
                          'give them to the resources')


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


def run(args, settings: Settings) -> int:
    analysis = template_in_stack(args.template, settings, args.environment)
    if analysis.read_problem is not None:
        print(f'hot-ls: {args.template}: {analysis.read_problem.message}', file=sys.stderr)
        return 2
    if classify(analysis.tree, args.template) is not Kind.HOT:
        print(f'hot-ls: {args.template}: not a HOT template', file=sys.stderr)
        return 2
    template = Template(analysis.tree, args.template)
    try:
        values = parameter_values(args.parameter)
        check_declared(values, template.parameters)
        inputs = stack_inputs(analysis, values)
    except UsageError as exc:
        print(f'hot-ls: {exc}', file=sys.stderr)
        return 2
    for problem in inputs.problems:
        print(f'hot-ls: {problem}', file=sys.stderr)
    if inputs.problems:
        return 2
    if template.version is None:
        print(f'hot-ls: {args.template}: unknown heat_template_version '
              f'{template.version_text!r}', file=sys.stderr)
        return 2
    catalog = effective_catalog(settings)
    evaluation = TemplateEvaluation(template, inputs.environments, inputs.parameters,
                                    files=analysis.stack.files,
                                    stack=StackIdentity(name=args.stack_name),
                                    attribute_names=catalog_attribute_names(catalog))
    result = heat_preview(evaluation, catalog, raw=args.raw).to_json()
    sys.stdout.write(render(result, args.format))
    return 1 if _has_error(result) or result.get('errors') else 0
