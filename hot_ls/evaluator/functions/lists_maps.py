"""Functions over lists and maps: map_merge, map_replace, repeat, filter, list_concat(_unique), contains.

Ported from heat/engine/hot/functions.py with Heat's order of checks (and
the raw Python errors Heat lets escape, e.g. `repeat` whose for_each is a
list fails with "'list' object has no attribute 'items'").  A symbolic
collection, or one whose membership tests would need a deploy-time value,
gives `Unknown`; deploy-time values merely carried along (a map value, a
list item) stay in place.
"""
from __future__ import annotations

import collections.abc
import itertools
import json
import math

from hot_ls.evaluator.errors import MAX_ITEMS, MAX_STRING, check_item_count, check_string_size
from hot_ls.evaluator.functions.base import Function, resolve, validate
from hot_ls.evaluator.values import (
    DeployValue, Symbolic, Text, deploy_value_text, display, find_symbolic, is_stringish, text,
    unknown,
)


class MapMerge(Function):
    """map_merge (2016-04-08): later maps win; None counts as {}."""

    heat_class = 'MapMerge'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        example = '"%s" : [ { "key1": "val1" }, { "key2": "val2" } ]' % fn_name
        self.fmt_data = {'fn_name': fn_name, 'example': example}

    def result(self):
        args = resolve(self.args)
        if isinstance(args, Symbolic):
            return unknown(self.fn_name, args)
        if not isinstance(args, collections.abc.Sequence):
            raise TypeError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                            % self.fmt_data)

        def ensure_map(m):
            if m is None:
                return {}
            if isinstance(m, collections.abc.Mapping):
                return m
            if isinstance(m, DeployValue):  # no value of its type is a map
                python_type = DeployValue.PYTHON_TYPES[m.type]
                raise TypeError('Incorrect arguments: Items to merge must be maps. {} is type '
                                "<class '{}'> instead of a dict".format(deploy_value_text(m),
                                                                      python_type))
            raise TypeError('Incorrect arguments: Items to merge must be maps. '
                            '{} is type {} instead of a dict'.format(repr(m)[:200], type(m)))

        ret_map = {}
        pending = None  # a deploy-time item: the merge is unknown, if no later item fails
        for m in args:
            if isinstance(m, Symbolic) and not (isinstance(m, DeployValue) and m.never_map):
                pending = pending or unknown(self.fn_name, m)
                continue
            ret_map.update(ensure_map(m))
        return pending if pending is not None else ret_map


class MapReplace(Function):
    """map_replace (2016-10-14): [map, {keys: {...}, values: {...}}]."""

    heat_class = 'MapReplace'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        example = ('"%s" : [ { "key1": "val1" }, '
                   '{"keys": {"key1": "key2"}, "values": {"val1": "val2"}}]' % fn_name)
        self.fmt_data = {'fn_name': fn_name, 'example': example}

    def result(self):
        args = resolve(self.args)
        if isinstance(args, Symbolic):
            return unknown(self.fn_name, args)

        pending = []  # the first deploy-time argument: the result is unknown, if nothing fails

        def ensure_map(m):
            if m is None:
                return {}
            if isinstance(m, DeployValue) and m.never_map:
                m = ()  # no value of its type is a map: it fails as any non-map does
            elif isinstance(m, Symbolic):
                # Heat checks in order, and an unknown argument may turn out a map: what
                # follows is checked as if it were one (a failure is then certain either
                # way, with this same message, or another argument's own)
                pending.append(m)
                return {}
            if isinstance(m, collections.abc.Mapping):
                return m
            raise TypeError('Incorrect arguments: to "%(fn_name)s", arguments must be a list '
                            'of maps. Example:  %(example)s' % self.fmt_data)

        try:
            in_map = ensure_map(args.pop(0))
            repl_map = ensure_map(args.pop(0))
            if args != []:
                raise IndexError
        except (IndexError, AttributeError):
            raise TypeError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                            % self.fmt_data)
        for k in repl_map:
            if k not in ('keys', 'values'):
                raise ValueError('Incorrect arguments to "%(fn_name)s" should be: '
                                 '%(example)s' % self.fmt_data)
        repl_keys = ensure_map(repl_map.get('keys', {}))
        repl_values = ensure_map(repl_map.get('values', {}))
        if pending:
            return unknown(self.fn_name, pending[0])
        ret_map = {}
        for k, v in in_map.items():
            key = repl_keys.get(k)
            if key is None:
                key = k
            elif key in in_map and key != k:
                raise ValueError('key replacement %s collides with a key in the input map' % key)
            elif key in ret_map:
                raise ValueError('key replacement %s collides with a key in the output map' % key)
            try:
                value = repl_values.get(v, v)
            except TypeError:
                value = v
            ret_map[key] = value
        return ret_map


class Repeat(Function):
    """repeat (2015-04-30): the template once per combination of the for_each lists."""

    heat_class = 'Repeat'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        self._parse_args()

    def _parse_args(self):
        if not isinstance(self.args, collections.abc.Mapping):
            raise TypeError('Arguments to "%s" must be a map' % self.fn_name)
        try:
            self._for_each = self.args['for_each']
            self._template = self.args['template']
        except KeyError:
            example = ('''repeat:
              template: This is %var%
              for_each:
                %var%: ['a', 'b', 'c']''')
            raise KeyError('"repeat" syntax should be %s' % example)
        self._nested_loop = True

    def validate(self):
        super().validate()
        if not isinstance(self._for_each, Function):
            if not isinstance(self._for_each, collections.abc.Mapping):
                raise TypeError('The "for_each" argument to "%s" must contain a map'
                                % self.fn_name)

    def _valid_arg(self, arg):
        if not (isinstance(arg, (collections.abc.Sequence, Function))
                and not isinstance(arg, str)):
            raise TypeError('The values of the "for_each" argument to "%s" must be lists'
                            % self.fn_name)

    def _do_replacement(self, keys, values, template):
        if isinstance(template, str):
            for (key, value) in zip(keys, values):
                template = _str_replace(template, key, value)
            return template
        if isinstance(template, Text):
            for (key, value) in zip(keys, values):
                template = template.map_text(lambda s, k=key, v=value: _str_replace(s, k, v)) \
                    if isinstance(template, Text) else _str_replace(template, key, value)
            return template
        if isinstance(template, collections.abc.Sequence):
            return [self._do_replacement(keys, values, elem) for elem in template]
        if isinstance(template, collections.abc.Mapping):
            return dict((self._do_replacement(keys, values, k),
                         self._do_replacement(keys, values, v)) for (k, v) in template.items())
        return template

    def result(self):
        for_each = resolve(self._for_each)
        if isinstance(for_each, Symbolic):
            return unknown(self.fn_name, for_each)
        keys, lists = zip(*for_each.items())
        for value in lists:  # (no value of a number, boolean or string parameter is a list:
            # Heat fails on it whatever it is given, and on each other value the same way)
            if isinstance(value, DeployValue) and value.type in ('number', 'boolean', 'string'):
                self._valid_arg(value)
        value_lens = []
        values = []
        for value in lists:
            if value is None:
                values.append([])
            else:
                if isinstance(value, Symbolic):
                    return unknown(self.fn_name, value)
                self._valid_arg(value)
                values.append(value)
                value_lens.append(len(value))
        if not self._nested_loop and value_lens:
            if len(set(value_lens)) != 1:
                raise ValueError('For %s, the length of for_each values should be equal if no '
                                 'nested loop.' % self.fn_name)
        if any(isinstance(key, Symbolic) for key in keys):
            return unknown(self.fn_name, keys)
        for value in values:
            for item in (value.keys() if isinstance(value, collections.abc.Mapping) else value):
                if isinstance(item, Symbolic) and not is_stringish(item):
                    return unknown(self.fn_name, item)
        template = resolve(self._template)
        iter_func = itertools.product if self._nested_loop else zip
        count = math.prod(map(len, values)) if self._nested_loop else min(map(len, values))
        if count > MAX_ITEMS or count * len(repr(template)) > MAX_STRING:
            # Too many copies to make: the first still fails as Heat's would, else give up.
            for replacements in iter_func(*values):
                self._do_replacement(keys, replacements, template)
                break
            check_item_count(count, self.fn_name)
            check_string_size(count * len(repr(template)), self.fn_name)
        return [self._do_replacement(keys, replacements, template)
                for replacements in iter_func(*values)]


def _str_replace(template, key, value):
    """`template.replace(key, value)` where value may be a placeholder (kept whole)."""
    if isinstance(value, Symbolic) and isinstance(key, str) and isinstance(template, str):
        pieces = template.split(key)
        out: list = []
        for index, piece in enumerate(pieces):
            if index:
                out.append(value)
            out.append(piece)
        return text(out)
    if isinstance(template, str) and isinstance(key, str) and isinstance(value, str) and key:
        check_string_size(len(template) + template.count(key) * (len(value) - len(key)),
                          'repeat')
    return template.replace(key, value)


class RepeatWithMap(Repeat):
    """repeat from 2016-10-14: a for_each value may be a map (its keys are used)."""

    heat_class = 'RepeatWithMap'

    def _valid_arg(self, arg):
        if not (isinstance(arg, (collections.abc.Sequence, collections.abc.Mapping, Function))
                and not isinstance(arg, str)):
            raise TypeError('The values of the "for_each" argument to "%s" must be lists or maps'
                            % self.fn_name)


class RepeatWithNestedLoop(RepeatWithMap):
    """repeat from 2017-09-01: `permutations: false` zips lists of equal length."""

    heat_class = 'RepeatWithNestedLoop'

    def _parse_args(self):
        super()._parse_args()
        self._nested_loop = self.args.get('permutations', True)
        if not isinstance(self._nested_loop, bool):
            raise TypeError('"permutations" should be boolean type for %s function.'
                            % self.fn_name)

    def _valid_arg(self, arg):
        if self._nested_loop:
            super()._valid_arg(arg)
        else:
            Repeat._valid_arg(self, arg)


class Filter(Function):
    """filter (2017-02-24): [values, list] -> the list without those values."""

    heat_class = 'Filter'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        self._values, self._sequence = self._parse_args()

    def _parse_args(self):
        if not isinstance(self.args, collections.abc.Sequence) or isinstance(self.args, str):
            raise TypeError('Argument to "%s" must be a list' % self.fn_name)
        if len(self.args) != 2:
            raise ValueError('"%(fn)s" expected 2 arguments of the form [values, sequence] but '
                             'got %(len)d arguments instead'
                             % {'fn': self.fn_name, 'len': len(self.args)})
        return self.args[0], self.args[1]

    def result(self):
        sequence = resolve(self._sequence)
        if isinstance(sequence, Symbolic):
            return unknown(self.fn_name, sequence)
        if not sequence:
            return sequence
        if not isinstance(sequence, list):
            raise TypeError('"%s" only works with lists' % self.fn_name)
        values = resolve(self._values)
        if isinstance(values, Symbolic):
            return unknown(self.fn_name, values)
        if not values:
            return sequence
        if not isinstance(values, list):
            raise TypeError('"%(fn)s" filters a list of values' % {'fn': self.fn_name})
        if find_symbolic(values) is not None or find_symbolic(sequence) is not None:
            return unknown(self.fn_name, values, sequence)
        return [i for i in sequence if i not in values]


class ListConcat(Function):
    """list_concat (2017-09-01): the lists, one after another; None counts as []."""

    heat_class = 'ListConcat'
    _unique = False

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        example = '"%s" : [ [ <value 1>, <value 2> ], [ <value 3>, <value 4> ] ]' % fn_name
        self.fmt_data = {'fn_name': fn_name, 'example': example}

    def result(self):
        args = resolve(self.args)
        if isinstance(args, Symbolic):
            return unknown(self.fn_name, args)
        if isinstance(args, str) or not isinstance(args, collections.abc.Sequence):
            raise TypeError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                            % self.fmt_data)

        def ensure_list(m):
            if m is None:
                return []
            if isinstance(m, collections.abc.Sequence) and not isinstance(m, str):
                return m
            raise TypeError('Incorrect arguments: Items to concat must be lists. %(args)s '
                            'contains an item that is not a list: %(item)s'
                            % dict(item=json.dumps(display(m)), args=json.dumps(display(args))))

        ret_list = []
        for m in args:
            if isinstance(m, Symbolic):
                return unknown(self.fn_name, m)
            ret_list.extend(ensure_list(m))
        if not self._unique:
            return ret_list
        if find_symbolic(ret_list) is not None:
            return unknown(self.fn_name, ret_list)
        unique_list = []
        for item in ret_list:
            if item not in unique_list:
                unique_list.append(item)
        return unique_list


class ListConcatUnique(ListConcat):
    """list_concat_unique (2017-09-01): list_concat without repeated items."""

    heat_class = 'ListConcatUnique'
    _unique = True


class Contains(Function):
    """contains (2017-09-01): [value, sequence] -> value in sequence (substring for strings)."""

    heat_class = 'Contains'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        example = '"%s" : [ "value1", [ "value1", "value2"]]' % self.fn_name
        fmt_data = {'fn_name': self.fn_name, 'example': example}
        if not self.args or not isinstance(self.args, list):
            raise TypeError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                            % fmt_data)
        try:
            self.value, self.sequence = self.args
        except ValueError:
            raise ValueError('Arguments to "%s" must be of the form: [value1, [value1, value2]]'
                             % self.fn_name)

    def result(self):
        resolved_value = resolve(self.value)
        resolved_sequence = resolve(self.sequence)
        if find_symbolic([resolved_value, resolved_sequence]) is not None:
            return unknown(self.fn_name, resolved_value, resolved_sequence)
        if not isinstance(resolved_sequence, collections.abc.Sequence):
            raise TypeError('Second argument to "%s" should be a sequence.' % self.fn_name)
        return resolved_value in resolved_sequence


__all__ = ['MapMerge', 'MapReplace', 'Repeat', 'RepeatWithMap', 'RepeatWithNestedLoop',
           'Filter', 'ListConcat', 'ListConcatUnique', 'Contains', 'validate']
