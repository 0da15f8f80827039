"""What in a set of settings cannot work: rule names that name no rule, catalog inputs that
do not exist, a release Heat never had.

The CLI refuses to run with any of these (exit status 2) and the server shows them to
the user: a setting that silently does nothing is worse than an error.  (Values of the
wrong shape are the settings' own problems, `Settings.problems`: kept at their defaults.)
"""
from __future__ import annotations

from typing import Iterable

from hot_ls.catalog import effective_catalog
from hot_ls.config import Settings
from hot_ls.rules.registry import RULES
from hot_ls.rules.suggestions import did_you_mean, suggestion_text


def unknown_rules(names: Iterable[str], where: str) -> list[str]:
    """A message for each name that is neither a rule's code nor its name."""
    known = {rule.code for rule in RULES} | {rule.name for rule in RULES}
    messages = []
    for name in dict.fromkeys(names):
        if name not in known:
            pool = [r.code for r in RULES] if name[:3].upper() == 'HOT' else [r.name for r in RULES]
            hint = suggestion_text(did_you_mean(name, pool))
            messages.append(f'{where}: "{name}" is not a hot-ls rule code or name{hint} '
                            f'(`hot-ls rules` lists them)')
    return messages


def misconfiguration(settings: Settings, disable_source: str = 'disable') -> list[str]:
    """Every error in `settings` that would make a run check something else than asked."""
    found = unknown_rules(settings.disable, _origin(settings, 'disable', disable_source))
    found += unknown_rules(settings.severity, _origin(settings, 'severity', 'severity'))
    catalog = effective_catalog(settings)
    for problem in catalog.problems:
        if problem.severity != 'error':
            continue
        if problem.path == 'target_release':
            where = _origin(settings, 'target_release', 'target_release')
            named = [r.name.lower() for r in catalog.releases.all if r.name]
            found.append(f'{where}: "{settings.target_release}" is not a Heat release '
                         f'(a name such as {", ".join(named[-3:])}, or a number such as '
                         f'{catalog.releases.latest.number})')
        else:
            found.append(str(problem))
    return found


def _origin(settings: Settings, key: str, default: str) -> str:
    origins = settings.origins.get(key)
    return f'{key} (from {" and ".join(origins)})' if origins else default
