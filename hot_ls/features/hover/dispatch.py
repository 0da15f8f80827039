"""Hover: which thing stands under the cursor, and which renderer explains it.

`Explainer.build` walks the path from the document's root to the cursor
(`at.chain`) and dispatches on where it ends: a function name, an argument,
a reference, a definition, a section or resource key, a type, a property, a
parameter's constraint...  The Markdown comes from `hover.markdown`.
"""
from __future__ import annotations

import os
import textwrap
from typing import Any

from hot_ls.analysis import Analysis
from hot_ls.features.at import Step, path_of
from hot_ls.features.evaluation import evaluation_of
from hot_ls.features.hover.index import index_of
from hot_ls.features.hover.markdown import (
    as_json, block, clip, code, constraint_text, function_markdown, property_markdown,
    render_outcome, status_lines, type_markdown, version_label)
from hot_ls.features.types import Hover, Span
from hot_ls.language import language
from hot_ls.language.function_docs import doc as function_doc
from hot_ls.language.keyword_docs import (
    CONSTRAINT_KEY_DOCS, DELETION_POLICY_DOCS, OUTPUT_KEY_DOCS, PARAMETER_KEY_DOCS,
    PSEUDO_PARAMETER_DOCS, RESOURCE_KEY_DOCS, SECTION_DOCS, custom_constraint_text)
from hot_ls.language.removed_functions import replacement
from hot_ls.model import symbols
from hot_ls.model.symbols import FunctionCall, Reference
from hot_ls.model.template import Template
from hot_ls.syntax import Mapping, Node, Scalar, Sequence

_MAP_ARGUMENTS = frozenset(('str_replace', 'str_replace_strict', 'str_replace_vstrict', 'repeat',
                            'yaql', 'make_url'))
_MAX_DEFINITION_LINES = 15
_MAX_FILE_LINES = 20
_MAX_FILE_CHARS = 2000
#: the fence language of a get_file target, by its suffix
_FILE_LANGUAGES = {'.sh': 'sh', '.bash': 'sh', '.py': 'python', '.yaml': 'yaml', '.yml': 'yaml',
                   '.json': 'json', '.ps1': 'powershell', '.pp': 'puppet', '.j2': 'jinja',
                   '.ini': 'ini', '.conf': 'ini', '.cfg': 'ini', '.xml': 'xml', '.rb': 'ruby',
                   '.txt': 'text'}


class Explainer:
    def __init__(self, analysis: Analysis, template: Template, steps: list[Step]):
        self.analysis = analysis
        self.template = template
        self.steps = steps
        self.path = path_of(steps)
        self.last = steps[-1]
        self.index = index_of(analysis)
        self.lines = analysis.tree.lines

    @property
    def evaluation(self):
        return evaluation_of(self.analysis)

    # -- helpers ------------------------------------------------------------------
    @property
    def catalog(self):
        return self.analysis.catalog

    def line_of(self, node: Node) -> int:
        return self.lines.line_of(node.start) + 1

    def span(self, node: Node | None = None) -> Span:
        node = node or self.last.node
        return Span(node.start, node.end)

    def result(self, parts: list[str], node: Node | None = None) -> Hover:
        return Hover('\n\n'.join(part for part in parts if part), self.span(node))

    def resource_type(self, name: Any):
        """The resource's type in its stack: Heat's, or a provider template's schema (its
        parameters the properties, its outputs the attributes)."""
        definition = self.template.resources.get(name)
        if definition is None or definition.type_name is None:
            return None
        return self.analysis.resource_type(definition) or \
            self.catalog.resolve(definition.type_name)

    def source(self, start_node: Node, end_node: Node) -> str:
        """The text from `start_node` (its line, in block style) to the end of `end_node`."""
        text = self.analysis.text
        start = self.lines.line_start(self.lines.line_of(start_node.start))
        if text[start:start_node.start].strip(' -'):
            start = start_node.start  # in a flow mapping: from the key itself
        lines = text[start:end_node.end].splitlines()
        if len(lines) > _MAX_DEFINITION_LINES:
            lines = lines[:_MAX_DEFINITION_LINES] + ['  …']
        return textwrap.dedent('\n'.join(lines))

    # -- dispatch -----------------------------------------------------------------
    def build(self) -> Hover | None:
        last, path, index = self.last, self.path, self.index
        node = last.node
        if last.on_key:
            call = index.call_by_key.get(id(node))
            if call is not None:
                return self.function(call)
            lookalike = index.lookalike.get(id(node))
            if lookalike is not None:
                return self.lookalike(*lookalike)
        elif isinstance(node, Scalar):
            ref = index.reference.get(id(node))
            if ref is not None:
                return self.reference(ref)
            ref = index.attribute.get(id(node))
            if ref is not None:
                return self.attribute(ref, node)
        if self.inside_call():
            return self.call_argument()
        section = path[0]
        depth = len(path)
        if depth == 1:
            if last.on_key:
                return self.section_key(section)
            if section == 'heat_template_version' and isinstance(node, Scalar):
                return self.version_value()
            return None
        if depth == 2 and last.on_key:
            return self.definition(section, path[1])
        if section == 'resources':
            return self.in_resource(path[1:])
        if section == 'parameters':
            return self.in_parameter(path[1:])
        if section == 'outputs' and depth == 3 and last.on_key:
            return self.keyword(path[2], OUTPUT_KEY_DOCS, 'output key')
        return None

    def inside_call(self) -> bool:
        calls = self.index.call_by_node
        return any(id(step.node) in calls for step in self.steps[1:-1]) or (
            not self.last.on_key and id(self.last.node) in calls)

    # -- functions --------------------------------------------------------------
    def function(self, call: FunctionCall) -> Hover:
        template = self.template
        version = template.facts
        name = call.name
        fdoc = function_doc(name)
        impl = call.impl
        parts = function_markdown(name, version, impl, fdoc, version_label(template))
        if impl == 'Removed':
            removed = language().function_removals.get(name)
            instead = replacement(name)
            parts.insert(1, f'**Removed** from HOT {removed or "?"}: Heat refuses it in this '
                            f'template.' + (f' Use {instead.instead} instead.' if instead else ''))
        elif impl == 'Invalid':
            parts.insert(1, f'**Not allowed in conditions**: Heat refuses {code(name)} here; '
                            'conditions take only condition functions.')
        else:
            value = self.call_value(call)
            if value is not None:
                parts.append(value)
        return self.result(parts, call.key)

    def call_value(self, call: FunctionCall) -> str | None:
        """The call's value, or None when nothing is evaluated (no known version)."""
        evaluation = self.evaluation
        if evaluation is None:
            return None
        outcome = evaluation.value_of(call.node)
        why = ''
        if outcome is None:
            owner = call.owner or (None, None)
            if owner[0] == 'resources' and owner[1] in self.template.resources \
                    and call.field == 'properties':
                enabled = evaluation.resource(owner[1]).enabled
                if enabled.value is False:
                    why = ' (the resource\'s condition is false)'
            elif owner[0] == 'outputs' and owner[1] in self.template.outputs:
                if evaluation.output(owner[1]).enabled.value is False:
                    why = ' (the output\'s condition is false)'
            if not why and call.guarded:
                why = ' (in an `if` branch not taken)'
            if not why and call.field not in ('properties', 'value', 'condition', 'definition'):
                why = f' (hot-ls evaluates properties, outputs and conditions, not {call.field})'
        return render_outcome(outcome, why=why)

    def lookalike(self, node: Mapping, key: Scalar, context: str) -> Hover:
        name = key.value
        version = self.template.facts
        lang = language()
        fdoc = function_doc(name)
        since = lang.first_version_with(name)
        parts = [f'**{name}** · not a function here']
        condition_only = version.has_conditions and \
            version.condition_impl(name) not in (None, 'Invalid', 'Removed')
        if context == symbols.VALUE and condition_only and name not in version.functions:
            parts.append(f'{code(name)} is a condition function: it works only in `conditions`, '
                         'in `condition:` and in the first argument of `if`. Here it is plain '
                         'data (a map with one key).')
        elif context == symbols.CONDITION_CONTEXT and name in version.functions:
            parts.append(f'{code(name)} is not a condition function: inside a condition it is '
                         'plain data (a map with one key).')
        else:
            parts.append(f'{code(name)} is not a function in HOT {version_label(self.template)}: '
                         f'Heat reads it as a plain map here. It exists from HOT {since or "?"}.')
        if fdoc is not None:
            parts.append(fdoc.summary)
        parts.append(f'Since HOT {since or "?"}; this template: {version_label(self.template)}.')
        return self.result(parts, key)

    def call_argument(self) -> Hover | None:
        """A key of a map-argument function (str_replace's `template`...): that argument;
        a path item of get_param or get_attr: the parameter or attribute, and the value."""
        last = self.last
        if not last.on_key and len(self.steps) >= 2 and isinstance(last.node, Scalar):
            call = self.index.call_by_node.get(id(self.steps[-2].node))
            if call is not None and call.name == 'get_file' and call.args is last.node:
                return self.file_hover(last.node)
        if not last.on_key and len(self.steps) >= 3 and isinstance(last.node, Scalar):
            call = self.index.call_by_node.get(id(self.steps[-3].node))
            args = self.steps[-2].node
            if call is not None and call.args is args and isinstance(args, Sequence) \
                    and args.items and call.name in ('get_param', 'get_attr'):
                first = self.index.reference.get(id(args.items[0]))
                if first is None:
                    return None
                if call.name == 'get_param':
                    return self.reference(first)
                if len(args.items) > 1 and isinstance(args.items[1], Scalar):
                    found = self.attribute(first, args.items[1])
                    if found is not None:
                        found.markdown += '\n\n' + self.call_value(call)
                        found.span = self.span()
                    return found
            return None
        if not last.on_key or not isinstance(last.key, str):
            return None
        parent = self.steps[-2].node if len(self.steps) >= 2 else None
        if len(self.steps) < 3:
            return None
        owner = self.steps[-3].node
        call = self.index.call_by_node.get(id(owner))
        if call is None or call.args is not parent or call.name not in _MAP_ARGUMENTS:
            return None
        fdoc = function_doc(call.name)
        if fdoc is None:
            return None
        for form in fdoc.forms(call.impl):
            for parameter, documentation in zip(form.parameters, form.documentation):
                if parameter == last.key:
                    return self.result([f'**{parameter}** · argument of {code(call.name)}',
                                        documentation])
        return None

    def file_hover(self, node: Scalar) -> Hover:
        """`get_file: path`: the file it names and the start of what Heat gets of it (what
        python-heatclient uploads: the text, or base64 for a file that is not UTF-8), or why
        hot-ls does not read it."""
        value = node.value
        path = self.analysis.path
        base = os.path.dirname(os.path.abspath(path)) if path else os.getcwd()
        workspace = self.analysis.workspace
        target = workspace.locator.locate(value, base)
        head = f'**{value}** · file for {code("get_file")}'
        if target.refusal is not None:
            return self.result([head, f'Not read: {target.refusal}.'])
        content = workspace.files.file_content(target)
        if content is None:
            return self.result([head, f'{code(target.path)} does not exist: python-heatclient '
                                      'cannot read it, and `openstack stack create` stops.'])
        lines = content.splitlines()
        size = f'{len(lines)} line{"s" if len(lines) != 1 else ""}'
        shown = lines[:_MAX_FILE_LINES] + (['…'] if len(lines) > _MAX_FILE_LINES else [])
        language_name = _FILE_LANGUAGES.get(os.path.splitext(target.path)[1].lower(), '')
        return self.result([f'{head} ({size})', code(target.path),
                            block(clip('\n'.join(shown), _MAX_FILE_CHARS), language_name)])

    # -- references ----------------------------------------------------------------
    def reference(self, ref: Reference) -> Hover | None:
        if ref.kind == symbols.PARAMETER:
            parts = self.parameter_parts(ref.name, use=True)
            if parts is None:
                return None
            if ref.call is not None and ref.path:
                parts.append(self.call_value(ref.call))
            return self.result(parts)
        if ref.kind == symbols.RESOURCE:
            definition = self.template.resources.get(ref.name)
            if definition is None:
                return None
            return self.result(self.resource_parts(ref.name, definition, use=True))
        if ref.kind == symbols.CONDITION:
            parts = self.condition_parts(ref.name, use=True)
            return self.result(parts) if parts else None
        return None

    def attribute(self, ref: Reference, node: Scalar) -> Hover | None:
        rtype = self.resource_type(ref.name)
        name = node.value
        if rtype is None or not isinstance(name, str):
            return None
        schema = rtype.attribute(name)
        if schema is None:
            if rtype.accepts_any_attribute:
                return self.result([f'**{name}** · attribute of {code(rtype.name)}',
                                    f'{code(rtype.name)} accepts any attribute name.'])
            return None
        parts = [f'**{name}** · attribute of {code(rtype.name)}']
        if schema.type:
            parts.append(f'*{schema.type}*')
        parts.extend(status_lines(schema.support_status))
        if schema.description:
            parts.append(schema.description)
        return self.result(parts)

    # -- definitions ------------------------------------------------------------------
    def definition(self, section: Any, name: Any) -> Hover | None:
        template = self.template
        if section == 'parameters':
            parts = self.parameter_parts(name, use=False)
            return self.result(parts) if parts else None
        if section == 'resources':
            definition = template.resources.get(name)
            if definition is None:
                return None
            return self.result(self.resource_parts(name, definition, use=False))
        if section == 'conditions':
            parts = self.condition_parts(name, use=False)
            return self.result(parts) if parts else None
        if section == 'outputs':
            return self.output(name)
        return None

    def parameter_parts(self, name: Any, use: bool) -> list[str] | None:
        definition = self.template.parameters.get(name)
        if definition is None:
            if name in self.template.facts.pseudo_parameters:
                return [f'**{name}** · pseudo parameter', PSEUDO_PARAMETER_DOCS.get(name, '')]
            return None
        parts = [f'**{name}** · parameter']
        body = definition.mapping
        if body is None:
            parts.append('*(not a mapping: Heat refuses this declaration)*')
            return parts
        facts = []
        ptype = body.get('type')
        if isinstance(ptype, Scalar):
            facts.append(f'*{ptype.value}*')
        default = body.get('default')
        if default is not None:
            facts.append('default ' + code(clip(as_json(default.to_python()), 200)))
        else:
            facts.append('no default: a value must be given')
        for flag in ('hidden', 'immutable'):
            value = body.get(flag)
            if isinstance(value, Scalar) and value.value in (True, 'true', 'True'):
                facts.append(flag)
        parts.append(' · '.join(facts))
        for key in ('label', 'description'):
            value = body.get(key)
            if isinstance(value, Scalar) and value.value not in (None, ''):
                parts.append(str(value.value) if key == 'description' else f'*{value.value}*')
        constraints = body.get('constraints')
        if isinstance(constraints, Sequence) and constraints.items:
            lines = ['Constraints:']
            for item in constraints.items:
                lines.append('- ' + constraint_text(item))
            parts.append('\n'.join(lines))
        tags = body.get('tags')
        if isinstance(tags, Sequence) and tags.items:
            parts.append('Tags: ' + ', '.join(code(t.to_python()) for t in tags.items))
        if use:
            parts.append(f'Defined at line {self.line_of(definition.key)}.')
        return parts

    def resource_parts(self, name: Any, definition: Any, use: bool) -> list[str]:
        parts = [f'**{name}** · resource']
        type_name = definition.type_name
        if type_name is not None:
            rtype = self.catalog.resolve(type_name)
            line = f'Type {code(type_name)}'
            if rtype is not None:
                if rtype.name != type_name:
                    line += f' (an alias of {code(rtype.name)})'
                summary = rtype.description.strip().split('\n\n')[0].replace('\n', ' ')
                if summary:
                    line += f': {summary}'
            parts.append(line)
            if rtype is not None:
                parts.extend(status_lines(rtype.support_status, ' type'))
        condition = definition.get('condition') if self.template.facts.has_conditions else None
        if isinstance(condition, Scalar) and condition.value is not None:
            parts.append(f'Condition: {code(condition.value)}')
        if use:
            parts.append(f'Defined at line {self.line_of(definition.key)}.')
        return parts

    def condition_parts(self, name: Any, use: bool) -> list[str] | None:
        definition = self.template.conditions.get(name)
        if definition is None:
            return None
        parts = [f'**{name}** · condition',
                 block(self.source(definition.key, definition.body))]
        if self.template.facts.has_conditions and self.evaluation is not None:
            outcome = self.evaluation.condition(name)
            parts.append(render_outcome(outcome))
        if use:
            parts.append(f'Defined at line {self.line_of(definition.key)}.')
        return parts

    def output(self, name: Any) -> Hover | None:
        definition = self.template.outputs.get(name)
        if definition is None:
            return None
        parts = [f'**{name}** · output']
        description = definition.get('description')
        if isinstance(description, Scalar) and description.value not in (None, ''):
            parts.append(str(description.value))
        if definition.get('value') is not None and self.evaluation is not None:
            preview = self.evaluation.output(name)
            if preview.enabled.value is False:
                parts.append('*Disabled with the parameter defaults (its condition is false).*')
            else:
                parts.append(render_outcome(preview.value))
        return self.result(parts)

    # -- the sections ----------------------------------------------------------------------
    def section_key(self, section: Any) -> Hover | None:
        text = SECTION_DOCS.get(section) if isinstance(section, str) else None
        if text is None:
            return None
        parts = [f'**{section}** · section', text]
        if section not in self.template.facts.sections and self.template.version is not None:
            parts.append(f'*Not a section of HOT {version_label(self.template)}.*')
        return self.result(parts)

    def version_value(self) -> Hover | None:
        version = self.template.version
        if version is None:
            return None
        functions = sorted(n for n, f in version.functions.items() if not f.removed)
        parts = [f'**HOT {version.label}**',
                 'Functions: ' + ', '.join(code(n) for n in functions)]
        if version.has_conditions:
            conditions = sorted(n for n, impl in version.condition_context.items()
                                if impl not in ('Invalid', 'Removed'))
            parts.append('Condition functions: ' + ', '.join(code(n) for n in conditions))
        else:
            parts.append('No `conditions` section (from 2016-10-14).')
        return self.result(parts)

    def keyword(self, key: Any, docs: dict, what: str) -> Hover | None:
        text = docs.get(key) if isinstance(key, str) else None
        if text is None:
            return None
        return self.result([f'**{key}** · {what}', text])

    # -- inside a resource -----------------------------------------------------------------
    def in_resource(self, rest: list) -> Hover | None:
        last = self.last
        name = rest[0]
        if len(rest) == 2:
            if last.on_key:
                return self.keyword(rest[1], RESOURCE_KEY_DOCS, 'resource key')
            if rest[1] == 'type' and isinstance(last.node, Scalar):
                return self.provider_hover(name) or self.type_hover(last.node.value)
            if rest[1] == 'deletion_policy' and isinstance(last.node, Scalar):
                return self.deletion_policy(name, last.node.value)
            return None
        if len(rest) == 4 and rest[1] == 'properties' and rest[2] in ('resource_def', 'resource') \
                and rest[3] == 'type' and not last.on_key and isinstance(last.node, Scalar):
            return self.provider_hover(name, last.node.value)  # a group's member
        if len(rest) >= 3 and last.on_key and rest[1] in ('properties', 'update_policy'):
            rtype = self.resource_type(name)
            if rtype is None:
                return None
            schemas = rtype.properties if rest[1] == 'properties' else rtype.update_policy
            if not schemas:
                return None
            return self.property(rtype, schemas, rest[2:], rest[1] == 'properties')
        return None

    def deletion_policy(self, resource: Any, policy: Any) -> Hover | None:
        text = DELETION_POLICY_DOCS.get(policy.lower()) if isinstance(policy, str) else None
        if text is None:
            return None
        parts = [f'**{policy}** · deletion policy', text]
        if policy not in self.template.facts.deletion_policies:
            parts.append(f'*Not a deletion policy of HOT {version_label(self.template)}'
                         + (': lowercase policies need 2016-10-14 or later.*'
                            if policy.islower() else '.*'))
        elif policy.lower() == 'snapshot':
            rtype = self.resource_type(resource)
            if rtype is not None and rtype.supports_snapshot is not None:
                parts.append(f'{code(rtype.name)} '
                             + ('can' if rtype.supports_snapshot else '**cannot**')
                             + ' take a snapshot before it is deleted.')
        return self.result(parts)

    def provider_hover(self, name: Any, member_type: Any = None) -> Hover | None:
        """A resource whose type is a template in its stack (or, with `member_type`, the
        member of a group): which file (mapped by which environment), its description, its
        parameters and outputs."""
        definition = self.template.resources.get(name)
        if definition is None:
            return None
        resolution = self.analysis.type_resolution(definition) if member_type is None \
            else self.analysis.stack.resolve(member_type)
        provider, rtype = resolution.provider, resolution.type
        if provider is None or rtype is None:
            return None
        base = os.path.dirname(os.path.abspath(self.analysis.path)) if self.analysis.path \
            else os.getcwd()
        shown = os.path.relpath(provider.path, base)
        parts = [f'**{resolution.requested}** · provider template']
        entry = resolution.resolution.entry
        origin = entry.origin if entry is not None else None
        if origin is not None and origin.path is not None:
            parts.append(f'Mapped to {code(shown)} by {code(os.path.relpath(origin.path, base))}.')
        elif shown != resolution.requested:
            parts.append(f'The template {code(shown)}.')
        parts.extend(type_markdown(rtype)[2:])
        return self.result(parts)

    def type_hover(self, type_name: Any) -> Hover | None:
        if not isinstance(type_name, str):
            return None
        lookup = self.catalog.lookup(type_name)
        if lookup is None:
            if type_name.endswith(('.yaml', '.yml', '.template', '.json')) or '/' in type_name:
                return self.result([f'**{type_name}** · provider template',
                                    'A nested stack: the template\'s parameters are this '
                                    'resource\'s properties, its outputs its attributes.'])
            return None
        if lookup.type is None:
            return self.result([f'**{type_name}** · template alias',
                                f'Heat\'s global environment maps it to the template '
                                f'{code(lookup.template)}.'])
        return self.result(type_markdown(lookup.type, type_name if lookup.via_alias else None))

    def property(self, rtype: Any, schemas: dict, steps: list, is_property: bool) -> Hover | None:
        schema = None
        current: dict | None = schemas
        trail: list[str] = []
        for step in steps:
            if isinstance(step, int) and not isinstance(step, bool):
                if schema is None or schema.item is None:
                    return None
                schema = schema.item
                current = schema.schema if schema.type == 'map' else None
                trail.append('[]')
                continue
            if current is None or not isinstance(step, str) or step not in current:
                return None
            schema = current[step]
            current = schema.schema if schema.type == 'map' else None
            trail.append(('.' if trail else '') + step)
        if schema is None:
            return None
        top = schemas.get(steps[0]) if isinstance(steps[0], str) else None
        return self.result(property_markdown(''.join(trail), schema, rtype.name, top,
                                             is_property))

    # -- parameter declarations ---------------------------------------------------------------
    def in_parameter(self, rest: list) -> Hover | None:
        last = self.last
        if not last.on_key:
            if len(rest) == 4 and rest[1] == 'constraints' and rest[3] == 'custom_constraint' \
                    and isinstance(last.node, Scalar):
                return self.custom_constraint(last.node.value)
            return None
        if len(rest) == 2:
            return self.keyword(rest[1], PARAMETER_KEY_DOCS, 'parameter key')
        if len(rest) == 4 and rest[1] == 'constraints':
            return self.keyword(rest[3], CONSTRAINT_KEY_DOCS, 'constraint')
        return None

    def custom_constraint(self, name: Any) -> Hover | None:
        if not isinstance(name, str) or not name:
            return None
        info = self.catalog.custom_constraints.get(name)
        what = f'custom constraint ({info.service})' if info and info.service else 'custom constraint'
        return self.result([f'**{name}** · {what}', custom_constraint_text(name, info)])
