"""Values for parameters a template gives no default: what the oracles pass as -P.

Heat-free, so that the oracles (Heat's venv) and the harnesses (hot-ls's)
give Heat and hot-ls the same values.
"""
from __future__ import annotations


def placeholder_values(tmpl_dict: dict, given: dict) -> dict:
    """Values for parameters that have neither a default nor a given value.

    Strict validation needs a value for every parameter.  The value chosen
    satisfies the declared constraints where that is easy (the first allowed
    value, the lower bound of a range, the minimum length), so that what
    strict validation reports is about the template, not about the filler.
    """
    params = tmpl_dict.get('parameters') or tmpl_dict.get('Parameters') or {}
    values = {}
    if not isinstance(params, dict):
        return values
    for name, schema in params.items():
        if not isinstance(schema, dict) or name in given:
            continue
        if schema.get('default', schema.get('Default')) is not None:
            continue
        ptype = str(schema.get('type', schema.get('Type', 'string'))).lower()
        value = None
        for constraint in schema.get('constraints') or []:
            if not isinstance(constraint, dict):
                continue
            if constraint.get('allowed_values'):
                value = constraint['allowed_values'][0]
            elif isinstance(constraint.get('range'), dict) and value is None:
                value = constraint['range'].get('min', constraint['range'].get('max'))
            elif isinstance(constraint.get('length'), dict) and value is None and ptype == 'string':
                value = 'x' * int(constraint['length'].get('min') or 1)
        if schema.get('AllowedValues'):
            value = schema['AllowedValues'][0]
        if value is None:
            value = {'number': 1, 'boolean': True, 'json': {}, 'comma_delimited_list': 'x',
                     'commadelimitedlist': 'x'}.get(ptype, 'x')
        values[name] = value
    return values
