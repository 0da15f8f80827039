"""Schemas dumped from a live cloud with `openstack orchestration resource type show -f json TYPE`.

That command prints Heat's EngineService.resource_schema: `resource_type`,
`properties`, `attributes`, `support_status` and, with `--long`,
`description`.  A catalog path (setting `catalogs`, CLI `--catalog`) is one
such file, a JSON list of them, or a directory of them (*.json, read in
name order).  The types read override the bundled catalog.

What the dump cannot say is kept from the bundled type of the same name:
resource_schema leaves out HIDDEN and unimplemented properties and HIDDEN
attributes, which Heat still accepts (or rejects with its own message), so
those are carried over; and whether get_attr accepts any attribute name and
the update_policy schema are behaviour of Heat's code, not of the schema.
"""
from __future__ import annotations

import json
import os
from typing import Any

from hot_ls.catalog.catalog import Catalog, Problem
from hot_ls.catalog.schema import ResourceType
from hot_ls.catalog.support import HIDDEN, SupportStatus


def _files(path: str) -> list[str]:
    if os.path.isdir(path):
        return [os.path.join(path, name) for name in sorted(os.listdir(path))
                if name.endswith('.json') and os.path.isfile(os.path.join(path, name))]
    return [path]


def _is_schema(entry: Any) -> bool:
    return isinstance(entry, dict) and isinstance(entry.get('resource_type'), str)


def _merge_with_bundled(entry: dict, bundled_type: ResourceType | None) -> dict:
    body = {key: entry[key] for key in ('description', 'support_status', 'properties',
                                        'attributes') if key in entry}
    body['properties'] = dict(body.get('properties') or {})
    body['attributes'] = dict(body.get('attributes') or {})
    if bundled_type is None:
        return body
    old = bundled_type.body
    for name, prop in (old.get('properties') or {}).items():
        if name in body['properties']:
            continue
        status = SupportStatus.parse(prop.get('support_status'))
        if status.status == HIDDEN or prop.get('implemented') is False:
            body['properties'][name] = prop
    for name, attr in (old.get('attributes') or {}).items():
        if name not in body['attributes'] and \
                SupportStatus.parse(attr.get('support_status')).status == HIDDEN:
            body['attributes'][name] = attr
    if old.get('update_policy') is not None:
        body['update_policy'] = old['update_policy']
    body['update_policy_known'] = True
    body['any_attribute'] = bool(old.get('any_attribute'))
    body['snapshot_delete'] = bool(old.get('snapshot_delete'))
    if old.get('class'):
        body['class'] = old['class']
    return body


def load_dumps(paths: list[str] | tuple[str, ...], base: Catalog
               ) -> tuple[dict[str, ResourceType], list[Problem]]:
    """The types in the cloud dumps at `paths` (later files win), and the problems found."""
    types: dict[str, ResourceType] = {}
    problems: list[Problem] = []
    for root in paths:
        if not os.path.exists(root):
            problems.append(Problem(root, None, 'catalog path does not exist', 'error'))
            continue
        for path in _files(root):
            try:
                with open(path, encoding='utf-8') as fh:
                    data = json.load(fh)
            except (OSError, UnicodeDecodeError) as exc:
                problems.append(Problem(path, None, f'cannot read: {exc}', 'error'))
                continue
            except json.JSONDecodeError as exc:
                problems.append(Problem(path, exc.lineno, f'not JSON: {exc.msg}', 'error'))
                continue
            entries = data if isinstance(data, list) else [data]
            for index, entry in enumerate(entries):
                if not _is_schema(entry):
                    where = f'entry {index}' if isinstance(data, list) else 'the document'
                    problems.append(Problem(path, None, f'{where} is not a resource type schema '
                                            '(no "resource_type"), ignored'))
                    continue
                name = entry['resource_type']
                body = _merge_with_bundled(entry, base.get(name))

                def sink(message: str, path: str = path) -> None:
                    problems.append(Problem(path, None, message))

                rtype = ResourceType(name, body, source=path, on_problem=sink)
                rtype.properties, rtype.update_policy  # build now: problems are reported at load
                types[name] = rtype
    return types, problems
