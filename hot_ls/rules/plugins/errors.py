"""How a plugin's validate() refuses a resource, and how Heat words the refusal.

A ported check raises one of these, as Heat's code raises its exception.
The text the user finally reads depends on the exception's class and on
where it was raised, exactly as in Heat:

* a StackValidationFailed keeps its own error, path and message
  (heat/common/exception.py HeatExceptionWithPath);
* any other HeatException (ResourcePropertyConflict, PropertyUnspecifiedError,
  ...) is its message;
* a plain Python exception (ValueError...) is wrapped by Stack.validate with
  its class name and the resource's path: "ValueError: resources.r: ...";
* a message a validate() *returns* (NeutronResource) becomes a
  StackValidationFailed with that message.

Inside a group's member, the nested stack's validation wraps each once
more, under "resources.<group><nested_stack>" (StackResource
.validate_nested_stack).
"""
from __future__ import annotations

from typing import Any


class Rejection(Exception):
    """Heat refuses the resource.  `at` is the property path the finding points at;
    `related`, other places its message speaks of: (start, end, what is there); `data`, the
    finding's data for a quick fix (names, never offsets)."""

    def __init__(self, message: str, at: tuple = (), related: tuple = (),
                 data: dict | None = None):
        super().__init__(message)
        self.message = message
        self.at = at
        self.related = related
        self.data = data


class ValidationFailed(Rejection):
    """StackValidationFailed(error=..., path=..., message=...)."""

    def __init__(self, message: str, at: tuple = (), error: str = '', path: tuple = (),
                 related: tuple = (), data: dict | None = None):
        super().__init__(message, at, related, data)
        self.error = error
        self.path = tuple(path)


class CloudDependent(ValidationFailed):
    """Heat refuses this where the cloud's API is recent enough (a Nova microversion Heat
    uses when the cloud offers it): certain on the clouds of Heat's own release, not on
    every cloud.  `when` says which: a warning."""

    def __init__(self, message: str, when: str, at: tuple = ()):
        super().__init__(message, at)
        self.when = when


class HeatError(Rejection):
    """Another HeatException: its message, and its class name when something wraps it."""

    def __init__(self, name: str, message: str, at: tuple = ()):
        super().__init__(message, at)
        self.name = name


class PythonError(Rejection):
    """A bare Python exception (ValueError, TypeError...) escaping validate()."""

    def __init__(self, name: str, message: str, at: tuple = ()):
        super().__init__(message, at)
        self.name = name


class Returned(Rejection):
    """A message validate() returns instead of raising."""


class PropertyRead(PythonError):
    """The ValueError of a validate() reading a property Heat's Properties cannot give (in a
    nested stack, whose values Heat does not validate first)."""


def conflict(*props: str, at: tuple = ()) -> HeatError:
    return HeatError('ResourcePropertyConflict', 'Cannot define the following properties '
                     'at the same time: %s.' % ', '.join(props), at)


def unspecified(*props: str, at: tuple = ()) -> HeatError:
    return HeatError('PropertyUnspecifiedError', 'At least one of the following properties '
                     'must be specified: %s.' % ', '.join(props), at)


def dependency(prop1: str, prop2: str, at: tuple = ()) -> HeatError:
    return HeatError('ResourcePropertyDependency',
                     '%s cannot be specified without %s.' % (prop1, prop2), at)


def value_dependency(prop1: str, prop2: str, value: Any, at: tuple = ()) -> HeatError:
    return HeatError('ResourcePropertyValueDependency',
                     '%s property should only be specified for %s with value %s.'
                     % (prop1, prop2, value), at)


def path_text(path: tuple | list) -> str:
    """HeatExceptionWithPath's rendering of a path: digits as [n], the rest dotted."""
    result = ''
    for item in path:
        if isinstance(item, int) or str(item).isdigit():
            result += '[%s]' % item
        elif result:
            result += '.%s' % item
        else:
            result = str(item)
    return result


def with_path(error: str, path: tuple | list, message: str) -> str:
    """HeatExceptionWithPath's text: "error: path: message", each part only when given."""
    rendered = path_text(path)
    return (('%s: ' % error if error else '') + ('%s: ' % rendered if rendered else '')
            + message)


def _as_validation_failure(rejection: Rejection, resource: str) -> tuple[str, tuple, str] | None:
    """(error, path, message) once Stack.validate has handled it, or None for a HeatError."""
    if isinstance(rejection, ValidationFailed):
        return rejection.error, rejection.path, rejection.message
    if isinstance(rejection, PythonError):
        return rejection.name, ('resources', resource), rejection.message
    if isinstance(rejection, Returned):
        return '', (), rejection.message
    return None


def resource_text(rejection: Rejection, resource: str) -> str:
    """What `openstack stack create` prints when a resource of the template is refused."""
    failure = _as_validation_failure(rejection, resource)
    if failure is None:
        return rejection.message
    return with_path(*failure)


def member_text(rejection: Rejection, group: str, member: str) -> str:
    """The same, for the member `member` of the group `group` (its nested stack's validation)."""
    return nested_text(rejection, ('resources', f'{group}<nested_stack>'), member)


def nested_text(rejection: Rejection, outer: tuple, resource: str) -> str:
    """The same, for the resource `resource` of a nested stack whose validation
    (StackResource.validate_nested_stack) fails at `outer` of the stack created: Stack
    .validate passes a HeatException on as it is and wraps any other exception with the
    resource's path; validate_nested_stack prefixes the path with `outer`."""
    failure = _as_validation_failure(rejection, resource)
    if failure is None:
        assert isinstance(rejection, HeatError)
        return with_path(rejection.name, outer, rejection.message)
    error, path, message = failure
    return with_path(error, outer + tuple(path), message)
