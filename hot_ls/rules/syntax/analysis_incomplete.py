from hot_ls.model.document import Kind
from hot_ls.rules.base import Rule, Severity


class AnalysisIncomplete(Rule):
    """hot-ls could not finish one of its checks on this document.

    ## What it checks
    Nothing itself: the engine reports it when a rule fails with an
    internal error, instead of failing the whole analysis.  The other rules'
    findings are still reported.

    ## Why it matters
    A missing finding is better explained than silently absent.  This is a
    bug in hot-ls, never in the template.

    ## Example
    "hot-ls could not finish rule HOT706 on this document (internal error:
    KeyError: 'x'); please report it".  No template triggers it on purpose:
    tests/rules/test_rule_examples.py makes a rule fail to show it.

    ## Fix
    Report it to the hot-ls project with the document; silence it meanwhile
    with `disable = ["HOT009"]`.
    """

    code = 'HOT009'
    name = 'analysis-incomplete'
    severity = Severity.WARNING
    kinds = frozenset(Kind)
    survives_recovery = True

    def check(self, analysis):
        return ()
