"""Heat's exceptions, re-created so that `str(error)` is Heat's message.

The evaluator raises these (and plain ValueError/TypeError/KeyError, where
Heat lets Python's own exceptions escape) exactly where Heat raises them, so
the messages users see are Heat's by construction rather than by copying
strings into a table.  `EvalError` is the public form: the message plus the
node it arose at and the phase (parse, validate or resolve) it arose in.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hot_ls.syntax import Node

PARSE, VALIDATE, RESOLVE = 'parse', 'validate', 'resolve'


class HeatError(Exception):
    """heat.common.exception.HeatException: a message made from `msg_fmt`."""

    msg_fmt = 'An unknown exception occurred.'

    def __init__(self, **kwargs: Any):
        self.kwargs = kwargs
        self.message = self.msg_fmt % kwargs
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


class UserParameterMissing(HeatError):
    msg_fmt = 'The Parameter (%(key)s) was not provided.'


class InvalidTemplateVersion(HeatError):
    msg_fmt = 'The template version is invalid: %(explanation)s'


class InvalidTemplateReference(HeatError):
    msg_fmt = 'The specified reference "%(resource)s" (in %(key)s) is incorrect.'


class InvalidTemplateAttribute(HeatError):
    msg_fmt = 'The Referenced Attribute (%(resource)s %(key)s) is incorrect.'


def format_path(path: list) -> str:
    """HeatExceptionWithPath's rendering of a path list ('a.b[0].c')."""
    result = ''
    for item in path:
        if isinstance(item, int) or item.isdigit():
            result += '[%s]' % item
        elif result:
            result += '.%s' % item
        else:
            result = item
    return result


class StackValidationFailed(HeatError):
    """heat.common.exception.StackValidationFailed: '<error>: <path>: <message>'."""

    msg_fmt = '%(error)s%(path)s%(message)s'

    def __init__(self, error: Any = None, path: Any = None, message: str | None = None):
        if path is None:
            path = []
        elif isinstance(path, str):
            path = [path]
        if isinstance(error, Exception):
            if isinstance(error, StackValidationFailed):
                str_error = error.error
                message = error.error_message
                path = path + error.path
            else:
                str_error = type(error).__name__
                message = str(error)
        else:
            str_error = error
        self.error = str_error or ''
        self.path = list(path)
        self.error_message = message or ''
        rendered = format_path(self.path)
        super().__init__(error=('%s: ' % self.error if self.error != '' else ''),
                         path=('%s: ' % rendered if rendered else ''),
                         message=self.error_message)


#: The longest string and the longest list hot-ls computes.  Heat reads no
#: request over 1 MiB, so a value beyond these was multiplied by the functions
#: (`repeat` over a product of lists, `str_replace` or `list_join` nested):
#: Heat would spend the time and memory, hot-ls gives up on the value.
MAX_STRING = 4 * 1048576
MAX_ITEMS = 100_000


class EvaluationLimit(Exception):
    """A value hot-ls does not evaluate: YAML aliases make it too large to walk, or the
    functions would make it larger than MAX_STRING characters or MAX_ITEMS items.

    Not a Heat failure (Heat would take as long, or run out of memory):
    checks report nothing for it.
    """

    def __init__(self, limit: int, why: str | None = None):
        super().__init__('hot-ls does not evaluate this value: ' + (
            why or 'through YAML aliases it has more than %d nodes' % limit))
        self.limit = limit


def check_string_size(size: int, function: str) -> None:
    """Raise EvaluationLimit before a function builds a string of `size` characters past
    MAX_STRING."""
    if size > MAX_STRING:
        raise EvaluationLimit(MAX_STRING, f'{function} would make a string of {size} '
                                          f'characters, more than {MAX_STRING}')


def check_item_count(count: int, function: str) -> None:
    """Raise EvaluationLimit before a function builds a list of `count` items past
    MAX_ITEMS."""
    if count > MAX_ITEMS:
        raise EvaluationLimit(MAX_ITEMS, f'{function} would make a list of {count} items, '
                                         f'more than {MAX_ITEMS}')


def beyond_limit(exc: BaseException | None) -> bool:
    """Whether an exception is, or was caused by, an EvaluationLimit."""
    while exc is not None:
        if isinstance(exc, EvaluationLimit):
            return True
        exc = exc.__cause__
    return False


def located(exc: BaseException) -> Node | None:
    """The node an exception was first tagged with (see `tag`)."""
    return getattr(exc, '_hot_ls_node', None)


def tag(exc: BaseException, node: Node | None) -> BaseException:
    """Remember where an exception arose; the innermost place wins."""
    if node is not None and getattr(exc, '_hot_ls_node', None) is None:
        try:
            exc._hot_ls_node = node  # type: ignore[attr-defined]
        except AttributeError:  # pragma: no cover - exceptions take attributes
            pass
    return exc


@dataclass
class EvalError:
    """A failure Heat would report: its message, where, and in which phase.

    `phase` is 'parse' (a function's arguments have the wrong shape, an `if`
    names an unknown condition...), 'validate' (a function's validate(): a
    Removed function, a yaql expression that does not parse...) or
    'resolve' (computing the value failed).  `node` is the function call's
    mapping (or the argument) where it arose, when known.  `kind` is the
    exception's class name in Heat (StackValidationFailed, ValueError...).
    """

    message: str
    phase: str
    node: Node | None = None
    kind: str = ''

    @classmethod
    def from_exception(cls, exc: BaseException, phase: str, node: Node | None = None
                       ) -> 'EvalError':
        return cls(str(exc), phase, located(exc) or node, type(exc).__name__)

    def to_json(self) -> dict:
        return {'message': self.message}


def detached(exc: BaseException) -> BaseException:
    """`exc` without its traceback (nor those of its causes), for keeping it.

    A kept exception's traceback holds the frames it passed through, and
    their locals hold whatever keeps the exception: a reference cycle that
    ties a whole analysis (its tree, its model) to the garbage collector
    instead of freeing it at once.
    """
    seen = set()
    link: BaseException | None = exc
    while link is not None and id(link) not in seen:
        seen.add(id(link))
        link.__traceback__ = None
        link = link.__cause__ or link.__context__
    return exc


def fresh(exc: BaseException) -> BaseException:
    """A copy of a kept exception to raise, so the raise attaches no traceback to the kept one.

    The copy has the same class, arguments, attributes and message.  copy.copy
    re-runs the constructor with `args`, which breaks for exceptions whose
    constructor takes other arguments (Heat's keyword-only exceptions, yaql's):
    the copy is made without calling it.  An exception that cannot be copied
    faithfully is raised itself.
    """
    copied = _copy(exc)
    if copied is not exc:
        copied.__cause__ = exc.__cause__
        copied.__context__ = exc.__context__
        copied.__suppress_context__ = exc.__suppress_context__
    return copied


def _copy(exc: BaseException) -> BaseException:
    import copy
    cls = type(exc)
    try:
        made = cls.__new__(cls)
        made.args = exc.args
        made.__dict__.update(getattr(exc, '__dict__', {}))
        if str(made) == str(exc):
            return made
    except Exception:  # a class that cannot be made this way: try the usual copy
        pass
    try:
        made = copy.copy(exc)
        if str(made) == str(exc):
            return made
    except Exception:  # its constructor refuses its own args: keep the original
        pass
    return exc
