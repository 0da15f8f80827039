"""Run the ported validate() of each resource, and of each group member, once per analysis.

Heat runs a plugin's validate() only on the resources it creates (never on
one whose condition is false under the default parameter values, nor on an
external resource, which it validates against the cloud), and on the
member of each group that has members.  A type an environment maps to a
provider template is that template, whatever its name.  A check that touches an unknown
value says nothing.  Reading a property Heat cannot have in its type is
left to the property rules for a resource, whose values Heat validates
before; in a member, whose values it does not, the plugin's read is what
fails ("ValueError: resources.g<nested_stack>.resources[0]: Property flavor
not assigned"): those reads are recorded, so the property rules do not
also report them as warnings.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hot_ls.analysis import Severity
from hot_ls.evaluator.errors import detached
from hot_ls.rules.plugins.dependencies import read_when_ordering
from hot_ls.rules.plugins.errors import (CloudDependent, PropertyRead, Rejection, ValidationFailed,
                                         member_text,
                                         resource_text)
from hot_ls.rules.plugins.properties import PropertyProblem, TranslationConflict
from hot_ls.rules.plugins.provider_stacks import member_refusals, resource_refusals
from hot_ls.rules.plugins.subject import Stack, Subject, resource_subject
from hot_ls.rules.plugins.table import CHECKS, Check
from hot_ls.rules.plugins.values import Unknowable, resource_state
from hot_ls.rules.resources.members import (Member, group_members, member_resolution,
                                             unchecked_reason)
from hot_ls.rules.resources.property_walk import misspelt_properties
from hot_ls.syntax import Mapping

if TYPE_CHECKING:
    from hot_ls.analysis import Analysis
    from hot_ls.model.symbols import Definition


@dataclass
class PluginFinding:
    start: int
    end: int
    message: str
    related: tuple = ()  # (start, end, what is there)
    data: dict | None = None  # for a quick fix
    severity: Severity | None = None  # None: the rule's


@dataclass
class PluginValidation:
    findings: list[PluginFinding] = field(default_factory=list)
    #: (group, member name, property): a member property whose read fails in its validate()
    member_reads: set[tuple[Any, str, str]] = field(default_factory=set)
    #: in a nested stack (validated without values), the resource's own properties whose read
    #: fails in its validate(): the property rules' errors stand for them
    own_reads: set[str] = field(default_factory=set)

    def reads(self, group: Any, member: Member, key: str | None) -> bool:
        return key is not None and (group, member.name, key) in self.member_reads


def read_by_validate(analysis: 'Analysis', definition: 'Definition', offset: int) -> bool:
    """Whether the property written at `offset` of the resource's properties is one its
    type's validate() reads and whose read fails (`own_reads`): in a nested stack, whose
    values Heat does not validate first, Heat's validation resolves it there."""
    properties = definition.get('properties')
    if not isinstance(properties, Mapping):
        return False
    reads = plugin_validation(analysis, definition).own_reads
    return bool(reads) and any(
        key in reads and pair.value.start <= offset < max(pair.value.end, offset + 1)
        for key, pair in properties.index.items())


def plugin_validation(analysis: 'Analysis', definition: 'Definition') -> PluginValidation:
    """The ported validate() of one resource and of its members, once per analysis."""
    return analysis.derived_for(_validate, definition)


def _validate(analysis: 'Analysis', definition: 'Definition') -> PluginValidation:
    found = PluginValidation()
    template = analysis.template
    if template is None or template.version is None:
        return found
    if definition.mapping is None or definition.get('external_id') is not None:
        return found
    if misspelt_properties(template, definition) is not None:
        return found  # (its properties are under a misspelt key, which HOT112 and HOT703 name)
    rtype = analysis.resource_type(definition)
    if rtype is None:
        return found
    provider = analysis.type_resolution(definition).is_provider
    check = None if provider else CHECKS.get(rtype.name)
    if provider:
        _validate_provider(analysis, found, definition)
    elif rtype.name in DEPLOYMENT_GROUPS and rtype.source == 'bundled':
        _validate_deployment_member(analysis, found, definition, DEPLOYMENT_GROUPS[rtype.name])
    members = group_members(analysis, definition)
    if check is None and not members:
        return found
    strict = analysis.strict
    subject = resource_subject(analysis, definition, rtype, strict)
    if subject is None:
        return found
    if check is not None:
        rejection = _run(check, subject, reads=not strict)
        if isinstance(rejection, PropertyRead):
            found.own_reads.add(rejection.at[0])
        elif rejection is not None:
            _record(found, subject, rejection, resource_text(rejection, subject.name))
    for member in members:
        _validate_member(analysis, found, definition.name, member, subject)
    return found


def _validate_member(analysis: 'Analysis', found: PluginValidation, group: Any, member: Member,
                     group_subject: Subject) -> None:
    if member.built is False:
        return
    resolution = member_resolution(analysis, member)
    if resolution is not None and resolution.is_provider:
        _validate_provider_member(analysis, found, group, member)
        return
    mtype = resolution.type if resolution is not None else None
    check = CHECKS.get(mtype.name) if mtype is not None and not resolution.is_provider else None
    if check is None:
        return
    subject = Subject(member.name, mtype, member.data, Stack(None), member.properties_node,
                      member.anchor, strict=False)
    rejection = _run(check, subject, member=True)
    if rejection is None:
        return
    if isinstance(rejection, PropertyRead):
        found.member_reads.add((group, member.name, rejection.at[0]))
    _record(found, subject, rejection, member_text(rejection, str(group), member.name),
            unchecked_reason(member))


#: the deployment groups, each with the type of its members (one per `servers` entry)
DEPLOYMENT_GROUPS = {
    'OS::Heat::SoftwareDeploymentGroup': 'OS::Heat::SoftwareDeployment',
    'OS::Heat::SoftwareDeployments': 'OS::Heat::SoftwareDeployment',
    'OS::Heat::StructuredDeploymentGroup': 'OS::Heat::StructuredDeployment',
    'OS::Heat::StructuredDeployments': 'OS::Heat::StructuredDeployment',
}


def _validate_deployment_member(analysis: 'Analysis', found: PluginValidation,
                                definition: 'Definition', member_type: str) -> None:
    """A deployment group's first member, as Heat validates the group's nested stack
    (SoftwareDeploymentGroup.build_resource_definition: the group's properties, `servers`
    replaced by `server`, its entry for that member): the deployment's validate() reads
    `server`, which must be a string (a misspelt function in `servers` is a map).  The
    server itself is in the parent's stack, so nothing else is checked there."""
    state = resource_state(analysis, definition.name)
    data = state.data
    if state.enabled is not True or not isinstance(data, dict):
        return
    servers = data.get('servers')
    if not isinstance(servers, dict) or not servers:
        return  # (no member: Heat validates none)
    first = next(iter(servers))
    member_data = {key: value for key, value in data.items() if key != 'servers'}
    member_data['server'] = servers[first]
    mtype = analysis.catalog.get(member_type)
    check = CHECKS.get(member_type)
    if mtype is None or check is None:
        return
    properties = definition.get('properties')
    written = properties.get('servers') if isinstance(properties, Mapping) else None
    entry = written.index.get(first) if isinstance(written, Mapping) else None
    node = entry.value if entry is not None else (written or definition.key)
    subject = Subject(str(first), mtype, member_data, Stack(None), None, node, strict=False)
    rejection = _run(check, subject, member=True)
    if rejection is not None and not isinstance(rejection, CloudDependent):
        found.findings.append(PluginFinding(node.start, node.end, member_text(
            rejection, str(definition.name), str(first))))


def _validate_provider(analysis: 'Analysis', found: PluginValidation,
                       definition: 'Definition') -> None:
    """What Heat's validation of a provider resource's nested stack refuses of the values it
    passes (provider_stacks), at the property that passes each."""
    properties = definition.get('properties')
    for refused in resource_refusals(analysis, definition, _run_nested):
        pair = properties.index.get(refused.passed) if isinstance(properties, Mapping) else None
        node = pair.value if pair is not None else definition.key
        found.findings.append(PluginFinding(node.start, node.end, refused.message))


def _validate_provider_member(analysis: 'Analysis', found: PluginValidation, group: Any,
                              member: Member) -> None:
    """What Heat's validation of a member's provider stack refuses (provider_stacks): a
    parameter read without a value (where no environment is known, one may give it in
    parameter_defaults: a warning that says so), or a value the member passes."""
    known = analysis.stack.environments_known
    node = member.properties_node if member.properties_node is not None else member.anchor
    for refused in member_refusals(analysis, member, _run_nested):
        if refused.missing is None:
            found.findings.append(PluginFinding(node.start, node.end, refused.message))
            continue
        found.member_reads.add((group, member.name, refused.missing))
        if known:
            found.findings.append(PluginFinding(node.start, node.end, refused.message))
        else:
            found.findings.append(PluginFinding(
                node.start, node.end, f'{refused.message} ({refused.missing} has no default, '
                'and no environment is known for this template whose parameter_defaults could '
                'give it one)', severity=Severity.WARNING))


def _run_nested(check: Check, subject: Subject) -> Rejection | None:
    """The refusal of a resource's validate() in a nested stack (validated as a member is:
    a property read that fails is the refusal)."""
    return _run(check, subject, member=True)


def _run(check: Check, subject: Subject, member: bool = False,
         reads: bool = False) -> Rejection | None:
    """The check's refusal, or None: it accepts, or what it read is not known (`reads`: a
    property read that fails is the refusal, a PropertyRead, as in a member)."""
    try:
        check(subject)
    except Rejection as rejection:
        # (its traceback would tie the analysis into a reference cycle)
        return detached(rejection)
    except TranslationConflict as conflict:
        # translation_rules() are the plugin's own: the property rules do not model them
        if member:
            return None
        analysis = subject.stack.analysis  # (which other resources there are: observed)
        if analysis is not None and \
                conflict.key in analysis.observe(read_when_ordering, subject.type.name):
            return ValidationFailed(conflict.message, at=conflict.where)
        return ValidationFailed(conflict.message, at=conflict.where, error='Property error',
                                path=('resources', subject.name, 'properties') + conflict.where)
    except PropertyProblem as problem:
        # a resource's own values are validated first (HOT703, HOT704); a member's, and a
        # nested stack's, are not: the read is what fails
        return PropertyRead('ValueError', problem.message, at=(problem.key,)) \
            if member or reads else None
    except Unknowable:
        return None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        return None  # a value of a shape Heat's own validation refuses first
    return None


def _record(found: PluginValidation, subject: Subject, rejection: Rejection, message: str,
            reason: str | None = None) -> None:
    """A finding of the refusal; `reason`, why Heat may not make the check: a warning."""
    node = subject.node(rejection.at)
    severity = None
    if isinstance(rejection, CloudDependent):
        reason = rejection.when if reason is None else f'{rejection.when}; {reason}'
    if reason is not None:
        message, severity = f'{message} ({reason})', Severity.WARNING
    found.findings.append(PluginFinding(node.start, node.end, message, rejection.related,
                                        getattr(rejection, 'data', None), severity))
