"""HOT language facts per template version, generated from Heat (hot_ls/data/language.json)."""

from hot_ls.language.versions import (
    CfnVersion, HotVersion, Language, FunctionInfo, language,
)

__all__ = ['CfnVersion', 'FunctionInfo', 'HotVersion', 'Language', 'language']
