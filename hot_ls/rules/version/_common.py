"""Shared lookups for the version rules."""
from hot_ls.model.document import CFN_VERSION_KEYS
from hot_ls.syntax import Scalar


def string_version_keys(root) -> list:
    """The version keys whose value is a string: the only ones Heat's get_version considers."""
    keys = []
    for key in ('heat_template_version',) + CFN_VERSION_KEYS:
        pair = root.pair(key)
        if pair is not None and isinstance(pair.value, Scalar) and isinstance(pair.value.value, str):
            keys.append(pair)
    return keys
