"""Documentation of the intrinsic functions, for hover, completion and signature help.

Written from the HOT specification; which versions have which function (and
which implementation) comes from the generated language facts, not from
here.  Each entry has a summary, the argument forms (keyed by the Heat
implementation class where the forms differ between versions), the names
of the arguments for signature help, and a snippet in LSP syntax for
inserting the function with its argument shape.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Signature:
    """One argument form: a label and the names of its arguments, in order."""

    label: str
    parameters: tuple[str, ...]
    documentation: tuple[str, ...] = ()  # one line per parameter


@dataclass(frozen=True)
class FunctionDoc:
    name: str
    summary: str
    details: str
    signatures: dict[str, tuple[Signature, ...]]  # impl class ('*' for all) -> forms
    snippet: str  # the value after `name:` (block form), with LSP tabstops
    flow_snippet: str  # the value inside `{name: ...}`
    condition_function: bool = False
    example: str = ''
    notes: dict[str, str] = field(default_factory=dict)  # impl -> what differs in it

    def forms(self, impl: str | None) -> tuple[Signature, ...]:
        if impl and impl in self.signatures:
            return self.signatures[impl]
        return self.signatures.get('*') or next(iter(self.signatures.values()))


def _sig(label: str, *params: tuple[str, str]) -> Signature:
    return Signature(label, tuple(p for p, _ in params), tuple(d for _, d in params))


_GET_ATTR_FULL = _sig('get_attr: [<resource_name>, <attribute_name>, <key/index>...]',
                      ('resource_name', 'The resource whose attribute to read.'),
                      ('attribute_name', 'The attribute.'),
                      ('path', 'Optional keys or indexes into the attribute\'s value.'))
_GET_ATTR_ALL = _sig('get_attr: [<resource_name>]',
                     ('resource_name', 'All attributes of this resource, as a map.'))

_REPLACE = _sig('str_replace: {template: <string>, params: {<placeholder>: <value>, ...}}',
                ('template', 'The text with placeholders.'),
                ('params', 'Placeholder to replacement; longer placeholders are replaced first.'))

DOCS: dict[str, FunctionDoc] = {doc.name: doc for doc in [
    FunctionDoc(
        'get_param', 'The value of a template parameter.',
        'Returns the value of a parameter (or of a pseudo parameter: OS::stack_name, '
        'OS::stack_id, OS::project_id). With a list, the remaining items are a path of '
        'map keys or list indexes into a json or comma_delimited_list parameter; a path '
        'that does not exist gives an empty string.',
        {'*': (_sig('get_param: <parameter_name>', ('parameter_name', 'The parameter.')),
               _sig('get_param: [<parameter_name>, <key/index>...]',
                    ('parameter_name', 'The parameter.'),
                    ('path', 'Keys or indexes into the parameter\'s value.')))},
        '${1:parameter_name}', '${1:parameter_name}',
        condition_function=True,
        example='flavor: {get_param: flavor}\nfirst: {get_param: [servers, 0, name]}'),
    FunctionDoc(
        'get_resource', 'The ID of a resource of this template.',
        'Returns the reference ID of a resource (usually its physical ID), and makes the '
        'resource that uses it depend on it.',
        {'*': (_sig('get_resource: <resource_name>', ('resource_name', 'The resource.')),)},
        '${1:resource_name}', '${1:resource_name}',
        example='port: {get_resource: server_port}'),
    FunctionDoc(
        'get_attr', 'An attribute of a resource of this template.',
        'Returns an attribute of a resource once it is created, and makes the resource that '
        'uses it depend on it. Extra arguments are keys or indexes into the attribute\'s '
        'value. From 2015-10-15, `[resource]` alone returns all attributes as a map.',
        {'GetAttThenSelect': (_GET_ATTR_FULL,), 'GetAtt': (_GET_ATTR_FULL,),
         'GetAttAllAttributes': (_GET_ATTR_FULL, _GET_ATTR_ALL)},
        '[${1:resource_name}, ${2:attribute_name}]', '[${1:resource_name}, ${2:attribute_name}]',
        example='ip: {get_attr: [server, networks, private, 0]}'),
    FunctionDoc(
        'get_file', 'The content of a file, included when the template is sent to Heat.',
        'The client (openstack stack create, python-heatclient) reads the file, relative to the '
        'template, and uploads it with the template; Heat inserts its content as a string.',
        {'*': (_sig('get_file: <path or URL>', ('path', 'A path relative to the template, or a URL.')),)},
        '${1:path}', '${1:path}',
        example='config: {get_file: scripts/setup.sh}'),
    FunctionDoc(
        'list_join', 'Joins lists of strings with a delimiter.',
        'Joins the items of one or more lists with the delimiter. From 2015-10-15 several '
        'lists may be given, empty ones are skipped, maps and lists inside are serialised to '
        'JSON; numbers are refused.',
        {'Join': (_sig('list_join: [<delimiter>, [<string>...]]',
                       ('delimiter', 'Put between items.'), ('list', 'The strings to join.')),),
         'JoinMultiple': (_sig('list_join: [<delimiter>, [<item>...], [<item>...]...]',
                               ('delimiter', 'Put between items.'),
                               ('list', 'The items to join.'),
                               ('more_lists', 'Further lists, joined after the first.')),)},
        "\n  - '${1:,}'\n  - - ${2:item}", "['${1:,}', [${2:items}]]",
        example="hosts: {list_join: [',', {get_param: host_list}]}"),
    FunctionDoc(
        'str_replace', 'Replaces placeholders in a string.',
        'Replaces each placeholder of `params` found in `template`, longest placeholders '
        'first, in a single pass (replaced text is not scanned again). From 2015-10-15 a map '
        'or list value is serialised to JSON.',
        {'*': (_REPLACE,)},
        '\n  template: ${1:text with \\$placeholder}\n  params:\n    ${2:\\$placeholder}: ${3:value}',
        '{template: ${1:text}, params: {${2:key}: ${3:value}}}',
        example='user_data:\n  str_replace:\n    template: "echo $name"\n    params: {$name: world}'),
    FunctionDoc(
        'str_replace_strict', 'str_replace that fails when a placeholder is not found.',
        'Like str_replace, but raises an error listing the params that do not occur in the '
        'template.',
        {'*': (_sig('str_replace_strict: {template: <string>, params: {...}}',
                    ('template', 'The text with placeholders.'),
                    ('params', 'Every placeholder must occur in the template.')),)},
        '\n  template: ${1:text}\n  params:\n    ${2:placeholder}: ${3:value}',
        '{template: ${1:text}, params: {${2:key}: ${3:value}}}'),
    FunctionDoc(
        'str_replace_vstrict', 'str_replace_strict that also refuses empty values.',
        'Like str_replace_strict, and a param whose value is null or empty is an error.',
        {'*': (_sig('str_replace_vstrict: {template: <string>, params: {...}}',
                    ('template', 'The text with placeholders.'),
                    ('params', 'Every placeholder must occur and have a non-empty value.')),)},
        '\n  template: ${1:text}\n  params:\n    ${2:placeholder}: ${3:value}',
        '{template: ${1:text}, params: {${2:key}: ${3:value}}}'),
    FunctionDoc(
        'str_split', 'Splits a string into a list, or picks one piece.',
        'Splits the string at each delimiter; with an index, returns that piece only.',
        {'*': (_sig('str_split: [<delimiter>, <string>, <index>]',
                    ('delimiter', 'Where to split.'), ('string', 'The text to split.'),
                    ('index', 'Optional: the piece to return.')),)},
        "['${1:,}', ${2:string}]", "['${1:,}', ${2:string}]",
        example="first: {str_split: [',', 'a,b,c', 0]}"),
    FunctionDoc(
        'repeat', 'Builds a list by repeating a template for each value of some lists.',
        'For each combination of the `for_each` values (the Cartesian product, or from '
        '2017-09-01 with `permutations: false` the lists zipped), the template is copied with '
        'each variable name replaced by its value. From 2016-10-14 a map iterates over its keys.',
        {'*': (_sig('repeat: {for_each: {<var>: <list>...}, template: <value>, permutations: <bool>}',
                    ('for_each', 'Variable name to the values it takes.'),
                    ('template', 'What to repeat; variable names in its strings are replaced.'),
                    ('permutations', 'From 2017-09-01: false zips the lists instead.')),)},
        '\n  for_each:\n    ${1:%var%}: ${2:list}\n  template: ${3:value}',
        '{for_each: {${1:%var%}: ${2:list}}, template: ${3:value}}',
        example='repeat:\n  for_each: {"%port%": [80, 443]}\n  template: {port: "%port%"}'),
    FunctionDoc(
        'digest', 'A hash of a string.',
        'Returns the hex digest of the value with the algorithm (md5, sha1, sha256, sha512 and '
        'the others OpenSSL provides).',
        {'*': (_sig('digest: [<algorithm>, <value>]', ('algorithm', 'md5, sha256, ...'),
                    ('value', 'The text to hash.')),)},
        "['${1:sha256}', ${2:value}]", "['${1:sha256}', ${2:value}]"),
    FunctionDoc(
        'map_merge', 'Merges maps; later ones win.',
        'Returns a map with the keys of all the maps; a key in a later map overrides it in an '
        'earlier one.',
        {'*': (_sig('map_merge: [<map>, <map>...]', ('maps', 'The maps to merge, in order.')),)},
        '\n  - ${1:map}\n  - ${2:map}', '[${1:map}, ${2:map}]'),
    FunctionDoc(
        'map_replace', 'Renames keys and replaces values in a map.',
        'Returns the map with keys renamed by `keys` and values replaced by `values`.',
        {'*': (_sig('map_replace: [<map>, {keys: {<old>: <new>}, values: {<old>: <new>}}]',
                    ('map', 'The map to change.'),
                    ('replacements', 'keys and/or values: old to new.')),)},
        '\n  - ${1:map}\n  - keys: {${2:old}: ${3:new}}', '[${1:map}, {keys: {${2:old}: ${3:new}}}]'),
    FunctionDoc(
        'yaql', 'Evaluates a YAQL expression.',
        'Evaluates `expression` with `$.data` bound to `data`. Heat limits collections to 200 '
        'elements and memory to 10,000 bytes.',
        {'*': (_sig('yaql: {expression: <expression>, data: <value>}',
                    ('expression', 'A YAQL expression, e.g. $.data.list.max().'),
                    ('data', 'Available as $.data.')),)},
        '\n  expression: ${1:\\$.data}\n  data: ${2:value}',
        '{expression: ${1:\\$.data}, data: ${2:value}}',
        condition_function=True,
        example='yaql:\n  expression: $.data.nums.max()\n  data: {nums: [1, 3, 2]}'),
    FunctionDoc(
        'if', 'Chooses a value by a condition.',
        'Returns the second argument when the condition is true, the third when it is false. '
        'From 2021-04-16 the third may be omitted: a false condition then removes the '
        'enclosing key or list item. Heat only checks the branch it takes.',
        {'If': (_sig('if: [<condition>, <value_if_true>, <value_if_false>]',
                     ('condition', 'A condition name, a boolean or a condition function.'),
                     ('value_if_true', 'The value when the condition is true.'),
                     ('value_if_false', 'The value when it is false.')),),
         'IfNullable': (_sig('if: [<condition>, <value_if_true>, <value_if_false>]',
                             ('condition', 'A condition name, a boolean or a condition function.'),
                             ('value_if_true', 'The value when the condition is true.'),
                             ('value_if_false', 'Optional: without it, a false condition removes '
                                                'the enclosing key or item.')),)},
        '\n  - ${1:condition}\n  - ${2:value_if_true}\n  - ${3:value_if_false}',
        '[${1:condition}, ${2:value_if_true}, ${3:value_if_false}]'),
    FunctionDoc(
        'filter', 'Removes values from a list.',
        'Returns the list without any of the given values.',
        {'*': (_sig('filter: [<values to remove>, <list>]',
                    ('values', 'The values to remove.'), ('list', 'The list to filter.')),)},
        '[[${1:values}], ${2:list}]', '[[${1:values}], ${2:list}]'),
    FunctionDoc(
        'make_url', 'Builds a URL from its parts, quoting each one.',
        'Keys: scheme, username, password, host, port, path, query (a map), fragment. IPv6 '
        'hosts are bracketed.',
        {'*': (_sig('make_url: {scheme:, username:, password:, host:, port:, path:, query:, fragment:}',
                    ('scheme', 'Optional: http, https, ... (without ":").'),
                    ('username', 'Optional: quoted.'), ('password', 'Optional: quoted.'),
                    ('host', 'Optional: a name or an address (IPv6 is bracketed).'),
                    ('port', 'Optional: a number from 1 to 65535.'),
                    ('path', 'Optional: quoted, "/" kept.'),
                    ('query', 'Optional: a map of parameters, each quoted.'),
                    ('fragment', 'Optional: quoted.')),)},
        '\n  scheme: ${1:https}\n  host: ${2:host}\n  port: ${3:443}\n  path: ${4:/}',
        '{scheme: ${1:https}, host: ${2:host}, path: ${3:/}}'),
    FunctionDoc(
        'list_concat', 'Concatenates lists.',
        'Returns one list with the items of all the lists, in order; null counts as empty.',
        {'*': (_sig('list_concat: [<list>, <list>...]', ('lists', 'The lists, in order.')),)},
        '\n  - ${1:list}\n  - ${2:list}', '[${1:list}, ${2:list}]'),
    FunctionDoc(
        'list_concat_unique', 'Concatenates lists, keeping the first of each repeated item.',
        'Like list_concat, but each item appears once, where it first appeared.',
        {'*': (_sig('list_concat_unique: [<list>, <list>...]', ('lists', 'The lists, in order.')),)},
        '\n  - ${1:list}\n  - ${2:list}', '[${1:list}, ${2:list}]'),
    FunctionDoc(
        'contains', 'Whether a value is in a list (or a substring of a string).',
        'True when the value is an item of the sequence (for a string: a substring).',
        {'*': (_sig('contains: [<value>, <sequence>]', ('value', 'What to look for.'),
                    ('sequence', 'A list, or a string.')),)},
        '[${1:value}, ${2:list}]', '[${1:value}, ${2:list}]', condition_function=True),
    FunctionDoc(
        'resource_facade', 'A section of the parent resource, in a nested template.',
        'In a provider template, returns the metadata, deletion_policy or update_policy the '
        'parent template gave the resource that instantiates it.',
        {'*': (_sig('resource_facade: <metadata | deletion_policy | update_policy>',
                    ('section', 'metadata, deletion_policy or update_policy.')),)},
        '${1|metadata,deletion_policy,update_policy|}', '${1|metadata,deletion_policy,update_policy|}'),
    FunctionDoc(
        'equals', 'Whether two values are equal (conditions only).',
        'True when both values are equal, as Python compares them (1 and "1" differ).',
        {'*': (_sig('equals: [<value_1>, <value_2>]', ('value_1', 'A value.'), ('value_2', 'A value.')),)},
        '[${1:value}, ${2:value}]', '[${1:value}, ${2:value}]', condition_function=True,
        example='is_prod: {equals: [{get_param: env}, prod]}'),
    FunctionDoc(
        'not', 'The opposite of a condition (conditions only).',
        'True when the condition is false. The argument is a condition name, a boolean or a '
        'condition function.',
        {'*': (_sig('not: <condition>', ('condition', 'A condition name, boolean or function.')),)},
        '${1:condition}', '${1:condition}', condition_function=True),
    FunctionDoc(
        'and', 'True when every condition is (conditions only).',
        'True when all of at least two conditions are true.',
        {'*': (_sig('and: [<condition>, <condition>...]', ('conditions', 'At least two conditions.')),)},
        '\n  - ${1:condition}\n  - ${2:condition}', '[${1:condition}, ${2:condition}]',
        condition_function=True),
    FunctionDoc(
        'or', 'True when any condition is (conditions only).',
        'True when at least one of at least two conditions is true.',
        {'*': (_sig('or: [<condition>, <condition>...]', ('conditions', 'At least two conditions.')),)},
        '\n  - ${1:condition}\n  - ${2:condition}', '[${1:condition}, ${2:condition}]',
        condition_function=True),
    FunctionDoc(
        'Fn::Select', 'Selects an item from a list or map (CloudFormation style).',
        'Returns the item at the index (or key). Removed from 2015-10-15: use a get_param '
        'path or yaql.',
        {'*': (_sig('Fn::Select: [<index or key>, <list or map>]', ('index', 'The index or key.'),
                    ('collection', 'The list or map.')),)},
        '[${1:0}, ${2:list}]', '[${1:0}, ${2:list}]'),
    FunctionDoc(
        'Ref', 'A parameter value or a resource ID (CloudFormation style).',
        'Live only in 2013-05-23; removed from 2014-10-16: use get_param or get_resource.',
        {'*': (_sig('Ref: <name>', ('name', 'A parameter or resource.')),)},
        '${1:name}', '${1:name}'),
]}
for _name in ('Fn::GetAZs', 'Fn::Join', 'Fn::Split', 'Fn::Replace', 'Fn::Base64',
              'Fn::MemberListToMap', 'Fn::ResourceFacade'):
    DOCS[_name] = FunctionDoc(
        _name, 'A CloudFormation function, live in 2013-05-23 only.',
        'Removed from 2014-10-16; use the HOT equivalent (list_join for Fn::Join, str_split '
        'for Fn::Split, str_replace for Fn::Replace, resource_facade for Fn::ResourceFacade).',
        {'*': (_sig(f'{_name}: <arguments>', ('arguments', 'As in CloudFormation.')),)},
        '${1:arguments}', '${1:arguments}')


def doc(name: str) -> FunctionDoc | None:
    return DOCS.get(name)
