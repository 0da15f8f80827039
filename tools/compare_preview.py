"""hot-ls's preview against Heat's own pre-create view, property by property, over the corpus.

For every HOT template of ../shared/corpus that Heat previews (tools/heat_preview.py,
under Heat's venv, with tools/placeholders.py's values for parameters without a
default), hot-ls previews it with the same values (in-process, with the bundled
catalog) and each resource's properties are compared key by key.  A value hot-ls
knows only at deploy time (a placeholder such as <<get_attr server first_address>>,
anywhere inside the value) matches whatever Heat shows there, since Heat shows
its own before-deploy stand-in (None, or a resource's name).  Prints the share
of properties that agree, and the disagreements.

    python tools/compare_preview.py            # the preview as hot-ls shows it
    python tools/compare_preview.py --raw      # the values as the template resolves them
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client_files import referenced_files  # noqa: E402
from placeholders import placeholder_values  # noqa: E402

TOOLS = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.normpath(os.path.join(TOOLS, '..', '..', 'shared', 'corpus'))
HEAT_PYTHON = os.environ.get('HOT_LS_HEAT_PYTHON', '/work/venv-heat/bin/python')


def templates(limit: int | None = None) -> list[tuple[str, str, dict, dict]]:
    """(relative path, text, files, parameter values) of the corpus' HOT templates."""
    found = []
    for dirpath, dirnames, filenames in os.walk(CORPUS):
        dirnames.sort()
        for name in sorted(filenames):
            if not name.endswith(('.yaml', '.yml', '.template')) or '.j2.' in name:
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding='utf-8', errors='replace') as fh:
                text = fh.read()
            if 'heat_template_version' not in text:
                continue
            try:
                data = yaml.safe_load(text)
            except yaml.YAMLError:
                continue
            if not isinstance(data, dict) or not isinstance(data.get('resources'), dict):
                continue
            files: dict = {}
            referenced_files(path, text, files)
            found.append((os.path.relpath(path, CORPUS), text, files, placeholder_values(data, {})))
    return found[:limit] if limit else found


def heat_views(cases) -> dict:
    lines = ''.join(json.dumps({'id': rel, 'template': text, 'files': files, 'parameters': values})
                    + '\n' for rel, text, files, values in cases)
    done = subprocess.run([HEAT_PYTHON, os.path.join(TOOLS, 'heat_preview.py')], input=lines,
                          capture_output=True, text=True, cwd=TOOLS)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-3000:])
    return {answer['id']: answer for answer in map(json.loads, done.stdout.splitlines())}


def hot_ls_view(rel: str, text: str, files: dict, values: dict, raw: bool) -> dict:
    from hot_ls.analysis.properties import catalog_attribute_names, preview
    from hot_ls.catalog import effective_catalog
    from hot_ls.config import Settings
    from hot_ls.evaluator.template import TemplateEvaluation
    from hot_ls.model import Template
    from hot_ls.syntax import parse
    catalog = effective_catalog(Settings())
    template = Template(parse(text), os.path.join(CORPUS, rel))
    evaluation = TemplateEvaluation(template, (), values, files=files,
                                    attribute_names=catalog_attribute_names(catalog))
    return preview(evaluation, catalog, raw=raw).to_json()


def deploy_time(value) -> bool:
    return isinstance(value, str) and '<<' in value and '>>' in value


def agree(ours, theirs) -> bool:
    """Equal, a deploy-time value of ours matching anything of Heat's in its place."""
    if deploy_time(ours):
        return True
    if isinstance(ours, dict) and isinstance(theirs, dict):
        return set(ours) == set(theirs) and all(agree(ours[k], theirs[k]) for k in ours)
    if isinstance(ours, list) and isinstance(theirs, list):
        return len(ours) == len(theirs) and all(agree(a, b) for a, b in zip(ours, theirs))
    return ours == theirs and type(ours) is type(theirs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--raw', action='store_true', help="compare hot-ls's raw values")
    parser.add_argument('--limit', type=int, help='at most this many templates')
    parser.add_argument('--show', type=int, default=20, help='disagreements to list')
    args = parser.parse_args(argv)
    cases = templates(args.limit)
    heat = heat_views(cases)
    counts: Counter = Counter()
    shown = []
    for rel, text, files, values in cases:
        view = heat.get(rel, {})
        if 'resources' not in view:
            counts['templates Heat refuses'] += 1
            continue
        counts['templates'] += 1
        ours = hot_ls_view(rel, text, files, values, args.raw)['resources']
        for name, theirs in view['resources'].items():
            mine = ours.get(name)
            if not isinstance(mine, dict) or not isinstance(mine.get('properties'), dict):
                counts['resources hot-ls does not show'] += 1
                continue
            counts['resources'] += 1
            for key, value in theirs['properties'].items():
                counts['properties'] += 1
                if key not in mine['properties']:
                    counts['properties hot-ls leaves out'] += 1
                    verdict = 'missing'
                elif isinstance(mine['properties'][key], dict) and \
                        set(mine['properties'][key]) == {'error'}:
                    counts['properties hot-ls shows as an error'] += 1
                    verdict = 'error'
                elif agree(mine['properties'][key], value):
                    counts['properties that agree'] += 1
                    continue
                else:
                    counts['properties that differ'] += 1
                    verdict = 'differs'
                if len(shown) < args.show:
                    shown.append(f'{rel} {name}.{key} [{verdict}] Heat: {json.dumps(value)[:160]} '
                                 f'hot-ls: {json.dumps(mine["properties"].get(key))[:160]}')
            extra = set(mine['properties']) - set(theirs['properties'])
            counts['properties only hot-ls shows'] += len(extra)
    for key in ('templates', 'templates Heat refuses', 'resources', 'resources hot-ls does not show',
                'properties', 'properties that agree', 'properties that differ',
                'properties hot-ls shows as an error', 'properties hot-ls leaves out',
                'properties only hot-ls shows'):
        print(f'{key:40} {counts[key]:7d}')
    if counts['properties']:
        print(f'agreement: {100.0 * counts["properties that agree"] / counts["properties"]:.1f}%')
    for line in shown:
        print(line)
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
