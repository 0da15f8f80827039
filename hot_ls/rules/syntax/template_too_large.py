from hot_ls.model.document import Kind
from hot_ls.model.environment import too_large
from hot_ls.rules.base import Finding, Rule, Severity


class TemplateTooLarge(Rule):
    """The template is larger than Heat's max_template_size (512 KiB).

    ## What it checks
    The length of the template text against Heat's default
    `max_template_size` of 524288.  A document larger than any request
    Heat reads (`max_json_body_size`, 1 MiB), template or environment,
    is not even parsed: hot-ls reads only its top-level keys, to know
    what it is, reports this once, and checks nothing else (the editor's
    features answer nothing there either).

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
    kinds = frozenset({Kind.HOT, Kind.CFN, Kind.ENVIRONMENT})

    def check(self, analysis):
        if analysis.kind is Kind.ENVIRONMENT:
            if analysis.too_large:  # Heat reads no request body that large
                yield Finding(0, 0, too_large(len(analysis.text)))
            return
        limit = analysis.language.max_template_size
        size = len(analysis.text)
        if size > limit:
            yield Finding(0, 0, f'Template size ({size} bytes) exceeds maximum allowed size '
                                f'({limit} bytes).')
