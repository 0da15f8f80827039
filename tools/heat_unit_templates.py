"""hot-ls against Heat on the templates of Heat's own unit tests.

Material the project's tests have never seen, written by Heat's developers to
exercise Heat: every string literal in heat/tests/**/*.py that YAML reads as a
mapping with `heat_template_version` is one case.  Heat judges each on both
paths (tools/heat_validate.py, as the differential harness asks it: template
validate and stack create, cloud stubbed), hot-ls checks each on its own text,
and the run prints

- rejected: the templates Heat refuses, and how many of them hot-ls gives an error;
- accepted: the templates Heat accepts on both paths, and how many of them hot-ls
  gives an error (false positives: each is listed);
- the rejected templates without an error from hot-ls, with Heat's message,
  grouped by that message's first words (--show N lists them).

Many of these templates name resource types that Heat's tests register in setUp
(GenericResourceType, ResWithComplexPropsAndAttrs...) or map in an environment
the test builds (OS::BAR::FOO); offline Heat refuses them as unknown, and
hot-ls, given no environment, warns (HOT701: an environment may map any type):
they are counted apart ("unknown types") so they neither flatter nor sink the
figure.

Run with hot-ls's venv (Heat is only ever a subprocess; its answers are cached
with the differential harness's):

    python tools/heat_unit_templates.py [--heat-tests DIR] [--show N]
"""
from __future__ import annotations

import argparse
import ast
import glob
import os
import sys
from collections import Counter

from ruamel.yaml import YAML

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from differential import DEFAULT_CACHE, HEAT_PYTHON, HeatOracle, hot_ls_answer  # noqa: E402

HEAT_TESTS = os.path.join(os.path.dirname(os.path.dirname(HEAT_PYTHON)), 'lib', 'python3.11',
                          'site-packages', 'heat', 'tests')
#: Heat's message for a type it does not know: the tests register or map these
UNKNOWN_TYPE = 'could not be found'


def templates_in(tests_dir: str) -> list[tuple[str, str]]:
    """(where, text) of every distinct HOT template written as a string literal."""
    yaml = YAML(typ='safe', pure=True)
    found: dict[str, str] = {}
    for path in sorted(glob.glob(os.path.join(tests_dir, '**', '*.py'), recursive=True)):
        with open(path, encoding='utf-8') as fh:
            try:
                tree = ast.parse(fh.read())
            except SyntaxError:
                continue
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and 'heat_template_version' in node.value):
                continue
            text = node.value
            try:
                data = yaml.load(text)
            except Exception:
                continue
            if isinstance(data, dict) and 'heat_template_version' in data and text not in found:
                found[text] = f'{os.path.relpath(path, tests_dir)}:{node.lineno}'
    return [(where, text) for text, where in found.items()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--heat-tests', default=HEAT_TESTS, help="Heat's heat/tests directory")
    parser.add_argument('--cache', default=DEFAULT_CACHE, help="Heat's cached answers")
    parser.add_argument('--show', type=int, default=0, help='list up to N misses')
    args = parser.parse_args(argv)
    if not os.path.isdir(args.heat_tests):
        parser.error(f'no such directory: {args.heat_tests} (install openstack-heat==27.0.1 '
                     'into a venv and pass its heat/tests)')
    cases = templates_in(args.heat_tests)
    if not cases:
        parser.error(f'no template found under {args.heat_tests}')
    verdicts = HeatOracle(args.cache).judge([(text, {}) for _, text in cases])
    counts: Counter = Counter()
    misses, false_positives, reasons = [], [], Counter()
    for (where, text), verdict in zip(cases, verdicts):
        answer = hot_ls_answer(text)
        flagged = answer.flags
        if verdict.artifact:
            counts['artifact'] += 1
        elif verdict.accepts:
            counts['accepted'] += 1
            if flagged:
                false_positives.append((where, answer.errors[:1]))
        else:
            message = verdict.validate or verdict.create or ''
            unknown_type = UNKNOWN_TYPE in message
            group = 'rejected, unknown types' if unknown_type else 'rejected'
            counts[group] += 1
            if flagged:
                counts[group + ', caught'] += 1
            else:
                misses.append((where, message))
                reasons[' '.join(message.split()[:6])] += 1
    print(f"{len(cases)} templates from Heat's unit tests ({args.heat_tests})")
    for group in ('rejected', 'rejected, unknown types'):
        total, caught = counts[group], counts[group + ', caught']
        share = f'{100 * caught / total:.1f}%' if total else '-'
        print(f'  {group}: {total}; hot-ls gives an error on {caught} ({share})')
    print(f"  accepted on both paths: {counts['accepted']}; hot-ls gives an error on "
          f'{len(false_positives)}')
    if counts['artifact']:
        print(f"  refused by the stubbed cloud only (not counted): {counts['artifact']}")
    for where, errors in false_positives:
        print(f'  FALSE POSITIVE {where}: {errors}')
    if misses:
        print('misses by Heat\'s message:')
        for reason, number in reasons.most_common():
            print(f'  {number:4d}  {reason}')
    for where, message in misses[:args.show]:
        print(f'  MISS {where}: {message}')
    return 1 if false_positives else 0


if __name__ == '__main__':
    sys.exit(main())
