"""Signature help: the argument forms of the function whose arguments hold the cursor.

Like completion, it reads where the cursor is from the current text
(`cursor.locate`, `place.interpret`), so it works while the line is
half-typed (`{get_attr: [server, `), in block and flow style; the analysis,
possibly one edit old, only gives the template's version (else the text's
`heat_template_version` line, else the newest version).

The forms are those of Heat's implementation of the function in that
version (`function_docs`): `get_attr` has the `[resource]` form from
2015-10-15, `list_join` takes several lists from 2015-10-15, `if` may omit
its third argument from 2021-04-16.  The active parameter is the index of
the argument being written, or, for functions taking a map (str_replace,
repeat, yaql, make_url), the key being written.  Each parameter carries
its span in the signature's label, for clients that highlight by offsets.
"""
from __future__ import annotations

import re

from hot_ls.analysis import Analysis
from hot_ls.features.cursor import locate
from hot_ls.features.place import CONDITION, interpret
from hot_ls.features.types import Signature, SignatureHelp, SignatureParameter
from hot_ls.language import HotVersion, language
from hot_ls.language.function_docs import Signature as Form
from hot_ls.language.function_docs import doc as function_doc

_BLOCK_HEADER = re.compile(r'(?:^|:\s+|-\s+)[|>][-+0-9]*\s*(?:#.*)?$')
_SCAN_LINES = 300  # how far up a block scalar's header is looked for


def signature_help(analysis: Analysis, text: str, offset: int) -> SignatureHelp | None:
    """The signatures of the call around `offset` in `text`, or None outside any call.

    `analysis` is a hot_ls.analysis.Analysis (possibly of a slightly older
    text) or None.
    """
    cursor = locate(text, offset)
    if cursor.in_block_scalar:
        return None
    template = analysis.template if analysis is not None else None
    version = (template.version if template is not None and template.version is not None
               else _version_in_text(text) or language().latest)
    place = interpret(cursor, version)
    name = place.call
    if name is None or _in_block_scalar(text, cursor.offset - cursor.column):
        return None
    fdoc = function_doc(name)
    if fdoc is None:
        return None
    if place.context == CONDITION:
        impl = version.condition_impl(name)
    else:
        info = version.function(name)
        impl = 'Removed' if info is not None and info.removed else (info.impl if info else None)
    forms = fdoc.forms(impl if impl not in (None, 'Removed', 'Invalid') else None)
    note = _note(name, version, impl)
    signatures = [_signature(form, fdoc.summary, note) for form in forms]
    active_signature = _active_signature(name, forms, place.call_path)
    parameters = forms[active_signature].parameters
    active = _active_parameter(parameters, place.call_path, cursor.key_position, cursor.word)
    return SignatureHelp(signatures, active_signature, active)


def _in_block_scalar(text: str, line_start: int) -> bool:
    """Whether the line starting at `line_start` is inside a `|` or `>` block scalar.

    Going up, each line indented less than everything below it is an
    ancestor; the first ancestor that is a block scalar header decides.
    """
    end = text.find('\n', line_start)
    line = text[line_start:end if end != -1 else len(text)]
    need = len(line) - len(line.lstrip(' '))
    position = line_start
    for _ in range(_SCAN_LINES):
        if need == 0 or position == 0:
            return False
        start = text.rfind('\n', 0, position - 1) + 1
        above = text[start:position - 1].rstrip('\r')
        position = start
        body = above.lstrip(' ')
        if not body or body.startswith('#'):
            continue
        indent = len(above) - len(body)
        if indent < need:
            if _BLOCK_HEADER.search(body.rstrip()):
                return True
            need = indent
    return False


def _version_in_text(text: str) -> HotVersion | None:
    for line in text.splitlines()[:50]:
        if line.startswith('heat_template_version:'):
            value = line.split(':', 1)[1].split('#', 1)[0].strip().strip('\'"')
            return language().hot(value)
    return None


def _note(name: str, version: HotVersion, impl: str | None) -> str:
    lang = language()
    since = lang.first_version_with(name)
    text = f'Since HOT {since or "?"}; this template: {version.label}.'
    if impl == 'Removed':
        text = (f'Removed from HOT {lang.function_removals.get(name, "?")}: Heat refuses it '
                f'in this template. ') + text
    elif impl == 'Invalid':
        text = 'Not allowed in conditions. ' + text
    return text


def _signature(form: Form, summary: str, note: str) -> Signature:
    spans = parameter_spans(form.label, form.parameters)
    parameters = []
    for index, name in enumerate(form.parameters):
        span = spans[index]
        documentation = form.documentation[index] if index < len(form.documentation) else None
        label = form.label[span[0]:span[1]] if span is not None else name
        parameters.append(SignatureParameter(
            label, f'`{name}`: {documentation}' if documentation else f'`{name}`', span))
    return Signature(form.label, f'{summary}\n\n{note}', parameters)


def parameter_spans(label: str, parameters: tuple[str, ...]) -> list[tuple[int, int] | None]:
    """Where each parameter stands in a form's label (code-point offsets), or None.

    The label's argument is split at its top-level commas: a list form
    (`[<a>, <b>, <c>...]`) gives one segment per argument, the last
    parameter taking any extra ones (`<key/index>...`); a map form
    (`{template: ..., params: ...}`) gives the segment of each key; a scalar
    form is one segment.
    """
    colon = label.find(': ')
    if colon == -1 or not parameters:
        return [None] * len(parameters)
    start = colon + 2
    end = len(label)
    opener = label[start:start + 1]
    map_form = opener == '{'
    if opener in ('[', '{') and label.endswith(']' if opener == '[' else '}'):
        segments = _segments(label, start + 1, end - 1)
    else:
        segments = [(start, end)]
    if map_form:
        return [next((s for s in segments if label[s[0]:s[1]].startswith(name + ':')), None)
                for name in parameters]
    count = len(parameters)
    if not segments:
        return [None] * count
    if len(segments) >= count:
        return list(segments[:count - 1]) + [(segments[count - 1][0], segments[-1][1])]
    return list(segments) + [None] * (count - len(segments))


def _segments(label: str, start: int, end: int) -> list[tuple[int, int]]:
    segments = []
    depth = 0
    begin = start
    for index in range(start, end + 1):
        char = label[index] if index < end else ','
        if char in '[{':
            depth += 1
        elif char in ']}':
            depth -= 1
        elif char == ',' and depth == 0:
            first, last = begin, index
            while first < last and label[first] == ' ':
                first += 1
            while last > first and label[last - 1] == ' ':
                last -= 1
            if last > first:
                segments.append((first, last))
            begin = index + 1
    return segments


def _active_signature(name: str, forms: tuple[Form, ...], call_path: list) -> int:
    if name == 'get_param' and len(forms) > 1:
        # The scalar form, unless the argument is a list.
        return 1 if call_path and isinstance(call_path[0], int) else 0
    return 0


def _active_parameter(parameters: tuple[str, ...], call_path: list, key_position: bool,
                      word: str) -> int | None:
    if not parameters:
        return None
    if call_path:
        first = call_path[0]
        if isinstance(first, int) and not isinstance(first, bool):
            return min(first, len(parameters) - 1)
        if isinstance(first, str):
            return parameters.index(first) if first in parameters else None
        return None
    if key_position and word:
        # A map argument's key being typed: the parameter it starts.
        for index, name in enumerate(parameters):
            if name.startswith(word):
                return index
    return 0
