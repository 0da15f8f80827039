"""`hot-ls catalog list|show`: the resource types the current settings produce."""
from __future__ import annotations

import argparse
import difflib
import json
import sys
import textwrap

from hot_ls.catalog import Catalog, PropertySchema, ResourceType, SupportStatus, effective_catalog
from hot_ls.text.fuzzy import best_matches


def add_catalog_options(parser: argparse.ArgumentParser) -> None:
    """--plugin-path, --catalog and --target-release (also used by `check`)."""
    parser.add_argument('--plugin-path', action='append', default=[], metavar='DIR',
                        dest='plugin_paths',
                        help='directory of custom resource plugins, read statically (repeatable)')
    parser.add_argument('--catalog', action='append', default=[], metavar='PATH',
                        dest='catalogs',
                        help='schema dump of `openstack orchestration resource type show -f json`:'
                             ' a file, a JSON list or a directory (repeatable)')
    parser.add_argument('--target-release', metavar='RELEASE',
                        help='Heat release the templates must run on: a name (train) or a '
                             'number (13.0.0); default: the newest')


def add_parser(sub) -> None:
    catalog = sub.add_parser('catalog', help='list resource types or show one type\'s schema')
    commands = catalog.add_subparsers(dest='catalog_command', metavar='SUBCOMMAND')
    listing = commands.add_parser('list', help='the resource types, one per line (with '
                                               '--target-release, those that release has)')
    listing.add_argument('--all', action='store_true', help='include HIDDEN types')
    add_catalog_options(listing)
    show = commands.add_parser('show', help='one resource type\'s schema')
    show.add_argument('type', metavar='TYPE')
    show.add_argument('--format', choices=('text', 'json'), default='text')
    add_catalog_options(show)


def _report_problems(catalog: Catalog) -> None:
    for problem in catalog.problems:
        sys.stderr.write(f'hot-ls: {problem.severity}: {problem}\n')


def run(args, settings) -> int:
    if args.catalog_command is None:
        sys.stderr.write('usage: hot-ls catalog {list,show} ...\n')
        return 2
    catalog = effective_catalog(settings)
    _report_problems(catalog)
    if args.catalog_command == 'list':
        for rtype in catalog.types(include_hidden=args.all):
            if catalog.availability(rtype.name, rtype.support_status) is None:
                sys.stdout.write(rtype.name + '\n')
        return 0
    return _show(args, catalog)


def _show(args, catalog: Catalog) -> int:
    found = catalog.lookup(args.type)
    if found is None:
        names = catalog.names(include_hidden=True)
        close = best_matches(args.type, names) or difflib.get_close_matches(args.type, names, n=3)
        hint = f'; did you mean {", ".join(close)}?' if close else ''
        sys.stderr.write(f'hot-ls: unknown resource type "{args.type}"{hint}\n')
        return 1
    if found.type is None:  # a template alias of the global environment
        if args.format == 'json':
            data = {'resource_type': found.requested, 'template': found.template}
            sys.stdout.write(json.dumps(data, indent=2) + '\n')
        else:
            sys.stdout.write(f'{found.requested} is a provider template in Heat\'s default '
                             f'global environment: {found.template}\n')
        return 0
    rtype = found.type
    if args.format == 'json':
        data = rtype.to_dict()
        if found.via_alias:
            data['requested'] = found.requested
            data['alias'] = found.alias
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + '\n')
        return 0
    sys.stdout.write(render_text(rtype, catalog, found.requested if found.via_alias else None,
                                 found.alias))
    return 0


# -- the text form ----------------------------------------------------------------------

def _wrap(text: str, indent: str) -> list[str]:
    out = []
    for paragraph in text.strip().split('\n\n'):
        paragraph = ' '.join(paragraph.split())
        if paragraph:
            out.extend(textwrap.wrap(paragraph, width=88, initial_indent=indent,
                                     subsequent_indent=indent))
    return out


def _constraint_text(constraint) -> str:
    definition = constraint.definition()
    key = constraint.key
    if key in ('range', 'length'):
        low, high = definition.get('min'), definition.get('max')
        bounds = (f'{low}..{high}' if low is not None and high is not None
                  else f'>= {low}' if low is not None else f'<= {high}')
        text = f'{key} {bounds}'
    elif key == 'modulo':
        text = f'modulo step {definition["step"]} offset {definition["offset"]}'
    elif key == 'allowed_values':
        text = 'one of ' + ', '.join(json.dumps(v) for v in definition)
    elif key == 'allowed_pattern':
        text = f'pattern {definition}'
    else:
        text = f'custom constraint {definition}'
    return text


def _status_note(status: SupportStatus, item: str, catalog: Catalog) -> str | None:
    notes = []
    if status.status != 'SUPPORTED':
        notes.append(status.text())
    elif status.since:
        notes.append(f'since {catalog.releases.label(status.since)}')
    unavailable = catalog.availability(item, status)
    if unavailable:
        notes.append(f'not in the target release {catalog.target.target_label}')
    return '; '.join(notes) if notes else None


def _property_lines(schema: PropertySchema, indent: str, catalog: Catalog) -> list[str]:
    kind = schema.type
    item = schema.item
    if item is not None:
        kind = f'list of {item.type}'
    facts = [kind]
    if schema.required:
        facts.append('required')
    if schema.default is not None:
        facts.append(f'default {json.dumps(schema.default)}')
    if schema.update_allowed:
        facts.append('update allowed')
    if schema.immutable:
        facts.append('immutable')
    if not schema.implemented:
        facts.append('not implemented')
    facts.extend(_constraint_text(c) for c in schema.constraints)
    out = [f'{indent}{schema.name}: {", ".join(facts)}']
    note = _status_note(schema.support_status, f'Property {schema.name}', catalog)
    if note:
        out.append(f'{indent}    [{note}]')
    if schema.description:
        out.extend(_wrap(schema.description, indent + '    '))
    children = schema.schema or {}
    if item is not None:
        children = item.schema or {}
    for child in children.values():
        out.extend(_property_lines(child, indent + '    ', catalog))
    return out


def render_text(rtype: ResourceType, catalog: Catalog, requested: str | None = None,
                alias: str | None = None) -> str:
    lines = [rtype.name]
    if requested:
        lines.append(f'  ({requested} resolves to it through the global alias {alias})')
    lines.extend(_wrap(rtype.description, '  '))
    lines.append('')
    lines.append(f'Support status: {rtype.support_status.text()}')
    unavailable = catalog.availability(rtype.name, rtype.support_status)
    if unavailable:
        lines.append(f'  {unavailable}')
    source = rtype.source if rtype.source != 'bundled' else \
        f'bundled (openstack-heat {catalog.heat_version})'
    lines.append(f'Source: {source}')
    lines.append('')
    lines.append('Properties:' if rtype.properties else 'Properties: none')
    for schema in rtype.properties.values():
        lines.extend(_property_lines(schema, '  ', catalog))
    lines.append('')
    lines.append('Attributes:')
    for attribute in rtype.attributes.values():
        lines.append(f'  {attribute.name}: {attribute.type or "any type"}')
        note = _status_note(attribute.support_status, f'Attribute {attribute.name}', catalog)
        if note:
            lines.append(f'      [{note}]')
        if attribute.description:
            lines.extend(_wrap(attribute.description, '      '))
    if rtype.accepts_any_attribute:
        lines.append('  (get_attr accepts any attribute name on this type)')
    policy = rtype.update_policy
    if policy:
        lines.append('')
        lines.append('Update policy:')
        for schema in policy.values():
            lines.extend(_property_lines(schema, '  ', catalog))
    return '\n'.join(lines) + '\n'
