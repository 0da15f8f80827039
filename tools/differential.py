"""The differential harness: hot-ls against Heat on mutants of real templates.

Seeds are templates of ../shared/corpus that Heat accepts on both paths
(template validate and stack create) and hot-ls reports no error on;
tools/mutate.py makes single mutations of them at known lines; Heat judges
each mutant on both paths (tools/heat_validate.py under Heat's venv, a
subprocess); hot-ls checks each in-process.  Per mutation kind it prints:

- rejected: how many mutants Heat refuses (template validate or stack create), or
  python-heatclient before it (a provider template that is not there);
- recall: the share of those on which hot-ls reports an error;
- FP: mutants Heat accepts on both paths on which hot-ls reports an error;
- line: of the rejected mutants hot-ls flags, the share with an error on a
  line the mutation names.

Run it with hot-ls's venv (Heat is only ever a subprocess):

    python tools/differential.py --full            # every seed, every kind (needs Heat's venv)
    python tools/differential.py --full --corpus DIR --seeds 100   # seeds from your own tree
    python tools/differential.py --record-sample   # re-record fixtures/differential/ (needs Heat's venv)
    python tools/differential.py --quick           # the recorded sample, no Heat needed

Heat's answers are cached by template text (--cache), so rerunning after a
change to hot-ls asks Heat only about new mutants.  The quick run is what
tests/rules/test_differential.py runs: it fails on any false positive.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402
from client_files import client_refusal, referenced_files  # noqa: E402

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
CORPUS = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'corpus'))
SAMPLE_DIR = os.path.join(ROOT, 'fixtures', 'differential')
SEEDS_FILE = os.path.join(SAMPLE_DIR, 'seeds.jsonl')
SAMPLE_FILE = os.path.join(SAMPLE_DIR, 'mutants.jsonl')
HEAT_PYTHON = os.environ.get('HOT_LS_HEAT_PYTHON', '/work/venv-heat/bin/python')
DEFAULT_CACHE = os.path.join(os.path.expanduser('~'), '.cache', 'hot-ls', 'differential-heat.jsonl')
SUFFIXES = ('.yaml', '.yml', '.template', '.json')


# -- Heat's side -------------------------------------------------------------------------------
@dataclass
class Verdict:
    """Heat's answer on both paths; refused_by is empty when both accept."""

    refused_by: list[str]
    validate: str | None
    create: str | None
    #: the create path failed on the stubbed cloud, not on the template: unknown
    artifact: bool = False
    #: Heat's answer depends on the engine process's hash seed (HeatOracle.under_seeds):
    #: this is its refusal under one of them
    varies: bool = False

    @property
    def rejects(self) -> bool:
        return bool(self.refused_by)

    @property
    def accepts(self) -> bool:
        return not self.refused_by and not self.artifact

    def as_dict(self) -> dict:
        found = {'refused_by': self.refused_by, 'validate': self.validate,
                 'create': self.create, 'artifact': self.artifact}
        if self.varies:
            found['varies'] = True
        return found

    @classmethod
    def from_dict(cls, data: dict) -> 'Verdict':
        return cls(list(data['refused_by']), data.get('validate'), data.get('create'),
                   bool(data.get('artifact')), bool(data.get('varies')))


def _case_key(text: str, files: dict, environment: str | None = None) -> str:
    case = [text, files] if environment is None else [text, files, environment]
    return hashlib.sha1(json.dumps(case, sort_keys=True).encode()).hexdigest()


class HeatOracle:
    """Heat's verdicts, asked in batches of a subprocess under Heat's venv and cached."""

    def __init__(self, cache_path: str | None = DEFAULT_CACHE, python: str = HEAT_PYTHON):
        self.python = python
        self.cache_path = cache_path
        self.cache: dict[str, dict] = {}
        if cache_path and os.path.isfile(cache_path):
            with open(cache_path, encoding='utf-8') as fh:
                for line in fh:
                    if line.strip():
                        entry = json.loads(line)
                        self.cache[entry['key']] = entry['verdict']

    def judge(self, cases: list[tuple], progress: bool = True) -> list[Verdict]:
        """Each case: (template text, files) or (template text, files, environment text)."""
        keys = [_case_key(*case) for case in cases]
        missing = {}
        for key, case in zip(keys, cases):
            if key not in self.cache and key not in missing:
                missing[key] = case
        if missing:
            self._ask(missing, progress)
        return [Verdict.from_dict(self.cache[key]) for key in keys]

    def under_seeds(self, cases: list[tuple], seeds: range = range(1, 9)) -> list[Verdict | None]:
        """For cases Heat accepted: its refusal under another hash seed of the engine process
        (PYTHONHASHSEED), or None when it accepts under every one of `seeds`.  Heat iterates
        over sets in places (a group's nested outputs come from a set of referenced
        attributes), so that a few templates are refused by some engine processes only: a
        real `openstack stack create` of them fails or not as the engine was started."""
        found: list[Verdict | None] = [None] * len(cases)
        for seed in seeds:
            pending = [(index, case) for index, case in enumerate(cases) if found[index] is None]
            if not pending:
                break
            keyed = {f'{_case_key(*case)}:seed{seed}': case for _, case in pending}
            missing = {key: case for key, case in keyed.items() if key not in self.cache}
            if missing:
                self._ask(missing, False, {'PYTHONHASHSEED': str(seed)})
            for (index, _), key in zip(pending, keyed):
                verdict = Verdict.from_dict(self.cache[key])
                if verdict.rejects:
                    verdict.varies = True
                    found[index] = verdict
        return found

    def _ask(self, cases: dict[str, tuple], progress: bool, env: dict | None = None) -> None:
        if not os.path.exists(self.python):
            raise SystemExit(f'Heat is needed for {len(cases)} new cases: no {self.python} '
                             '(set HOT_LS_HEAT_PYTHON)')
        items = list(cases.items())
        started = time.monotonic()
        chunk = 250
        for offset in range(0, len(items), chunk):
            batch = items[offset:offset + chunk]
            lines = ''.join(json.dumps(_heat_case(key, *case)) + '\n' for key, case in batch)
            done = subprocess.run([self.python, os.path.join(TOOLS, 'heat_validate.py')],
                                  input=lines, capture_output=True, text=True, cwd=TOOLS,
                                  env=dict(os.environ, **env) if env else None)
            if done.returncode != 0:
                raise SystemExit(f'heat_validate.py failed:\n{done.stderr[-3000:]}')
            new = []
            for line in done.stdout.splitlines():
                answer = json.loads(line)
                verdict = {'refused_by': answer['refused_by'],
                           'validate': answer['validate']['error'],
                           'create': answer['create']['error'],
                           'artifact': bool(answer['create'].get('artifact'))}
                self.cache[answer['id']] = verdict
                new.append({'key': answer['id'], 'verdict': verdict})
            if self.cache_path:
                os.makedirs(os.path.dirname(self.cache_path), exist_ok=True)
                with open(self.cache_path, 'a', encoding='utf-8') as fh:
                    for entry in new:
                        fh.write(json.dumps(entry) + '\n')
            if progress:
                print(f'  Heat: {offset + len(batch)}/{len(items)} '
                      f'({time.monotonic() - started:.0f} s)', file=sys.stderr)


def _heat_case(key: str, text: str, files: dict, environment: str | None = None) -> dict:
    case = {'id': key, 'template': text, 'files': files, 'paths': 'both'}
    if environment is not None:
        case['environments'] = [environment]
    return case


# -- hot-ls's side -----------------------------------------------------------------------------
@dataclass
class HotLsAnswer:
    errors: list[tuple[int, str, str]] = field(default_factory=list)  # (1-based line, code, message)

    @property
    def flags(self) -> bool:
        return bool(self.errors)

    def lines(self) -> set[int]:
        return {line for line, _, _ in self.errors}


_WORKSPACES: dict = {}


def hot_ls_answer(text: str, rel: str | None = None, environment: str | None = None) -> HotLsAnswer:
    """hot-ls's errors on `text`, standing at the seed's place in the corpus when it is there:
    as Heat is given the provider templates and files beside the seed (seed_files), hot-ls
    reads them from the seed's project (the corpus's first directory), as an editor or
    `hot-ls check` in that project would.  Without the corpus it sees the text alone.

    With `environment`, as `hot-ls check -e ENV TEMPLATE ENV` answers: the template created
    with that environment file, and the file itself (its errors at line 0: they are not on
    the template's lines)."""
    from hot_ls.rules import analyze
    path = os.path.join(CORPUS, rel) if rel is not None else None
    if environment is not None:
        return _with_environment(text, path, rel, environment)
    if path is None or not os.path.isfile(path):
        analysis = analyze(text)
    else:
        from hot_ls.workspace import Workspace
        project = os.path.join(CORPUS, rel.split('/', 1)[0])
        workspace = _WORKSPACES.get(project)
        if workspace is None:
            workspace = _WORKSPACES[project] = Workspace(roots=[project])
        analysis = analyze(text, path, workspace=workspace)
    lines = analysis.tree.lines
    return HotLsAnswer([(lines.position(d.start).line + 1, d.code, d.message)
                        for d in analysis.diagnostics if d.severity.label == 'error'])


def _with_environment(text: str, path: str | None, rel: str | None, environment: str) -> HotLsAnswer:
    import tempfile
    from hot_ls.rules import analyze
    from hot_ls.workspace import Workspace
    with tempfile.TemporaryDirectory(prefix='hot-ls-env-') as folder:
        env_path = os.path.join(folder, 'env.yaml')
        with open(env_path, 'w', encoding='utf-8') as fh:
            fh.write(environment)
        if path is None or not os.path.isfile(path):
            path = os.path.join(folder, 'template.yaml')
            with open(path, 'w', encoding='utf-8') as fh:
                fh.write(text)
            roots = [folder]
        else:
            roots = [os.path.join(CORPUS, rel.split('/', 1)[0])]
        workspace = Workspace(roots=roots, environments=[env_path], readable=[folder])
        analysis = analyze(text, path, workspace=workspace)
        lines = analysis.tree.lines
        errors = [(lines.position(d.start).line + 1, d.code, d.message)
                  for d in analysis.diagnostics if d.severity.label == 'error']
        own = analyze(environment, env_path, workspace=workspace)
        errors += [(0, d.code, d.message) for d in own.diagnostics if d.severity.label == 'error']
    return HotLsAnswer(errors)


# -- the run ----------------------------------------------------------------------------------
@dataclass
class Outcome:
    mutant: mutate.Mutant
    heat: Verdict
    hot_ls: HotLsAnswer

    @property
    def false_positive(self) -> bool:
        return self.heat.accepts and self.hot_ls.flags

    @property
    def missed(self) -> bool:
        return self.heat.rejects and not self.hot_ls.flags

    @property
    def on_line(self) -> bool:
        return not self.mutant.lines or bool(self.hot_ls.lines() & set(self.mutant.lines))


def corpus_seeds(limit: int | None = None) -> list[tuple[str, str]]:
    """Corpus templates Heat accepted when recorded (fixtures/heat-verdicts/corpus.json) that
    hot-ls reports no error on: the candidates; Heat's both-path answer then decides."""
    with open(os.path.join(ROOT, 'fixtures', 'heat-verdicts', 'corpus.json'), encoding='utf-8') as fh:
        recorded = json.load(fh)
    seeds = []
    for rel, verdict in sorted(recorded.items()):
        if verdict['template'] is not None or verdict['strict'] is not None:
            continue
        path = os.path.join(CORPUS, rel)
        if not rel.endswith(SUFFIXES) or not os.path.isfile(path):
            continue
        with open(path, encoding='utf-8') as fh:
            text = fh.read()
        if 'heat_template_version' not in text:
            continue
        try:
            seed = mutate.Seed(rel, text)
        except Exception:  # not a HOT template of a known version, or not YAML PyYAML reads
            continue
        if not seed.resources() or hot_ls_answer(text, rel).flags:
            continue
        seeds.append((rel, text))
    return seeds[:limit] if limit else seeds


def tree_seeds(root: str, limit: int | None = None) -> list[tuple[str, str]]:
    """The HOT templates of any tree laid out as the corpus (a folder per project) that
    hot-ls reports no error on: what an outsider's own templates give (Heat's answer then
    decides which are seeds)."""
    seeds = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            if not name.endswith(SUFFIXES) or '.j2.' in name:
                continue
            path = os.path.join(dirpath, name)
            try:
                with open(path, encoding='utf-8') as fh:
                    text = fh.read()
                if 'heat_template_version' not in text:
                    continue
                seed = mutate.Seed(os.path.relpath(path, root), text)
            except Exception:  # unreadable, not YAML PyYAML reads, no known version
                continue
            rel = os.path.relpath(path, root)
            if seed.resources() and not hot_ls_answer(text, rel).flags:
                seeds.append((rel, text))
    return seeds[:limit] if limit else seeds


def seed_files(rel: str, text: str) -> dict:
    files: dict = {}
    path = os.path.join(CORPUS, rel)
    if os.path.isfile(path):
        referenced_files(path, text, files)
    return files


def run(seeds: list[tuple[str, str]], oracle: HeatOracle, kinds: list[str] | None = None,
        files_of=seed_files) -> list[Outcome]:
    files = {rel: files_of(rel, text) for rel, text in seeds}
    seed_verdicts = oracle.judge([(text, files[rel]) for rel, text in seeds])
    accepted = [(rel, text) for (rel, text), verdict in zip(seeds, seed_verdicts) if verdict.accepts]
    print(f'{len(accepted)} seeds Heat accepts on both paths (of {len(seeds)})', file=sys.stderr)
    mutants = []
    for rel, text in accepted:
        try:
            mutants.extend(mutate.mutants(rel, text, kinds))
        except Exception as exc:
            print(f'  {rel}: no mutants ({type(exc).__name__}: {exc})', file=sys.stderr)
    print(f'{len(mutants)} mutants', file=sys.stderr)
    verdicts = oracle.judge([_case(m, files[m.seed]) for m in mutants])
    verdicts = [_client_verdict(m) or v for m, v in zip(mutants, verdicts)]
    outcomes = [Outcome(m, v, hot_ls_answer(m.text, m.seed, m.environment))
                for m, v in zip(mutants, verdicts)]
    # what Heat accepts and hot-ls refuses: asked again under other hash seeds of the engine
    doubted = [o for o in outcomes if o.false_positive]
    if doubted:
        again = oracle.under_seeds([_case(o.mutant, files[o.mutant.seed]) for o in doubted])
        for outcome, verdict in zip(doubted, again):
            if verdict is not None:
                outcome.heat = verdict
    return outcomes


def _case(mutant: mutate.Mutant, files: dict) -> tuple:
    if mutant.environment is None:
        return mutant.text, files
    return mutant.text, files, mutant.environment


def _client_verdict(mutant: mutate.Mutant) -> Verdict | None:
    """python-heatclient's refusal, before Heat is asked: a provider template that is not
    there (the oracle is given only the files that are)."""
    refusal = client_refusal(os.path.join(CORPUS, mutant.seed), mutant.text)
    return Verdict(['client'], refusal, refusal) if refusal is not None else None


def report(outcomes: list[Outcome], out=sys.stdout, show: int = 0) -> dict:
    """Per kind: mutants, Heat rejections, recall, false positives, line accuracy."""
    by_kind: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        by_kind[outcome.mutant.kind].append(outcome)
    rows = {}
    header = f'{"kind":26} {"mutants":>7} {"rejected":>8} {"recall":>8} {"FP":>5} {"line":>8} {"unknown":>7}'
    print(header, file=out)
    total = Counter()
    for kind in list(mutate.KINDS) + sorted(set(by_kind) - set(mutate.KINDS)):
        group = by_kind.get(kind, [])
        if not group:
            continue
        counts = Counter()
        for o in group:
            counts['mutants'] += 1
            counts['rejected'] += o.heat.rejects
            counts['found'] += o.heat.rejects and o.hot_ls.flags
            counts['fp'] += o.false_positive
            counts['accepted'] += o.heat.accepts
            counts['on_line'] += o.heat.rejects and o.hot_ls.flags and o.on_line
            counts['unknown'] += not o.heat.rejects and not o.heat.accepts
        total.update(counts)
        rows[kind] = dict(counts)
        print(_row(kind, counts), file=out)
    print(_row('ALL', total), file=out)
    rows['ALL'] = dict(total)
    varies = sum(o.heat.varies for o in outcomes)
    if varies:
        print(f'({varies} of the refused are refused by Heat under some hash seeds of its '
              'engine process only)', file=out)
    if show:
        for label, pick in (('false positives', lambda o: o.false_positive),
                            ('refused by Heat under some hash seeds only (counted as refused)',
                             lambda o: o.heat.varies),
                            ('missed', lambda o: o.missed),
                            ('wrong line', lambda o: o.heat.rejects and o.hot_ls.flags and not o.on_line)):
            chosen = [o for o in outcomes if pick(o)]
            if chosen:
                print(f'\n-- {label} ({len(chosen)}) --', file=out)
            for o in chosen[:show]:
                m = o.mutant
                print(f'{m.id} {m.seed} [{m.note}] lines {list(m.lines)}', file=out)
                print(f'   Heat: {o.heat.refused_by} {o.heat.validate or o.heat.create}', file=out)
                for line, code, message in o.hot_ls.errors[:3]:
                    print(f'   hot-ls {line}: {code} {message[:160]}', file=out)
    return rows


def _pct(part: int, whole: int) -> str:
    return f'{100.0 * part / whole:6.1f}%' if whole else '     - '


def _row(kind: str, c: Counter) -> str:
    return (f'{kind:26} {c["mutants"]:7d} {c["rejected"]:8d} {_pct(c["found"], c["rejected"]):>8} '
            f'{c["fp"]:5d} {_pct(c["on_line"], c["found"]):>8} {c["unknown"]:7d}')


# -- the recorded sample -------------------------------------------------------------------------
def _edit(seed: str, text: str) -> list:
    """The one replacement turning the seed into the mutant: [start, end, inserted]."""
    start = 0
    limit = min(len(seed), len(text))
    while start < limit and seed[start] == text[start]:
        start += 1
    end_seed, end_text = len(seed), len(text)
    while end_seed > start and end_text > start and seed[end_seed - 1] == text[end_text - 1]:
        end_seed -= 1
        end_text -= 1
    return [start, end_seed, text[start:end_text]]


def load_sample(directory: str = SAMPLE_DIR) -> list[tuple[mutate.Mutant, Verdict]]:
    """The recorded mutants and Heat's verdicts on them (no Heat needed)."""
    seeds = {}
    with open(os.path.join(directory, 'seeds.jsonl'), encoding='utf-8') as fh:
        for line in fh:
            entry = json.loads(line)
            seeds[entry['name']] = entry['text']
    found = []
    with open(os.path.join(directory, 'mutants.jsonl'), encoding='utf-8') as fh:
        for line in fh:
            entry = json.loads(line)
            seed = seeds[entry['seed']]
            start, end, inserted = entry['edit']
            text = seed[:start] + inserted + seed[end:]
            mutant = mutate.Mutant(entry['seed'], entry['kind'], text, tuple(entry['lines']),
                                   entry['note'], entry['preserving'], entry['id'],
                                   entry.get('environment'))
            found.append((mutant, Verdict.from_dict(entry['heat'])))
    return found


def quick(directory: str = SAMPLE_DIR) -> list[Outcome]:
    return [Outcome(m, v, hot_ls_answer(m.text, m.seed, m.environment))
            for m, v in load_sample(directory)]


def record_sample(oracle: HeatOracle, per_kind: int, max_lines: int) -> None:
    """Write fixtures/differential/: small seeds and up to `per_kind` mutants of each kind,
    Heat's rejections first, with Heat's verdicts."""
    seeds = [(rel, text) for rel, text in corpus_seeds() if text.count('\n') <= max_lines]
    outcomes = run(seeds, oracle)
    chosen = []
    by_kind: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        if o.heat.rejects or o.heat.accepts:
            by_kind[o.mutant.kind].append(o)
    for kind, group in by_kind.items():
        group.sort(key=lambda o: o.mutant.id)
        rejected = [o for o in group if o.heat.rejects]
        accepted = [o for o in group if o.heat.accepts]
        half = per_kind // 2
        take = rejected[:max(half, per_kind - len(accepted))]
        take += accepted[:per_kind - len(take)]
        chosen.extend(take)
    used = sorted({o.mutant.seed for o in chosen})
    texts = dict(seeds)
    os.makedirs(SAMPLE_DIR, exist_ok=True)
    with open(SEEDS_FILE, 'w', encoding='utf-8') as fh:
        for rel in used:
            fh.write(json.dumps({'name': rel, 'text': texts[rel]}) + '\n')
    with open(SAMPLE_FILE, 'w', encoding='utf-8') as fh:
        for o in sorted(chosen, key=lambda o: (o.mutant.kind, o.mutant.id)):
            m = o.mutant
            entry = {'id': m.id, 'seed': m.seed, 'kind': m.kind, 'note': m.note,
                     'lines': list(m.lines), 'preserving': m.preserving,
                     'edit': _edit(texts[m.seed], m.text), 'heat': o.heat.as_dict()}
            if m.environment is not None:
                entry['environment'] = m.environment
            fh.write(json.dumps(entry) + '\n')
    print(f'recorded {len(chosen)} mutants of {len(used)} seeds in {SAMPLE_DIR}', file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument('--full', action='store_true', help='every corpus seed (needs Heat)')
    mode.add_argument('--quick', action='store_true', help='the recorded sample (no Heat)')
    mode.add_argument('--record-sample', action='store_true', help='re-record the sample (needs Heat)')
    parser.add_argument('--seeds', type=int, help='at most this many seeds (--full)')
    parser.add_argument('--corpus', metavar='DIR',
                        help='take the seeds from the templates of this tree instead (--full): '
                             'each project a folder of DIR, as ../shared/corpus')
    parser.add_argument('--kinds', nargs='*', help='only these mutation kinds (--full)')
    parser.add_argument('--per-kind', type=int, default=24, help='mutants per kind (--record-sample)')
    parser.add_argument('--max-lines', type=int, default=160, help='largest seed (--record-sample)')
    parser.add_argument('--cache', default=DEFAULT_CACHE, help="Heat's cached answers")
    parser.add_argument('--show', type=int, default=0, help='list this many misses/FPs per class')
    parser.add_argument('--json', help='also write the per-kind figures to this file')
    parser.add_argument('--dump', help='write every outcome (mutant, Heat, hot-ls) to this JSONL file')
    parser.add_argument('--write-floor', action='store_true',
                        help="record the quick run's figures as the test's floor (--quick)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    if args.quick:
        outcomes = quick()
    elif args.record_sample:
        record_sample(HeatOracle(args.cache), args.per_kind, args.max_lines)
        outcomes = quick()
    elif args.corpus:
        global CORPUS
        CORPUS = os.path.abspath(args.corpus)
        outcomes = run(tree_seeds(CORPUS, args.seeds), HeatOracle(args.cache), args.kinds)
    else:
        outcomes = run(corpus_seeds(args.seeds), HeatOracle(args.cache), args.kinds)
    rows = report(outcomes, show=args.show)
    print(f'({time.monotonic() - started:.0f} s)', file=sys.stderr)
    if args.json:
        with open(args.json, 'w', encoding='utf-8') as fh:
            json.dump(rows, fh, indent=1, sort_keys=True)
    if args.dump:
        dump(outcomes, args.dump)
    if args.write_floor and args.quick:
        write_floor(rows)
    return 1 if rows.get('ALL', {}).get('fp') else 0


def dump(outcomes: list[Outcome], path: str) -> None:
    with open(path, 'w', encoding='utf-8') as fh:
        for o in outcomes:
            m = o.mutant
            fh.write(json.dumps({'id': m.id, 'seed': m.seed, 'kind': m.kind, 'note': m.note,
                                 'lines': list(m.lines), 'heat': o.heat.as_dict(),
                                 'hot_ls': o.hot_ls.errors, 'text': m.text,
                                 'environment': m.environment}) + '\n')


def write_floor(rows: dict) -> None:
    """fixtures/differential/floor.json: what the quick run must keep finding."""
    floor = {'recall': {kind: row.get('found', 0) for kind, row in sorted(rows.items()) if kind != 'ALL'},
             'on_line': rows['ALL'].get('on_line', 0)}
    with open(os.path.join(SAMPLE_DIR, 'floor.json'), 'w', encoding='utf-8') as fh:
        json.dump(floor, fh, indent=1)
        fh.write('\n')


if __name__ == '__main__':
    raise SystemExit(main())
