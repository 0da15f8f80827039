"""What replaces each CloudFormation function HOT removed (from 2014-10-16, Fn::Select
from 2015-10-15): for the diagnostic, its hover and its quick fix."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Replacement:
    #: what to write instead, in Markdown (function names in backticks)
    instead: str
    #: a HOT function taking exactly the same arguments, when renaming the call is the fix
    rename: str | None = None

    @property
    def plain(self) -> str:
        """`instead` for plain text (messages)."""
        return self.instead.replace('`', '')


REPLACEMENTS: dict[str, Replacement] = {
    'Fn::Join': Replacement('`list_join`', 'list_join'),
    'Fn::Split': Replacement('`str_split`', 'str_split'),
    'Fn::ResourceFacade': Replacement('`resource_facade`', 'resource_facade'),
    'Fn::Replace': Replacement('`str_replace`'),
    'Ref': Replacement('`get_param` (a parameter) or `get_resource` (a resource)'),
    'Fn::Select': Replacement('a `get_param` path or `yaql`'),
    'Fn::Base64': Replacement('the plain text (Heat never encoded it)'),
    'Fn::GetAZs': Replacement('a parameter listing the availability zones (HOT has no '
                              'function for them)'),
    'Fn::MemberListToMap': Replacement('a `json` parameter or `yaql` (HOT has no function '
                                       'for it)'),
}


def replacement(name: str) -> Replacement | None:
    return REPLACEMENTS.get(name)
