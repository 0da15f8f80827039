"""More stubs for stack create's checks offline, so Heat's answers are the template's.

tools/heat_validate.py stubs the cloud clients; with them alone, a create
stops at a stubbed answer before the checks that matter (an AttributeError
from an image's status, a group that cannot build its nested stack).
Importing this module (after heat_validate) adds what a cloud would answer
before the stack exists:

* a group validates its nested stack as on a cloud before the group exists:
  the engine's RPC client is never asked (a ResourceGroup only builds a
  GroupInspector, which it asks nothing while the group has no physical
  id), one engine runs (a ResourceChain counts them in the database), and
  an AutoScalingGroup's randomly named members are named "<member>" (what
  hot-ls calls them);
* names a translation rule would look up in a cloud (an Octavia listener's,
  a network's) are their own IDs, and every custom constraint that needs a
  cloud holds (Octavia's override the stub heat_validate puts on their base);
* a server's image is one the cloud does not know yet, which
  Server._validate_image_flavor accepts, as it does for an image the same
  stack creates: the image's status and the flavor's size are the cloud's
  answers, which hot-ls never claims to know.
"""
from __future__ import annotations

import heat_validate  # noqa: F401  (the client stubs this module completes)
from heat.common import short_id
from heat.engine import constraints, resource, translation
from heat.engine.resources.openstack.nova import server
from heat.objects import service

resource.Resource.rpc_client = lambda self: None
service.Service.active_service_count = classmethod(lambda cls, context: 1)
short_id.generate_id = lambda: '<member>'
translation.resolve_and_find = lambda value, *args, **kwargs: value
server.Server._validate_image_flavor = lambda self, image, flavor: None


def _offline_constraints(cls: type) -> None:
    for sub in cls.__subclasses__():
        if 'validate_with_client' in vars(sub):
            sub.validate_with_client = lambda self, client, value: None
        _offline_constraints(sub)


_offline_constraints(constraints.BaseCustomConstraint)
