"""Heat's template loader, rebuilt with PyYAML, as the test oracle for the syntax layer.

heat/common/template_format.py: `jsonutils.loads` first; on ValueError,
`yaml.load(text, Loader=yaml_loader)` where yaml_loader is CSafeLoader with
the str and timestamp constructors replaced by `construct_scalar` (so dates
stay strings).  hot-ls never imports PyYAML at runtime; only tests do.
"""
from __future__ import annotations

import json
import math
import os
from typing import Any

import yaml

from helpers import CORPUS, PERF


class HeatLoader(yaml.CSafeLoader):
    pass


def _construct_yaml_str(loader, node):
    return loader.construct_scalar(node)


HeatLoader.add_constructor('tag:yaml.org,2002:str', _construct_yaml_str)
HeatLoader.add_constructor('tag:yaml.org,2002:timestamp', _construct_yaml_str)

TEMPLATE_SUFFIXES = ('.yaml', '.yml', '.json', '.template')


def heat_yaml(text: str) -> Any:
    """PyYAML's answer alone (no JSON first)."""
    return yaml.load(text, Loader=HeatLoader)


def heat_load(text: str) -> Any:
    """What Heat's template_format.parse loads, before its own checks."""
    try:
        return json.loads(text)
    except ValueError:
        return yaml.load(text, Loader=HeatLoader)


def same(a: Any, b: Any) -> bool:
    """Deep equality that also checks types (1 vs True vs 1.0) and treats NaN as equal to NaN."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or a == b
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def corpus_files() -> list[str]:
    """Every template-like file of ../shared/corpus, sorted, as paths relative to it."""
    found = []
    for folder, _dirs, files in os.walk(CORPUS):
        for name in files:
            if name.endswith(TEMPLATE_SUFFIXES):
                found.append(os.path.relpath(os.path.join(folder, name), CORPUS))
    return sorted(found)


def perf_files() -> list[str]:
    """The perf inputs (none without ../shared: their tests are then skipped)."""
    if not os.path.isdir(PERF):
        return []
    return sorted(name for name in os.listdir(PERF) if name.endswith(TEMPLATE_SUFFIXES))


def read(path: str) -> str:
    with open(path, encoding='utf-8') as handle:
        return handle.read()
