"""HOT010: a suppression comment's code that suppressed nothing (ruff's RUF100).

This rule depends on every other rule's findings, so it cannot run among
them: the engine (hot_ls.rules.engine) checks the document with the other
rules, records which (comment, code) pairs suppressed a diagnostic while it
filters, and then calls `unused(...)` with that record.  Its own findings
are not filtered by the comments like the others': only a code naming this
rule (HOT010 or unused-suppression, not `all`) silences them, either in the
same comment or in a comment that covers the line, so a comment can never
suppress the report that it suppresses nothing.
"""
from __future__ import annotations

from typing import Iterable, Iterator

from hot_ls.analysis.suppressions import ALL, NamedCode, Scope, Suppression
from hot_ls.rules.base import Finding, Rule, Severity, Tag
from hot_ls.rules.syntax.yaml_syntax import ALL_KINDS

_PLACE = {Scope.LINE: 'on this line', Scope.NEXT_LINE: 'on the next line',
          Scope.FILE: 'in this file'}


class UnusedSuppression(Rule):
    """A suppression comment names a rule that reported nothing where the comment applies.

    ## What it checks
    Each code (or rule name, or `all`) of a `# hot-ls: disable=...`,
    `disable-next-line=...` or `disable-file=...` comment that suppressed no
    diagnostic on its line, the next line or in the file; a code that is not a
    hot-ls rule at all; and `all` in a `disable-file` comment, which hot-ls
    does not honour (a file-wide comment must name its rules).  The quick
    fix removes the code, or the whole comment when it is the last one.  A
    code that is not a hot-ls rule is a warning (a typo: whatever it meant
    to hide is shown); the others are information.

    A code of a rule turned off in the settings (`disable`, `--disable`) is
    never reported: the settings of another run (the editor, CI) may turn it
    on.  Nor are the codes of a rule that failed (HOT009), nor anything in a
    document with YAML syntax errors or one that is not checked at all
    (unreadable, nested too deep): what would have fired there is unknown.
    In an environment file, a comment may suppress what a template reports
    about the place (HOT604, HOT220): such a code is reported only when the
    settings name the stacks created with the file (`stacks`), and none of
    their templates reports anything there.  A code naming this rule itself
    is never reported; it keeps the other codes of its comment (or its line)
    from being reported.

    ## Why it matters
    A suppression outlives the problem it hid: once the template is fixed,
    the stale comment would silently hide the next, unrelated, problem of
    that rule on that line.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:  # hot-ls: disable=HOT302
        type: OS::Heat::None
    ```

    ## Fix
    Remove the code, or the comment when it names nothing else:
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::None
    ```
    """

    code = 'HOT010'
    name = 'unused-suppression'
    severity = Severity.WARNING  # an unknown code; a code that hid nothing is information
    kinds = ALL_KINDS
    survives_recovery = True

    def check(self, analysis):
        return ()  # the engine calls `unused` once the other rules' findings are filtered

    def unused(self, analysis, used: set[NamedCode], excused: set[str]) -> Iterator[Finding]:
        """The codes of the document's comments that suppressed nothing.

        `used`: the codes the engine saw suppress a diagnostic; `excused`: the
        codes and names of rules that could not have reported (turned off, failed).
        """
        suppressions = analysis.suppressions
        rules = analysis.rules
        lines = analysis.tree.lines
        for comment in suppressions.comments:
            if self._names_me(comment.codes):
                continue
            for named in comment.codes:
                if named in used or named.code in excused or named.code in (self.code, self.name):
                    continue
                line = lines.line_of(named.start)
                if any(other.code in (self.code, self.name)
                       for _, other in suppressions.suppressing(self.code, self.name, line)):
                    continue
                message = self._message(comment, named, rules)
                unknown = named.code != ALL and (rules is None or rules.find(named.code) is None)
                yield Finding(named.start, named.end, message, tags=(Tag.UNNECESSARY,),
                              severity=None if unknown else Severity.INFORMATION)

    def _names_me(self, codes: Iterable[NamedCode]) -> bool:
        return any(c.code in (self.code, self.name) for c in codes)

    def _message(self, comment: Suppression, named: NamedCode, rules) -> str:
        place = _PLACE[comment.scope]
        if named.code == ALL:
            if comment.scope is Scope.FILE:
                return ('Unused suppression: "all" does not apply to a whole file; '
                        'name the rules to suppress')
            return f'Unused suppression: no rule reported anything {place}'
        rule = rules.find(named.code) if rules is not None else None
        if rule is None:
            return f'Unused suppression: "{named.code}" is not a hot-ls rule code or name'
        return f'Unused suppression: {rule.code} ({rule.name}) reported nothing {place}'
