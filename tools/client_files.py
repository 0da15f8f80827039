"""The files python-heatclient uploads beside a template: provider templates and get_file targets.

Shared by the oracles (which run under Heat's venv) and the differential
harness (which runs under hot-ls's): it imports neither, only PyYAML.
"""
from __future__ import annotations

import os


def referenced_files(path: str, text: str, files: dict, depth: int = 0) -> None:
    """Gather what python-heatclient would upload beside the template.

    Provider templates named by `type:` and `get_file` targets are read
    relative to the file that names them, keyed as written (Heat looks them
    up in `files` by that string).  Missing files are left out, as a client
    would fail to read them; the corpus README says they are expected.
    """
    import yaml
    if depth > 4:
        return
    try:
        data = yaml.safe_load(text)
    except Exception:
        return
    base = os.path.dirname(path)

    def add(name, placeholder=False):
        if not isinstance(name, str) or name in files or '://' in name:
            return
        target = os.path.normpath(os.path.join(base, name))
        if not os.path.isfile(target) and placeholder:
            # The corpus keeps data files only: scripts pulled in with
            # get_file are absent.  A client would upload them; stand in.
            files[name] = '# content of ' + name + '\n'
            return
        if os.path.isfile(target):
            with open(target, encoding='utf-8', errors='replace') as fh:
                content = fh.read()
            files[name] = content
            if name.endswith(('.yaml', '.yml', '.template')):
                referenced_files(target, content, files, depth + 1)

    def walk(node):
        if isinstance(node, dict):
            if len(node) == 1 and 'get_file' in node:
                add(node['get_file'], placeholder=True)
            for key, value in node.items():
                if key == 'type' and isinstance(value, str) and value.endswith(('.yaml', '.template')):
                    add(value)  # python-heatclient uploads every `type:` naming a template, at any depth
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    if isinstance(data, dict):
        for res in (data.get('resources') or {}).values() if isinstance(data.get('resources'), dict) else []:
            if isinstance(res, dict) and isinstance(res.get('type'), str) and \
                    res['type'].endswith(('.yaml', '.yml', '.template')):
                add(res['type'])
        registry = data.get('resource_registry')
        if isinstance(registry, dict):
            # (and each resource's own mappings, as python-heatclient's
            # resolve_environment_urls reads them)
            per_resource = registry.get('resources')
            values = list(registry.values()) + [
                value for mapping in (per_resource.values() if isinstance(per_resource, dict)
                                      else []) if isinstance(mapping, dict)
                for value in mapping.values()]
            for value in values:
                if isinstance(value, str) and value.endswith(('.yaml', '.yml', '.template')):
                    add(value)
        walk(data)


def client_refusal(path: str, text: str) -> str | None:
    """What python-heatclient says before it sends the stack, when a `type:` key anywhere in
    the template (a resource's, a group member's, a property's or an output's data) names a
    template file that does not exist: it reads every one of them
    (template_utils.resolve_template_get_files), whatever the resource's condition, and
    those each template it reads names in turn (get_template_contents of the file, when
    is_template says it is one).  None when it would send it."""
    return _missing_below(path, text, set())


def _missing_below(path: str, text: str, seen: set) -> str | None:
    import yaml
    try:
        data = yaml.safe_load(text)
    except Exception:
        return None
    if not isinstance(data, dict):
        return None
    base = os.path.dirname(path)
    named = []

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == 'type' and isinstance(value, str) and '://' not in value and \
                        value.endswith(('.yaml', '.template')):
                    named.append(os.path.normpath(os.path.join(base, value)))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(data)
    for target in named:
        if target in seen:
            continue
        seen.add(target)
        if not os.path.isfile(target):
            return f'Could not fetch contents for file://{target}'
        with open(target, encoding='utf-8', errors='replace') as fh:
            content = fh.read()
        if _is_template(content):
            found = _missing_below(target, content, seen)
            if found is not None:
                return found
    return None


def _is_template(text: str) -> bool:
    """python-heatclient's template_utils.is_template: its template_format.parse accepts it
    (YAML or JSON with one of the template version keys)."""
    import yaml
    try:
        data = yaml.safe_load(text)
    except Exception:
        return False
    return isinstance(data, dict) and any(key in data for key in (
        'heat_template_version', 'HeatTemplateFormatVersion', 'AWSTemplateFormatVersion'))
