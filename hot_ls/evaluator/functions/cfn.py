"""The CloudFormation functions still live in HOT: all of them in 2013-05-23, Fn::Select until 2015-10-15.

Ported from heat/engine/cfn/functions.py: Fn::GetAZs, Ref, Fn::Select,
Fn::Join, Fn::Split, Fn::Replace, Fn::Base64, Fn::MemberListToMap and
Fn::ResourceFacade.  `Ref` is a factory, as in Heat: a resource name makes
it get_resource, anything else a parameter reference.
"""
from __future__ import annotations

import collections.abc
import itertools
import json
import re

from hot_ls.evaluator.errors import InvalidTemplateReference
from hot_ls.evaluator.functions import references as hot_refs
from hot_ls.evaluator.functions import strings as hot_strings
from hot_ls.evaluator.functions.base import Function, resolve
from hot_ls.evaluator.values import Symbolic, Unknown, find_symbolic, is_stringish, unknown


class GetAZs(Function):
    """Fn::GetAZs: the availability zones (asked of Nova at run time)."""

    heat_class = 'GetAZs'

    def result(self):
        return Unknown(self.fn_name)


class ParamRef(Function):
    """Ref to a parameter."""

    heat_class = 'ParamRef'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        self.parameters = scope.parameters

    def result(self):
        param_name = resolve(self.args)
        if isinstance(param_name, Symbolic):
            return unknown(self.fn_name, param_name)
        try:
            return self.parameters[param_name]
        except KeyError:
            raise InvalidTemplateReference(resource=param_name, key='unknown')


class Ref:
    """Ref: get_resource when the name is a resource of the template, else a parameter."""

    heat_class = 'Ref'

    def __new__(cls, scope, fn_name, args, site=None):
        if scope is None or scope.has_resource(args):
            ref_class = hot_refs.GetResource
        else:
            ref_class = ParamRef
        return ref_class(scope, fn_name, args, site)


class Select(Function):
    """Fn::Select: [index, list or map] ('' when the index is not there)."""

    heat_class = 'Select'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        try:
            self._lookup, self._strings = self.args
        except ValueError:
            raise ValueError('Arguments to "%s" must be of the form [index, collection]'
                             % self.fn_name)

    def result(self):
        index = resolve(self._lookup)
        strings = resolve(self._strings)
        if isinstance(index, Symbolic) or isinstance(strings, Symbolic):
            return unknown(self.fn_name, index, strings)
        if strings == '':
            return ''
        if isinstance(strings, str):
            try:
                strings = json.loads(strings)
            except ValueError as json_ex:
                raise ValueError('"%(fn_name)s": %(err)s' % {'fn_name': self.fn_name,
                                                            'err': json_ex})
        if isinstance(strings, collections.abc.Mapping):
            if not isinstance(index, str):
                raise TypeError('Index to "%s" must be a string' % self.fn_name)
            return strings.get(index, '')
        try:
            index = int(index)
        except (ValueError, TypeError):
            pass
        if isinstance(strings, collections.abc.Sequence) and not isinstance(strings, str):
            if not isinstance(index, int):
                raise TypeError('Index to "%s" must be an integer' % self.fn_name)
            try:
                return strings[index]
            except IndexError:
                return ''
        if strings is None:
            return ''
        raise TypeError('Arguments to %s not fully resolved' % self.fn_name)


class Join(hot_strings.Join):
    """Fn::Join: [delimiter, list of strings]."""


class Split(Function):
    """Fn::Split: [delimiter, string] -> list."""

    heat_class = 'Split'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        example = '"%s" : [ ",", "str1,str2"]]' % self.fn_name
        fmt_data = {'fn_name': self.fn_name, 'example': example}
        if isinstance(self.args, (str, collections.abc.Mapping)):
            raise TypeError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                            % fmt_data)
        try:
            self._delim, self._strings = self.args
        except ValueError:
            raise ValueError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                             % fmt_data)

    def result(self):
        strings = resolve(self._strings)
        if not isinstance(self._delim, str):
            raise TypeError('Delimiter for %s must be string' % self.fn_name)
        if isinstance(strings, Symbolic):
            return unknown(self.fn_name, strings)
        if not isinstance(strings, str):
            raise TypeError('String to split must be string; got %s' % type(strings))
        return strings.split(self._delim)


class Replace(hot_strings.Replace):
    """Fn::Replace: [{key: value...}, template]."""

    def _parse_args(self):
        example = ('{"%s": [ {"$var1": "foo", "%%var2%%": "bar"}, "$var1 is %%var2%%"]}'
                   % self.fn_name)
        fmt_data = {'fn_name': self.fn_name, 'example': example}
        if isinstance(self.args, (str, collections.abc.Mapping)):
            raise TypeError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                            % fmt_data)
        try:
            mapping, string = self.args
        except ValueError:
            raise ValueError('Incorrect arguments to "%(fn_name)s" should be: %(example)s'
                             % fmt_data)
        return mapping, string


class Base64(Function):
    """Fn::Base64: no conversion at all; the string is passed through."""

    heat_class = 'Base64'

    def result(self):
        resolved = resolve(self.args)
        if is_stringish(resolved):
            return resolved
        if isinstance(resolved, Symbolic):
            return unknown(self.fn_name, resolved)
        raise TypeError('"%s" argument must be a string' % self.fn_name)


class MemberListToMap(Function):
    """Fn::MemberListToMap: ['Name', 'Value', ['.member.0.Name=k', '.member.0.Value=v', ...]]."""

    heat_class = 'MemberListToMap'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        try:
            self._keyname, self._valuename, self._list = self.args
        except ValueError:
            correct = '''
            {'Fn::MemberListToMap': ['Name', 'Value',
                                     ['.member.0.Name=key',
                                      '.member.0.Value=door']]}
            '''
            raise TypeError('Wrong Arguments try: "%s"' % correct)
        if not isinstance(self._keyname, str):
            raise TypeError('%s Key Name must be a string' % self.fn_name)
        if not isinstance(self._valuename, str):
            raise TypeError('%s Value Name must be a string' % self.fn_name)

    def result(self):
        member_list = resolve(self._list)
        if find_symbolic(member_list) is not None:
            return unknown(self.fn_name, member_list)
        if not isinstance(member_list, collections.abc.Iterable):
            raise TypeError('Member list must be a list')

        def item(s):
            if not isinstance(s, str):
                raise TypeError('Member list items must be strings')
            return s.split('=', 1)

        partials = dict(item(s) for s in member_list)
        return _extract_param_pairs(partials, keyname=self._keyname, valuename=self._valuename)


def _extract_param_pairs(params, prefix='', keyname='', valuename=''):
    """heat.api.aws.utils.extract_param_pairs."""
    key_re = re.compile(r'%s\.member\.([0-9]+)\.(.*)' % prefix)

    def get_param_data():
        for param_name, value in params.items():
            match = key_re.match(param_name)
            if match:
                try:
                    index = int(match.group(1))
                except ValueError:
                    pass
                else:
                    yield (index, (match.group(2), value))

    data = sorted(get_param_data(), key=lambda d: d[0])
    plist = [dict(kv for _, kv in group) for _, group in itertools.groupby(data, lambda d: d[0])]
    return dict((p[keyname], p[valuename]) for p in plist if keyname in p and valuename in p)


class ResourceFacade(hot_refs.ResourceFacade):
    """Fn::ResourceFacade: Metadata, DeletionPolicy or UpdatePolicy of the parent resource."""

    _RESOURCE_ATTRIBUTES = ('Metadata', 'DeletionPolicy', 'UpdatePolicy')
