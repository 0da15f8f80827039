from hot_ls.rules.base import NEEDS_VERSION, Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.syntax import Mapping


class ResourceKeys(Rule):
    """A resource has a key that is not valid in this template version.

    ## What it checks
    Each key of a resource against type, properties, metadata, depends_on,
    deletion_policy, update_policy, description and, from 2016-10-14,
    external_id and condition.

    ## Why it matters
    Heat refuses the template: '"x" is not a valid keyword inside a
    resource definition'.  A `condition` in an older template is refused
    too, later and with another message ("Invalid keyword(s) inside a
    resource definition: condition"), because of how Heat shares its key
    tables between versions.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      port: {type: OS::Heat::None}
      server:
        type: OS::Heat::None
        dependson: port
    ```

    ## Fix
    Fix the spelling (depends_on), move the value under `properties` (a
    property of the resource's type written beside `properties` is named as
    such, and the quick fix moves it there), or raise heat_template_version.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      port: {type: OS::Heat::None}
      server:
        type: OS::Heat::None
        depends_on: port
    ```
    """

    code = 'HOT112'
    name = 'resource-keys'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        facts = template.facts
        valid = facts.resource_keys
        for res in analysis.checking.resources:
            body = res.body
            if not isinstance(body, Mapping):
                continue
            for key, pair in body.index.items():
                if key in valid:
                    continue
                if key in facts.resource_keys_section_check:
                    message = f'Invalid keyword(s) inside a resource definition: {key}'
                    data = None
                    if key in ('condition', 'external_id'):
                        message += f' ({key} needs heat_template_version 2016-10-14 or later)'
                        data = {NEEDS_VERSION: '2016-10-14'}
                    yield Finding(pair.key.start, pair.key.end, message, data=data)
                    continue
                matches = did_you_mean(key, valid)
                message = f'"{key}" is not a valid keyword inside a resource definition'
                if matches:
                    yield Finding(pair.key.start, pair.key.end, message + suggestion_text(matches),
                                  data={'replacements': matches})
                    continue
                rtype = analysis.resource_type(res)
                if rtype is not None and isinstance(key, str) and key in rtype.properties:
                    # a property written one level too far left
                    yield Finding(pair.key.start, pair.key.end,
                                  f'{message} ({key} is a property of {rtype.name}: indent it '
                                  f'under "properties")', data={'property_key': key})
                    continue
                yield Finding(pair.key.start, pair.key.end, message)
