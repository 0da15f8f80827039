"""Edit sequences drawn from real templates, as an editor makes them: typing, deleting,
pasting a line, a new entry under a section, undoing (hypothesis strategies for the
incremental property tests).

`SAMPLE` is a fixed, sorted sample of the corpus's YAML templates, so a run draws from the
same files wherever it runs.
"""
from __future__ import annotations

import os
import re

from hypothesis import strategies as st

from helpers import CORPUS

#: the characters typed: word characters mostly, and what changes YAML's structure
TYPED = 'abcdefghijklmnopqrstuvwxyz_0123456789' * 3 + ' :-#,[]{}"\'\n&*|>!%@`\t\r'


def corpus_sample(every: int = 37) -> list[str]:
    found = []
    for dirpath, dirnames, filenames in os.walk(CORPUS):
        dirnames.sort()
        found.extend(os.path.join(dirpath, name) for name in sorted(filenames)
                     if name.endswith(('.yaml', '.yml')))
    return found[::every]


SAMPLE = corpus_sample() if os.path.isdir(CORPUS) else []

_ANCHOR = re.compile(r'&([A-Za-z0-9_-]+)')


def aliased_sample(every: int = 4) -> list[str]:
    """A fixed, sorted sample of the corpus's YAML templates that have aliases (an anchor
    some `*name` names): most are TripleO's service templates."""
    found = []
    for path in corpus_sample(every=1):
        text = read(path)
        if any('*' + name in text for name in _ANCHOR.findall(text)):
            found.append(path)
    return found[::every]


def read(path: str) -> str:
    with open(path, encoding='utf-8', errors='replace') as fh:
        return fh.read()


@st.composite
def edit(draw, text: str) -> str:
    """One edit of `text`: the new text."""
    size = len(text)
    kind = draw(st.sampled_from(['type', 'type', 'type', 'delete', 'paste', 'newline',
                                 'sibling']))
    position = draw(st.integers(0, size))
    if kind == 'type' and size:
        # mostly inside or at the end of a word, where people type
        near = [i for i in range(max(1, position - 40), min(size, position + 40) + 1)
                if text[i - 1].isalnum()]
        if near and draw(st.booleans()):
            position = draw(st.sampled_from(near))
        return text[:position] + draw(st.sampled_from(TYPED)) + text[position:]
    if kind == 'delete' and size:
        length = draw(st.integers(1, 4))
        return text[:position] + text[position + length:]
    if kind == 'paste' and size:
        lines = text.splitlines(keepends=True)
        line = draw(st.sampled_from(lines))
        start = text.rfind('\n', 0, position) + 1
        return text[:start] + line + text[start:]
    if kind == 'sibling':
        # a new entry of a section typed (or pasted) on a line of its own: a copy of an
        # entry's key line under a new name, at the start of a line (the entry above it, or
        # the section, then holds it)
        keys = [line for line in text.splitlines(keepends=True)
                if line.startswith('  ') and line[2:3].isalpha() and ':' in line]
        if keys:
            line = draw(st.sampled_from(keys))
            name, rest = line.split(':', 1)
            if not rest.endswith(('\n', '\r')):
                rest += '\n'
            start = text.rfind('\n', 0, position) + 1
            return text[:start] + name + '_new:' + rest + text[start:]
    return text[:position] + '\n' + text[position:]


@st.composite
def session(draw, steps: int = 8, sample: list[str] | None = None) -> tuple[str, list[str]]:
    """A template of the sample (`SAMPLE`, unless another is given) and the texts an editing
    session makes of it (an undo goes back to the text before the previous edit)."""
    path = draw(st.sampled_from(SAMPLE if sample is None else sample))
    text = read(path)
    texts = []
    history = [text]
    for _ in range(draw(st.integers(1, steps))):
        if len(history) > 1 and draw(st.integers(0, 5)) == 0:
            history.pop()
            text = history[-1]
        else:
            text = draw(edit(text))
            history.append(text)
        texts.append(text)
    return path, texts
