"""Reading fixtures/golden/eval.jsonl and comparing hot-ls's answers with Heat's.

Each golden line is a case (the `hot-ls eval --batch` format) plus Heat's
answers, recorded by tools/gen_eval_golden.py with openstack-heat 27.0.1:
"expect" is Heat before deploy, "deployed" (when the case has resources) is
Heat with every resource created and holding placeholder data, so that
get_resource gives "<<get_resource NAME>>" and get_attr
"<<get_attr NAME ATTR PATH...>>".

How an answer is compared (`compare`):

* hot-ls reports an error: Heat must report the same message, in the same
  phase (parse, validate, resolve, or stack for the stack failing to load).
* hot-ls gives a value with no deploy-time part: Heat must give the same
  value (compared by repr, so 1, 1.0, True and '1' differ, and so does key
  order), before deploy and, when recorded, after.
* hot-ls gives a value with placeholders in it (get_resource/get_attr
  carried through string functions, lists and maps): printed the way Heat
  would compute it from placeholder data (`values.heat_view`), it must equal
  Heat's deployed answer.
* hot-ls gives a value it could not compute (`Unknown`: a function over a
  deploy-time value, or a value only a parent stack or Nova has): nothing is
  compared; the case is counted as "unknown".  Heat's answer in these cases
  is an artefact of the stand-in data (None before deploy, a placeholder
  string after), so there is no honest value to compare with.

Heat's digest error prints a Python set, whose order changes between runs:
that one message is compared as its prefix plus the set of names.
"""
from __future__ import annotations

import ast
import json
import os
from typing import Any

from hot_ls.evaluator import values as V
from hot_ls.evaluator.parameters import StackIdentity
from hot_ls.evaluator.snippet import Outcome, evaluate
from hot_ls.syntax import Mapping, parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, 'fixtures', 'golden', 'eval.jsonl')
FIELDS = ('snippet', 'condition', 'parameters', 'conditions', 'values', 'parameter_defaults',
          'resources', 'files', 'environments')


def load() -> list[dict]:
    with open(GOLDEN, encoding='utf-8') as fh:
        return [json.loads(line) for line in fh if line.strip()]


def fields(case: dict) -> dict:
    """The case's inputs; from its YAML form when JSON could not hold them exactly."""
    if 'yaml' not in case:
        return {key: case[key] for key in FIELDS if key in case}
    root = parse(case['yaml']).root
    assert isinstance(root, Mapping)
    out = {}
    for key, pair in root.index.items():
        out[key] = pair.value if key == 'snippet' else pair.value.to_python()
    return out


def run(case: dict) -> Outcome:
    given = fields(case)
    extra = {'conditions': given['conditions']} if 'conditions' in given else {}
    return evaluate(given.get('snippet'), case['version'], condition=bool(given.get('condition')),
                    parameters=given.get('parameters'), values=given.get('values'),
                    parameter_defaults=given.get('parameter_defaults'),
                    environments=given.get('environments'),
                    resources=given.get('resources'), files=given.get('files'),
                    stack=StackIdentity.from_json(case.get('stack')), **extra)


def has_unknown(value: Any) -> bool:
    if isinstance(value, V.Unknown):
        return True
    if isinstance(value, V.Text):
        return any(has_unknown(p) for p in value.parts)
    if isinstance(value, V.Encoded):
        return has_unknown(value.source)
    if isinstance(value, dict):
        return any(has_unknown(k) or has_unknown(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return any(has_unknown(v) for v in value)
    return False


def same_message(ours: str, theirs: str) -> bool:
    prefix = 'Algorithm must be one of '
    if ours.startswith(prefix) and theirs.startswith(prefix):
        return ast.literal_eval(ours[len(prefix):]) == ast.literal_eval(theirs[len(prefix):])
    return ours == theirs


def compare(case: dict, outcome: Outcome) -> tuple[str, str | None]:
    """('exact' | 'symbolic' | 'unknown', None) when hot-ls agrees with Heat, else (kind, why)."""
    expect = case['expect']
    deployed = case.get('deployed')
    if outcome.error is not None:
        ours = outcome.error
        theirs = expect.get('error')
        if theirs is None:
            return 'error', f'hot-ls fails ({ours.phase}: {ours.message!r}); Heat gives {expect}'
        if not same_message(ours.message, theirs['message']):
            return 'error', f'message differs:\n  hot-ls: {ours.message!r}\n  Heat:   {theirs["message"]!r}'
        if ours.phase != theirs['phase']:
            return 'error', f'phase differs: hot-ls {ours.phase}, Heat {theirs["phase"]}'
        return 'exact', None
    value = outcome.value
    if V.find_symbolic(value) is None:
        if 'repr' not in expect:
            return 'value', f'hot-ls gives {value!r}; Heat fails: {expect["error"]}'
        if expect['repr'] != repr(value):
            return 'value', f'value differs:\n  hot-ls: {value!r}\n  Heat:   {expect["repr"]}'
        if deployed is not None and deployed.get('repr') != repr(value):
            return 'value', f'deployed value differs: hot-ls {value!r}, Heat {deployed}'
        return 'exact', None
    if has_unknown(value):
        return 'unknown', None
    if deployed is None:
        return 'symbolic', f'symbolic value {V.display(value)!r} but no deployed answer recorded'
    shown = V.heat_view(value)
    if deployed.get('repr') != repr(shown):
        return 'symbolic', (f'symbolic value differs:\n  hot-ls: {shown!r}\n'
                            f'  Heat (deployed): {deployed}')
    return 'symbolic', None


# Cases whose value hot-ls does not compute, and why (every other case is compared).
UNKNOWN_EXPECTED = {
    'get_attr/list-join-of-attribute-list': 'joining a list that exists only after deploy',
    'get_attr/str-split-of-attribute': 'splitting an attribute value',
    'get_attr/yaql-over-attribute': 'yaql over an attribute value',
    'get_attr/digest-of-attribute': 'hashing an attribute value',
    'get_attr/contains-attribute': 'membership in an attribute value',
    'get_attr/str-replace-strict-attribute-template':
        'whether the keys occur in a template that is an attribute value',
    'resource_facade/valid-argument-needs-parent': 'only a provider template has a parent',
    'cfn-in-2013/get-azs': 'the availability zones come from Nova',
}
