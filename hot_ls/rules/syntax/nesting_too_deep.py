from hot_ls.language.limits import MAX_DEPTH
from hot_ls.model.document import Kind
from hot_ls.rules.base import Finding, Rule, Severity


class NestingTooDeep(Rule):
    """The document nests collections deeper than Heat can parse.

    ## What it checks
    How deeply mappings and lists nest, against the depth at which Heat's
    recursive template parser fails (about 330 levels).  Beyond it hot-ls
    checks only the syntax: every other check would need the same
    recursion, and the editor's features answer as for a document with
    no template in it.  Past 1,000 levels hot-ls stops reading the
    document (YAML's parser takes time growing with the square of the
    depth), so a syntax error further on is not reported.

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
        tree = analysis.tree
        if tree.depth > MAX_DEPTH:
            levels = f'more than {tree.depth - 1}' if tree.truncated else str(tree.depth)
            what = ('hot-ls read no further and checked only the syntax before that point'
                    if tree.truncated else 'hot-ls checked only its syntax')
            yield Finding(0, 0, f'The document nests {levels} levels deep; Heat\'s template '
                                f'parser fails beyond about {MAX_DEPTH} (maximum recursion depth '
                                f'exceeded), so {what}')
