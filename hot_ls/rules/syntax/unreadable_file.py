from hot_ls.model.document import Kind
from hot_ls.rules.base import Finding, Rule, Severity


class UnreadableFile(Rule):
    """The file cannot be read, or its bytes are not UTF-8 text.

    ## What it checks
    Whether the file can be opened and decoded as UTF-8, before anything
    else.  A file that cannot be read gets this diagnostic only; nothing
    else is checked (its text, if any, is not what Heat would see).

    ## Why it matters
    Heat reads templates, environments and `get_file` targets as UTF-8:
    python-heatclient refuses to send a template that is not, and a file
    that cannot be read cannot be deployed.  Repairing the bytes silently
    would check a different template than the one Heat gets.

    ## Example
    A template saved as Latin-1 with `description: Café` (byte 0xE9).  Its bytes
    cannot stand in a text block: tests/rules/test_rule_examples.py writes them,
    and the same text saved as UTF-8 for the fix.

    ## Fix
    Save the file as UTF-8 (most editors have an encoding setting), or fix
    its permissions.
    """

    code = 'HOT000'
    name = 'unreadable-file'
    severity = Severity.ERROR
    kinds = frozenset(Kind)
    survives_recovery = True

    def check(self, analysis):
        problem = analysis.read_problem
        if problem is not None:
            end = problem.offset + 1 if problem.offset < len(analysis.text) else problem.offset
            yield Finding(problem.offset, end, problem.message)
