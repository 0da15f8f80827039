"""Quick fixes against Heat: does what hot-ls's fixes make pass where Heat refused?

On the recorded mutants of fixtures/differential (Heat's verdict on each is
recorded there), for each mutant:

- every quick fix offered on its diagnostics is applied alone, and Heat is
  asked about the result: per code, how many preferred fixes (and how many of
  all offered) leave a template Heat accepts, and, when Heat still refuses,
  whether hot-ls still reports an error (a fix that hides a refusal from
  hot-ls would be a miss it causes);
- `hot-ls check --fix` (hot_ls.features.automatic_fixes.fix_repeatedly) is
  applied: how many refused mutants Heat then accepts, and that the accepted
  ones it changes stay accepted.

Run it with hot-ls's venv; Heat is asked through tools/differential.py's oracle
(a subprocess under Heat's venv; answers cached):

    python tools/fix_agreement.py
"""
from __future__ import annotations

import argparse
import collections
import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOLS)
sys.path.insert(0, os.path.dirname(TOOLS))

import differential  # noqa: E402
from hot_ls.features.automatic_fixes import fix_repeatedly  # noqa: E402
from hot_ls.features.code_actions import code_actions  # noqa: E402
from hot_ls.features.quick_fixes.yaml_edit import apply  # noqa: E402
from hot_ls.rules import analyze  # noqa: E402


def _errors(analysis) -> bool:
    return any(int(d.severity) == 1 for d in analysis.diagnostics)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--cache', default=differential.DEFAULT_CACHE, help="Heat's cached answers")
    args = parser.parse_args(argv)
    oracle = differential.HeatOracle(args.cache)
    sample = differential.load_sample()
    offered = []  # (code, preferred, text, files, hot-ls error after)
    fixed = []  # (accepted before, text, files, hot-ls error after)
    for mutant, verdict in sample:
        path = os.path.join(differential.CORPUS, mutant.seed)
        if mutant.environment is not None:
            continue  # (the fix is in the template; the stack is the environment's too)
        files = differential.seed_files(mutant.seed, mutant.text)
        analysis = analyze(mutant.text, path)
        if not verdict.accepts:
            for diagnostic in analysis.diagnostics:
                for action in code_actions(analysis, diagnostic.start, diagnostic.end,
                                           [diagnostic]):
                    if action.kind != 'quickfix' or action.title.startswith('Suppress') \
                            or any(e.path not in (None, path) for e in action.edits):
                        continue
                    text = apply(mutant.text, action.edits)
                    offered.append((diagnostic.code, action.preferred, text, files,
                                    _errors(analyze(text, path))))
        after, done = fix_repeatedly(analysis, lambda text: analyze(text, path))
        if done:
            fixed.append((verdict.accepts, after.text, files, _errors(after)))
    verdicts = oracle.judge([(text, files) for _, _, text, files, _ in offered] +
                            [(text, files) for _, text, files, _ in fixed])
    offered_verdicts, fixed_verdicts = verdicts[:len(offered)], verdicts[len(offered):]

    by_code: dict = collections.defaultdict(collections.Counter)
    for (code, preferred, _, _, error), heat in zip(offered, offered_verdicts):
        row = by_code[code]
        row['offered'] += 1
        row['offered ok'] += heat.accepts
        if preferred:
            row['preferred'] += 1
            row['preferred ok'] += heat.accepts
            row['still refused, reported'] += (not heat.accepts) and error
            row['still refused, silent'] += (not heat.accepts) and not error
    print(f'{"code":8} {"preferred":>9} {"Heat ok":>8} {"refused+error":>14} {"refused, silent":>16}'
          f' {"all offered":>12} {"Heat ok":>8}')
    total = collections.Counter()
    for code in sorted(by_code):
        row = by_code[code]
        total.update(row)
        print(f'{code:8} {row["preferred"]:9} {row["preferred ok"]:8} '
              f'{row["still refused, reported"]:14} {row["still refused, silent"]:16} '
              f'{row["offered"]:12} {row["offered ok"]:8}')
    print(f'{"ALL":8} {total["preferred"]:9} {total["preferred ok"]:8} '
          f'{total["still refused, reported"]:14} {total["still refused, silent"]:16} '
          f'{total["offered"]:12} {total["offered ok"]:8}')
    refused = sum(1 for _, verdict in sample if not verdict.accepts)
    outcome = collections.Counter()
    for (accepted, _, _, error), heat in zip(fixed, fixed_verdicts):
        outcome[(accepted, heat.accepts, error)] += 1
    print(f'\ncheck --fix on the {len(sample)} mutants ({refused} refused by Heat):')
    print(f'  refused, changed: {sum(v for k, v in outcome.items() if not k[0])}; Heat then accepts '
          f'{outcome[(False, True, False)] + outcome[(False, True, True)]}, still refuses '
          f'{outcome[(False, False, True)]} (hot-ls reports them) and '
          f'{outcome[(False, False, False)]} (hot-ls silent)')
    print(f'  accepted, changed: {sum(v for k, v in outcome.items() if k[0])}; Heat then refuses '
          f'{outcome[(True, False, True)] + outcome[(True, False, False)]}')
    return 1 if outcome[(True, False, True)] + outcome[(True, False, False)] else 0


if __name__ == '__main__':
    sys.exit(main())
