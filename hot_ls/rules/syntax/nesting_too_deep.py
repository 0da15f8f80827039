from hot_ls.language.limits import MAX_DEPTH
from hot_ls.model.document import Kind
from hot_ls.rules.base import Finding, Rule, Severity


class NestingTooDeep(Rule):
    """The document nests collections deeper than Heat can parse.

    ## What it checks
    How deeply mappings and lists nest, against the depth at which Heat's
    recursive template parser fails (about 330 levels).  Beyond it hot-ls
    checks only the syntax: every other check would need the same
    recursion.

    ## Why it matters
    Heat refuses the template with a bare "maximum recursion depth
    exceeded".  No real template comes close; a generator gone wrong does.

    ## Example
    A `value:` holding 400 nested lists (tests/rules/test_rule_examples.py builds
    it, and the same value nested 20 deep for the fix).

    ## Fix
    Flatten the data, or pass it as a json parameter from a file.
    """

    code = 'HOT008'
    name = 'nesting-too-deep'
    severity = Severity.ERROR
    kinds = frozenset({Kind.HOT, Kind.CFN, Kind.ENVIRONMENT})
    survives_recovery = True

    def check(self, analysis):
        if analysis.tree.depth > MAX_DEPTH:
            yield Finding(0, 0, f'The document nests {analysis.tree.depth} levels deep; Heat\'s template '
                                f'parser fails beyond about {MAX_DEPTH} (maximum recursion depth '
                                'exceeded), so hot-ls checked only its syntax')
