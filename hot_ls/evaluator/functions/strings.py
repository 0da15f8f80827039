"""String functions: str_replace (and its strict forms), list_join, str_split, digest.

Ported from heat/engine/hot/functions.py, keeping Heat's order of checks
so the first error is Heat's first error.  Over deploy-time values:

* a `get_resource`/`get_attr` value used as text is kept as a placeholder
  inside the result (`Text`); replacement keys are matched in the known
  text only, never inside a placeholder;
* a map or list holding such values is JSON-serialised around them;
* anything whose outcome depends on the unknown value itself (splitting
  it, hashing it, whether a strict key occurs in it) is `Unknown`.
"""
from __future__ import annotations

import collections.abc
import hashlib
import json
from typing import Any

from hot_ls.evaluator.errors import check_string_size
from hot_ls.evaluator.functions.base import Function, resolve
from hot_ls.evaluator.values import (
    DeployValue, Symbolic, Text, Unknown, deploy_value_text, find_symbolic, is_stringish, text,
    unknown,
)

_TOKEN = '@@hot-ls-placeholder-%d@@'


def dumps(value: Any) -> Any:
    """jsonutils.dumps(value, default=None, sort_keys=True), around placeholders.

    Each placeholder is swapped for a token (plain ASCII, so JSON leaves it
    alone), the value is dumped as Heat dumps it, and the tokens are swapped
    back for the symbolic values: `["<<get_resource a>>"]` as Text.
    """
    if find_symbolic(value) is None:
        return json.dumps(value, default=None, sort_keys=True)
    symbols: list = []
    rest = json.dumps(_swap(value, symbols), default=None, sort_keys=True)
    parts: list = []
    for index, symbol in enumerate(symbols):
        before, _, rest = rest.partition(_TOKEN % index)
        parts.extend((before, symbol))
    parts.append(rest)
    return text(parts)


def _swap(item: Any, symbols: list) -> Any:
    """`item` with each placeholder swapped for a token (the placeholders, in order, in
    `symbols`).  A module function, not a closure calling itself (a reference cycle)."""
    if isinstance(item, Symbolic):
        symbols.append(item)
        return _TOKEN % (len(symbols) - 1)
    if isinstance(item, dict):
        return {_swap(k, symbols) if isinstance(k, Symbolic) else k: _swap(v, symbols)
                for k, v in item.items()}
    if isinstance(item, list):
        return [_swap(v, symbols) for v in item]
    return item


def join_with(value: Any, pieces: list) -> Any:
    """`value.join(pieces)` where either may hold placeholders (at most MAX_STRING
    characters: EvaluationLimit beyond)."""
    if isinstance(value, str) and all(isinstance(p, str) for p in pieces):
        check_string_size(sum(map(len, pieces)) + len(value) * max(len(pieces) - 1, 0),
                          'joining')
        return value.join(pieces)
    out: list = []
    for index, piece in enumerate(pieces):
        if index:
            out.append(value)
        out.append(piece)
    return text(out)


class Replace(Function):
    """str_replace up to 2015-04-30: values must be strings or numbers."""

    heat_class = 'Replace'
    _strict = False
    _allow_empty_value = True

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        self._mapping, self._string = self._parse_args()
        if not isinstance(self._mapping, (collections.abc.Mapping, Function)):
            raise TypeError('"%s" parameters must be a mapping' % self.fn_name)

    def _parse_args(self):
        if not isinstance(self.args, collections.abc.Mapping):
            raise TypeError('Arguments to "%s" must be a map' % self.fn_name)
        try:
            mapping = self.args['params']
            string = self.args['template']
        except (KeyError, TypeError):
            example = ('''%s:
              template: This is var1 template var2
              params:
                var1: a
                var2: string''') % self.fn_name
            raise KeyError('"%(fn_name)s" syntax should be %(example)s'
                           % {'fn_name': self.fn_name, 'example': example})
        return mapping, string

    def _validate_replacement(self, value, param):
        if value is None:
            return ''
        if is_stringish(value):
            return value
        if not isinstance(value, (str, int, float, bool)):
            if isinstance(value, Symbolic) and not (isinstance(value, DeployValue)
                                                    and value.type == 'comma_delimited_list'):
                raise _Unknowable(value)
            raise TypeError('"%(name)s" params must be strings or numbers, param %(param)s '
                            'is not valid' % {'name': self.fn_name, 'param': param})
        return str(value)

    def result(self):
        template = resolve(self._string)
        mapping = resolve(self._mapping)
        if isinstance(template, DeployValue) and template.never_string:
            raise TypeError('"%s" template must be a string' % self.fn_name)
        if isinstance(mapping, Symbolic):
            return unknown(self.fn_name, template, mapping)
        if isinstance(template, Symbolic) and not is_stringish(template):
            if isinstance(template, Unknown) and template.function in ('get_file', 'get_param'):
                # the checks' stand-in for a file sent along or a parameter given at create:
                # Heat has the text, and checks each param the same
                self._check_params(mapping)
            return unknown(self.fn_name, template, mapping)
        if self._strict:
            unreplaced_keys = set(mapping)
        if not is_stringish(template):
            raise TypeError('"%s" template must be a string' % self.fn_name)
        if not isinstance(mapping, collections.abc.Mapping):
            raise TypeError('"%s" params must be a map' % self.fn_name)
        if any(isinstance(key, Symbolic) for key in mapping):
            return unknown(self.fn_name, mapping)
        keys = sorted(sorted(mapping), key=len, reverse=True)
        values = self._replacements(mapping, keys)
        if isinstance(values, _Unknowable):
            return unknown(self.fn_name, values.value)

        strict = self._strict

        def note(placeholder, parts):
            if strict and len(parts) > 1:
                unreplaced_keys.discard(placeholder)

        if isinstance(template, str):
            ret_val = _replace_strings([template], keys, values, note)[0]
        elif isinstance(template, Text):
            ret_val = template.map_text(lambda part: _replace_strings([part], keys, values, note)[0])
        else:
            ret_val = template
        if self._strict and len(unreplaced_keys) > 0:
            if not isinstance(template, str):
                return unknown(self.fn_name, template)
            raise ValueError('The following params were not found in the template: %s'
                             % ','.join(sorted(sorted(unreplaced_keys), key=len, reverse=True)))
        return ret_val


    def _replacements(self, mapping, keys):
        """Each param checked, in Heat's order: the values, or the first deploy-time one
        (_Unknowable) once every other has passed (a bad one after it fails all the same)."""
        values = {}
        unknowable = None
        for placeholder in keys:
            if not isinstance(placeholder, str):
                raise TypeError('"%s" param placeholders must be strings' % self.fn_name)
            try:
                values[placeholder] = self._validate_replacement(mapping[placeholder],
                                                                 placeholder)
            except _Unknowable as exc:
                # kept without its traceback, whose frames (this one) would keep it: a cycle
                unknowable = unknowable or exc.with_traceback(None)
        return unknowable if unknowable is not None else values

    def _check_params(self, mapping) -> None:
        """The params' checks of result(), for a template known only at deploy time."""
        if not isinstance(mapping, collections.abc.Mapping) or \
                any(isinstance(key, Symbolic) for key in mapping):
            return
        self._replacements(mapping, sorted(sorted(mapping), key=len, reverse=True))


class _Unknowable(Exception):
    def __init__(self, value):
        super().__init__()
        self.value = value


class ReplaceJson(Replace):
    """str_replace from 2015-10-15: maps and lists are substituted as JSON."""

    heat_class = 'ReplaceJson'

    def _validate_replacement(self, value, param):
        def empty():
            raise ValueError('%(name)s has an undefined or empty value for param %(param)s, '
                             'must be a defined non-empty value'
                             % {'name': self.fn_name, 'param': param})

        if value is None:
            if self._allow_empty_value:
                return ''
            empty()
        if is_stringish(value) and not isinstance(value, str):
            return value
        if isinstance(value, Symbolic):
            raise _Unknowable(value)
        if not isinstance(value, (str, int, float, bool)):
            if isinstance(value, (collections.abc.Mapping, collections.abc.Sequence)):
                if not self._allow_empty_value and len(value) == 0:
                    empty()
                found = find_symbolic(value)
                if found is not None and not is_stringish(found):
                    raise _Unknowable(found)
                try:
                    return dumps(value)
                except TypeError:
                    raise TypeError('"%(name)s" params must be strings, numbers, list or map. '
                                    'Failed to json serialize %(value)s'
                                    % {'name': self.fn_name, 'value': value})
            raise TypeError('"%s" params must be strings, numbers, list or map.' % self.fn_name)
        ret_value = str(value)
        if not self._allow_empty_value and not ret_value:
            empty()
        return ret_value


class ReplaceJsonStrict(ReplaceJson):
    """str_replace_strict (2017-02-24): every param must occur in the template."""

    heat_class = 'ReplaceJsonStrict'
    _strict = True


class ReplaceJsonVeryStrict(ReplaceJsonStrict):
    """str_replace_vstrict (2017-09-01): and no param may be empty."""

    heat_class = 'ReplaceJsonVeryStrict'
    _allow_empty_value = False


class Join(Function):
    """list_join up to 2015-04-30 (and Fn::Join): [delimiter, list of strings]."""

    heat_class = 'Join'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        example = '"%s" : [ " ", [ "str1", "str2"]]' % self.fn_name
        fmt_data = {'fn_name': self.fn_name, 'example': example}
        if not isinstance(self.args, list):
            raise TypeError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                            % fmt_data)
        try:
            self._delim, self._strings = self.args
        except ValueError:
            raise ValueError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                             % fmt_data)

    def result(self):
        strings = resolve(self._strings)
        if strings is None:
            strings = []
        if isinstance(strings, DeployValue) and strings.never_list:
            raise TypeError('"%s" must operate on a list (parameter %s is a %s, whatever value '
                            'it is given at deploy time)'
                            % (self.fn_name, strings.parameter, strings.type))
        if isinstance(strings, Symbolic):
            return unknown(self.fn_name, strings)
        if isinstance(strings, str) or not isinstance(strings, collections.abc.Sequence):
            raise TypeError('"%s" must operate on a list' % self.fn_name)
        delim = resolve(self._delim)
        if isinstance(delim, Symbolic):
            return unknown(self.fn_name, delim)
        if not isinstance(delim, str):
            raise TypeError('"%s" delimiter must be a string' % self.fn_name)

        pieces = []
        pending = None  # an item known at deploy time: the join is unknown, if nothing fails
        for s in strings:
            if s is None:
                pieces.append('')
            elif is_stringish(s):
                pieces.append(s)
            elif isinstance(s, DeployValue) and s.never_string:
                raise TypeError('Items to join must be strings not %s' % _deploy_value(s))
            elif isinstance(s, Symbolic):
                pending = pending or unknown(self.fn_name, s)
            else:
                raise TypeError('Items to join must be strings not %s' % (repr(s)[:200]))
        return pending if pending is not None else join_with(delim, pieces)


class JoinMultiple(Function):
    """list_join from 2015-10-15: several lists; maps and lists joined as JSON."""

    heat_class = 'JoinMultiple'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        example = '"%s" : [ " ", [ "str1", "str2"] ...]' % fn_name
        fmt_data = {'fn_name': fn_name, 'example': example}
        if not isinstance(args, list):
            raise TypeError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                            % fmt_data)
        try:
            self._delim = args[0]
            self._joinlists = args[1:]
            if len(self._joinlists) < 1:
                raise ValueError
        except (IndexError, ValueError):
            raise ValueError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                             % fmt_data)

    def result(self):
        r_joinlists = resolve(self._joinlists)
        strings = []
        for jl in r_joinlists:
            if isinstance(jl, Symbolic):
                return unknown(self.fn_name, jl)
            if jl:
                if isinstance(jl, str) or not isinstance(jl, collections.abc.Sequence):
                    raise TypeError('"%s" must operate on a list' % self.fn_name)
                strings += jl
        delim = resolve(self._delim)
        if isinstance(delim, Symbolic):
            return unknown(self.fn_name, delim)
        if not isinstance(delim, str):
            raise TypeError('"%s" delimiter must be a string' % self.fn_name)

        pieces = []
        pending = None  # an item known at deploy time: the join is unknown, if nothing fails
        for s in strings:
            msg = 'Items to join must be string, map or list not %s' % (repr(s)[:200])
            if s is None:
                pieces.append('')
            elif is_stringish(s):
                pieces.append(s)
            elif isinstance(s, DeployValue) and s.never_string_or_collection:
                raise TypeError('Items to join must be string, map or list not %s'
                                % _deploy_value(s))
            elif isinstance(s, Symbolic):
                pending = pending or unknown(self.fn_name, s)
            elif isinstance(s, (collections.abc.Mapping, collections.abc.Sequence)):
                found = find_symbolic(s)
                if found is not None and not is_stringish(found):
                    pending = pending or unknown(self.fn_name, found)
                    continue
                try:
                    pieces.append(dumps(s))
                except TypeError:
                    raise TypeError('Items to join must be string, map or list. '
                                    '%s failed json serialization' % (repr(s)[:200]))
            else:
                raise TypeError(msg)
        return pending if pending is not None else join_with(delim, pieces)


class StrSplit(Function):
    """str_split (2015-10-15): [delimiter, string, (index)]."""

    heat_class = 'StrSplit'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        example = '"%s" : [ ",", "apples,pears", <index>]' % fn_name
        self.fmt_data = {'fn_name': fn_name, 'example': example}
        if isinstance(args, (str, collections.abc.Mapping)):
            raise TypeError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                            % self.fmt_data)

    def result(self):
        args = resolve(self.args)
        if isinstance(args, Symbolic):
            return unknown(self.fn_name, args)
        try:
            delim = args.pop(0)
            str_to_split = args.pop(0)
        except (AttributeError, IndexError):
            raise ValueError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                             % self.fmt_data)
        if str_to_split is None:
            return None
        if find_symbolic([delim, str_to_split, args]) is not None:
            return unknown(self.fn_name, delim, str_to_split, args)
        split_list = str_to_split.split(delim)
        if args:
            try:
                index = int(args.pop(0))
            except ValueError:
                raise ValueError('Incorrect index to "%(fn_name)s" should be: %(example)s'
                                 % self.fmt_data)
            try:
                return split_list[index]
            except IndexError:
                raise ValueError('Incorrect index to "%(fn_name)s" should be between 0 and '
                                 '%(max_index)s' % {'fn_name': self.fn_name,
                                                    'max_index': len(split_list) - 1})
        return split_list


class Digest(Function):
    """digest (2015-04-30): [algorithm, value] -> hex digest of value.encode('latin-1')."""

    heat_class = 'Digest'

    def validate_usage(self, args):
        if not (isinstance(args, list) and all([isinstance(a, str) for a in args])):
            raise TypeError('Argument to function "%s" must be a list of strings' % self.fn_name)
        if len(args) != 2:
            raise ValueError('Function "%s" usage: ["<algorithm>", "<value>"]' % self.fn_name)
        algorithms = hashlib.algorithms_available
        if args[0].lower() not in algorithms:
            raise ValueError('Algorithm must be one of %s' % str(algorithms))

    def digest(self, algorithm, value):
        hashed = hashlib.new(algorithm)
        hashed.update(value.encode('latin-1'))
        return hashed.hexdigest()

    def result(self):
        args = resolve(self.args)
        if find_symbolic(args) is not None:
            return unknown(self.fn_name, args)
        self.validate_usage(args)
        return self.digest(*args)


def _replace_strings(strings: list, remaining: list, values: dict, note) -> list:
    """Heat's single pass: split on the first (longest) placeholder, replace the rest in the
    pieces, join with its value.  A module function, not a closure over itself: a
    self-referencing closure is a reference cycle per call."""
    if not remaining:
        return strings
    placeholder = remaining[0]
    value = values[placeholder]
    out = []
    for piece in strings:
        parts = piece.split(placeholder)
        note(placeholder, parts)
        out.append(join_with(value, _replace_strings(parts, remaining[1:], values, note)))
    return out


def _deploy_value(value: DeployValue) -> str:
    """What stands for the value in Heat's message (no value of its type would do)."""
    return deploy_value_text(value)
