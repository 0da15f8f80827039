"""OS::Octavia::* validate() (heat/engine/resources/openstack/octavia/), without a cloud."""
from __future__ import annotations

from hot_ls.rules.plugins.errors import ValidationFailed, unspecified, value_dependency
from hot_ls.rules.plugins.subject import Subject


def pool(r: Subject) -> None:
    props = r.properties
    if props['listener'] is None and props['loadbalancer'] is None:
        raise unspecified('listener', 'loadbalancer')
    if props['session_persistence'] is not None:
        persistence = props['session_persistence']
        kind = persistence['type']
        at = ('session_persistence',)
        if kind == 'APP_COOKIE':
            if not persistence.get('cookie_name'):
                raise ValidationFailed('Property cookie_name is required when '
                                       'session_persistence type is set to APP_COOKIE.', at=at)
        elif kind == 'SOURCE_IP':
            if persistence.get('cookie_name'):
                raise ValidationFailed('Property cookie_name must NOT be specified when '
                                       'session_persistence type is set to SOURCE_IP.', at=at)


def listener(r: Subject) -> None:
    props = r.properties
    if props['protocol'] == 'TERMINATED_HTTPS' and props['default_tls_container_ref'] is None:
        raise ValidationFailed('Property default_tls_container_ref required when protocol is '
                               'TERMINATED_HTTPS.', at=('protocol',))


def l7_policy(r: Subject) -> None:
    props = r.properties
    action = props['action']
    if action == 'REJECT' and (props['redirect_pool'] is not None
                               or props['redirect_url'] is not None):
        raise ValidationFailed('Properties redirect_pool and redirect_url are not required when '
                               'action type is set to REJECT.', at=('action',))
    if action == 'REDIRECT_TO_POOL':
        if props['redirect_url'] is not None:
            raise value_dependency('redirect_url', 'action', 'REDIRECT_TO_URL',
                                   at=('redirect_url',))
        if props['redirect_pool'] is None:
            raise ValidationFailed('Property redirect_pool is required when action type is set '
                                   'to REDIRECT_TO_POOL.', at=('action',))
    if action == 'REDIRECT_TO_URL':
        if props['redirect_pool'] is not None:
            raise value_dependency('redirect_pool', 'action', 'REDIRECT_TO_POOL',
                                   at=('redirect_pool',))
        if props['redirect_url'] is None:
            raise ValidationFailed('Property redirect_url is required when action type is set '
                                   'to REDIRECT_TO_URL.', at=('action',))


def l7_rule(r: Subject) -> None:
    if r.properties['type'] in ('HEADER', 'COOKIE') and r.properties['key'] is None:
        raise ValidationFailed('Property key is missing. This property should be specified for '
                               'rules of HEADER and COOKIE types.', at=('type',))
