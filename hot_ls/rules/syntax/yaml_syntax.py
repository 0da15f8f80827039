from hot_ls.model.document import Kind
from hot_ls.rules.base import Finding, Related, Rule, Severity

# Every kind of Heat document but a Jinja2 source (HOT006 stands for all of it); what is not
# a Heat document gets HOT011 only.
ALL_KINDS = frozenset(Kind) - {Kind.JINJA, Kind.EMPTY, Kind.UNKNOWN, Kind.OTHER}


class YamlSyntax(Rule):
    """The document is not valid YAML (or JSON).

    ## What it checks
    That the file parses.  Each place where the YAML parser gives up is
    reported once, at the exact mark, with the parser's own explanation;
    but a key left without its ':' is named: the diagnostic is on it when
    the parser says so ("could not find expected ':'"), and when the key
    runs on into the line below ("mapping values are not allowed") the
    message says which line lacks the ':'.  The quick fix adds the ':'.

    One refusal of libyaml (the C parser Heat tries first) is a warning: a
    ':' right before a flow indicator in a flow collection
    (`{get_attr:[server, name]}`).  Heat then parses the text again with
    PyYAML's pure-Python parser, which takes that ':' for a value
    indicator, and uses what it reads; so does hot-ls.  That parser reads
    an unquoted date as a date: a provider template's unquoted
    heat_template_version then fails (HOT605).  The quick fix writes a
    space after the ':'.

    ## Why it matters
    Heat rejects a template that does not parse, with only the first problem
    and no usable position.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    description: "a template
    resources: {}
    ```

    ## Fix
    Close the bracket or quote, or fix the indentation the message points at.
    While you type, hot-ls keeps analysing the rest of the document.  Quick
    fixes add the ':' a key lacks, and indent with spaces a line indented
    with a tab.
    ```yaml
    heat_template_version: 2021-04-16
    description: "a template"
    resources: {}
    ```
    """

    code = 'HOT001'
    name = 'yaml-syntax'
    severity = Severity.ERROR
    survives_recovery = True
    kinds = ALL_KINDS

    def check(self, analysis):
        fallback = analysis.tree.fallback
        if fallback is not None:
            offset, message = fallback
            yield Finding(offset, offset + 1,
                          f"YAML syntax error: {message} (libyaml, the parser Heat tries "
                          "first, stops here; Heat then reads the document with PyYAML's "
                          "pure-Python parser, which takes the ':' for a value indicator: "
                          'write a space after it)',
                          severity=Severity.WARNING, data={'space_at': offset + 1})
        for issue in analysis.tree.issues:
            if issue.kind == 'syntax':
                yield Finding(issue.start, issue.end, issue.message + issue.hint,
                              related=[Related(*r) for r in issue.related],
                              data={'colon_at': issue.colon_at}
                              if issue.colon_at is not None else None)
