"""The evaluator: Heat's intrinsic functions and conditions, version by version.

It sits after `model` and before `rules` (rules report what evaluation
proves), and imports only hot_ls.syntax, hot_ls.text, hot_ls.language and
hot_ls.model.  It mirrors Heat's three phases on syntax nodes, so every
error points at the call where it arises and every call's value can be
looked up by its node:

1. parse: a one-key mapping naming a function of the context's table
   becomes a call; its constructor checks the arguments' shape (errors are
   wrapped as Heat wraps them: '.list_join: Incorrect arguments ...');
   `if` is decided here, against the conditions;
2. validate: each function's validate() (Removed functions, yaql
   expressions, repeat's for_each, get_attr's resource...);
3. resolve: each function's result().

Values that exist only after deploy are symbolic (`values`):
`<<get_resource NAME>>`, `<<get_attr NAME ATTR PATH...>>`, kept as
placeholders inside text, and `Unknown` where a function cannot be
computed over them.

Public API
----------
Snippets::

    evaluate(snippet, version=None, *, condition=False, parameters=None, values=None,
             parameter_defaults=None, environments=None, conditions=..., resources=None,
             files=None, stack=None) -> Outcome
    make_scope(version=None, **same inputs) -> Scope      # reuse for many snippets
    evaluate_in(scope, snippet, *, condition=False) -> Outcome
    from_python(value) -> Node                             # plain JSON values as nodes

`snippet` is a syntax node or a plain value; `parameters` the parameters
section (name -> declaration), `values` the user's values (-P),
`environments` environment texts (-e, merged in order as Heat merges them),
`conditions` the conditions section, `resources` {name: type or {type,
condition}}, `stack` a StackIdentity (name, id, project) for the pseudo
parameters.  `Outcome` has `.value` or `.error` (EvalError: message,
phase, node, kind) and `.to_json()` -> {"value": ...} | {"error": {"message": ...}}.

Whole templates::

    TemplateEvaluation(template, environments=(), parameter_values=None, *,
                       files=None, stack=None, errors_only=False, sites=None)
        .preview() -> Preview                    # parameters, conditions, resources, outputs
        .value_of(call_node) -> Outcome | None   # the value of any evaluated call
        .parameter(name) / .condition(name) / .resource(name) / .output(name) -> Outcome
    preview(template, environments=(), parameter_values=None) -> Preview
    static_issues(template, *, sites=None) -> list[StaticIssue]  # parse/validate-time failures
    CallSites(template)                           # each value's top calls, for both of them

`errors_only=True` evaluates only the calls that can fail (`calls`: a
`{get_param: name}` whose value is known, a plain value... are left out),
for checks: the same errors, except those due only to a deploy-time value
(a parameter's value, a missing resource or file) or to hot-ls's own limits
(RecursionError, EvaluationLimit), which it may leave out; no value, so no
preview() or value_of().  `sites` lets static_issues and an
evaluation share the search for calls.

`Preview.to_json()` is {"parameters": {name: value}, "conditions": {name:
bool}, "resources": {name: {"type", "enabled", "properties"}}, "outputs":
{name: value}}, with {"error": {"message"}} in place of any item that
fails.  A `StaticIssue` has Heat's message, the node, the phase, and
whether the failure is certain or only possible (inside an `if` branch, in
a condition nothing uses, ...).
"""
from hot_ls.evaluator.calls import CallSites
from hot_ls.evaluator.errors import EvalError
from hot_ls.evaluator.from_python import from_python
from hot_ls.evaluator.parameters import StackIdentity
from hot_ls.evaluator.snippet import Outcome, evaluate, evaluate_in, make_scope
from hot_ls.evaluator.static import StaticIssue, static_issues
from hot_ls.evaluator.template import TemplateEvaluation
from hot_ls.evaluator.preview import Preview, preview
from hot_ls.evaluator.values import (
    AttributeRef, PseudoRef, ResourceRef, Symbolic, Text, Unknown, display, to_json,
)

__all__ = ['AttributeRef', 'CallSites', 'EvalError', 'Outcome', 'Preview', 'PseudoRef', 'ResourceRef',
           'StackIdentity', 'StaticIssue', 'Symbolic', 'TemplateEvaluation', 'Text', 'Unknown',
           'display', 'evaluate', 'evaluate_in', 'from_python', 'make_scope', 'preview',
           'static_issues', 'to_json']
