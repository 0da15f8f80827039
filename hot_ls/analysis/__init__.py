"""The analysis of one document: its tree, model, catalog view, evaluation and findings.

Layer: after the evaluator (and, with the workspace, after it), before the
rules and the features.  Rules write findings into an `Analysis`; features
read it; the server and the CLI create analyses and hand them to both.
"""

from hot_ls.analysis.document import Analysis, allow_deep_recursion
from hot_ls.analysis.findings import (Diagnostic, Finding, Related, RuleBook, RuleInfo, Severity,
                                      Tag)
from hot_ls.analysis.inputs import EvaluationInputs, evaluation_inputs

__all__ = ['Analysis', 'Diagnostic', 'EvaluationInputs', 'Finding', 'Related', 'RuleBook',
           'RuleInfo', 'Severity', 'Tag', 'allow_deep_recursion', 'evaluation_inputs']
