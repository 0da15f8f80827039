"""How the property rules report their issues, and those inside a group's member.

Heat validates a group's member when the stack is created, but not
strictly (StackResource.validate_nested_stack sets strict_validate=False),
as it does every nested stack (a provider template's resources too:
Analysis.strict):
an unknown or unimplemented property is refused before anything is
created; a missing required property or a value of the wrong type only if
the member type's own validate() reads it (then HOT730 reports Heat's
error); anything else about the values only when Heat creates the member,
after the stack create has started.  Those are warnings here, and so is
everything in a group without members, which Heat does not check, or in one
whose size is given at deploy time (`members.unchecked_reason`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterator

from hot_ls.rules.base import Finding, Severity
from hot_ls.rules.plugins.validation import plugin_validation
from hot_ls.rules.resources.members import unchecked_reason
from hot_ls.rules.resources.property_walk import PropertyIssue, resource_walk


#: Why a property value's problem in a nested stack is a warning (Analysis.strict).
NESTED = ('Heat checks the property values of a nested stack only when it creates it, after '
          'the stack create has started')


def nested_value(analysis, definition, key, finding: Finding) -> Finding:
    """A resource's value Heat refuses, in a nested stack: the error stands when the type's
    validate() reads the property (Heat's validation without values meets it there), else
    it is a warning that says why."""
    if key in plugin_validation(analysis, definition).own_reads:
        return finding
    return replace(finding, message=f'{finding.message} ({NESTED})', severity=Severity.WARNING)


def nested_finding(analysis, issue: PropertyIssue, message: str, *,
                   data: dict | None = None) -> Finding | None:
    """For a resource's own issue about a value in a nested stack: None when Heat's non-strict
    validation still meets it (the plugin's validate() reads the property), else a warning."""
    definition = analysis.template.resources.get(issue.resource)
    if definition is not None and issue.top is not None and \
            issue.top in plugin_validation(analysis, definition).own_reads:
        return None
    return Finding(issue.start, issue.end, f'{message} ({NESTED})', severity=Severity.WARNING,
                   data=data)


def member_finding(analysis, issue: PropertyIssue, message: str, *, values: bool,
                   data: dict | None = None) -> Finding | None:
    """The finding for `issue` (whose `member` is set), or None when HOT730 reports it."""
    member = issue.member
    group = member.group.name
    if member.built is False:
        reason = f'{group} has no members, so Heat does not check its member definition'
    elif not values:
        unchecked = unchecked_reason(member)
        if unchecked is None:
            return Finding(issue.start, issue.end, message, data=data)
        reason = unchecked
    elif plugin_validation(analysis, member.group).reads(group, member, issue.top):
        return None
    else:
        reason = (f"Heat checks the property values of {group}'s members only when it creates "
                  'them, after the stack create has started')
    return Finding(issue.start, issue.end, f'{message} ({reason})', severity=Severity.WARNING,
                   data=data)


def issue_findings(analysis, kind: str, *, values: bool, with_data: bool = False,
                   message: Callable[[PropertyIssue], str] | None = None,
                   own: Callable[[PropertyIssue], Finding] | None = None,
                   postponed: str | None = None,
                   nested_values: bool = False) -> Iterator[Finding]:
    """The findings of one kind of property issue: the resources' own, then their members'.

    `values`: the issue is about a property's value (required, type,
    constraint), which Heat does not check in a member before creating it.
    `nested_values`: below a property's top level, it is one (an unknown key inside a
    property's map: Heat's validation without values, a nested stack's, checks only the
    top-level names).
    `own` makes the finding of a resource's own issue, when the rule says more.
    `postponed` ends the warning for an issue inside a property that refers
    to a resource, which Heat does not check before it creates the stack
    (PropertyIssue.postponed says why).
    """
    for definition in analysis.checking.resources:
        for issue in resource_walk(analysis, definition).issues:
            if issue.kind != kind or issue.section != 'properties':
                continue
            text = message(issue) if message is not None else issue.message
            data = issue.data if with_data else None
            if issue.member is None and issue.postponed and postponed is not None:
                yield Finding(issue.start, issue.end, f'{text} ({issue.postponed}; {postponed})',
                              severity=Severity.WARNING, data=data)
                continue
            if issue.member is None:
                if (values or nested_values and issue.container is not None
                        and issue.container is not definition.get('properties')) \
                        and not analysis.strict:
                    finding = nested_finding(analysis, issue, text, data=data)
                    if finding is not None:
                        yield finding
                        continue
                yield own(issue) if own is not None else Finding(issue.start, issue.end, text,
                                                                  data=data)
                continue
            finding = member_finding(analysis, issue, text, values=values, data=data)
            if finding is not None:
                yield finding
