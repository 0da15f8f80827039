"""Rules: one check per file, each with a stable code, a name, a severity and documentation.

`check(analysis)` runs them over an analysis (hot_ls.analysis) and writes its
diagnostics; `analyze(text, path, settings)` parses and checks in one call.
"""

from hot_ls.analysis import Analysis, Diagnostic, Finding, Severity
from hot_ls.rules.base import Rule
from hot_ls.rules.engine import RULE_BOOK, analyze, analyze_file, analyze_stacks_of, check

__all__ = ['Analysis', 'Diagnostic', 'Finding', 'RULE_BOOK', 'Rule', 'Severity', 'analyze',
           'analyze_file', 'analyze_stacks_of', 'check']
