from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.rules.plugins.validation import plugin_validation


class ResourceValidation(Rule):
    """A resource that its type's own validation refuses (the resource plugin's validate()).

    ## What it checks
    What each resource type checks of its properties as a whole when a
    stack is created, ported from Heat's resource plugins, with Heat's
    messages: a Subnet needs `cidr` or `subnetpool`; a SecurityGroup may not
    be named "default"; a Server needs an image or a bootable volume, one
    source per `block_device_mapping_v2` entry, a network, port or subnet
    in each `networks` entry, and no `security_groups` with explicit ports;
    a Volume needs a size or exactly one source; a RandomString's `length`
    must hold its character minimums; an OS::Heat::Value's `value` must be
    of its `type`; a Mistral workflow's tasks need an action or a workflow,
    and `concurrency` needs `with_items`; a SoftwareDeployment's server must
    have `user_data_format: SOFTWARE_CONFIG`; conflicting or dependent
    properties of Routers, Ports, FloatingIPs, SecurityGroupRules, Octavia
    pools, listeners and L7 policies, ScalingPolicies and AutoScalingGroups'
    sizes and member definitions (`resource` read as a resource: a `type`
    that is a string, `properties` that are a map...), and more (the table
    in `hot_ls/rules/plugins/table.py`).  A
    group's member (ResourceGroup's `resource_def`...) is checked as Heat
    checks it, as part of the group.  A member that is a provider template
    has its nested stack validated: a resource there whose validate() reads
    a property written `{get_param: p}`, where the member does not pass `p`
    and it has no default nor an environment's `parameter_defaults`, is
    refused ("The Parameter (image) was not provided."); where no
    environment is known for the template, one could give it a value, so
    that is a warning.  A value the member passes that such a read cannot
    take, converted as Heat passes it, is refused too (an inner group's
    `count`: "Value 'abc' is not an integer").  So is a value a resource
    whose type is a provider template passes, which Heat validates the same
    way (`get_attr` null, as below): a `networks` list with a misspelt key
    passed whole to the template's server is refused ("resources.vm<vm.yaml>:
    One of the properties "network", "port", "allocate_network" or "subnet"
    should be set..."), at the property that passes it.  A deployment
    group's first member is validated too: a deployment whose `server` is
    the group's `servers` entry for it, which must be a string (a
    misspelt function there is a map).

    What Heat refuses only where the cloud's API is recent enough is a
    warning that says so: a key pair without a `public_key`, which Nova
    requires from API 2.92 (Zed) on.

    Only what needs no cloud is checked, and only where the values are
    known: literals, and functions of parameters with their default values.
    `get_attr` is null at this point, as in Heat, since no resource exists
    yet.  Resources whose condition is false, external resources, and
    resources whose properties are under a misspelt key (`propertise:`,
    which HOT112 and HOT703 name) are not checked.

    ## Why it matters
    `openstack stack create` refuses the template before it creates
    anything, e.g. "At least one of the following properties must be
    specified: subnetpool, cidr.", although `openstack orchestration
    template validate` accepts it: only a create runs these checks.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      subnet:
        type: OS::Neutron::Subnet
        properties:
          network: private
    ```

    ## Fix
    Give the properties the message asks for (here a `cidr`, or a
    `subnetpool`), or drop the conflicting one.  A deployment on a server
    whose literal `user_data_format` is not SOFTWARE_CONFIG: the quick fix
    sets the server's.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      subnet:
        type: OS::Neutron::Subnet
        properties:
          network: private
          cidr: 10.0.0.0/24
    ```
    """

    code = 'HOT730'
    name = 'resource-validation'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        for definition in analysis.checking.resources:
            for finding in plugin_validation(analysis, definition).findings:
                yield Finding(finding.start, finding.end, finding.message, finding.severity,
                              related=[Related(*place) for place in finding.related],
                              data=finding.data)
