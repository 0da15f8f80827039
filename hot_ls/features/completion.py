"""Completion: what may be written at the cursor, for the template's version and context.

A pure function of the last analysis (for the names the template defines
and its catalog) and the current text (for where the cursor is: the text
may be a keystroke ahead of the analysis, and half-typed).  The cursor's
path decides the kind of completion; `hot_ls.features.place` gives the path
its meaning.

When a word is already typed, items are filtered and ranked here (a fuzzy
subsequence match, so `Server` finds OS::Nova::Server) and the result is
marked incomplete, so the editor asks again as the word grows.
"""
from __future__ import annotations

import os
from typing import Any, Iterable

from hot_ls.analysis import Analysis
from hot_ls.features import snippets
from hot_ls.features.cursor import Cursor, locate
from hot_ls.features.place import CONDITION, VALUE, Place, interpret
from hot_ls.features.index import FILE_SUFFIXES
from hot_ls.features.types import CompletionItem, CompletionResult, ItemKind, Span
from hot_ls.language import HotVersion, language
from hot_ls.language.function_docs import doc as function_doc
from hot_ls.language.keyword_docs import (DELETION_POLICY_DOCS, OUTPUT_KEY_DOCS, PARAMETER_KEY_DOCS,
                                          RESOURCE_KEY_DOCS, SECTION_DOCS, custom_constraint_text)
from hot_ls.model.document import Kind
from hot_ls.syntax import Mapping, Scalar
from hot_ls.text.fuzzy import fuzzy_score

def complete(analysis: Analysis, text: str, offset: int, lines=None) -> CompletionResult:
    """Completion items at `offset` of `text`, using the names and facts of `analysis`.

    `analysis` is a hot_ls.analysis.Analysis (possibly of a slightly older text)
    or None; `lines` is the LineIndex of `text` when the caller has one.
    """
    if analysis is not None and analysis.kind is Kind.ENVIRONMENT:
        from hot_ls.features import environments
        return environments.complete(analysis, text, offset, lines)
    cursor = locate(text, offset, lines)
    template = analysis.template if analysis is not None else None
    version = (template.version if template is not None and template.version is not None
               else _version_in_text(text) or language().latest)
    place = interpret(cursor, version)
    if cursor.quoted and place.call is None:
        return CompletionResult([])
    builder = _Builder(place, template, analysis)
    items = builder.build()
    return filter_items(items, cursor)


def _version_in_text(text: str) -> HotVersion | None:
    for line in text.splitlines()[:50]:
        if line.startswith('heat_template_version:'):
            value = line.split(':', 1)[1].strip().strip('\'"')
            return language().hot(value)
    return None


# -- ranking --------------------------------------------------------------------

def filter_items(items: list[CompletionItem], cursor: Cursor) -> CompletionResult:
    """The items that match the word typed, ranked (see `fuzzy_score`)."""
    start, end = cursor.replace
    word = cursor.word
    kept = []
    for order, item in enumerate(items):
        target = item.filter_text or item.label
        score = fuzzy_score(word, target)
        if score is None:
            continue
        if item.replace is None:
            item.replace = Span(start, end)
        rank = (item.sort_text or '1')[:1]
        item.sort_text = f'{rank}{9999 - max(0, min(9999, score + 5000)):04d}{order:05d}'
        if word:
            item.filter_text = word if not target.lower().startswith(word.lower()) else target
        kept.append(item)
    return CompletionResult(kept, incomplete=bool(word))


# -- the items ------------------------------------------------------------------------

class _Builder:
    def __init__(self, place: Place, template, analysis):
        self.place = place
        self.cursor = place.cursor
        self.template = template
        self.analysis = analysis
        self.version = place.version

    @property
    def catalog(self):
        if self.analysis is not None:
            return self.analysis.catalog
        from hot_ls.catalog import bundled
        return bundled()

    def definitions(self, kind: str) -> dict:
        if self.template is None:
            return {}
        return getattr(self.template, kind)

    def build(self) -> list[CompletionItem]:
        place = self.place
        path = self.cursor.path
        if not path:
            return self.sections() if self.cursor.key_position else []
        if self.cursor.in_block_scalar:
            return []
        section = place.section
        if len(path) == 1 and not self.cursor.key_position:
            if section == 'heat_template_version':
                return self.versions()
            return []
        if place.call is not None:
            return self.in_call()
        if section == 'resources':
            return self.resources()
        if section == 'parameters':
            return self.parameters()
        if section == 'outputs':
            return self.outputs()
        if section == 'conditions':
            return self.functions(CONDITION) if len(path) >= 2 else []
        if section == 'parameter_groups':
            return self.parameter_groups()
        return []

    # -- the top level -----------------------------------------------------------
    def sections(self) -> list[CompletionItem]:
        present = set(self.template.sections) if self.template is not None else set()
        items = []
        for name in self.version.section_order:
            if name in present:
                continue
            if name == 'heat_template_version':
                insert = f'heat_template_version: {language().latest.version}\n'
            elif name == 'description':
                insert = 'description: '
            elif name == 'parameter_groups':
                insert = 'parameter_groups:\n  - label: '
            else:
                insert = f'{name}:\n  '
            items.append(CompletionItem(name, ItemKind.SECTION, 'section',
                                        SECTION_DOCS.get(name), insert_text=insert))
        return items

    def versions(self) -> list[CompletionItem]:
        items = []
        lang = language()
        for rank, version in enumerate(reversed(lang.hot_versions)):
            names = [version.version] + list(version.aliases)
            for name in names:
                items.append(CompletionItem(
                    name, ItemKind.VERSION, version.label,
                    f'HOT version {version.label}: functions '
                    + ', '.join(sorted(n for n, f in version.functions.items() if not f.removed)),
                    sort_text=f'{rank:02d}', preselect=rank == 0 and name == version.version))
        return items

    # -- resources -------------------------------------------------------------------
    def resources(self) -> list[CompletionItem]:
        place = self.place
        path = self.cursor.path
        if len(path) == 1:
            return []  # a new resource name
        if len(path) == 2 and self.cursor.key_position:
            return self.resource_keys()
        field = place.field
        if field == 'type' and len(path) == 3:
            return self.resource_types()
        if field == 'deletion_policy' and len(path) == 3:
            return [CompletionItem(p, ItemKind.VALUE, 'deletion policy',
                                   DELETION_POLICY_DOCS.get(p.lower()))
                    for p in self.version.deletion_policies]
        if field == 'depends_on':
            return self.resource_names(exclude=place.owner)
        if field == 'condition' and len(path) == 3:
            return self.condition_names() + [CompletionItem(v, ItemKind.VALUE, 'boolean')
                                             for v in ('true', 'false')]
        if field == 'properties':
            return self.properties()
        if field in ('metadata', 'update_policy') and not self.cursor.key_position:
            return self.functions(VALUE)
        if field == 'update_policy' and self.cursor.key_position:
            return self.update_policy_keys()
        return []

    def resource_keys(self) -> list[CompletionItem]:
        existing = self._existing_keys(['resources', self.place.owner])
        items = []
        for key in self.version.resource_keys:
            if key in existing:
                continue
            insert = f'{key}:\n  ' if key in ('properties', 'metadata', 'update_policy') else f'{key}: '
            items.append(CompletionItem(key, ItemKind.KEYWORD, 'resource key',
                                        RESOURCE_KEY_DOCS.get(key), insert_text=insert,
                                        sort_text='0' if key in ('type', 'properties') else '1'))
        return items

    def resource_types(self) -> list[CompletionItem]:
        """The types the stack's environments map (to a template, or to another type) first,
        then Heat's own; choosing one inserts its required properties."""
        res = self.definitions('resources').get(self.place.owner)
        has_properties = res is not None and res.get('properties') is not None
        items = []
        mapped = self.mapped_types()
        for name, rtype, target in mapped:
            insert = self._type_insert(name, rtype, has_properties)
            items.append(CompletionItem(
                name, ItemKind.RESOURCE_TYPE, f'→ {target}',
                _type_doc(rtype, f'Mapped to `{target}` by the stack\'s environment.'),
                insert_text=insert, snippet=insert != name, sort_text='0'))
        shadowed = {name for name, _, _ in mapped}
        for rtype in self.catalog.types():
            if rtype.name in shadowed:
                continue
            status = rtype.support_status
            deprecated = status.is_deprecated
            insert = self._type_insert(rtype.name, rtype, has_properties)
            detail = rtype.namespace + (' (deprecated)' if deprecated else '')
            items.append(CompletionItem(
                rtype.name, ItemKind.RESOURCE_TYPE, detail,
                _type_doc(rtype), insert_text=insert, snippet=insert != rtype.name,
                deprecated=deprecated, sort_text='2' if deprecated else '1'))
        return items

    def _type_insert(self, name: str, rtype: Any, has_properties: bool) -> str:
        """The type's name, with a `properties:` of its required ones (a snippet) when the
        resource has none yet and the block style allows it."""
        required = [key for key, p in rtype.properties.items()
                    if p.required and p.default is None and p.support_status.is_supported]
        if not required or has_properties or self.cursor.in_flow:
            return name
        indent = ' ' * self._key_indent()
        lines = [snippets.escape(name), f'{indent}properties:']
        for number, key in enumerate(required, 1):
            lines.append(f'{indent}  {key}: ${{{number}}}')
        return '\n'.join(lines)

    def mapped_types(self) -> list[tuple[str, Any, str]]:
        """(name, its type as the stack resolves it, what it is mapped to) of each type the
        user environments of the document's stack name at the registry's top level."""
        if self.analysis is None or self.analysis.kind is not Kind.HOT or \
                self.analysis.template is None:
            return []
        stack = self.analysis.stack
        base = os.path.dirname(os.path.abspath(self.analysis.path)) if self.analysis.path \
            else os.getcwd()
        found = []
        for path, entry in sorted(stack.environment.registry.user.items(),
                                  key=lambda item: item[0]):
            name = path[0]
            if len(path) != 1 or name.endswith(('*',) + FILE_SUFFIXES) or '::' not in name:
                continue
            if fuzzy_score(self.cursor.word, name) is None:
                continue  # (filter_items would drop it: not resolved for nothing)
            resolution = stack.resolve(name)
            if resolution.type is None:
                continue
            target = entry.target.path if entry.target is not None and entry.target.path \
                else entry.value
            if not isinstance(target, str):
                continue
            found.append((name, resolution.type, os.path.relpath(target, base)
                          if os.path.isabs(target) else target))
        return found

    def _key_indent(self) -> int:
        """The indentation of the key on the cursor's line (for multi-line inserts)."""
        line = self.cursor.line_text
        return len(line) - len(line.lstrip(' '))

    def resource_type_of(self, name) -> Any:
        """The resource's type in its stack: Heat's, or a provider template's schema (its
        parameters the properties, its outputs the attributes)."""
        res = self.definitions('resources').get(name)
        if res is None or not res.type_name:
            return None
        if self.analysis is not None and self.template is self.analysis.template:
            return self.analysis.resource_type(res) or self.catalog.resolve(res.type_name)
        return self.catalog.resolve(res.type_name)

    def properties(self) -> list[CompletionItem]:
        place = self.place
        rtype = self.resource_type_of(place.owner)
        schemas = rtype.properties if rtype is not None else None
        steps = place.property_path
        schema = None
        for step in steps:  # walk down the schema: keys of maps, '*' for list items
            if isinstance(step, int):
                if schema is None or schema.item is None:
                    schemas = None
                    break
                schema = schema.item
                schemas = schema.schema if schema.schema else None
                continue
            if schemas is None or step not in schemas:
                schemas = None
                schema = None
                break
            schema = schemas[step]
            schemas = schema.schema if schema.schema and schema.type_key == 'MAP' else None
        if self.cursor.key_position:
            items = []
            if schemas is not None:
                existing = self._existing_keys(['resources', place.owner, 'properties'] + steps)
                items = self.property_names(schemas, existing)
            if steps:
                items += self.functions(VALUE, block_key=True)
            return items
        # A value: allowed values, booleans, then functions.
        items = []
        if schema is not None and schema.type_key not in ('MAP', 'LIST'):
            items += self.property_values(schema)
        return items + self.functions(VALUE)

    def property_names(self, schemas: dict, existing: set) -> list[CompletionItem]:
        items = []
        in_flow = self.cursor.in_flow
        for name, schema in schemas.items():
            if name in existing or schema.support_status.is_hidden:
                continue
            required = schema.required and schema.default is None
            if in_flow:
                insert, is_snippet = f'{name}: ', False
            elif schema.type_key == 'LIST':
                insert, is_snippet = f'{name}:\n  - $0', True
            elif schema.type_key == 'MAP':
                insert, is_snippet = f'{name}:\n  $0', True
            else:
                insert, is_snippet = f'{name}: ', False
            detail = schema.type + (' (required)' if required else '')
            items.append(CompletionItem(
                name, ItemKind.PROPERTY, detail, _property_doc(name, schema),
                insert_text=insert, snippet=is_snippet,
                deprecated=schema.support_status.is_deprecated,
                sort_text='0' if required else ('2' if schema.support_status.is_deprecated else '1')))
        return items

    def property_values(self, schema) -> list[CompletionItem]:
        items = []
        for constraint in schema.constraints:
            if constraint.key == 'allowed_values':
                for value in constraint.definition():
                    items.append(CompletionItem(str(value), ItemKind.VALUE, 'allowed value',
                                                sort_text='0'))
        if schema.type_key == 'BOOLEAN':
            items += [CompletionItem(v, ItemKind.VALUE, 'boolean', sort_text='0')
                      for v in ('true', 'false')]
        return items

    def update_policy_keys(self) -> list[CompletionItem]:
        rtype = self.resource_type_of(self.place.owner)
        if rtype is None or not rtype.update_policy or len(self.cursor.path) != 3:
            return []
        existing = self._existing_keys(['resources', self.place.owner, 'update_policy'])
        return self.property_names(rtype.update_policy, existing)

    # -- names the template defines --------------------------------------------
    def resource_names(self, exclude=None) -> list[CompletionItem]:
        items = []
        for name, res in self.definitions('resources').items():
            if name == exclude or not isinstance(name, str):
                continue
            items.append(CompletionItem(name, ItemKind.RESOURCE, res.type_name or 'resource'))
        return items

    def parameter_names(self) -> list[CompletionItem]:
        items = []
        for name, param in self.definitions('parameters').items():
            if not isinstance(name, str):
                continue
            ptype = param.get('type')
            detail = ptype.value if isinstance(ptype, Scalar) else 'parameter'
            description = param.get('description')
            items.append(CompletionItem(
                name, ItemKind.PARAMETER, str(detail),
                description.value if isinstance(description, Scalar) else None, sort_text='0'))
        for pseudo in self.version.pseudo_parameters:
            if pseudo == 'OS::region':
                continue  # listed by Heat but never defined
            items.append(CompletionItem(pseudo, ItemKind.PARAMETER, 'pseudo parameter',
                                        sort_text='1'))
        return items

    def condition_names(self) -> list[CompletionItem]:
        return [CompletionItem(name, ItemKind.CONDITION, 'condition')
                for name in self.definitions('conditions') if isinstance(name, str)]

    # -- functions ----------------------------------------------------------------
    def functions(self, context: str, block_key: bool = False) -> list[CompletionItem]:
        """Function names live here; each inserts its argument shape."""
        version = self.version
        if context == CONDITION:
            if not version.has_conditions:
                return []
            names = [n for n, impl in version.condition_context.items()
                     if impl not in ('Invalid', 'Removed')]
        else:
            names = [n for n, info in version.functions.items() if not info.removed]
        items = []
        key_position = self.cursor.key_position
        in_flow = self.cursor.in_flow
        for name in sorted(names):
            fdoc = function_doc(name)
            if fdoc is None:
                continue
            if key_position and in_flow:
                insert = f'{name}: {fdoc.flow_snippet}'
            elif key_position or block_key:
                body = fdoc.snippet
                insert = f'{name}:{body}' if body.startswith('\n') else f'{name}: {body}'
            else:
                insert = f'{{{name}: {fdoc.flow_snippet}}}'
            since = language().first_version_with(name)
            detail = f'function (since {since})' if since else 'function'
            items.append(CompletionItem(name, ItemKind.FUNCTION, detail,
                                        f'{fdoc.summary}\n\n{fdoc.details}', insert_text=insert,
                                        snippet=True, sort_text='3'))
        return items

    def in_call(self) -> list[CompletionItem]:
        place = self.place
        call = place.call
        argument = place.argument
        nested = place.call_path[1:] if argument is not None else place.call_path
        if self.cursor.key_position and argument is None and not nested and \
                call not in ('str_replace', 'str_replace_strict', 'str_replace_vstrict', 'repeat',
                             'yaql', 'make_url'):
            # A key inside a function's arguments (a map argument): another function.
            return self.functions(place.context)
        if call == 'get_param':
            if argument in (None, 0) and not nested:
                return self.parameter_names()
            if argument and argument >= 1:
                return self.parameter_path_keys(argument)
            return []
        if call in ('get_resource',) and not nested:
            return self.resource_names(exclude=place.owner if place.section == 'resources' else None)
        if call == 'get_attr':
            if argument == 0 or (argument is None and not nested):
                return self.resource_names()
            if argument == 1 and not nested:
                return self.attribute_names()
            return []
        if call == 'if':
            if argument == 0:
                return self.condition_names() + self.functions(CONDITION)
            return self.functions(VALUE)
        if call in ('not', 'and', 'or'):
            return self.condition_names() + self.functions(CONDITION)
        if call == 'get_file' and not nested:
            return self.files()
        if call == 'resource_facade':
            return [CompletionItem(v, ItemKind.VALUE, 'section')
                    for v in ('metadata', 'deletion_policy', 'update_policy')]
        if call in ('str_replace', 'str_replace_strict', 'str_replace_vstrict') and \
                self.cursor.key_position and not nested:
            return [CompletionItem(k, ItemKind.KEYWORD, 'argument', insert_text=f'{k}: ')
                    for k in ('template', 'params')]
        if call == 'repeat' and self.cursor.key_position and not nested:
            keys = ['for_each', 'template'] + (['permutations'] if self.version >= '2017-09-01' else [])
            return [CompletionItem(k, ItemKind.KEYWORD, 'argument', insert_text=f'{k}: ')
                    for k in keys]
        if call == 'yaql' and self.cursor.key_position and not nested:
            return [CompletionItem(k, ItemKind.KEYWORD, 'argument', insert_text=f'{k}: ')
                    for k in ('expression', 'data')]
        if call == 'make_url' and self.cursor.key_position and not nested:
            return [CompletionItem(k, ItemKind.KEYWORD, 'URL part', insert_text=f'{k}: ')
                    for k in ('scheme', 'username', 'password', 'host', 'port', 'path', 'query',
                              'fragment')]
        if call == 'digest' and argument == 0:
            return [CompletionItem(a, ItemKind.VALUE, 'algorithm')
                    for a in ('md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512')]
        return self.functions(place.context or VALUE)

    def attribute_names(self) -> list[CompletionItem]:
        path = self.cursor.path
        # The resource is the call's first argument: find it in the text of the call.
        resource = self._first_argument()
        rtype = self.resource_type_of(resource) if resource else None
        if rtype is None:
            return []
        items = []
        for name, attribute in rtype.attributes.items():
            status = attribute.support_status
            if status.is_hidden:
                continue
            items.append(CompletionItem(
                name, ItemKind.ATTRIBUTE, attribute.type or 'attribute', attribute.description,
                deprecated=status.is_deprecated, sort_text='1' if status.is_deprecated else '0'))
        del path
        return items

    def _first_argument(self) -> str | None:
        """get_attr's resource argument, read from the text before the cursor."""
        text = self.cursor.text[:self.cursor.offset]
        index = text.rfind('get_attr')
        if index == -1:
            return None
        after = text[index + len('get_attr'):]
        after = after.lstrip(' :\n-[')
        name = ''
        for char in after:
            if char in ',\n]':
                break
            name += char
        name = name.strip().strip('\'"')
        return name or None

    def parameter_path_keys(self, argument: int) -> list[CompletionItem]:
        """Keys of a json parameter's default, following the path written so far."""
        text = self.cursor.text[:self.cursor.offset]
        index = text.rfind('get_param')
        if index == -1:
            return []
        args = text[index + len('get_param'):].lstrip(' :\n-[')
        parts = [p.strip().strip('\'"') for p in args.replace('\n', ',').replace('-', ',').split(',')]
        parts = [p for p in parts if p]
        if not parts:
            return []
        param = self.definitions('parameters').get(parts[0])
        default = param.get('default') if param is not None else None
        if default is None:
            return []
        value = default.to_python()
        for part in parts[1:argument]:
            if isinstance(value, dict):
                value = value.get(part)
            elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            else:
                return []
        if isinstance(value, dict):
            return [CompletionItem(str(k), ItemKind.VALUE, 'key of the default',
                                   f'`{type(v).__name__}`') for k, v in value.items()]
        if isinstance(value, list):
            return [CompletionItem(str(i), ItemKind.VALUE, 'index of the default')
                    for i in range(len(value))]
        return []

    def files(self) -> list[CompletionItem]:
        """Files beside (and below) the template, as get_file paths."""
        path = self.analysis.path if self.analysis is not None else None
        if not path:
            return []
        base = os.path.dirname(os.path.abspath(path))
        items = []
        typed = self.cursor.word
        directory = os.path.join(base, os.path.dirname(typed)) if '/' in typed else base
        prefix = os.path.dirname(typed) + '/' if '/' in typed else ''
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError:
            return []
        for entry in entries[:500]:
            if entry.name.startswith('.'):
                continue
            full = prefix + entry.name
            if entry.is_dir():
                items.append(CompletionItem(full + '/', ItemKind.FILE, 'directory', sort_text='1'))
            elif os.path.abspath(entry.path) != os.path.abspath(path):
                items.append(CompletionItem(full, ItemKind.FILE, 'file', sort_text='0'))
        return items

    # -- parameters, outputs, groups --------------------------------------------------
    def parameters(self) -> list[CompletionItem]:
        path = self.cursor.path
        if len(path) == 2 and self.cursor.key_position:
            existing = self._existing_keys(path)
            return [CompletionItem(k, ItemKind.KEYWORD, 'parameter key', PARAMETER_KEY_DOCS.get(k),
                                   insert_text=f'{k}:\n  - ' if k == 'constraints' else f'{k}: ',
                                   sort_text='0' if k in ('type', 'default', 'description') else '1')
                    for k in self.version.parameter_keys if k not in existing]
        if len(path) == 3 and path[2] == 'type' and not self.cursor.key_position:
            return [CompletionItem(t, ItemKind.VALUE, 'parameter type')
                    for t in self.version.parameter_types]
        if len(path) == 3 and path[2] in ('hidden', 'immutable') and not self.cursor.key_position:
            return [CompletionItem(v, ItemKind.VALUE, 'boolean') for v in ('true', 'false')]
        if len(path) == 4 and path[2] == 'constraints' and self.cursor.key_position:
            return self.constraint_keys()
        if len(path) == 5 and path[2] == 'constraints' and path[4] == 'custom_constraint':
            return [CompletionItem(name, ItemKind.VALUE, f'custom constraint ({info.service})',
                                   custom_constraint_text(name, info))
                    for name, info in sorted(self.catalog.custom_constraints.items())]
        if len(path) == 5 and path[2] == 'constraints' and path[4] in ('range', 'length') \
                and self.cursor.key_position:
            return [CompletionItem(k, ItemKind.KEYWORD, 'bound', insert_text=f'{k}: ')
                    for k in self.version.range_keys]
        if len(path) == 5 and path[2] == 'constraints' and path[4] == 'modulo' \
                and self.cursor.key_position:
            return [CompletionItem(k, ItemKind.KEYWORD, 'modulo', insert_text=f'{k}: ')
                    for k in self.version.modulo_keys]
        return []

    def constraint_keys(self) -> list[CompletionItem]:
        items = []
        for key in self.version.constraint_keys:
            if key == 'modulo' and 'modulo' not in self.version.effective_constraint_keys:
                continue  # Heat ignores modulo before 2017-02-24
            if key in ('range', 'length', 'modulo'):
                insert = f'{key}: {{${{1:{"step" if key == "modulo" else "min"}}}: $2}}'
                items.append(CompletionItem(key, ItemKind.KEYWORD, 'constraint', insert_text=insert,
                                            snippet=True))
            else:
                items.append(CompletionItem(key, ItemKind.KEYWORD, 'constraint',
                                            insert_text=f'{key}: '))
        return items

    def outputs(self) -> list[CompletionItem]:
        path = self.cursor.path
        if len(path) == 2 and self.cursor.key_position:
            existing = self._existing_keys(path)
            return [CompletionItem(k, ItemKind.KEYWORD, 'output key', OUTPUT_KEY_DOCS.get(k),
                                   insert_text=f'{k}: ') for k in self.version.output_keys
                    if k not in existing]
        if len(path) == 3 and path[2] == 'condition' and not self.cursor.key_position:
            return self.condition_names()
        if len(path) >= 3 and path[2] == 'value':
            return self.functions(VALUE)
        return []

    def parameter_groups(self) -> list[CompletionItem]:
        path = self.cursor.path
        if len(path) == 2 and self.cursor.key_position:
            return [CompletionItem(k, ItemKind.KEYWORD, 'group key', insert_text=f'{k}: ')
                    for k in ('label', 'description', 'parameters')]
        if len(path) >= 3 and path[2] == 'parameters':
            return [i for i in self.parameter_names() if i.detail != 'pseudo parameter']
        return []

    # -- helpers ----------------------------------------------------------------------
    def _existing_keys(self, path: Iterable) -> set:
        """Keys already written in the mapping at `path` (from the analysed tree)."""
        if self.template is None:
            return set()
        node = self.template.root
        for step in path:
            if isinstance(node, Mapping) and not isinstance(step, int):
                node = node.get(step)
            elif isinstance(step, int) and hasattr(node, 'items') and not isinstance(node, Mapping):
                items = node.items
                node = items[step] if 0 <= step < len(items) else None
            else:
                return set()
        if not isinstance(node, Mapping):
            return set()
        word = self.cursor.word
        return {k for k in node.index if k != word}


def _type_doc(rtype, mapped: str | None = None) -> str:
    description = (rtype.description or '').strip()
    lines = [f'**{rtype.name}**', '', description.split('\n\n')[0] if description else '',
             '', mapped or f'*{rtype.support_status.text()}*']
    return '\n'.join(lines)


def _property_doc(name: str, schema) -> str:
    parts = [f'**{name}** ({schema.type_name}{", required" if schema.required else ""})']
    if schema.description:
        parts.append(schema.description)
    if schema.default is not None:
        parts.append(f'Default: `{schema.default}`')
    for constraint in schema.constraints:
        parts.append(f'Constraint: `{constraint.key}: {constraint.definition()}`')
    if not schema.update_allowed:
        parts.append('Changing this replaces the resource.')
    return '\n\n'.join(parts)
