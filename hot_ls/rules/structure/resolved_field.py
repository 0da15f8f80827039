"""What a resource field given by a function (deletion_policy, external_id) resolves to, as the
rules that check such a field report it."""
from __future__ import annotations

from typing import Any

from hot_ls.evaluator.errors import RESOLVE, EvalError
from hot_ls.rules.evaluation._common import PARAMETER_ERRORS, REFERENCE_ERRORS, skipped_message
from hot_ls.syntax import Mapping, Scalar


def unreported_failure(error: EvalError) -> str | None:
    """Heat's message when resolving the field fails for a reason no other rule reports (a
    call whose arguments fail only once resolved: `{get_param: []}`), else None.

    A call that fails to parse or validate is function-arguments'; an undefined
    parameter or resource, a missing parameter value, an unknown condition are
    the reference and parameter rules'.
    """
    if error.phase != RESOLVE or error.kind in PARAMETER_ERRORS or error.kind in REFERENCE_ERRORS:
        return None
    if skipped_message(error.message):
        return None
    return error.message


def parameter_of(node: Mapping) -> Any:
    """The parameter of a plain `{get_param: name}`, else None."""
    if len(node.pairs) == 1 and node.pairs[0].key.value == 'get_param':
        args = node.pairs[0].value
        if isinstance(args, Scalar) and isinstance(args.value, str):
            return args.value
    return None


def missing_parameter(scope, node: Mapping) -> Any:
    """The parameter of a plain `{get_param: name}` that has no value (neither given nor a
    default): what makes `template validate`, which resolves the field, fail.  Else None."""
    name = parameter_of(node)
    if name is not None and scope.parameters.missing(name):
        return name
    return None
