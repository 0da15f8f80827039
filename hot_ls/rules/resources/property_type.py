from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.resources.member_issues import issue_findings
from hot_ls.rules.resources.property_walk import TYPE


class PropertyType(Rule):
    """A literal property value of the wrong type.

    ## What it checks
    Literal values against the property's type, with Heat's own coercion:
    "1" is a valid integer, 1.5 becomes 1, `true`/`false` (any case) are
    booleans but "yes" as a string is not, numbers are valid strings, and a
    list or map must be one.  Values produced by functions are not checked.
    In a group's member, and in a nested stack (a provider template a
    configured stack creates), where Heat checks the values only when it
    creates that stack, this is a warning (unless the type's own validation
    reads the value: HOT730 in a member, this rule's error in a nested
    stack).

    ## Why it matters
    Heat refuses the stack when it creates it, e.g. 'networks: "3" is not a
    list'.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      volume:
        type: OS::Cinder::Volume
        properties:
          size: ten
    ```

    ## Fix
    Give the value in the property's type.  A single value where the
    property takes a list: the quick fix makes it the list's one item (when
    it is of a kind the list's items can be).
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      volume:
        type: OS::Cinder::Volume
        properties:
          size: 10
    ```
    """

    code = 'HOT704'
    name = 'property-type'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        yield from issue_findings(analysis, TYPE, values=True, with_data=True)
