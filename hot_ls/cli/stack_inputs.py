"""The values `hot-ls eval --template`, `hot-ls preview` and `hot-ls graph` evaluate a template with.

The same as the editor's and `hot-ls check`'s (`Analysis.inputs`): the
template is taken as part of its stack in the workspace of its folder.  A
template a `stacks` entry names (or any, given `environments` or `-e`) is a
stack's root, created with the settings' environments, the entry's, then
the `-e` files, and the configured parameter values; a template another
template of the folder creates is a nested stack, evaluated with the values
its parent passes.  `-P` values win over all of them.  The files `get_file`
reads are those python-heatclient would send with the stack.
"""
from __future__ import annotations

import os
from dataclasses import replace

from hot_ls.analysis import Analysis, EvaluationInputs
from hot_ls.cli.check import workspace_for
from hot_ls.config import Settings
from hot_ls.rules import analyze
from hot_ls.text.source import read_source


def template_in_stack(path: str, settings: Settings, environments: list[str] | tuple[str, ...],
                      *, checked: bool = False) -> Analysis:
    """The template at `path` in its stack (with the `-e` files, made absolute, on top of the
    configured ones); `checked`: with the rules run (what `hot-ls check` reports of it)."""
    environments = [os.path.abspath(e) for e in environments]
    workspace = workspace_for([path], settings, environments)
    source = read_source(path)
    if checked:
        return analyze(source.text, path, settings, read_problem=source.problem,
                       workspace=workspace)
    return Analysis(source.text, path, settings, read_problem=source.problem,
                    workspace=workspace)


def stack_inputs(analysis: Analysis, values: dict[str, str]) -> EvaluationInputs:
    """The environments and parameter values the analysed template's stack gives it, with the
    `-P` values over them."""
    inputs = analysis.inputs
    if values:
        inputs = replace(inputs, parameters={**inputs.parameters, **values})
    return inputs
