"""`hot-ls config [PATH]`: the settings a file is checked with, and where each comes from.

    $ hot-ls config templates/
    # settings file: /src/project/.hot-ls.toml
    disable = ["HOT708"]                      # /src/project/.hot-ls.toml
    target_release = "train"                  # --target-release
    severity = {}                             # default
    ...

The settings file is the nearest one upwards from PATH (or `--config`), as the
editor finds it for a document there; the editor's own settings, which it adds
on top (docs/settings.md), are not known here.  Exit status 0, or 1 when
something in the settings cannot be used (each is listed on stderr), 2 when
`--config` cannot be read.
"""
from __future__ import annotations

import json
import sys
from dataclasses import asdict, fields

from hot_ls.config import Settings
from hot_ls.config.settings import find_config_file

_HIDDEN = ('problems', 'base_dir', 'origins')


def effective(settings: Settings) -> dict[str, dict]:
    """Each setting's value (as TOML would write it) and where it came from."""
    values = asdict(settings)
    out = {}
    for spec in fields(Settings):
        if spec.name in _HIDDEN:
            continue
        value = values[spec.name]
        if isinstance(value, tuple):
            value = list(value)
        out[spec.name] = {'value': value,
                          'from': list(settings.origins.get(spec.name, ('default',)))}
    return out


def _toml(value) -> str:
    if isinstance(value, dict):
        return '{' + ', '.join(f'{json.dumps(k) if not k.isidentifier() else k} = {_toml(v)}'
                               for k, v in value.items()) + '}'
    return json.dumps(value, ensure_ascii=False)


def run(args, settings: Settings) -> int:
    from hot_ls.rules.misconfiguration import misconfiguration
    source = args.config or find_config_file(args.path)
    errors = list(settings.problems) + misconfiguration(settings)
    table = effective(settings)
    if args.format == 'json':
        sys.stdout.write(json.dumps({'file': source, 'settings': table, 'errors': errors},
                                    indent=2, ensure_ascii=False, default=str) + '\n')
    else:
        sys.stdout.write(f'# settings file: {source or "none (no .hot-ls.toml, nor a pyproject.toml with [tool.hot-ls], upwards from " + args.path + ")"}\n')
        for name, entry in table.items():
            line = f'{name} = {_toml(entry["value"])}' if entry['value'] is not None \
                else f'# {name} not set'
            sys.stdout.write(f'{line:<48} # {", ".join(entry["from"])}\n')
    for error in errors:
        print(f'hot-ls: {error}', file=sys.stderr)
    return 1 if errors else 0
