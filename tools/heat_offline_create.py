"""Two more stubs for stack create's checks offline, for groups' nested stacks.

tools/heat_validate.py answers the cloud's lookups offline; a group's
nested stack needs two more answers to be validated as on a cloud before
the group exists: a ResourceChain counts the running engines in the
database (one engine runs), and an AutoScalingGroup names its members at
random (short_id.generate_id), which would make Heat's messages differ from
run to run: they are all named MEMBER (a valid stack name, as a provider
template member needs), which tools/gen_validate_golden.py records as
"<member>", what hot-ls calls them.  Import it after heat_validate.
"""
from __future__ import annotations

import heat_validate  # noqa: F401  (the offline cloud this module completes)
from heat.common import short_id
from heat.objects import service

service.Service.active_service_count = classmethod(lambda cls, context: 1)
MEMBER = 'randommember'
short_id.generate_id = lambda: MEMBER
