"""The workspace: the tree of files a template lives in.

Environments and their resource registry, provider templates as resource
types, `get_file` targets, the index of every Heat document of the
folders.  Layer: beside the evaluator, before the analysis; the only layer
that reads files other than the document analysed (hot_ls.workspace.files).
"""

from hot_ls.workspace.paths import Locator, Target
from hot_ls.workspace.stacks import StackContext, TypeResolution
from hot_ls.workspace.workspace import Index, Workspace

__all__ = ['Index', 'Locator', 'StackContext', 'Target', 'TypeResolution', 'Workspace']
