"""OS::Keystone::* validate() (role assignments), without a cloud."""
from __future__ import annotations

from hot_ls.rules.plugins.errors import ValidationFailed, conflict
from hot_ls.rules.plugins.subject import Subject


def role_assignments(r: Subject) -> None:
    """KeystoneRoleAssignmentMixin.validate_assignment_properties: each role in a project or
    a domain, not both."""
    roles = r.properties.get('roles')
    if roles is None:
        return
    for index, assignment in enumerate(roles):
        project = assignment.get('project')
        domain = assignment.get('domain')
        if project is not None and domain is not None:
            raise conflict('project', 'domain', at=('roles', index))
        if project is None and domain is None:
            raise ValidationFailed('Either project or domain must be specified for role %s'
                                   % assignment.get('role'), at=('roles', index))
