"""The workspace at TripleO's scale: indexing tht-master-rendered with its registry, and what
an edit to one template costs.

1. A cold index, in a fresh process: every file of tht-master-rendered summarised
   (templates' parameters, outputs and types; environments' registries) and every
   template's stack resolved with overcloud-resource-registry-puppet.yaml (each type
   through the registry, each provider's schema built).  Target: <= 3 s and
   <= 250 MB resident.
2. An edit to one provider template (its interface changes): which of the analysed
   templates depend on it (they read it through a type) and must be checked again,
   and how long checking only those takes, against checking everything.
3. The call hierarchy (which templates nest which): the incoming calls of
   nova-base-puppet.yaml (the templates of the workspace whose resources are stacks of
   it) and the outgoing calls of overcloud.yaml, in a fresh workspace (every template's
   stack resolved on the way) and again.
4. Moving files (what the editor asks before a rename: features.file_moves): the edits
   that keep every reference when deployment/nova moves down a level and a network
   map moves, in the indexed workspace.
5. Typing in overcloud.yaml (TripleO's root, every role and service nested below it) with
   the registry configured, as the server analyses an open document: a character typed
   into a parameter's default, then into a resource's type (the stacks reach other
   templates), each keystroke's analysis and what the server does after it (what the
   others see of it, what it nests), p50 / p95.

    python benchmarks/bench_workspace.py          # full: 3 cold runs
    python benchmarks/bench_workspace.py --quick  # 1 cold run
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from _common import CORPUS, ROOT

THT = os.path.join(CORPUS, 'tht-master-rendered')
REGISTRY = os.path.join(THT, 'overcloud-resource-registry-puppet.yaml')
EDITED = os.path.join(THT, 'deployment', 'nova', 'nova-base-puppet.yaml')

COLD = f'''
import json, resource, sys, time
sys.path.insert(0, {ROOT!r})
start = time.perf_counter()
from hot_ls.config import Settings
from hot_ls.workspace import Workspace
workspace = Workspace(Settings(), [{THT!r}], environments=[{REGISTRY!r}])
index = workspace.index()
types = 0
for summary in index.templates():
    stack = workspace.stack(summary.path)
    for res in summary.template.resources:
        stack.resolve(res.type, res.name)
        types += 1
seconds = time.perf_counter() - start
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({{'files': len(index.summaries), 'types': types, 'seconds': seconds,
                  'rss_mb': rss}}))
'''


def cold(repeat: int) -> None:
    runs = []
    for _ in range(repeat):
        out = subprocess.run([sys.executable, '-c', COLD], capture_output=True, text=True,
                             check=True).stdout
        runs.append(json.loads(out))
    best = min(runs, key=lambda r: r['seconds'])
    print(f"cold index: {best['files']} Heat documents, {best['types']} resource types resolved; "
          f"best {best['seconds']:.2f} s (target <= 3 s), peak resident "
          f"{max(r['rss_mb'] for r in runs):.0f} MB (target <= 250 MB), "
          f"imports included ({len(runs)} runs)")


def edit() -> None:
    sys.path.insert(0, ROOT)
    from hot_ls.config import Settings
    from hot_ls.rules import analyze
    from hot_ls.workspace import Workspace
    settings = Settings()
    workspace = Workspace(settings, [THT], environments=[REGISTRY])
    texts = {}
    for summary in workspace.index().templates():
        with open(summary.path, encoding='utf-8') as fh:
            texts[summary.path] = fh.read()
    start = time.perf_counter()
    analyses = {path: analyze(text, path, settings, workspace=workspace)
                for path, text in texts.items()}
    everything = time.perf_counter() - start
    # the edit: a new parameter without a default (every parent must now give it)
    edited = texts[EDITED].replace('parameters:\n', 'parameters:\n  NovaBenchmarkNew:\n'
                                   '    type: string\n', 1)
    workspace.files.overlay(EDITED, edited)
    changed = workspace.changed([EDITED])
    affected = [path for path, analysis in analyses.items()
                if path != EDITED and EDITED in analysis.dependencies]
    start = time.perf_counter()
    for path in affected:
        analyze(texts[path], path, settings, workspace=workspace)
    again = time.perf_counter() - start
    print(f'edit of {os.path.relpath(EDITED, THT)} (interface changed: {changed}): '
          f'{len(affected)} of {len(analyses)} templates depend on it and are checked again '
          f'in {again * 1000:.0f} ms; checking every template takes {everything * 1000:.0f} ms')


def nesting() -> None:
    sys.path.insert(0, ROOT)
    from hot_ls.config import Settings
    from hot_ls.features.nesting import incoming, outgoing
    from hot_ls.workspace import Workspace
    workspace = Workspace(Settings(), [THT], environments=[REGISTRY])
    workspace.index()  # (the server has it from its start)
    overcloud = os.path.join(THT, 'overcloud.yaml')
    for when in ('first', 'again'):
        start = time.perf_counter()
        parents = incoming(workspace, EDITED)
        middle = time.perf_counter()
        children = outgoing(workspace, overcloud)
        end = time.perf_counter()
        print(f'call hierarchy ({when}): {len(parents)} templates nest '
              f'{os.path.relpath(EDITED, THT)}, found in {(middle - start) * 1000:.0f} ms; '
              f'overcloud.yaml nests {len(children)}, found in {(end - middle) * 1000:.1f} ms')


def file_moves() -> None:
    sys.path.insert(0, ROOT)
    from hot_ls.config import Settings
    from hot_ls.features.file_moves import Move, move_edits
    from hot_ls.workspace import Workspace
    workspace = Workspace(Settings(), [THT], environments=[REGISTRY])
    paths = workspace.heat_documents()  # (the server has the index from its start)
    moves = [Move(os.path.join(THT, 'deployment', 'nova'),
                  os.path.join(THT, 'deployment', 'compute', 'nova')),
             Move(os.path.join(THT, 'network', 'service_net_map.yaml'),
                  os.path.join(THT, 'network', 'maps', 'service_net_map.yaml'))]
    times = []
    for _ in range(3):
        start = time.perf_counter()
        edits = move_edits(moves, paths, lambda _: workspace)
        times.append(time.perf_counter() - start)
    print(f'file moves: deployment/nova one level down and a network map moved: '
          f'{len(edits)} edits in {len({e.path for e in edits})} of {len(paths)} files, '
          f'found in {min(times) * 1000:.0f} ms')


def typing(strokes: int) -> None:
    """Keystrokes in TripleO's templates with the registry configured, as the server makes
    them: overcloud.yaml (the root), and a service template with YAML aliases."""
    sys.path.insert(0, ROOT)
    import re
    places = [('overcloud.yaml', 'a parameter\'s default', r'^  NodeCreateBatchSize:\n    default: 3'),
              ('overcloud.yaml', 'a resource\'s type', r'^    type: OS::TripleO::ControllerServices'),
              (NOVA_COMPUTE, 'a parameter\'s default (aliases)',
               r'^      tag: openstack.nova.compute'),
              (NOVA_COMPUTE, 'a parameter\'s description (aliases)',
               r'^    description: ulimit')]
    for name, label, pattern in places:
        path = os.path.join(THT, name)
        with open(path, encoding='utf-8') as fh:
            text = fh.read()
        analysed, after = _type_at(path, text, re.search(pattern, text, re.M).end(), strokes)
        print(f'typing in {os.path.basename(name)}, {label}: analysis p50 '
              f'{_percentile(analysed, 0.5):.0f} ms, p95 {_percentile(analysed, 0.95):.0f} ms; '
              f'after it p50 {_percentile(after, 0.5):.0f} ms, p95 '
              f'{_percentile(after, 0.95):.0f} ms ({strokes} keystrokes)')


#: a service template whose aliases name nodes of their own entries (an incremental parse
#: and analysis, as any template's)
NOVA_COMPUTE = 'deployment/nova/nova-compute-container-puppet.yaml'


def _type_at(path: str, text: str, offset: int, strokes: int) -> tuple[list, list]:
    """Each keystroke's analysis (ms), and what the server does after it (ms)."""
    from hot_ls.rules.incremental import prepare_for_edits, reanalyze
    from hot_ls.server.workspaces import Workspaces
    spaces = Workspaces()
    spaces.set_folders([THT])
    spaces.configure({'environments': [REGISTRY]})
    spaces.opened(path, text)
    workspace = spaces.for_path(path)
    analysis, _ = reanalyze(None, text, path, workspace.settings, workspace=workspace)
    analysis.dependencies
    spaces.analysed(path, text, analysis.summary)
    prepare_for_edits(analysis)
    current, analysed, after = text, [], []
    for _ in range(strokes):
        current = current[:offset] + 'x' + current[offset:]
        spaces.edited(path, current)
        start = time.perf_counter()
        workspace = spaces.for_path(path)
        analysis, _ = reanalyze(analysis, current, path, workspace.settings,
                                workspace=workspace)
        middle = time.perf_counter()
        analysis.dependencies  # (the server's worker, once the diagnostics are out)
        spaces.analysed(path, current, analysis.summary)
        spaces.restructured(path)
        prepare_for_edits(analysis)
        analysed.append((middle - start) * 1000)
        after.append((time.perf_counter() - middle) * 1000)
    return analysed, after


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    if not os.path.isdir(THT):
        print('../shared/corpus is not present: nothing to measure')
        return
    quick = '--quick' in sys.argv
    cold(1 if quick else 3)
    edit()
    nesting()
    file_moves()
    typing(5 if quick else 30)


if __name__ == '__main__':
    main()
