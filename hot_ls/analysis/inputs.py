"""What a template is evaluated with, beyond itself: environments and parameter values.

A template's are those of its stack (`Analysis.inputs`, which the editor,
the rules and `hot-ls eval --template`/`preview`/`graph` share).
`evaluation_inputs` builds them for a snippet evaluated without a template
(`hot-ls eval`), from the settings (`environments`, `parameters`) and what
the command line adds (`-e`, `-P`).
Environment files are read through `hot_ls.text.source` like every file.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Iterable

from hot_ls.config import Settings
from hot_ls.model.environment import REQUIRES, Environment
from hot_ls.text.source import read_source


@dataclass(frozen=True)
class EvaluationInputs:
    environments: tuple[Environment, ...] = ()
    parameters: dict[str, Any] = field(default_factory=dict)
    #: environment files that could not be read, as messages naming them
    problems: tuple[str, ...] = ()
    #: for a nested stack: the template whose resource passes `parameters` (its file name)
    parent: str | None = None

    @property
    def given(self) -> bool:
        """Whether anything beyond the template's own defaults is given."""
        return bool(self.environments or self.parameters)

    @property
    def described(self) -> str:
        """Which values a message's finding holds with."""
        if self.parent is not None and self.parameters:
            return f'with the parameter values {self.parent} passes'
        return 'with the configured parameter values' if self.given \
            else 'with the default parameter values'

    def key(self) -> str:
        """Equal for inputs that evaluate alike (to share one evaluation)."""
        environments = [[env.path, env.tree.text if env.tree is not None else env.as_dict()]
                        for env in self.environments]
        return json.dumps([environments, self.parameters], sort_keys=True, default=str)


def evaluation_inputs(settings: Settings, document_path: str | None,
                      environments: Iterable[str] = (),
                      parameters: dict[str, Any] | None = None) -> EvaluationInputs:
    """The settings' environments and parameter values, then the given ones over them.

    Environments apply in order, the settings' first; a relative path is
    relative to the document's directory (the working directory for a
    document that is not a file).  A given parameter value wins over the
    settings' one.
    """
    base = os.path.dirname(os.path.abspath(document_path)) if document_path else os.getcwd()
    loaded: list[Environment] = []
    problems: list[str] = []
    extra = (REQUIRES,) if settings.capabilities else ()
    for path in tuple(settings.environments) + tuple(environments):
        full = path if os.path.isabs(path) else os.path.join(base, path)
        source = read_source(full)
        if source.problem is not None:
            problems.append(f'environment {full}: {source.problem.message}')
            continue
        loaded.append(Environment.from_text(source.text, full, extra))
    values = dict(settings.parameters)
    values.update(parameters or {})
    return EvaluationInputs(tuple(loaded), values, tuple(problems))
