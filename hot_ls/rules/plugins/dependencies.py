"""The dependencies Heat's plugins add on their own (add_dependencies), without a cloud.

Before `openstack stack create` validates anything it orders the resources
(Stack.dependencies): the explicit dependencies (`depends_on`,
`get_resource`, `get_attr`) and, from some plugins, implicit ones read off
property values at that moment (get_attr is None, get_resource is the name,
or None for Neutron's types, `values.reference_at_validation`):

* a Port waits for each Subnet whose `network` equals its own;
* a Server with `networks` waits for each Subnet on a network it names, and
  for every Subnet when one of its networks is not named (a port, or a
  network given by get_resource);
* a Router with an external gateway waits for each Subnet on the gateway's
  network;
* a FloatingIP waits for each Router whose external gateway is on its
  floating network, and for each RouterInterface on the subnet of a port it
  requires;
* an ExtraRouteSet waits for each RouterInterface of its router;
* the hidden RouterGateway, which still works, waits for each
  RouterInterface of its router and each Subnet of its network, and a
  FloatingIP for each RouterGateway on its floating network.

So two Neutron resources that both take their network from get_resource
(None == None) are joined, whatever networks they are on, and a Subnet that
reads an attribute of a port or server closes a cycle: "Circular Dependency
Found" (HOT502).  `openstack orchestration template validate` does not
order them this way (it uses only the explicit dependencies).

Left out, so never an edge: what needs the cloud (a FloatingIP's port on a
network rather than fixed IPs: Heat asks Neutron for its subnets), what
depends on the order Heat adds edges in (FloatingIPAssociation and
FloatingIPPortForward), the unsupported ExtraRoute, and AWS's
VPCGatewayAttachment.  An edge is reported only when it is certain: both
resources created under the inputs, Heat's own types, values known (or both the
same string parameter, one value whatever it is).
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from hot_ls.catalog.property_rules import translations
from hot_ls.model.snapshot import Snapshot
from hot_ls.rules.plugins.properties import PropertyProblem
from hot_ls.rules.plugins.subject import Subject, resource_subject
from hot_ls.rules.plugins.values import Unknowable, resource_state
from hot_ls.syntax import Mapping, Scalar

if TYPE_CHECKING:
    from hot_ls.analysis import Analysis
    from hot_ls.model.symbols import Definition

SUBNET = 'OS::Neutron::Subnet'
ROUTER = 'OS::Neutron::Router'
INTERFACE = 'OS::Neutron::RouterInterface'
GATEWAY = 'OS::Neutron::RouterGateway'
PORT = 'OS::Neutron::Port'


@dataclass(frozen=True)
class Implicit:
    """One implicit dependency: `source` waits for `target`; `start`-`end` is where the
    source's property that decides it is written (its name, when it is not), `why` says
    so in words.  Never inside an `if` branch (`guarded`, as a reference may be)."""
    source: Any
    target: Any
    start: int
    end: int
    why: str
    guarded: bool = False


#: a resource hot-ls cannot follow Heat's loop through
UNSURE: Any = object()


class _Unknown(Exception):
    """Heat's loop stops here or hot-ls cannot follow it: no edge from here on."""


def _read(read: Callable[[], Any]) -> Any:
    """A property read inside Heat's `try: ... except (ValueError, TypeError): continue`:
    the value; _SKIP when Heat's read fails (it skips the pair), _UNREAD when hot-ls
    cannot know the value."""
    try:
        return read()
    except PropertyProblem:
        return _SKIP
    except Unknowable:
        return _UNREAD


_SKIP = object()
_UNREAD = object()


_EMPTY = ('empty when Heat orders the resources (get_resource of a Neutron resource and'
          ' get_attr are None before creation)')


def _same(one: Any, other: Any) -> bool | str:
    """Heat's `==` of two values, with a word on two empty ones (two different networks
    taken from get_resource, say, are equal then)."""
    if one != other:
        return False
    return f'both are {_EMPTY}' if one in (None, '') else True


class _Context:
    """What a decision reads beyond the two resources: the ports the source requires, and
    the string parameter a property is written as."""

    def __init__(self, ports: Callable[[], list[Any]], parameter: Callable[..., Any]):
        self.ports = ports
        self.parameter = parameter

    def equal(self, source: Subject, source_key: str, target: Subject,
              target_key: str) -> bool | str | None:
        """Whether the source's top-level property equals the target's, as Heat compares
        them: None when a read fails (Heat skips the pair) or a value is unknown, unless
        both are written as the same string parameter, which gives them one value
        whatever it is."""
        mine = _read(lambda: source.properties[source_key])
        theirs = _read(lambda: target.properties[target_key])
        if mine is _SKIP or theirs is _SKIP:
            return None
        if mine is _UNREAD or theirs is _UNREAD:
            parameter = self.parameter(source, source_key)
            if parameter is not None and parameter == self.parameter(target, target_key):
                return f'both are the parameter {parameter}, whatever value it is given'
            return None
        return _same(mine, theirs)


def _port(source: Subject, target: Subject, context: _Context) -> bool | str | None:
    """Port.add_dependencies, for one Subnet."""
    return context.equal(source, 'network', target, 'network')


def _server(source: Subject, target: Subject, context: _Context) -> bool | str | None:
    """Server.add_dependencies, for one Subnet (`networks` read before the loop)."""
    try:
        nets = source.properties['networks']
    except Unknowable:
        raise _Unknown() from None
    if not nets:
        return False
    subnet_net = _read(lambda: target.properties.get('network'))
    if subnet_net is _SKIP or subnet_net is _UNREAD:
        return None
    if not subnet_net:
        return f"the subnet's network is {_EMPTY}"
    try:
        for net in nets:
            net_id = net.get('network')
            if net_id and net_id == subnet_net:
                return True
            if not net_id:
                return f'one of its networks is {_EMPTY}'
    except Unknowable:
        return None
    return False


def _router(source: Subject, target: Subject, context: _Context) -> bool | str | None:
    """Router.add_dependencies, for one Subnet (the gateway read before the loop)."""
    try:
        external_gw = source.properties['external_gateway_info']
        if not external_gw:
            return False
    except Unknowable:
        raise _Unknown() from None
    external_gw_net = _read(lambda: external_gw.get('network'))
    subnet_net = _read(lambda: target.properties.get('network'))
    if subnet_net is _SKIP or external_gw_net is _SKIP:
        return None
    if subnet_net is _UNREAD or external_gw_net is _UNREAD:
        # a value given at deploy time: the same string parameter on both sides is one value
        parameter = context.parameter(target, 'network')
        if parameter is not None and \
                parameter == context.parameter(source, 'external_gateway_info', 'network'):
            return f'both are the parameter {parameter}, whatever value it is given'
        return None
    return _same(subnet_net, external_gw_net)


def _floating_ip_router(source: Subject, target: Subject,
                       context: _Context) -> bool | str | None:
    """FloatingIP.add_dependencies, for one Router."""
    gateway = _read(lambda: target.properties.get('external_gateway_info'))
    floating_network = _read(lambda: source.properties['floating_network'])
    if gateway is _SKIP or floating_network is _SKIP:
        return None
    try:
        if gateway is not _UNREAD and floating_network is not _UNREAD:
            return bool(gateway) and _same(gateway.get('network'), floating_network)
        if gateway is not _UNREAD and not gateway:
            return False
    except Unknowable:
        pass
    # a value given at deploy time: the same string parameter on both sides is one value
    parameter = context.parameter(source, 'floating_network')
    if parameter is not None and \
            parameter == context.parameter(target, 'external_gateway_info', 'network'):
        return f'both are the parameter {parameter}, whatever value it is given'
    return None


def _floating_ip_interface(source: Subject, target: Subject,
                           context: _Context) -> bool | str | None:
    """FloatingIP._add_router_interface_dependencies, for one RouterInterface: whether a
    port the floating IP requires has a fixed IP on the interface's subnet.  The subnet is
    read outside any `try` (a failure there ends Heat's loop); a port without fixed IPs
    on a named network is the cloud's to answer."""
    try:
        interface_subnet = target.properties.get('subnet') or target.properties.get('subnet_id')
    except Unknowable:
        raise _Unknown() from None
    certain = True
    for port in context.ports():
        if port is UNSURE:
            certain = False
            continue
        fixed_ips = _read(lambda: port.properties.get('fixed_ips'))
        if fixed_ips is _SKIP or fixed_ips is _UNREAD:
            certain = False
            continue
        try:
            if not fixed_ips:
                if interface_subnet is None:
                    return (f'its port {port.name} has no fixed IP, and the interface\'s '
                            f'subnet is {_EMPTY}')
                certain = False  # Heat asks Neutron for the network's subnets
                continue
            for fixed_ip in fixed_ips:
                port_subnet = fixed_ip.get('subnet') or fixed_ip.get('subnet_id')
                if interface_subnet == port_subnet:
                    return True
        except Unknowable:
            certain = False
    return False if certain else None


def _floating_ip_gateway(source: Subject, target: Subject,
                        context: _Context) -> bool | str | None:
    """FloatingIP.add_dependencies, for one (hidden, still working) RouterGateway: its
    `network or network_id` is `network` (translation empties `network_id`)."""
    return context.equal(source, 'floating_network', target, 'network')


def _gateway_interface(source: Subject, target: Subject,
                       context: _Context) -> bool | str | None:
    """RouterGateway.add_dependencies, for one RouterInterface."""
    return context.equal(source, 'router_id', target, 'router')


def _gateway_subnet(source: Subject, target: Subject, context: _Context) -> bool | str | None:
    """RouterGateway.add_dependencies, for one Subnet."""
    return context.equal(source, 'network', target, 'network')


def _extra_route_set(source: Subject, target: Subject, context: _Context) -> bool | str | None:
    """ExtraRouteSet.add_dependencies, for one RouterInterface."""
    return context.equal(source, 'router', target, 'router')


@dataclass(frozen=True)
class _Kind:
    target: str  # the interface the source waits for
    # True (or why, in words), False, None: unknown
    decide: Callable[[Subject, Subject, _Context], bool | str | None]
    at: tuple  # the source's property that decides
    why: str
    reads_first: bool = False  # reads the target outside Heat's `try` (a failure ends the loop)
    reads: tuple = ()  # the source's properties Heat reads for each target
    always: bool = False  # ... and reads them before its loop, whatever the stack holds


#: each plugin's implicit dependencies, in the order its add_dependencies looks for them
KINDS: dict[str, tuple[_Kind, ...]] = {
    PORT: (_Kind(SUBNET, _port, ('network',),
                 'Heat makes a port wait for every subnet on the same network',
                 reads=('network',)),),
    'OS::Nova::Server': (_Kind(
        SUBNET, _server, ('networks',),
        'Heat makes a server wait for every subnet on a network it names, and for every '
        'subnet if a network is not named', reads=('networks',), always=True),),
    ROUTER: (_Kind(SUBNET, _router, ('external_gateway_info', 'network'),
                   "Heat makes a router wait for every subnet on its external gateway's "
                   'network', reads=('external_gateway_info',), always=True),),
    GATEWAY: (_Kind(INTERFACE, _gateway_interface, ('router_id',),
                    'Heat makes a router gateway wait for every interface of its router',
                    reads=('router_id',)),
              _Kind(SUBNET, _gateway_subnet, ('network',),
                    'Heat makes a router gateway wait for every subnet on its network',
                    reads=('network',))),
    'OS::Neutron::FloatingIP': (
        _Kind(GATEWAY, _floating_ip_gateway, ('floating_network',),
              'Heat makes a floating IP wait for every router gateway on its floating '
              'network', reads=('floating_network',)),
        _Kind(INTERFACE, _floating_ip_interface, ('port_id',),
              'Heat makes a floating IP wait for every router interface on the subnet of its '
              "port's fixed IP", reads_first=True),
        _Kind(ROUTER, _floating_ip_router, ('floating_network',),
              'Heat makes a floating IP wait for every router with an external gateway on its '
              'floating network', reads=('floating_network',))),
    'OS::Neutron::ExtraRouteSet': (_Kind(INTERFACE, _extra_route_set, ('router',),
                                         'Heat makes an extra route set wait for every '
                                         'interface of its router', reads=('router',)),),
}

#: the interfaces some plugin waits for
TARGETS = frozenset(kind.target for kinds in KINDS.values() for kind in kinds)


def read_when_ordering(analysis: 'Analysis', type_name: str) -> frozenset[str]:
    """The properties of a resource of Heat's type `type_name` that add_dependencies reads
    when Heat orders the stack's resources, before it validates any (a translation's
    conflict read there is Heat's bare message, not a resource's "Property error")."""
    members = waiting(analysis).members
    return frozenset(key for kind in KINDS.get(type_name, ())
                     if kind.always or members.get(kind.target) for key in kind.reads)


def heat_type(analysis: 'Analysis', definition: 'Definition') -> str | None:
    """The name of Heat's own type that the resource is (a type the environment maps to
    one included), or None: a provider template, a plugin, an unknown type."""
    return _heat_type(analysis, definition, _resolver(analysis))


def _resolver(analysis: 'Analysis') -> Any:
    """What resolves the types of the analysis' resources: its stack, or, for a stack of
    the template alone, its workspace (the stack is renewed when the template's parameters
    or outputs change, and resolves alike)."""
    stack = analysis.stack
    return stack.workspace if stack.alone else stack


def _heat_type(analysis: 'Analysis', definition: 'Definition', resolver: Any) -> str | None:
    """heat_type, kept with the entry for as long as its `resolver` is the same."""
    kept = definition.built.get(heat_type)
    if kept is not None and kept[0]() is resolver:
        return kept[1]
    found = None
    if definition.mapping is not None and definition.type_name:
        rtype = analysis.resource_type(definition)
        if rtype is not None and rtype.source == 'bundled' \
                and not analysis.type_resolution(definition).is_provider:
            found = rtype.name
    definition.built[heat_type] = (weakref.ref(resolver), found)  # (the entry outlives it)
    return found


def written_parameter(analysis: 'Analysis', definition: 'Definition', key: str,
                      *inner: str) -> str | None:
    """The string parameter a top-level property (or the key `inner` of its map, as
    written) is written as, `{get_param: name}` and nothing else (under its own key, or the
    one a translation rule fills it from), or None."""
    properties = definition.get('properties')
    if not isinstance(properties, Mapping):
        return None
    if inner:
        for step in (key, *inner[:-1]):
            properties = properties.get(step)
            if not isinstance(properties, Mapping):
                return None
        key = inner[-1]
    pair = properties.pair(key)
    if pair is None:
        sources = [rule.value_path[0] for rule in translations(heat_type(analysis, definition))
                   if rule.rule == 'Replace' and rule.path == (key,) and rule.value_path
                   and len(rule.value_path) == 1]
        pair = properties.pair(sources[0]) if sources else None
    value = pair.value if pair is not None else None
    if not isinstance(value, Mapping) or len(value.index) != 1 or len(value.pairs) != 1:
        return None
    call = value.pairs[0]
    if not (isinstance(call.key, Scalar) and call.key.value == 'get_param'
            and isinstance(call.value, Scalar) and isinstance(call.value.value, str)):
        return None
    declared = analysis.template.parameters.get(call.value.value)
    kind = declared.get('type') if declared is not None and declared.mapping is not None \
        else None
    return call.value.value if isinstance(kind, Scalar) and kind.value == 'string' else None


def implicit_dependencies(analysis: 'Analysis', sources: list[Any],
                          members: dict[str, list[Any]],
                          required: Callable[[Any], list[Any]]) -> list[Implicit]:
    """The certain implicit dependencies of the resources `sources` (of KINDS' types):
    `members` lists each interface's resources (`sources_and_targets`), `required(name)`
    what a resource surely requires explicitly (a FloatingIP's ports are among them)."""
    resources = analysis.template.resources
    subjects: dict[Any, Subject | None] = {}
    of_name: dict[int, Any] = {}  # each subject's resource name (not always a string)

    def subject(name: Any) -> Any:
        """The resource as its plugin sees it; None when Heat does not create it; UNSURE
        when hot-ls does not know whether it does, or cannot read it (an adopted one)."""
        if name not in subjects:
            definition = resources[name]
            enabled = resource_state(analysis, name).enabled
            found: Any = None
            if enabled is None or (enabled and definition.get('external_id') is not None):
                found = UNSURE
            elif enabled:
                found = resource_subject(analysis, definition, analysis.resource_type(definition))
                of_name[id(found)] = name
            subjects[name] = found
        return subjects[name]

    def ports(name: Any) -> list[Any]:
        return [found for port in required(name)
                if port in resources and heat_type(analysis, resources[port]) == PORT
                and (found := subject(port)) is not None]

    def parameter(of: Subject, key: str, *inner: str) -> Any:
        return written_parameter(analysis, resources[of_name[id(of)]], key, *inner)

    order = {name: index for index, name in enumerate(resources)}
    found: list[Implicit] = []
    for source_name in sources:
        kinds = {kind.target: kind for kind in KINDS.get(
            heat_type(analysis, resources[source_name]), ())}
        source = subject(source_name)
        if not isinstance(source, Subject) or not kinds:
            continue
        targets = [name for interface in kinds for name in members.get(interface, ())
                   if name != source_name]
        # Heat's loop: every resource of the stack in the template's order, as far as it
        # surely goes (a read outside its `try` that fails, or is unknown, ends it)
        for target_name in sorted(targets, key=lambda name: order.get(name, 0)):
            kind = kinds.get(heat_type(analysis, resources[target_name]))
            target = subject(target_name) if kind is not None else None
            if target is None:
                continue  # not in the stack under the inputs
            if target is UNSURE:
                if kind.reads_first:
                    break
                continue
            try:
                decided = kind.decide(source, target,
                                      _Context(lambda: ports(source_name), parameter))
            except _Unknown:
                break
            if decided:
                where = source.node(kind.at)
                why = kind.why if decided is True else f'{kind.why}; {decided}'
                found.append(Implicit(source_name, target_name, where.start, where.end, why))
    return found


class Waiting:
    """Which resources may wait implicitly for which (by type alone), once per analysis:
    `sources`, each resource of a plugin of KINDS with the interfaces it may wait for, and
    `members`, each interface's resources in the template's order (names only: nothing
    that keeps the analysis or its tree, so that the next template of the document may
    share it: `_waiting`)."""

    __slots__ = ('sources', 'members')

    def __init__(self, analysis: 'Analysis'):
        self.sources: dict[Any, tuple[str, ...]] = {}
        self.members: dict[str, list[Any]] = {}
        resolver = _resolver(analysis)
        for definition in analysis.template.resources.values():
            found = _heat_type(analysis, definition, resolver)
            kinds = KINDS.get(found)
            if kinds:
                self.sources[definition.name] = tuple(kind.target for kind in kinds)
            if found in TARGETS:
                self.members.setdefault(found, []).append(definition.name)


def waiting(analysis: 'Analysis') -> Waiting:
    return analysis.derived(_waiting)


def _waiting(analysis: 'Analysis') -> Waiting:
    """The analysis' Waiting: the previous template's of the document when its resources
    are the same definitions, or the changed ones are of the same Heat types, for the same
    resolver (hot_ls.model.snapshot); else made again."""
    template = analysis.template
    resources = template.resources
    resolver = _resolver(analysis)
    kept = template.carried.get(Waiting)
    if kept is not None and kept[0]() is resolver:
        snapshot, waits = kept[1], kept[2]
        changed = snapshot.changed(resources)
        if changed is not None:
            now = list(resources.values())
            if all(_heat_type(analysis, now[index], resolver)
                   == _heat_type(analysis, snapshot.definitions[index], resolver)
                   for index in changed):
                if changed:
                    template.carried[Waiting] = (kept[0], Snapshot(resources), waits)
                return waits
    waits = Waiting(analysis)
    template.carried[Waiting] = (weakref.ref(resolver), Snapshot(resources), waits)
    return waits
