"""Property values as a resource plugin's validate() sees them when a stack is created.

Heat runs each plugin's validate() before it creates anything, so the values
it reads are those of a stack whose resources do not exist yet: a literal is
itself, a parameter is its value (here: its default, as `openstack stack
create` without -P), `get_attr` of any resource is None (GetAtt.result()
answers None for a resource that is not created), `get_resource` is what
the type answers before it has a physical id (`reference_at_validation`:
its name, or None for Neutron's types; a provider template's, its name).  What hot-ls cannot know at all (a
parameter without a default, the stack's name or id, text built from
them, whatever a function made of them) is `UNKNOWN`.

The ported checks read values through `KnownMap` and `KnownList`, which
raise `Unknowable` the moment an unknown value is touched: the check is
then abandoned without a finding, because its outcome depends on what only
the cloud knows.  So a check that is written as Heat's code reads reaches a
verdict only when Heat's verdict is certain.
"""
from __future__ import annotations

import collections.abc
from typing import TYPE_CHECKING, Any, Callable, Iterator

from hot_ls.evaluator.template import TemplateEvaluation
from hot_ls.evaluator.values import AttributeRef, ResourceRef, Symbolic

if TYPE_CHECKING:
    from hot_ls.analysis import Analysis


class Unknowable(Exception):
    """The check touched a value hot-ls cannot know before the stack is created."""


class _Unknown:
    """The one unknown value (a singleton)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return 'UNKNOWN'


UNKNOWN: Any = _Unknown()

#: How many values one property may hold before it is given up as unknown
#: (YAML aliases can make a small document stand for a huge value).
SIZE_LIMIT = 20000


def reveal(value: Any) -> Any:
    """The value itself, or Unknowable when it is UNKNOWN."""
    if value is UNKNOWN:
        raise Unknowable()
    return value


class KnownMap(collections.abc.Mapping):
    """A map whose entries may be unknown: reading one raises Unknowable."""

    __slots__ = ('_data',)

    def __init__(self, data: dict):
        self._data = data

    def __getitem__(self, key: Any) -> Any:
        return reveal(self._data[key])

    def __iter__(self) -> Iterator[Any]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f'KnownMap({self._data!r})'


class KnownList(collections.abc.Sequence):
    """A list whose items may be unknown: reading one raises Unknowable (its length is known)."""

    __slots__ = ('_items',)

    def __init__(self, items: list):
        self._items = items

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return KnownList(self._items[index])
        return reveal(self._items[index])

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f'KnownList({self._items!r})'


#: What `get_resource` answers before the resource exists (FnGetRefId of a resource in
#: INIT) where it is not the resource's name: found by instantiating, in Heat 27.0.1, every
#: type that overrides get_reference_id or FnGetRefId.  Their physical id, still None:
REFERENCE_NONE = frozenset({
    'OS::Heat::Stack', 'OS::Heat::SwiftSignalHandle', 'OS::Nova::KeyPair',
    'OS::Neutron::AddressScope', 'OS::Neutron::ExtraRoute', 'OS::Neutron::ExtraRouteSet',
    'OS::Neutron::Firewall', 'OS::Neutron::FirewallPolicy', 'OS::Neutron::FirewallRule',
    'OS::Neutron::FloatingIP', 'OS::Neutron::FloatingIPAssociation',
    'OS::Neutron::FloatingIPPortForward', 'OS::Neutron::FlowClassifier',
    'OS::Neutron::IKEPolicy', 'OS::Neutron::IPsecPolicy', 'OS::Neutron::IPsecSiteConnection',
    'OS::Neutron::L2Gateway', 'OS::Neutron::L2GatewayConnection', 'OS::Neutron::MeteringLabel',
    'OS::Neutron::MeteringRule', 'OS::Neutron::Net', 'OS::Neutron::NetworkGateway',
    'OS::Neutron::Port', 'OS::Neutron::PortChain', 'OS::Neutron::PortPair',
    'OS::Neutron::PortPairGroup', 'OS::Neutron::ProviderNet',
    'OS::Neutron::QoSBandwidthLimitRule', 'OS::Neutron::QoSDscpMarkingRule',
    'OS::Neutron::QoSMinimumBandwidthRule', 'OS::Neutron::QoSMinimumPacketRateRule',
    'OS::Neutron::QoSPolicy', 'OS::Neutron::Quota', 'OS::Neutron::Router',
    'OS::Neutron::RouterGateway', 'OS::Neutron::RouterInterface', 'OS::Neutron::SecurityGroup',
    'OS::Neutron::SecurityGroupRule', 'OS::Neutron::Segment', 'OS::Neutron::Subnet',
    'OS::Neutron::SubnetPool', 'OS::Neutron::TaaS::TapFlow', 'OS::Neutron::TaaS::TapService',
    'OS::Neutron::Trunk', 'OS::Neutron::VPNService',
})
#: ... str() of that None:
REFERENCE_NONE_TEXT = frozenset({'AWS::S3::Bucket', 'OS::Swift::Container'})
#: ... something else (a Mistral workflow's `name`; an RBAC policy's fails):
REFERENCE_OTHER = frozenset({'OS::Mistral::Workflow', 'OS::Neutron::RBACPolicy'})


def reference_at_validation(rtype: Any, name: Any) -> Any:
    """`get_resource name` (of type `rtype`) when Heat validates the stack: its name for most
    types, None or 'None' for those above; UNKNOWN for a type hot-ls does not know as
    Heat's own (a provider template, a registry type, a plugin)."""
    if rtype is None or rtype.source != 'bundled' or rtype.name in REFERENCE_OTHER:
        return UNKNOWN
    if rtype.name in REFERENCE_NONE:
        return None
    if rtype.name in REFERENCE_NONE_TEXT:
        return 'None'
    return str(name)


def at_validation(value: Any, reference: Callable[[Any], Any],
                  budget: list[int] | None = None) -> Any:
    """An evaluated value as Heat's validate() has it: get_attr is None, get_resource
    `reference(name)`, anything else symbolic is UNKNOWN.

    Plain data is returned as is (lists and dicts copied where they hold
    something symbolic); a value larger than SIZE_LIMIT raises _TooLarge.
    """
    budget = budget if budget is not None else [SIZE_LIMIT]
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooLarge()
    if isinstance(value, AttributeRef):
        return None
    if isinstance(value, ResourceRef):
        return reference(value.name)
    if isinstance(value, Symbolic):
        return UNKNOWN
    if isinstance(value, dict):
        if any(isinstance(key, Symbolic) for key in value):
            return UNKNOWN
        return {key: at_validation(item, reference, budget) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [at_validation(item, reference, budget) for item in value]
    return value


def validation_value(value: Any, reference: Callable[[Any], Any]) -> Any:
    """at_validation, or UNKNOWN for a value too large to look at."""
    try:
        return at_validation(value, reference)
    except _TooLarge:
        return UNKNOWN


class _TooLarge(Exception):
    pass


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


class ResourceState:
    """A resource at validation time: whether Heat creates it, and its properties."""

    __slots__ = ('enabled', 'data', 'failed')

    def __init__(self, enabled: bool | None, data: Any, failed: dict | None = None):
        #: True: created under the inputs; False: never; None: unknown
        self.enabled = enabled
        #: the properties ({key: value}, values as `at_validation` gives them), or UNKNOWN
        self.data = data
        #: the properties whose value fails to resolve (UNKNOWN in `data`): key -> Heat's
        #: message, which reading the property raises
        self.failed = failed or {}


def resource_state(analysis: 'Analysis', name: Any) -> ResourceState:
    """The resource `name` of the analysed template, evaluated once as a stack create without
    -P evaluates it: the default parameter values and the configured inputs; a parameter
    without a value and a file not sent are unknown (so they hide only what reads them)."""
    states = analysis.derived(_States)
    return states.get(name)


class _References:
    """`get_resource name` at validation (reference_at_validation), each name looked at once.
    It keeps the template and the stack, not the analysis (which keeps this object)."""

    def __init__(self, analysis: 'Analysis'):
        self._template = analysis.template
        self._stack = analysis.stack
        self._found: dict[Any, Any] = {}

    def __call__(self, name: Any) -> Any:
        if not _hashable(name):
            return UNKNOWN
        try:
            return self._found[name]
        except KeyError:
            pass
        definition = self._template.resources.get(name)
        resolution = self._stack.resolve(definition.type_name, name) \
            if definition is not None and definition.type_name else None
        if resolution is not None and resolution.is_provider and resolution.type is not None:
            found = str(name)  # (TemplateResource.get_reference_id: its name until created)
        else:
            found = reference_at_validation(resolution.type if resolution else None, name)
        self._found[name] = found
        return found


def validation_reference(analysis: 'Analysis') -> Callable[[Any], tuple[bool, Any]]:
    """What `get_resource name` gives when Heat validates the stack before creating it, for
    the evaluator (Scope.validation_reference): (True, the reference), or (False, None)
    where hot-ls does not know it."""
    references = analysis.derived(_States).reference

    def answer(name: Any) -> tuple[bool, Any]:
        found = references(name)
        return (False, None) if found is UNKNOWN else (True, found)
    return answer


class _States:
    """One evaluation of the template under the inputs, read per resource: the checks'
    (`Analysis.checked_evaluation`, which gives the values from what finding the errors
    parsed and evaluated), or, for a document with aliases, one with values."""

    def __init__(self, analysis: 'Analysis'):
        self.checked = analysis.checked_evaluation
        inputs = analysis.inputs
        # (what an evaluation with values needs, not the analysis, which keeps this object)
        self._making = (analysis.template, inputs.environments, inputs.parameters,
                        analysis.call_sites, analysis.stack.files)
        self._evaluation: TemplateEvaluation | None = None
        self.states: dict[Any, ResourceState] = {}
        self.reference = _References(analysis)

    @property
    def evaluation(self) -> TemplateEvaluation:
        if self._evaluation is None:
            template, environments, parameters, sites, files = self._making
            self._evaluation = TemplateEvaluation(template, environments, parameters, sites=sites,
                                                  files=files, unknown_inputs=True)
        return self._evaluation

    def get(self, name: Any) -> ResourceState:
        state = self.states.get(name)
        if state is None:
            state = self.states[name] = self._state(name)
        return state

    def _state(self, name: Any) -> ResourceState:
        try:
            preview = self.checked.resource_values(name) or self.evaluation.resource(name)
        except RecursionError:
            return ResourceState(None, UNKNOWN)
        enabled = preview.enabled.value if preview.enabled.error is None else None
        enabled = enabled if isinstance(enabled, bool) else None
        values = preview.properties.value
        if preview.properties.error is not None or not isinstance(values, dict):
            return ResourceState(enabled, UNKNOWN)
        data = {key: validation_value(value, self.reference) for key, value in values.items()}
        for key in preview.property_errors:
            data[key] = UNKNOWN
        return ResourceState(enabled, data, {key: error.message for key, error
                                             in preview.property_errors.items()})
