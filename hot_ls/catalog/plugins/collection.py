"""From the reader's values to the catalog's JSON: the schema collector.

A resource class's properties_schema, attributes_schema (with
base_attributes_schema), update_policy_schema, support_status and
docstring, found along its MRO, become the body of a ResourceType in the
shape tools/gen_catalog.py gives Heat's own types.  What is Unresolved is
left out and noted once (with its line); what Heat itself would refuse
(an unknown property type, a nested schema on a String...) is left out
and noted the same way.
"""
from __future__ import annotations

import copy
import re
from typing import Any

from hot_ls.catalog.plugins.execution import Interpreter
from hot_ls.catalog.plugins.values import (MISSING, Builtin, HeatClass, ModuleRef, Obj,
                                           PluginClass, Unresolved, plain)
from hot_ls.catalog.schema import constraint_from_dict


class Collector:
    """Turns values into catalog JSON, noting each Unresolved that had to be left out."""

    def __init__(self, interpreter: Interpreter, class_names: dict[int, str]):
        self.interpreter = interpreter
        self.heat = interpreter.heat
        self.class_names = class_names
        self.issues: dict[tuple[str, int | None, str], Unresolved] = {}

    def note(self, value: Unresolved) -> None:
        self.issues.setdefault((value.path, value.line, value.what), value)

    @staticmethod
    def not_a(value: Any, path: str, line: int | None, what: str) -> Unresolved:
        if isinstance(value, ModuleRef) and value.kind == 'heat':
            return Unresolved(path, line, f'{value.name}, a name from Heat that hot-ls does not '
                              'record')
        return Unresolved(path, line, what)

    def bad(self, obj: Obj | None, path: str, line: int | None, what: str) -> None:
        self.note(Unresolved(obj.path if obj else path, obj.line if obj else line, what))

    def text(self, value: Any, obj: Obj, field: str) -> str | None:
        if value is None:
            return None
        if isinstance(value, Unresolved):
            self.note(value)
            return None
        if isinstance(value, (str, int, float)):
            return str(value)
        self.bad(obj, obj.path, obj.line, f'the {field}, which is not a string')
        return None

    def json_value(self, value: Any, obj: Obj, field: str) -> Any:
        if isinstance(value, Unresolved):
            self.note(value)
            return MISSING
        if isinstance(value, str):
            return str(value)
        if value is None or isinstance(value, (int, float, bool)):
            return value
        if isinstance(value, (list, tuple)):
            items = [self.json_value(v, obj, field) for v in value]
            return MISSING if any(i is MISSING for i in items) else items
        if isinstance(value, dict):
            out = {}
            for key, item in value.items():
                converted = self.json_value(item, obj, field)
                if not isinstance(key, str) or converted is MISSING:
                    if isinstance(key, Unresolved):
                        self.note(key)
                    return MISSING
                out[key] = converted
            return out
        self.bad(obj, obj.path, obj.line, f'the {field}, which is not a plain value')
        return MISSING

    def flag(self, value: Any, obj: Obj, default: bool) -> bool:
        if isinstance(value, Unresolved):
            self.note(value)
            return default
        if value is None:
            return default
        if plain(value):
            return bool(value)
        self.bad(obj, obj.path, obj.line, 'a flag that cannot be known')
        return default

    def support(self, value: Any, context: Obj | None, path: str, line: int | None
                ) -> list[dict] | None:
        """A support_status chain (newest first), or None for the default."""
        if value is None:
            return None
        if isinstance(value, Unresolved):
            self.note(value)
            return None
        if not (isinstance(value, Obj) and value.kind == 'support'):
            self.bad(context, path, line, 'a support_status that is not a support.SupportStatus')
            return None
        if value.json is not None:
            chain = value.json.get('chain')
            return copy.deepcopy(chain) if chain else None
        args = value.args
        status = args.get('status', 'SUPPORTED')
        step: dict = {}
        if isinstance(status, Unresolved):
            self.note(status)
            status = 'SUPPORTED'
        message = self.text(args.get('message'), value, 'support message')
        version = args.get('version')
        if status not in self.heat.statuses:  # Heat: an invalid status becomes UNKNOWN
            step = {'status': 'UNKNOWN', 'message': 'Specified status is invalid, defaulting '
                    'to UNKNOWN'}
            return [step]
        step['status'] = status
        if version is not None:
            version_text = self.text(version, value, 'support version')
            if version_text is not None:
                step['version'] = version_text
        if message is not None:
            step['message'] = message
        substitute = args.get('substitute_class')
        if isinstance(substitute, PluginClass):
            step['substitute'] = self.class_names.get(id(substitute), substitute.path)
        elif isinstance(substitute, HeatClass):
            step['substitute'] = substitute.name or substitute.path
        elif isinstance(substitute, Unresolved):
            self.note(substitute)
        chain = [step]
        previous = args.get('previous_status')
        if previous is not None:
            older = self.support(previous, value, path, line)
            chain.extend(older or [{'status': 'SUPPORTED'}])
        return chain

    def constraint(self, value: Any, context: Obj) -> dict | None:
        if isinstance(value, Unresolved):
            self.note(value)
            return None
        if not (isinstance(value, Obj) and value.kind.startswith('constraint:')):
            self.bad(context, context.path, context.line, 'a constraint that is not one of '
                     'heat.engine.constraints')
            return None
        if value.json is not None:
            return copy.deepcopy(value.json)
        key = value.kind.partition(':')[2]
        args = value.args
        description = self.text(args.get('description'), value, 'constraint description')
        if key in ('range', 'length', 'modulo'):
            names = ('step', 'offset') if key == 'modulo' else ('min', 'max')
            definition = {}
            for name in names:
                item = self.json_value(args.get(name), value, f'{key} {name}')
                if item is MISSING:
                    return None
                if item is not None:
                    definition[name] = item
        else:
            field = {'allowed_values': 'allowed', 'allowed_pattern': 'pattern',
                     'custom_constraint': 'name'}[key]
            definition = self.json_value(args.get(field), value, key)
            if definition is MISSING:
                return None
        out = {key: definition}
        if description is not None:
            out['description'] = description
        problems: list[str] = []
        if constraint_from_dict(out, problems.append) is None:
            self.bad(value, value.path, value.line, problems[0] if problems else 'a constraint')
            return None
        return out

    def prop(self, value: Any, path: str, line: int | None) -> dict | None:
        if isinstance(value, Unresolved):
            self.note(value)
            return None
        if isinstance(value, dict):
            return self.legacy_prop(value, path, line)
        if not (isinstance(value, Obj) and value.kind == 'property'):
            self.note(self.not_a(value, path, line, 'a property schema that is not a '
                                 'properties.Schema'))
            return None
        if value.json is not None:
            return copy.deepcopy(value.json)
        args = value.args
        ptype = args.get('data_type')
        if isinstance(ptype, Unresolved):
            self.note(ptype)
            ptype = 'Any'
        elif ptype not in self.heat.property_types:
            self.bad(value, path, line, f'the property type {ptype!r}, which Heat rejects '
                     '(Invalid type)')
            ptype = 'Any'
        out: dict = {'type': ptype.lower()}
        description = self.text(args.get('description'), value, 'description')
        if description is not None:
            out['description'] = description
        default = self.json_value(args.get('default'), value, 'default')
        if default is not MISSING and default is not None:
            out['default'] = default
        for flag, default_flag in (('required', False), ('update_allowed', False),
                                   ('immutable', False), ('implemented', True)):
            if self.flag(args.get(flag), value, default_flag) != default_flag:
                out[flag] = not default_flag
        constraints = args.get('constraints')
        if isinstance(constraints, Unresolved):
            self.note(constraints)
        elif constraints is not None:
            if not isinstance(constraints, (list, tuple)):
                self.bad(value, path, line, 'constraints that are not a list')
            else:
                made = [self.constraint(c, value) for c in constraints]
                made = [c for c in made if c is not None]
                if made:
                    out['constraints'] = made
        schema = args.get('schema')
        if isinstance(schema, Unresolved):
            self.note(schema)
        elif schema is not None:
            if isinstance(schema, Obj):
                if ptype != 'List':
                    self.bad(value, path, line, f'a single nested schema on a {ptype} '
                             '(Heat: valid only for List)')
                else:
                    item = self.prop(schema, value.path, value.line)
                    if item is not None:
                        out['schema'] = {'*': item}
            elif isinstance(schema, dict):
                if ptype not in ('List', 'Map'):
                    self.bad(value, path, line, f'a nested schema on a {ptype} '
                             '(Heat: valid only for List or Map)')
                else:
                    out['schema'] = self.props(schema, value.path, value.line)
            else:
                self.bad(value, path, line, 'a nested schema that is not a dict or a Schema')
        chain = self.support(args.get('support_status'), value, path, line)
        if chain and chain != [{'status': 'SUPPORTED'}]:
            out['support_status'] = chain
        return out

    def legacy_prop(self, value: dict, path: str, line: int | None) -> dict | None:
        """Heat's legacy dict schema ({'Type': 'String', 'Required': True...})."""
        keys = {'Type', 'Default', 'Schema', 'AllowedPattern', 'MinValue', 'MaxValue',
                'AllowedValues', 'MinLength', 'MaxLength', 'Required', 'Description',
                'UpdateAllowed', 'Immutable', 'Implemented'}
        if not all(isinstance(k, str) and k in keys for k in value) or 'Type' not in value:
            self.note(Unresolved(path, line, 'a legacy property schema Heat rejects'))
            return None
        args: dict = {'data_type': value['Type'], 'description': value.get('Description'),
                      'default': value.get('Default'), 'required': value.get('Required'),
                      'update_allowed': value.get('UpdateAllowed'),
                      'immutable': value.get('Immutable'),
                      'implemented': value.get('Implemented', True)}
        constraints = []
        if 'MinValue' in value or 'MaxValue' in value:
            constraints.append(Obj('constraint:range', {'min': value.get('MinValue'),
                                                        'max': value.get('MaxValue')},
                                   line, path))
        if 'MinLength' in value or 'MaxLength' in value:
            constraints.append(Obj('constraint:length', {'min': value.get('MinLength'),
                                                         'max': value.get('MaxLength')},
                                   line, path))
        if 'AllowedValues' in value:
            constraints.append(Obj('constraint:allowed_values',
                                   {'allowed': value['AllowedValues']}, line, path))
        if 'AllowedPattern' in value:
            constraints.append(Obj('constraint:allowed_pattern',
                                   {'pattern': value['AllowedPattern']}, line, path))
        args['constraints'] = constraints
        if 'Schema' in value:
            nested = value['Schema']
            if value['Type'] == 'List' and isinstance(nested, dict) and 'Type' in nested:
                args['schema'] = Obj('property', {}, line, path,
                                     json=self.legacy_prop(nested, path, line))
            else:
                args['schema'] = nested
        return self.prop(Obj('property', args, line, path), path, line)

    def props(self, value: Any, path: str, line: int | None) -> dict:
        if isinstance(value, Unresolved):
            self.note(value)
            return {}
        if not isinstance(value, dict):
            self.note(self.not_a(value, path, line, 'a schema that is not a dict'))
            return {}
        for issue in self.interpreter.container_issues(value):
            self.note(issue)
        out = {}
        for key, item in value.items():
            if isinstance(key, Unresolved):
                self.note(key)
                continue
            if not isinstance(key, str):
                self.note(Unresolved(path, line, f'the property name {key!r}, not a string'))
                continue
            made = self.prop(item, path, line)
            if made is not None:
                out[key] = made
        return out

    def attr(self, value: Any, path: str, line: int | None) -> dict | None:
        if isinstance(value, Unresolved):
            self.note(value)
            return None
        if not (isinstance(value, Obj) and value.kind == 'attribute'):
            self.note(self.not_a(value, path, line, 'an attribute schema that is not an '
                                 'attributes.Schema'))
            return None
        if value.json is not None:
            return copy.deepcopy(value.json)
        args = value.args
        out: dict = {}
        description = self.text(args.get('description'), value, 'description')
        if description is not None:
            out['description'] = description
        atype = args.get('type')
        if isinstance(atype, Unresolved):
            self.note(atype)
        elif atype not in self.heat.attribute_types:
            self.bad(value, value.path, value.line, f'the attribute type {atype!r}, which Heat '
                     'rejects (Invalid type)')
        elif atype is not None:
            out['type'] = atype.lower()
        chain = self.support(args.get('support_status'), value, path, line)
        if chain and chain != [{'status': 'SUPPORTED'}]:
            out['support_status'] = chain
        return out

    def attrs(self, value: Any, path: str, line: int | None) -> dict:
        if isinstance(value, Unresolved):
            self.note(value)
            return {}
        if not isinstance(value, dict):
            self.note(self.not_a(value, path, line, 'an attributes schema that is not a dict'))
            return {}
        for issue in self.interpreter.container_issues(value):
            self.note(issue)
        out = {}
        for key, item in value.items():
            if isinstance(key, Unresolved):
                self.note(key)
                continue
            if not isinstance(key, str):
                continue
            made = self.attr(item, path, line)
            if made is not None:
                out[key] = made
        return out

    def resource_type(self, cls: PluginClass | HeatClass, path: str, line: int | None) -> dict:
        if isinstance(cls, HeatClass):
            body = copy.deepcopy(cls.rtype.body)
            body['update_policy_known'] = True
            return body
        mro = self.interpreter.mro(cls)
        for issue in (i for klass in mro if isinstance(klass, PluginClass) for i in klass.issues):
            self.note(issue)

        def lookup(attr: str, default: Any) -> Any:
            found = self.interpreter.class_attr(cls, attr, cls.line, cls.module.path)
            if isinstance(found, Unresolved) and found.what.endswith('which is not defined'):
                return default
            return found

        where = (cls.module.path, cls.line)
        properties = self.props(lookup('properties_schema', {}), *where)
        attributes = self.attrs(lookup('attributes_schema', {}), *where)
        base_attributes = lookup('base_attributes_schema', None)
        if base_attributes is None:
            base_attributes = self.heat.base_attributes()
        attributes.update(self.attrs(base_attributes, *where))
        update_policy = self.props(lookup('update_policy_schema', {}), *where)
        chain = self.support(lookup('support_status', None), None, *where)
        doc = cls.doc
        if doc is not None:
            doc = re.sub('^ *\n', '', doc.rstrip())  # pydoc.getdoc
        body = {
            'class': cls.path,
            'description': doc if doc is not None else 'No description available',
            'support_status': chain or [{'status': 'SUPPORTED'}],
            'properties': properties,
            'attributes': dict(sorted(attributes.items())),
            'update_policy': update_policy,
            'update_policy_known': True,
            'path': cls.module.path,
            'line': cls.line,
        }
        body.update(_method_flags(mro))
        return body


def _method_flags(mro: list) -> dict:
    """any_attribute (get_attribute overridden) and snapshot_delete, along the MRO."""
    any_attribute = snapshot = False
    known = True  # every class of the MRO read: whether Snapshot is refused is certain
    for klass in mro:
        if isinstance(klass, PluginClass):
            any_attribute = any_attribute or bool({'get_attribute', 'FnGetAtt'} & klass.methods)
            snapshot = snapshot or 'handle_snapshot_delete' in klass.methods
        elif isinstance(klass, HeatClass):
            any_attribute = any_attribute or bool(klass.rtype.body.get('any_attribute'))
            snapshot = snapshot or bool(klass.rtype.body.get('snapshot_delete'))
        elif not isinstance(klass, Builtin):
            known = False
    flags: dict = {}
    if any_attribute:
        flags['any_attribute'] = True
    if snapshot or known:
        flags['snapshot_delete'] = snapshot
    return flags
