"""Put hot-ls and the pure-Python libraries it runs with into bundled/libs, offline.

    python3 scripts/vendor.py [OUT]          # default OUT: bundled/libs

Run with a Python (3.11 or newer) that has hot-ls's dependencies installed (the test
virtual environment does): nothing is downloaded.  hot-ls itself is copied from this
repository (`../hot_ls`, with its data files); each dependency, found by walking the
`dependencies` of pyproject.toml (markers evaluated for this Python), is copied from
where this Python has it installed, with its dist-info (pbr reads yaql's version from
it), but without compiled extension modules: the .vsix must run on any platform, so
ruamel.yaml.clib (the C parser) is left out and hot-ls parses with ruamel.yaml's pure
Python parser (hot_ls/syntax/yaml_builder.py's fallback, the same results).  What it
vendored is listed in OUT/VENDORED.json, which the extension reports when it starts.
"""
from __future__ import annotations

import importlib.metadata as metadata
import json
import os
import re
import shutil
import sys
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
EXTENSION = os.path.dirname(HERE)
REPOSITORY = os.path.dirname(EXTENSION)
COMPILED = ('.so', '.pyd', '.dylib', '.dll')
# Needed at run time by no module hot-ls imports (pbr's own build-time dependency).
NOT_AT_RUN_TIME = frozenset({'setuptools'})


def _requirement(text: str):
    try:
        from packaging.requirements import Requirement
    except ImportError:  # pip vendors packaging
        from pip._vendor.packaging.requirements import Requirement
    return Requirement(text)


def _key(name: str) -> str:
    return re.sub(r'[-_.]+', '-', name).lower()


def dependency_closure(requirements: list[str]) -> list[metadata.Distribution]:
    """The installed distributions `requirements` need here, transitively."""
    found: dict[str, metadata.Distribution] = {}
    todo = list(requirements)
    while todo:
        requirement = _requirement(todo.pop())
        if requirement.marker is not None and not requirement.marker.evaluate({'extra': ''}):
            continue
        key = _key(requirement.name)
        if key in found or key in NOT_AT_RUN_TIME:
            continue
        try:
            distribution = metadata.distribution(requirement.name)
        except metadata.PackageNotFoundError:
            sys.exit(f'vendor: {requirement.name} is not installed in {sys.executable}; '
                     f'run this with the Python that has hot-ls installed')
        found[key] = distribution
        todo.extend(distribution.requires or ())
    return sorted(found.values(), key=lambda d: _key(d.metadata['Name']))


def is_compiled_only(distribution: metadata.Distribution) -> bool:
    files = [str(f) for f in distribution.files or () if str(f).endswith('.py')
             or str(f).endswith(COMPILED)]
    return bool(files) and all(f.endswith(COMPILED) for f in files)


def copy_distribution(distribution: metadata.Distribution, out: str) -> None:
    for file in distribution.files or ():
        name = str(file)
        if (name.startswith('..') or os.path.isabs(name) or '__pycache__' in name
                or name.endswith(COMPILED + ('.pyc',))):
            continue
        source = distribution.locate_file(file)
        if not os.path.isfile(source):
            continue
        target = os.path.join(out, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(source, target)


def copy_hot_ls(out: str) -> None:
    shutil.copytree(os.path.join(REPOSITORY, 'hot_ls'), os.path.join(out, 'hot_ls'),
                    ignore=shutil.ignore_patterns('__pycache__', '*.pyc'))


def main(argv: list[str]) -> int:
    out = os.path.abspath(argv[0] if argv else os.path.join(EXTENSION, 'bundled', 'libs'))
    if sys.version_info < (3, 11):
        sys.exit(f'vendor: {sys.executable} is Python {sys.version.split()[0]}; 3.11 or newer')
    with open(os.path.join(REPOSITORY, 'pyproject.toml'), 'rb') as fh:
        requirements = tomllib.load(fh)['project']['dependencies']
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    copy_hot_ls(out)
    vendored, left_out = [], []
    for distribution in dependency_closure(requirements):
        name, version = distribution.metadata['Name'], distribution.version
        if is_compiled_only(distribution):
            left_out.append({'name': name, 'version': version,
                             'why': 'compiled for one platform; hot-ls runs without it'})
            continue
        copy_distribution(distribution, out)
        vendored.append({'name': name, 'version': version})
    from hot_ls import __version__  # noqa: the repository's, on sys.path beside this script
    manifest = {'hot-ls': __version__, 'python': '>=3.11', 'vendored': vendored,
                'left_out': left_out}
    with open(os.path.join(out, 'VENDORED.json'), 'w', encoding='utf-8') as fh:
        json.dump(manifest, fh, indent=2)
        fh.write('\n')
    print(f'vendor: hot-ls {__version__} and {len(vendored)} libraries into {out} '
          f'(left out: {", ".join(d["name"] for d in left_out) or "nothing"})')
    return 0


if __name__ == '__main__':
    sys.path.insert(0, REPOSITORY)
    sys.exit(main(sys.argv[1:]))
