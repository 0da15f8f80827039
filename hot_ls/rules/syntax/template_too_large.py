from hot_ls.model.document import Kind
from hot_ls.rules.base import Finding, Rule, Severity


class TemplateTooLarge(Rule):
    """The template is larger than Heat's max_template_size (512 KiB).

    ## What it checks
    The length of the template text against Heat's default
    `max_template_size` of 524288.

    ## Why it matters
    Heat refuses the template before reading it: "Template size (N bytes)
    exceeds maximum allowed size (524288 bytes)."

    ## Example
    A generated template of 600,000 characters (tests/rules/test_rule_examples.py
    builds one, and a smaller one for the fix).

    ## Fix
    Move parts into nested templates (provider templates or
    OS::Heat::Stack), or raise `max_template_size` on the cloud.
    """

    code = 'HOT007'
    name = 'template-too-large'
    severity = Severity.ERROR
    survives_recovery = True
    kinds = frozenset({Kind.HOT, Kind.CFN})

    def check(self, analysis):
        limit = analysis.language.max_template_size
        size = len(analysis.text)
        if size > limit:
            yield Finding(0, 0, f'Template size ({size} bytes) exceeds maximum allowed size '
                                f'({limit} bytes).')
