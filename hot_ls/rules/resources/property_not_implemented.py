from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.resources.member_issues import issue_findings
from hot_ls.rules.resources.property_walk import NOT_IMPLEMENTED


class PropertyNotImplemented(Rule):
    """A property Heat declares but has not implemented.

    ## What it checks
    Properties whose schema says `implemented: false` (mostly
    CloudFormation compatibility properties of the AWS types).

    ## Why it matters
    Heat refuses the template: "Property SourceDestCheck not implemented
    yet".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      instance:
        type: AWS::EC2::Instance
        properties:
          ImageId: cirros
          InstanceType: m1.small
          SourceDestCheck: false
    ```

    ## Fix
    Remove the property.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      instance:
        type: AWS::EC2::Instance
        properties:
          ImageId: cirros
          InstanceType: m1.small
    ```
    """

    code = 'HOT711'
    name = 'property-not-implemented'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        yield from issue_findings(analysis, NOT_IMPLEMENTED, values=False)
