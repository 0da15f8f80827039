"""Functions that look something up: get_param, get_resource, get_attr, get_file, resource_facade.

Ported from heat/engine/hot/functions.py.  Before deploy, get_resource and
get_attr have no value: they return `ResourceRef` and `AttributeRef`
(printed `<<get_resource NAME>>`, `<<get_attr NAME ATTR ...>>`) after the
same checks Heat makes, so a missing resource still fails as in Heat.
"""
from __future__ import annotations

import collections.abc
import functools

from hot_ls.evaluator.errors import (
    InvalidTemplateAttribute, InvalidTemplateReference, UserParameterMissing,
)
from hot_ls.evaluator.functions.base import Function, resolve, validate
from hot_ls.evaluator.values import (
    AttributeRef, DeployValue, ResourceRef, Symbolic, Unknown, find_symbolic, unknown,
)


class GetParam(Function):
    """get_param: a parameter's value, or a path into it ('' when the path fails)."""

    heat_class = 'GetParam'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        self.parameters = scope.parameters

    def result(self):
        args = resolve(self.args)
        if not args:
            raise ValueError('Function "%s" must have arguments' % self.fn_name)
        if find_symbolic(args) is not None:
            return unknown(self.fn_name, args)
        if isinstance(args, str):
            param_name = args
            path_components = []
        elif isinstance(args, collections.abc.Sequence):
            param_name = args[0]
            path_components = args[1:]
        else:
            raise TypeError('Argument to "%s" must be string or list' % self.fn_name)
        if not isinstance(param_name, str):
            raise TypeError('Parameter name in "%s" must be string' % self.fn_name)
        if self.scope.missing_values_unknown and self.parameters.missing(param_name):
            # the checks: a value given at deploy time, which must not hide what else fails
            schema = self.parameters.schema(param_name)
            if not path_components and schema is not None \
                    and schema.type in DeployValue.PYTHON_TYPES:
                return DeployValue(self.fn_name, (), param_name, schema.type)
            return unknown(self.fn_name)
        try:
            parameter = self.parameters[param_name]
        except KeyError:
            raise UserParameterMissing(key=param_name)
        if isinstance(parameter, Symbolic):
            return parameter if not path_components else unknown(self.fn_name, parameter)

        def get_path_component(collection, key):
            if not isinstance(collection, (collections.abc.Mapping, collections.abc.Sequence)):
                raise TypeError('"%s" can\'t traverse path' % self.fn_name)
            if not isinstance(key, (str, int)):
                raise TypeError('Path components in "%s" must be strings' % self.fn_name)
            if isinstance(collection, collections.abc.Sequence) and isinstance(key, str):
                try:
                    key = int(key)
                except ValueError:
                    raise TypeError("Path components in '%s' must be a string that can be "
                                    "parsed into an integer." % self.fn_name)
            return collection[key]

        try:
            return functools.reduce(get_path_component, path_components, parameter)
        except (KeyError, IndexError, TypeError):
            return ''


class GetResource(Function):
    """get_resource: the resource's reference id, known only after deploy."""

    heat_class = 'GetResource'

    def _resource(self, path='unknown'):
        resource_name = resolve(self.args)
        if isinstance(resource_name, Symbolic):
            return None
        try:
            return self.scope.resource(resource_name)
        except KeyError:
            raise InvalidTemplateReference(resource=resource_name, key=path)

    def result(self):
        if self._resource() is None:
            return unknown(self.fn_name, resolve(self.args))
        if self.scope.validation_reference is not None:
            known, reference = self.scope.validation_reference(resolve(self.args))
            return reference if known else unknown(self.fn_name, resolve(self.args))
        return ResourceRef(resolve(self.args))


class GetAttThenSelect(Function):
    """get_attr of HOT 2013-05-23: [resource, attribute, path...] (the path selects)."""

    heat_class = 'GetAttThenSelect'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        self._resource_name, self._attribute, self._path_components = self._parse_args()

    def _parse_args(self):
        if not isinstance(self.args, collections.abc.Sequence) or isinstance(self.args, str):
            raise TypeError('Argument to "%s" must be a list' % self.fn_name)
        if len(self.args) < 2:
            raise ValueError('Arguments to "%s" must be of the form '
                             '[resource_name, attribute, (path), ...]' % self.fn_name)
        return self.args[0], self.args[1], self.args[2:]

    def _res_name(self):
        return resolve(self._resource_name)

    def _resource(self, path='unknown'):
        resource_name = self._res_name()
        if isinstance(resource_name, Symbolic):
            return None
        try:
            return self.scope.resource(resource_name)
        except KeyError:
            raise InvalidTemplateReference(resource=resource_name, key=path)

    def _allow_without_attribute_name(self):
        return False

    def validate(self):
        super().validate()
        res = self._resource()
        if self._allow_without_attribute_name() and self._attribute is None:
            return
        if res is None:
            return
        attr = resolve(self._attribute)
        names = self.scope.attribute_names(res)
        if names is not None and not isinstance(attr, Symbolic) and attr not in names:
            raise InvalidTemplateAttribute(resource=self._resource_name, key=attr)

    def result(self):
        attr_name = resolve(self._attribute)
        resource = self._resource()
        if resource is None:
            return unknown(self.fn_name, self._res_name())
        if self.scope.validation_reference is not None:
            return None  # Heat's _result_ready: no attribute before the resource exists
        # Heat resolves the path only once the attribute has a value (the resource exists):
        # a path that fails then fails the create, not its validation
        try:
            path = resolve(self._path_components)
        except Exception:
            return unknown(self.fn_name, self._res_name())
        return AttributeRef(self._res_name(), attr_name, tuple(path))


class GetAtt(GetAttThenSelect):
    """get_attr from 2014-10-16: the path is passed to the resource."""

    heat_class = 'GetAtt'

    def result(self):
        path = resolve(self._path_components)
        attribute = resolve(self._attribute)
        resource = self._resource()
        if resource is None:
            return unknown(self.fn_name, self._res_name())
        if self.scope.validation_reference is not None:
            return None
        return AttributeRef(self._res_name(), attribute, tuple(path))


class GetAttAllAttributes(GetAtt):
    """get_attr from 2015-10-15: `[resource]` alone means all its attributes."""

    heat_class = 'GetAttAllAttributes'

    def _parse_args(self):
        if not self.args:
            raise ValueError('Arguments to "%s" can be of the next forms: [resource_name] or '
                             '[resource_name, attribute, (path), ...]' % self.fn_name)
        elif isinstance(self.args, collections.abc.Sequence):
            if len(self.args) > 1:
                return super()._parse_args()
            return self.args[0], None, []
        raise TypeError('Argument to "%s" must be a list' % self.fn_name)

    def result(self):
        if self._attribute is None:
            resource = self._resource()
            if resource is None:
                return unknown(self.fn_name, self._res_name())
            if self.scope.validation_reference is not None:
                return None
            return AttributeRef(self._res_name())
        return super().result()

    def _allow_without_attribute_name(self):
        return True


class GetFile(Function):
    """get_file: the content of a file sent along with the template."""

    heat_class = 'GetFile'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        self.files = scope.files

    def result(self):
        args = resolve(self.args)
        if isinstance(args, Symbolic):
            return unknown(self.fn_name, args)
        if not isinstance(args, str):
            raise TypeError('Argument to "%s" must be a string' % self.fn_name)
        found = self.files.get(args)
        if found is None and self.scope.missing_values_unknown:
            return unknown(self.fn_name)  # the checks: the client sends it, unseen here
        if found is None:
            raise ValueError('No content found in the "files" section for '
                             '%(fn_name)s path: %(file_key)s'
                             % {'fn_name': self.fn_name, 'file_key': args})
        return found


class ResourceFacade(Function):
    """resource_facade: data of the parent resource, only inside a provider template."""

    heat_class = 'ResourceFacade'
    _RESOURCE_ATTRIBUTES = ('metadata', 'deletion_policy', 'update_policy')

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        if self.args not in self._RESOURCE_ATTRIBUTES:
            raise ValueError('Incorrect arguments to "%(fn_name)s" should be one of: %(allowed)s'
                             % {'fn_name': self.fn_name,
                                'allowed': ', '.join(self._RESOURCE_ATTRIBUTES)})

    def result(self):
        return Unknown(f'{self.fn_name} {resolve(self.args)}')


__all__ = ['GetParam', 'GetResource', 'GetAttThenSelect', 'GetAtt', 'GetAttAllAttributes',
           'GetFile', 'ResourceFacade', 'validate']
