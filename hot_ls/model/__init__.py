"""The semantic model: documents classified, templates as symbols and references."""

from hot_ls.model.document import Kind, classify
from hot_ls.model.symbols import Definition, FunctionCall, Reference
from hot_ls.model.template import Template

__all__ = ['Definition', 'FunctionCall', 'Kind', 'Reference', 'Template', 'classify']
