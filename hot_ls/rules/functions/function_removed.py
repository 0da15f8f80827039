from hot_ls.language.removed_functions import replacement
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.references._common import severity_for, with_reason


class FunctionRemoved(Rule):
    """A CloudFormation-style function that this HOT version has removed.

    ## What it checks
    Functions Heat maps to `Removed` in the template's version: from
    2014-10-16 Fn::GetAZs, Fn::Join, Fn::Split, Fn::Replace, Fn::Base64,
    Fn::MemberListToMap, Fn::ResourceFacade and Ref; from 2015-10-15 also
    Fn::Select.

    ## Why it matters
    Heat refuses the template: "The template version is invalid: The
    function Fn::Select is not supported in this version of HOT."

    ## Example
    ```yaml
    heat_template_version: 2016-10-14
    parameters:
      names: {type: comma_delimited_list, default: [a, b]}
    resources:
      first:
        type: OS::Heat::Value
        properties:
          value: {Fn::Select: [0, {get_param: names}]}
    ```

    ## Fix
    Use the native function: list_join for Fn::Join, str_split for Fn::Split,
    str_replace for Fn::Replace, get_resource/get_param for Ref, and
    `get_param: [names, 0]` or yaql for Fn::Select.
    ```yaml
    heat_template_version: 2016-10-14
    parameters:
      names: {type: comma_delimited_list, default: [a, b]}
    resources:
      first:
        type: OS::Heat::Value
        properties:
          value: {get_param: [names, 0]}
    ```
    """

    code = 'HOT401'
    name = 'function-removed'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for call in analysis.checking.calls():
            if call.impl != 'Removed':
                continue
            reason = ('it is inside an "if" branch, which Heat checks only when the branch is '
                      'taken') if call.guarded else None
            message = (f'The template version is invalid: The function {call.name} is not supported '
                       f'in this version of HOT ({template.facts.version}); use '
                       f'{_instead(call.name)}')
            yield Finding(call.key.start, call.key.end, with_reason(message, reason),
                          severity=severity_for(reason))


def _instead(name: str) -> str:
    found = replacement(name)
    return found.plain if found is not None else 'a HOT function'
