"""Which implementation each function name has, per template version and context.

The language facts (generated from Heat) name Heat's class for every
function of every version, in the value context and in the condition
context ('Invalid' for functions not allowed there, 'Removed' for removed
ones).  This module maps those class names to the ports.  The CFN names
(Fn::*, Ref) are looked up among the CFN ports, because Heat's class names
repeat across the two families (cfn Replace is not hot Replace).
"""
from __future__ import annotations

from hot_ls.evaluator.functions import cfn, lists_maps, logic, make_url, references, strings
from hot_ls.evaluator.functions import yaql_function
from hot_ls.evaluator.functions.base import Invalid
from hot_ls.language import HotVersion

HOT_CLASSES = {
    'GetParam': references.GetParam,
    'GetResource': references.GetResource,
    'GetAttThenSelect': references.GetAttThenSelect,
    'GetAtt': references.GetAtt,
    'GetAttAllAttributes': references.GetAttAllAttributes,
    'GetFile': references.GetFile,
    'ResourceFacade': references.ResourceFacade,
    'Replace': strings.Replace,
    'ReplaceJson': strings.ReplaceJson,
    'ReplaceJsonStrict': strings.ReplaceJsonStrict,
    'ReplaceJsonVeryStrict': strings.ReplaceJsonVeryStrict,
    'Join': strings.Join,
    'JoinMultiple': strings.JoinMultiple,
    'StrSplit': strings.StrSplit,
    'Digest': strings.Digest,
    'MapMerge': lists_maps.MapMerge,
    'MapReplace': lists_maps.MapReplace,
    'Repeat': lists_maps.Repeat,
    'RepeatWithMap': lists_maps.RepeatWithMap,
    'RepeatWithNestedLoop': lists_maps.RepeatWithNestedLoop,
    'Filter': lists_maps.Filter,
    'ListConcat': lists_maps.ListConcat,
    'ListConcatUnique': lists_maps.ListConcatUnique,
    'Contains': lists_maps.Contains,
    'Yaql': yaql_function.Yaql,
    'MakeURL': make_url.MakeURL,
    'Equals': logic.Equals,
    'If': logic.If,
    'IfNullable': logic.IfNullable,
    'Not': logic.Not,
    'And': logic.And,
    'Or': logic.Or,
    'Removed': logic.Removed,
    'Invalid': Invalid,
}

CFN_CLASSES = {
    'GetAZs': cfn.GetAZs,
    'Ref': cfn.Ref,
    'Select': cfn.Select,
    'Join': cfn.Join,
    'Split': cfn.Split,
    'Replace': cfn.Replace,
    'Base64': cfn.Base64,
    'MemberListToMap': cfn.MemberListToMap,
    'ResourceFacade': cfn.ResourceFacade,
    'Removed': logic.Removed,
    'Invalid': Invalid,
}


def implementation(name: str, impl: str):
    """The port of Heat's class `impl` for the function `name`."""
    if name == 'Ref' or name.startswith('Fn::'):
        return CFN_CLASSES[impl]
    return HOT_CLASSES[impl]


_VALUE_TABLES: dict[str, dict] = {}
_CONDITION_TABLES: dict[str, dict] = {}


def value_table(version: HotVersion) -> dict:
    """Heat's `functions` for this version: name -> implementation."""
    table = _VALUE_TABLES.get(version.version)
    if table is None:
        table = _VALUE_TABLES[version.version] = {
            name: implementation(name, 'Removed' if info.removed else info.impl)
            for name, info in version.functions.items()}
    return table


def condition_table(version: HotVersion) -> dict:
    """Heat's `_parser_condition_functions` for this version."""
    table = _CONDITION_TABLES.get(version.version)
    if table is None:
        table = _CONDITION_TABLES[version.version] = {
            name: implementation(name, impl) for name, impl in version.condition_context.items()}
    return table
