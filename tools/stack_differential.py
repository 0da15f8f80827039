"""The differential harness for whole stacks: mutants of the nested templates of real trees.

tools/differential.py mutates templates one at a time, each created alone.  Real users
create stacks of templates: Heat validates a provider template, or a group's member, as a
nested stack of the stack created, without its property values, and refuses the create
for any nested stack it refuses.  This harness takes real trees configured as their users
create them (OVB's quintupleo.yaml with its registry and environments, Magnum's Kubernetes
cluster with its environments: Heat accepts both), mutates one nested template the stack
reaches at a time (tools/mutate.py's kinds), and asks:

- Heat: `openstack stack create` of the root with the environments, through python-heatclient
  (tools/record_stack_verdicts.py --serve, under Heat's venv, a subprocess);
- hot-ls: `hot-ls check root.yaml` with the stack configured (`[[stacks]]`), which checks
  the root and the templates its stack uses: whether any of them gets an error.

Per mutation kind it prints the mutants, how many Heat refuses, hot-ls's recall on those, and
its false positives (an error where Heat accepts the stack); and its recall counting only the
errors on the root template itself (`on root`): what the root's own diagnostics (an editor
with only the root open) say of a mutant nested template.

    python tools/stack_differential.py --full            # every nested template, every kind (Heat's venv)
    python tools/stack_differential.py --full --stack tht  # one tree
    python tools/stack_differential.py --full --stack tht --offset 12  # another sample of it
    python tools/stack_differential.py --record-sample   # the full run, and a sample of it into fixtures/stack-differential/
    python tools/stack_differential.py --quick           # the recorded sample, no Heat needed

Heat's answers are cached by (stack, file, text) in --cache, so a rerun asks Heat only
about new mutants.  The sample records whether hot-ls flagged each mutant when it was
recorded; tests/workspace/test_stack_differential.py runs it: it fails on any false positive,
and on a miss the sample does not already record.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
CORPUS = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'corpus'))
SAMPLE_FILE = os.path.join(ROOT, 'fixtures', 'stack-differential', 'mutants.jsonl')
HEAT_PYTHON = os.environ.get('HOT_LS_HEAT_PYTHON', '/work/venv-heat/bin/python')
DEFAULT_CACHE = os.path.join(os.path.expanduser('~'), '.cache', 'hot-ls', 'stack-differential-heat.jsonl')
MAGNUM_ENVIRONMENTS = ('with_private_network', 'with_volume', 'with_etcd_volume',
                       'with_master_lb_octavia', 'enable_floating_ip')
#: name: (folder in the corpus, the root template, its environments), as Heat accepts them
#: (fixtures/heat-verdicts/ovb-quintupleo.json, magnum-kubecluster.json)
STACKS = {
    'ovb': ('ovb', 'templates/quintupleo.yaml',
            ('templates/resource-registry.yaml', 'environments/base.yaml',
             'environments/all-networks.yaml')),
    'magnum': ('magnum-zed/magnum/drivers', 'k8s_fedora_coreos_v1/templates/kubecluster.yaml',
               tuple(f'common/templates/environments/{name}.yaml'
                     for name in MAGNUM_ENVIRONMENTS)),
    # TripleO's overcloud on an undercloud nesting 7 deep, with the two values its client gives
    # at deploy time (tht-overcloud-depth-7-given.json): each verdict takes Heat seconds, so
    # --full mutates every 25th of its 100+ nested templates, one mutant of a kind, and the
    # recorded sample leaves it out
    'tht': ('tht-master-rendered', 'overcloud.yaml',
            ('overcloud-resource-registry-puppet.yaml',
             os.path.join(ROOT, 'fixtures', 'environments', 'tht-deploy-time.yaml'))),
}
#: per stack: Heat's max_nested_stack_depth, every how many nested templates are mutated, the
#: mutants per kind per template, whether the recorded sample has it
OPTIONS = {'tht': {'depth': 7, 'every': 25, 'per_kind': 1, 'sample': False}}
#: mutants per kind per nested template (--full); the recorded sample keeps, of each kind in
#: each stack, this many Heat refuses and this many it accepts
PER_KIND = 3
SAMPLE_PER_VERDICT = 2


# -- the stacks ---------------------------------------------------------------------------------
def settings_for(stack: str, folder: str):
    from hot_ls.config import Settings, Stack
    _, root, environments = STACKS[stack]
    return Settings(search_paths=(folder, os.path.join(ROOT, 'fixtures', 'environments')),
                    max_nested_stack_depth=OPTIONS.get(stack, {}).get('depth', 5),
                    stacks=(Stack(templates=(os.path.join(folder, root),),
                                  environments=tuple(os.path.join(folder, e)
                                                     for e in environments)),))


def nested_templates(stack: str, folder: str) -> list[str]:
    """The templates the stack reaches below its root (relative paths), as hot-ls finds them."""
    from hot_ls.cli.check import check_paths, workspace_for
    settings = settings_for(stack, folder)
    workspace = workspace_for([folder], settings)
    return sorted(os.path.relpath(r.path, folder) for r in check_paths([folder], settings)
                  if r.path.endswith(('.yaml', '.yml')) and workspace.stack(r.path).chain)


def hot_ls_errors(stack: str, folder: str) -> list[str]:
    """The errors `hot-ls check root.yaml` reports: on the root and the templates its stack
    uses (`CODE path@offset message`)."""
    from hot_ls.cli.check import check_paths
    _, root, _ = STACKS[stack]
    found = []
    for report in check_paths([os.path.join(folder, root)], settings_for(stack, folder),
                              follow=True):
        for d in report.diagnostics:
            if d.severity.label == 'error':
                found.append(f'{d.code} {os.path.relpath(report.path, folder)}@{d.start} '
                             f'{d.message}')
    return found


# -- Heat's side --------------------------------------------------------------------------------
class Heat:
    """record_stack_verdicts.py --serve under Heat's venv, with a cache of its answers."""

    def __init__(self, cache_path: str | None):
        self.cache_path = cache_path
        self.cache: dict[str, dict] = {}
        if cache_path and os.path.exists(cache_path):
            with open(cache_path, encoding='utf-8') as fh:
                for line in fh:
                    entry = json.loads(line)
                    self.cache[entry['key']] = entry['verdict']
        self.process: subprocess.Popen | None = None

    def verdict(self, key: str, template: str, environments: list[str],
                heat_conf: dict | None = None) -> dict:
        if key in self.cache:
            return self.cache[key]
        if self.process is None:
            if not os.path.exists(HEAT_PYTHON):
                raise SystemExit(f'Heat\'s venv is not at {HEAT_PYTHON} (HOT_LS_HEAT_PYTHON): '
                                 'only --quick runs without it')
            self.process = subprocess.Popen(
                [HEAT_PYTHON, os.path.join(TOOLS, 'record_stack_verdicts.py'), '--serve'],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                text=True, cwd=TOOLS)
        self.process.stdin.write(json.dumps({'template': template, 'environments': environments,
                                             'heat_conf': heat_conf or {}}) + '\n')
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        self.cache[key] = answer
        if self.cache_path:
            os.makedirs(os.path.dirname(self.cache_path), exist_ok=True)
            with open(self.cache_path, 'a', encoding='utf-8') as fh:
                fh.write(json.dumps({'key': key, 'verdict': answer}) + '\n')
        return answer

    def close(self) -> None:
        if self.process is not None:
            self.process.stdin.close()
            self.process.wait()


def refused(verdict: dict) -> bool:
    return any(verdict[step] for step in ('client', 'template', 'create'))


# -- the run ------------------------------------------------------------------------------------
def mutants_of(stack: str, folder: str, per_kind: int, offset: int = 0) -> list[dict]:
    """The mutants of each nested template, at most `per_kind` of each kind per template (of
    a tree mutated every n-th template: those from the `offset`-th on)."""
    found = []
    options = OPTIONS.get(stack, {})
    per_kind = options.get('per_kind', per_kind)
    every = options.get('every', 1)
    for relative in nested_templates(stack, folder)[offset % every::every]:
        with open(os.path.join(folder, relative), encoding='utf-8') as fh:
            text = fh.read()
        taken: Counter = Counter()
        for mutant in mutate.mutants(f'{stack}/{relative}', text):
            if mutant.environment is not None or taken[mutant.kind] >= per_kind:
                continue
            taken[mutant.kind] += 1
            found.append({'stack': stack, 'file': relative, 'kind': mutant.kind,
                          'note': mutant.note, 'text': mutant.text,
                          'preserving': mutant.preserving})
    return found


def judge(mutants: list[dict], heat: Heat | None) -> list[dict]:
    """Each mutant with hot-ls's errors and (asked, or recorded) Heat's verdict."""
    results = []
    with tempfile.TemporaryDirectory(prefix='hot-ls-stack-diff-') as scratch:
        copies: dict[str, str] = {}
        for mutant in mutants:
            stack = mutant['stack']
            copy = copies.get(stack)
            if copy is None:  # a copy of the tree, mutated one file at a time
                copy = copies[stack] = os.path.join(scratch, stack)
                shutil.copytree(os.path.join(CORPUS, STACKS[stack][0]), copy, symlinks=True)
            target = os.path.join(copy, mutant['file'])
            with open(target, encoding='utf-8') as fh:
                original = fh.read()
            with open(target, 'w', encoding='utf-8') as fh:
                fh.write(mutant['text'])
            try:
                verdict = mutant.get('heat')
                if verdict is None:
                    _, root, environments = STACKS[stack]
                    key = hashlib.sha1('\0'.join((stack, mutant['file'], mutant['text']))
                                       .encode()).hexdigest()
                    depth = OPTIONS.get(stack, {}).get('depth')
                    verdict = heat.verdict(key, os.path.join(copy, root),
                                           [os.path.join(copy, e) for e in environments],
                                           {'max_nested_stack_depth': depth} if depth else None)
                errors = hot_ls_errors(stack, copy)
            finally:
                with open(target, 'w', encoding='utf-8') as fh:
                    fh.write(original)
            results.append(dict(mutant, heat=verdict, errors=errors))
    return results


def sample_of(results: list[dict]) -> list[dict]:
    """Of each kind in each stack, the first SAMPLE_PER_VERDICT mutants Heat refuses and as
    many it accepts (in the full run's order: by template, then kind)."""
    taken: Counter = Counter()
    kept = []
    for result in results:
        if not OPTIONS.get(result['stack'], {}).get('sample', True):
            continue
        key = (result['stack'], result['kind'], refused(result['heat']))
        if taken[key] < SAMPLE_PER_VERDICT:
            taken[key] += 1
            kept.append(result)
    return kept


def recorded_sample() -> list[dict]:
    """The recorded mutants, each with its text (its template in the corpus, edited)."""
    mutants = []
    with open(SAMPLE_FILE, encoding='utf-8') as fh:
        for line in fh:
            mutant = json.loads(line)
            original = _original(mutant)
            if _digest(original) != mutant['base']:
                raise SystemExit(f'{mutant["stack"]} {mutant["file"]} is not the template the '
                                 'sample was recorded from: run --record-sample')
            mutant['text'] = applied(original, mutant['edits'])
            mutants.append(mutant)
    return mutants


def _original(mutant: dict) -> str:
    path = os.path.join(CORPUS, STACKS[mutant['stack']][0], mutant['file'])
    with open(path, encoding='utf-8') as fh:
        return fh.read()


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()


def line_edits(old: str, new: str) -> list:
    """[first line, lines replaced, the new lines], last first: what turns `old` into `new`."""
    import difflib
    before, after = old.splitlines(keepends=True), new.splitlines(keepends=True)
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    return [[i1, i2 - i1, after[j1:j2]] for tag, i1, i2, j1, j2
            in reversed(matcher.get_opcodes()) if tag != 'equal']


def applied(old: str, edits: list) -> str:
    lines = old.splitlines(keepends=True)
    for first, count, replacement in edits:
        lines[first:first + count] = replacement
    return ''.join(lines)


def report(results: list[dict]) -> dict:
    """Per kind: the mutants, those Heat refuses, hot-ls's recall on those (an error in any of
    the stack's templates) and its false positives; and `on root`, its recall counting only
    the errors on the root template itself."""
    rows: dict[str, Counter] = defaultdict(Counter)
    for result in results:
        row = rows[result['kind']]
        row['mutants'] += 1
        if refused(result['heat']):
            row['refused'] += 1
            row['flagged' if result['errors'] else 'missed'] += 1
            root = STACKS[result['stack']][1]
            if any(error.split(' ', 2)[1].rsplit('@', 1)[0] == root
                   for error in result['errors']):
                row['at_root'] += 1
        elif result['errors']:
            row['fp'] += 1
    total: Counter = Counter()
    print(f'{"kind":28} {"mutants":>7} {"refused":>7} {"recall":>7} {"FP":>4} {"on root":>7}')
    for kind in sorted(rows):
        row = rows[kind]
        total.update(row)
        print(f'{kind:28} {row["mutants"]:7} {row["refused"]:7} {_share(row, "flagged"):>7} '
              f'{row["fp"]:4} {_share(row, "at_root"):>7}')
    print(f'{"ALL":28} {total["mutants"]:7} {total["refused"]:7} {_share(total, "flagged"):>7} '
          f'{total["fp"]:4} {_share(total, "at_root"):>7}')
    return total


def _share(row: Counter, key: str) -> str:
    return f'{100 * row[key] / row["refused"]:.1f}%' if row['refused'] else '-'


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument('--full', action='store_true', help='every nested template, every kind')
    mode.add_argument('--record-sample', action='store_true', help=f'write {SAMPLE_FILE}')
    mode.add_argument('--quick', action='store_true', help='the recorded sample, no Heat')
    parser.add_argument('--cache', default=DEFAULT_CACHE, help='Heat\'s answers (JSON lines)')
    parser.add_argument('--show', action='store_true', help='print each disagreement')
    parser.add_argument('--stack', action='append', choices=sorted(STACKS),
                        help='only this tree (repeatable; default: all)')
    parser.add_argument('--offset', type=int, default=0,
                        help='of a tree mutated every n-th template (tht: every 25th), start at '
                        'this one (another sample of it; --full)')
    args = parser.parse_args()
    if (args.stack or args.offset) and not args.full:
        parser.error('--stack and --offset go with --full (the sample is of every tree it '
                     'records)')
    start = time.perf_counter()
    if args.quick:
        results = judge(recorded_sample(), None)
    else:
        heat = Heat(args.cache)
        try:
            mutants = [m for stack in sorted(args.stack or STACKS)
                       for m in mutants_of(stack, os.path.join(CORPUS, STACKS[stack][0]),
                                           PER_KIND, args.offset)]
            results = judge(mutants, heat)
        finally:
            heat.close()
        if args.record_sample:
            results = sample_of(results)
            os.makedirs(os.path.dirname(SAMPLE_FILE), exist_ok=True)
            with open(SAMPLE_FILE, 'w', encoding='utf-8') as fh:
                for result in results:
                    original = _original(result)
                    fh.write(json.dumps(dict({key: result[key] for key in (
                        'stack', 'file', 'kind', 'note', 'preserving', 'heat')},
                        flagged=bool(result['errors']), edits=line_edits(original, result['text']),
                        base=_digest(original)), sort_keys=True) + '\n')
    total = report(results)
    if args.show:
        for result in results:
            if refused(result['heat']) != bool(result['errors']):
                heat = result['heat']
                print(f'\n{result["stack"]} {result["file"]} {result["kind"]}: {result["note"]}')
                print(f'  Heat: {heat["client"] or heat["template"] or heat["create"]}')
                print(f'  hot-ls: {result["errors"][:3]}')
    print(f'({time.perf_counter() - start:.0f} s)')
    return 1 if total['fp'] else 0


if __name__ == '__main__':
    sys.exit(main())
