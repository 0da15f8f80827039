"""`hot-ls eval`: evaluate one snippet (stdin), or many (`--batch`, JSON Lines), as Heat would.

    echo '{str_split: [",", "a,b,c", 1]}' | hot-ls eval
    hot-ls eval --template stack.yaml -e prod.yaml -P flavor=m1.large < snippet.yaml
    hot-ls eval --condition --template stack.yaml <<< is_prod
    hot-ls eval --batch < cases.jsonl

With --template, the snippet is evaluated with what the template's stack
gives it, as in the editor and `hot-ls check` (hot_ls.cli.stack_inputs): the
configured environments, then `-e`; for a nested stack the values its parent
passes; `-P` over all.  Without it, the settings' `environments` and
`parameters` (.hot-ls.toml), then `-e` and `-P`.
Prints {"value": ...} or {"error": {"message": ...}} and exits 0 or 1.  In
batch mode each input line is a case {"version", "snippet", "condition",
"parameters", "conditions", "values"} (all but version and snippet
optional; also accepted: "parameter_defaults", "environments" (texts),
"resources" ({name: type}), "files" and "stack" ({name, id, project_id}),
and an "id" that is echoed back), and exactly one result line is written
per input line, in order; a line that cannot be read gives an error result
for that line.  Batch mode exits 0 unless a line is not valid JSON.
"""
from __future__ import annotations

import json
import os
import sys
from typing import Any

from hot_ls.analysis import Analysis, evaluation_inputs
from hot_ls.cli.stack_inputs import stack_inputs, template_in_stack
from hot_ls.config import Settings
from hot_ls.evaluator import StackIdentity, evaluate, evaluate_in, from_python
from hot_ls.evaluator.scope import NOT_GIVEN
from hot_ls.evaluator.snippet import StackError, make_scope
from hot_ls.model import Template
from hot_ls.syntax import Mapping, Scalar, parse


def add_parser(sub) -> None:
    cmd = sub.add_parser('eval', help='evaluate a snippet from stdin as Heat would')
    cmd.add_argument('--template-version', metavar='V',
                     help='heat_template_version (default: the template\'s, else the newest)')
    cmd.add_argument('--template', metavar='FILE',
                     help='take parameters, conditions and resources from this template')
    cmd.add_argument('-e', '--environment', action='append', default=[], metavar='ENV',
                     help='environment file, merged in order as Heat does (repeatable)')
    cmd.add_argument('-P', '--parameter', action='append', default=[], metavar='NAME=VALUE',
                     help='a parameter value (repeatable)')
    cmd.add_argument('--condition', action='store_true',
                     help='evaluate the snippet as a condition (like a resource\'s condition:)')
    cmd.add_argument('--stack-name', metavar='NAME',
                     help='the stack name OS::stack_name gives (default: a placeholder)')
    cmd.add_argument('--batch', action='store_true',
                     help='read cases as JSON Lines and write one result line per case')


class UsageError(Exception):
    pass


def parameter_values(pairs: list[str]) -> dict[str, str]:
    values = {}
    for pair in pairs:
        name, sep, value = pair.partition('=')
        if not sep or not name:
            raise UsageError(f'-P expects NAME=VALUE, got {pair!r}')
        values[name] = value
    return values


def check_declared(values: dict[str, str], declared) -> None:
    """Heat refuses a stack whose parameter values (`-P`) name a parameter the template does
    not declare; so does hot-ls, with Heat's message (a UsageError)."""
    for name in values:
        if name not in declared:
            raise UsageError(f'-P {name}: The Parameter ({name}) was not defined in template.')


class TemplateInputs:
    """What --template contributes: version, parameters, conditions, resources, files, and
    the analysis of the template in its stack (None without --template)."""

    def __init__(self, path: str | None, settings: Settings | None = None,
                 environments: list[str] | tuple[str, ...] = ()):
        self.version = None
        self.parameters: dict = {}
        self.conditions: Any = NOT_GIVEN
        self.resources: dict = {}
        self.files = None
        self.analysis: Analysis | None = None
        if path is None:
            return
        analysis = template_in_stack(path, settings or Settings(), environments)
        if analysis.read_problem is not None:
            raise UsageError(f'{path}: {analysis.read_problem.message}')
        template = analysis.template or Template(analysis.tree, path)
        if not isinstance(template.tree.root, Mapping):
            raise UsageError(f'{path}: not a HOT template')
        self.analysis = analysis
        self.files = analysis.stack.files
        self.version = template.version_text
        self.parameters = {name: d.body.to_python() for name, d in template.parameters.items()}
        pair = template.sections.get('conditions')
        if pair is not None:
            self.conditions = pair.value
        for name, definition in template.resources.items():
            body = definition.body
            self.resources[name] = body if isinstance(body, Mapping) else {'type': None}


def _snippet_node(text: str):
    if not text.strip():
        raise UsageError('no snippet on standard input (pipe one in: echo "{list_join: '
                         '[\',\', [a, b]]}" | hot-ls eval)')
    tree = parse(text)
    if tree.syntax_errors:
        raise UsageError(tree.syntax_errors[0].message)
    return tree.root if tree.root is not None else Scalar(None, 0, 0)


def _print(result: dict) -> None:
    sys.stdout.write(json.dumps(result, ensure_ascii=False) + '\n')


def run(args, settings: Settings) -> int:
    try:
        inputs = TemplateInputs(args.template, settings, args.environment)
        values = parameter_values(args.parameter)
        check_declared(values, inputs.parameters)
        if inputs.analysis is not None:
            given = stack_inputs(inputs.analysis, values)
        else:
            given = evaluation_inputs(settings, None,
                                      [os.path.abspath(p) for p in args.environment], values)
    except UsageError as exc:
        _print({'error': {'message': str(exc)}})
        return 1
    if given.problems:
        _print({'error': {'message': '; '.join(given.problems)}})
        return 1
    stack = StackIdentity(name=args.stack_name)
    if args.batch:
        return run_batch(sys.stdin, inputs, stack)
    try:
        node = _snippet_node(sys.stdin.read())
    except UsageError as exc:
        _print({'error': {'message': str(exc)}})
        return 1
    attribute_names = None
    if args.template:  # the template's resources have types: get_attr names are checked
        from hot_ls.analysis.properties import catalog_attribute_names
        from hot_ls.catalog import effective_catalog
        attribute_names = catalog_attribute_names(effective_catalog(settings))
    try:
        outcome = evaluate(node, args.template_version or inputs.version,
                           condition=args.condition, parameters=inputs.parameters,
                           values=given.parameters, environments=list(given.environments),
                           conditions=inputs.conditions, resources=inputs.resources,
                           files=inputs.files, stack=stack, attribute_names=attribute_names)
    except ValueError as exc:  # an unknown --template-version
        _print({'error': {'message': str(exc)}})
        return 1
    _print(outcome.to_json())
    return 0 if outcome.ok else 1


def evaluate_case(case: Any, inputs: TemplateInputs, stack: StackIdentity) -> dict:
    """One batch line's result (never raises)."""
    if not isinstance(case, dict):
        return {'error': {'message': 'a case must be a JSON object'}}
    if 'snippet' not in case:
        return {'error': {'message': 'a case needs a "snippet"'}}
    try:
        scope = make_scope(
            case.get('version') or inputs.version,
            parameters=case.get('parameters', inputs.parameters),
            values=case.get('values'), parameter_defaults=case.get('parameter_defaults'),
            environments=case.get('environments'),
            conditions=case['conditions'] if 'conditions' in case else inputs.conditions,
            resources=case.get('resources', inputs.resources),
            files=case.get('files', inputs.files),
            stack=StackIdentity.from_json(case['stack']) if 'stack' in case else stack)
    except StackError as exc:
        return {'error': {'message': exc.message}}
    except (ValueError, TypeError, AttributeError) as exc:
        return {'error': {'message': f'invalid case: {exc}'}}
    outcome = evaluate_in(scope, from_python(case['snippet']),
                          condition=bool(case.get('condition')))
    return outcome.to_json()


def run_batch(stream, inputs: TemplateInputs, stack: StackIdentity) -> int:
    status = 0
    for line in stream:
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except ValueError as exc:
            _print({'error': {'message': f'invalid JSON: {exc}'}})
            status = 1
            continue
        try:
            result = evaluate_case(case, inputs, stack)
        except Exception as exc:  # one bad case never stops the batch
            result = {'error': {'message': f'internal error: {type(exc).__name__}: {exc}'}}
        if isinstance(case, dict) and 'id' in case:
            result = {'id': case['id'], **result}
        _print(result)
        sys.stdout.flush()
    return status
