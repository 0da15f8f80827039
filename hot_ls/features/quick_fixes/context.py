"""What every quick fix gets: the analysis, the document's text helpers, the model and catalog."""
from __future__ import annotations

from dataclasses import dataclass

from hot_ls.analysis import Analysis
from hot_ls.features.quick_fixes.yaml_edit import Doc
from hot_ls.features.types import CodeAction, TextEdit

QUICKFIX = 'quickfix'
REFACTOR_EXTRACT = 'refactor.extract'


@dataclass
class FixContext:
    analysis: Analysis  # of the current text
    doc: Doc

    @property
    def template(self):
        return self.analysis.template

    @property
    def catalog(self):
        return self.analysis.catalog

    def resource_type(self, resource):
        """A resource's type in its stack: Heat's, or a provider template's schema (its
        parameters the properties)."""
        return self.analysis.resource_type(resource) or self.catalog.resolve(resource.type_name)

    @property
    def version(self):
        template = self.template
        return template.facts if template is not None else None


def quickfix(title: str, edits: list[TextEdit], diagnostics: list, preferred: bool = False
             ) -> CodeAction:
    return CodeAction(title, QUICKFIX, edits, list(diagnostics), preferred)
