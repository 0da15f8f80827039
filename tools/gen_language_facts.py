"""Generate hot_ls/data/language.json from openstack-heat itself.

Run with the Heat virtual environment's Python (see README, "Regenerating
data").  Everything hot-ls knows about template versions, sections, keys,
parameter schemas, deletion policies and the function tables comes from
here; nothing of it is typed by hand.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import heat_runtime  # noqa: E402

from heat.engine import function  # noqa: E402
from heat.engine.cfn import template as cfn_template  # noqa: E402
from heat.engine.hot import functions as hot_funcs  # noqa: E402
from heat.engine.hot import parameters as hot_params  # noqa: E402
from heat.engine import template as templatem  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), '..', 'hot_ls', 'data', 'language.json')


def class_name(obj) -> str:
    return getattr(obj, '__name__', type(obj).__name__)


def function_table(table: dict) -> dict:
    return {name: {'class': class_name(impl), 'removed': impl is hot_funcs.Removed}
            for name, impl in sorted(table.items())}


def condition_context_table(cls) -> dict | None:
    """What each name means inside `conditions:` and `condition:` for this class.

    Mirrors HOTemplate20161014.__init__: every non-Removed function becomes
    Invalid, Removed stays Removed, and the condition functions are added.
    """
    from heat.engine.hot import template as hot_template
    if not issubclass(cls, hot_template.HOTemplate20161014):
        # engine/template.py Template.__init__: everything is Invalid.
        return {name: 'Invalid' for name in sorted(cls.functions)}
    table = {}
    for name, impl in cls.functions.items():
        table[name] = 'Removed' if impl is hot_funcs.Removed else 'Invalid'
    for name, impl in cls.condition_functions.items():
        table[name] = class_name(impl)
    return dict(sorted(table.items()))


def hot_version(date: str, cls, aliases: list[str]) -> dict:
    schema = cls.param_schema_class
    constraint_keys = list(hot_params.PARAM_CONSTRAINTS)
    # Keys that produce a constraint (the others fail with "No constraint expressed").
    effective = ['range', 'length', 'allowed_values', 'allowed_pattern', 'custom_constraint']
    if issubclass(schema, hot_params.HOTParamSchema20170224):
        effective.insert(2, 'modulo')
    section_keys = list(cls._RESOURCE_HOT_TO_CFN_ATTRS)
    return {
        'version': date,
        'aliases': aliases,
        'class': cls.__name__,
        'sections': [s for s in cls.SECTIONS if s != cls.MAPPINGS],
        'resource_keys': list(cls._RESOURCE_KEYS),
        # validate_section() checks resources against this mapping, which
        # HOTemplate20161014 mutates in place for every version (a Heat bug):
        # keys here but not in resource_keys fail later, with another message.
        'resource_keys_section_check': sorted(section_keys),
        'output_keys': list(cls.OUTPUT_KEYS),
        'deletion_policies': list(cls.deletion_policies),
        'parameter_keys': list(schema.PARAMETER_KEYS),
        'parameter_types': list(schema.TYPES),
        'constraint_keys': constraint_keys,
        'effective_constraint_keys': effective,
        'range_keys': list(hot_params.RANGE_KEYS),
        'modulo_keys': list(hot_params.MODULO_KEYS),
        'functions': function_table(cls.functions),
        'condition_functions': (function_table(cls.condition_functions)
                                if 'conditions' in cls.SECTIONS else None),
        'condition_context': condition_context_table(cls),
        'pseudo_parameters': list(hot_params.HOTParameters.PSEUDO_PARAMETERS),
    }


def main() -> None:
    heat_runtime.heat_version()
    versions = templatem._get_template_extension_manager()
    by_class: dict = {}
    cfn = []
    for ext in sorted(versions, key=lambda e: e.name):
        key, _, value = ext.name.partition('.')
        cls = ext.plugin
        if key == 'heat_template_version':
            by_class.setdefault(cls, []).append(value)
        else:
            cfn.append({
                'key': key, 'version': value, 'class': cls.__name__,
                'sections': [s for s in cls.SECTIONS],
                'resource_keys': list(cls._RESOURCE_KEYS),
                'output_keys': list(cls.OUTPUT_KEYS),
                'functions': function_table(cls.functions),
                'condition_functions': (function_table(cls.condition_functions)
                                        if hasattr(cls, 'condition_functions') else None),
            })
    hot = []
    for cls, names in by_class.items():
        dates = sorted(n for n in names if n[:1].isdigit())
        aliases = sorted(n for n in names if not n[:1].isdigit())
        hot.append(hot_version(dates[0], cls, aliases))
    hot.sort(key=lambda v: v['version'])
    arrivals: dict[str, str] = {}
    for entry in hot:
        for name, info in entry['functions'].items():
            if not info['removed']:
                arrivals.setdefault(name, entry['version'])
        for name in entry['condition_functions'] or {}:
            arrivals.setdefault(name, entry['version'])
    removed_in: dict[str, str] = {}
    for entry in hot:
        for name, info in entry['functions'].items():
            if info['removed']:
                removed_in.setdefault(name, entry['version'])
    data = {
        'generated_by': 'tools/gen_language_facts.py',
        'heat_version': heat_runtime.HEAT_VERSION,
        'hot_versions': hot,
        'cfn_versions': cfn,
        'function_arrivals': dict(sorted(arrivals.items())),
        'function_removals': dict(sorted(removed_in.items())),
        'max_template_size': 524288,
        'max_resources_per_stack': 1000,
    }
    from oslo_config import cfg
    data['max_template_size'] = cfg.CONF.max_template_size
    data['max_resources_per_stack'] = cfg.CONF.max_resources_per_stack
    data['max_nested_stack_depth'] = cfg.CONF.max_nested_stack_depth
    data['yaql_limit_iterators'] = cfg.CONF.yaql.limit_iterators
    data['yaql_memory_quota'] = cfg.CONF.yaql.memory_quota
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w', encoding='utf-8') as fh:
        json.dump(data, fh, indent=1)
        fh.write('\n')
    print(f'wrote {os.path.normpath(OUT)}: {len(hot)} HOT versions, {len(cfn)} CFN versions')


if __name__ == '__main__':
    main()
