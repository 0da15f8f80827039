"""What is read of a document too large to parse: its top-level keys, nothing else.

Heat reads no request body larger than `max_json_body_size` (1 MiB) and no
template larger than `max_template_size` (512 KiB), so a larger document can
only be refused, and parsing it costs time for nothing (a 45 MB template
took a minute to parse and two more to check).  `skim` finds the keys that
say what kind of document it is (`heat_template_version`, the CFN version
keys, the sections of a template or an environment) with one regular
expression over the text, and the tree it makes holds just those keys, each
with a null value: enough to classify the document and to say, once, that
it is too large.
"""
from __future__ import annotations

import re

from hot_ls.syntax.nodes import Mapping, Pair, Scalar

#: Heat's max_json_body_size: no document larger than this reaches Heat (a
#: test holds it to the generated language facts, next to max_template_size).
SIZE_LIMIT = 1048576

_KEYS = ('heat_template_version', 'AWSTemplateFormatVersion', 'HeatTemplateFormatVersion',
         'description', 'parameter_groups', 'parameters', 'resources', 'outputs', 'conditions',
         'resource_registry', 'parameter_defaults', 'encrypted_param_names', 'event_sinks',
         'parameter_merge_strategies', 'Description', 'Parameters', 'Resources', 'Outputs',
         'Mappings', 'Conditions')
# A key at the start of a line (a block mapping's top level), or a quoted key
# anywhere (JSON, or a flow mapping: at any depth, an over-approximation).
_TOP_KEY = re.compile(r'^(?P<plain>' + '|'.join(_KEYS) + r')[ \t]*:(?=[ \t\r\n]|$)'
                      r'|(?P<quote>["\'])(?P<quoted>' + '|'.join(_KEYS) + r')(?P=quote)[ \t]*:',
                      re.MULTILINE)


def skim(text: str) -> Mapping:
    """The recognised top-level keys of `text`, each with a null value, in order of
    first appearance (their spans are where they are written)."""
    root = Mapping(0, len(text))
    for match in _TOP_KEY.finditer(text):
        name = match.group('plain') or match.group('quoted')
        if name in root.index:
            continue
        start, end = match.span('plain') if match.group('plain') else match.span('quoted')
        pair = Pair(Scalar(name, start, end), Scalar(None, end, end))
        root.pairs.append(pair)
        root.index[name] = pair
    return root
