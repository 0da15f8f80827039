"""Rules: one check per file, each with a stable code, a name, a severity and documentation."""

from hot_ls.rules.base import Diagnostic, Finding, Rule, Severity
from hot_ls.rules.engine import Analysis, analyze

__all__ = ['Analysis', 'Diagnostic', 'Finding', 'Rule', 'Severity', 'analyze']
