"""classify(): what kind of document a file is."""
from __future__ import annotations

import os
import textwrap

import pytest

from helpers import CORPUS, needs_corpus
from hot_ls.model.document import Kind, classify, has_heat_hints, is_jinja_path
from hot_ls.syntax import parse
from yaml_oracle import corpus_files, read


def kind_of(text: str, path: str | None = None) -> Kind:
    return classify(parse(textwrap.dedent(text).lstrip('\n')), path)


@pytest.mark.parametrize('text, kind', [
    # HOT
    ('heat_template_version: 2018-08-31\nresources: {}\n', Kind.HOT),
    ('heat_template_version: wallaby\n', Kind.HOT),
    ('{"heat_template_version": "2013-05-23", "resources": {}}', Kind.HOT),
    ('description: no version yet\nresources:\n  r: {type: T}\n', Kind.HOT),    # HOT-only sections
    ('outputs: {}\n', Kind.HOT),
    ('description: only HOT sections\nparameters: {a: {type: string}}\n', Kind.HOT),
    # a description among keys HOT does not have: a package.json, a chart's metadata
    ('{"name": "heat-templates", "version": "0.2.4", "description": "heat-templates", '
     '"main": "lib/index.js"}', Kind.UNKNOWN),
    ('name: chart\ndescription: A Helm chart\nversion: 1.0.0\n', Kind.UNKNOWN),
    ('parameters: {}\nresources: {}\n', Kind.HOT),
    ('heat_template_version: 2018-08-31\nresource_registry: {}\n', Kind.HOT),  # the version decides
    # CFN, JSON and YAML
    ('{"AWSTemplateFormatVersion": "2010-09-09", "Resources": {}}', Kind.CFN),
    ('AWSTemplateFormatVersion: 2010-09-09\nResources: {}\n', Kind.CFN),
    ('{"HeatTemplateFormatVersion": "2012-12-12", "Parameters": {}}', Kind.CFN),
    ('HeatTemplateFormatVersion: 2012-12-12\n', Kind.CFN),
    ('Resources:\n  R: {Type: "AWS::EC2::Instance"}\n', Kind.CFN),
    ('Parameters: {}\n', Kind.CFN),
    # environments
    ('resource_registry:\n  OS::X: x.yaml\n', Kind.ENVIRONMENT),
    ('parameter_defaults:\n  Foo: 1\n', Kind.ENVIRONMENT),
    ('parameters:\n  Foo: 1\n', Kind.ENVIRONMENT),                   # only parameters: an environment
    ('parameters: {a: 1}\nparameter_defaults: {}\nresource_registry: {}\nencrypted_param_names: []\n'
     'event_sinks: []\nparameter_merge_strategies: {}\n', Kind.ENVIRONMENT),
    ('parameter_defaults:\n', Kind.ENVIRONMENT),                      # left empty, as tht does
    ('resource_registry: {}\nbogus_section: 1\n', Kind.ENVIRONMENT),  # env-only section, unknown key
    ('{"parameter_defaults": {"A": 1}}', Kind.ENVIRONMENT),
    # not a mapping: a template written wrong when it shows Heat, else something else
    ('- heat_template_version: 2021-04-16\n', Kind.NOT_MAPPING),
    ('- {type: OS::Nova::Server}\n', Kind.NOT_MAPPING),
    ('- r:\n    "type": "OS::Nova::Server"\n', Kind.NOT_MAPPING),
    # TripleO's roles_data.yaml: services named, no resource's type: no Heat document
    ('- name: Controller\n  CountDefault: 1\n  ServicesDefault:\n'
     '    - OS::TripleO::Services::Kernel\n    - OS::TripleO::Services::Ntp\n', Kind.OTHER),
    ('- a\n- b\n', Kind.OTHER),
    ('[1, 2]\n', Kind.OTHER),
    ('[1, 2]', Kind.OTHER),                                           # JSON array
    ('just a string\n', Kind.OTHER),
    ('42\n', Kind.OTHER),
    # text that does not parse: BROKEN when it shows Heat, else something else
    ('heat_template_version: 2021-04-16\n  - : [\n', Kind.HOT),
    ('"parameter_defaults": ][\n', Kind.ENVIRONMENT),               # error recovery reads it
    ('"heat_template_version: 2021\n', Kind.BROKEN),                 # an unclosed quote: nothing
    ('"note: x\n', Kind.OTHER),
    ('key: [unclosed\nother: : :\n', Kind.OTHER),
    (']]\n', Kind.OTHER),
    # empty
    ('', Kind.EMPTY),
    ('\n\n', Kind.EMPTY),
    ('# only a comment\n# and another\n', Kind.EMPTY),
    ('---\n', Kind.EMPTY),
    ('~\n', Kind.EMPTY),
    ('{}', Kind.EMPTY),
    # unrelated mappings
    ('name: my-app\nversion: 3\n', Kind.UNKNOWN),
    # other formats with a `resources` or `parameters` section: a Kustomization, an Azure
    # Resource Manager template (JSON and YAML)
    ('apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n'
     '  - deploy.yaml\n', Kind.UNKNOWN),
    ('{"$schema": "https://schema.management.azure.com/schemas/2015-01-01/'
     'deploymentTemplate.json#", "contentVersion": "1.0.0.0", "parameters": {}, '
     '"resources": []}', Kind.UNKNOWN),
    ('contentVersion: "1.0.0.0"\nparameters:\n  name: {type: string}\nresources: []\n',
     Kind.UNKNOWN),
    ('1: a\n2: b\n', Kind.UNKNOWN),
    ('parameters: {}\n1: x\n', Kind.UNKNOWN),                        # a non-string key: not an env
])
def test_classify(text, kind):
    assert kind_of(text) is kind


def test_jinja_by_path_even_when_the_yaml_is_valid():
    text = 'heat_template_version: 2018-08-31\n'
    assert kind_of(text, 'roles/role.role.j2.yaml') is Kind.JINJA
    assert kind_of(text, '/abs/path/overcloud.j2') is Kind.JINJA
    assert kind_of(text, 'overcloud.yaml') is Kind.HOT
    assert kind_of(text, 'dir.j2.d/overcloud.yaml') is Kind.HOT  # the directory does not count


@pytest.mark.parametrize('text', [
    '{% for role in roles %}\n  {{role.name}}Count: 1\n    type: OS::Heat::None\n{% endfor %}\n',
    'heat_template_version: 2018-08-31\nresources:\n{% if x %}\n  a: {type: T}\n{% endif %}\n',
    '{# comment #}\nresource_registry: [\n',
])
def test_jinja_by_content_when_the_yaml_fails(text):
    tree = parse(text)
    assert tree.syntax_errors
    assert classify(tree, 'template.yaml') is Kind.JINJA
    assert classify(tree) is Kind.JINJA


@pytest.mark.parametrize('text', [
    '{% for role in roles %}\n  {{role.name}}Count: 1\n{% endfor %}\n',   # no Heat in it
    'metadata:\n  name: {{ .Values.name }}\n  labels:\n    {{- include "x" . }}\n',  # Helm
])
def test_template_sources_that_show_nothing_of_heat_are_other(text):
    tree = parse(text)
    assert tree.syntax_errors
    assert classify(tree, 'template.yaml') is Kind.OTHER
    assert classify(tree, 'template.yaml', heat=True) is Kind.JINJA  # the `include` setting


def test_the_include_setting_makes_any_mapping_a_template():
    assert classify(parse('name: x\n'), 'x.yaml') is Kind.UNKNOWN
    assert classify(parse('name: x\n'), 'x.yaml', heat=True) is Kind.HOT
    assert classify(parse('- a\n'), 'x.yaml', heat=True) is Kind.NOT_MAPPING

def test_jinja_delimiters_in_valid_yaml_are_just_strings():
    text = 'heat_template_version: 2018-08-31\ndescription: "{{ not jinja here }}"\n'
    tree = parse(text)
    assert tree.syntax_errors == []
    assert classify(tree, 'template.yaml') is Kind.HOT


def test_broken_yaml_with_jinja_only_in_quoted_strings_is_no_jinja_source():
    """tht's Ansible tasks say "{{ item.path }}": a syntax error there is the template's."""
    text = ('heat_template_version: rocky\noutputs:\n  o:\n    value:\n'
            '      path: "{{ item.path }}"\n      [a]\n      - b\n')
    tree = parse(text)
    assert tree.syntax_errors
    assert classify(tree, 'template.yaml') is Kind.HOT


@pytest.mark.parametrize('scalar', [
    '      shell: ln -s {{ ddp_package_file }} /lib/firmware\n',          # a plain scalar
    '      shell: |\n        {% for f in files %}\n        ln -s {{ f }} .\n'
    '        {% endfor %}\n',                                              # a block scalar
    '      - >-\n\n        {{ item }}\n',                                # a folded one
])
def test_broken_yaml_with_jinja_only_inside_scalars_is_no_jinja_source(scalar):
    """tht's rendered templates hold Ansible tasks whose unquoted scalars say {{ file }}: a
    syntax error elsewhere is the template's own (a value not indented under its key)."""
    text = ('heat_template_version: rocky\noutputs:\n  o:\n    value:\n    - tasks:\n'
            + scalar + '    - map_replace:\n      [{}, {}]\n    - values: {}\n')
    tree = parse(text)
    assert tree.syntax_errors
    assert classify(tree, 'template.yaml') is Kind.HOT


@pytest.mark.parametrize('markup', ['  {{ role.name }}Server:\n', '    type: {{ role.type }}\n',
                                    '    - {{ item }}\n', '    list: [a, {{ b }}]\n',
                                    '{% if tls %}\n'])
def test_broken_yaml_with_jinja_where_yaml_reads_structure_is_a_jinja_source(markup):
    text = 'heat_template_version: rocky\nresources:\n' + markup + '  a: {type: T\n'
    tree = parse(text)
    assert tree.syntax_errors
    assert classify(tree, 'template.yaml') is Kind.JINJA


def test_broken_yaml_without_jinja_keeps_its_kind():
    tree = parse('heat_template_version: 2018-08-31\nresources:\n  r: {type: T\n')
    assert tree.syntax_errors
    assert classify(tree) is Kind.HOT


def test_is_heat_document():
    assert {kind for kind in Kind if kind.is_heat_document} == {
        Kind.HOT, Kind.CFN, Kind.ENVIRONMENT, Kind.JINJA, Kind.BROKEN, Kind.NOT_MAPPING}


@pytest.mark.parametrize('path, expected', [
    ('a.j2.yaml', True), ('a.j2', True), ('x/y/net.network.j2.yaml', True), ('a.yaml', False),
    ('j2/a.yaml', False), ('a.j2x', False), (None, False), ('', False),
])
def test_is_jinja_path(path, expected):
    assert is_jinja_path(path) is expected


# --- the corpus ------------------------------------------------------------------------------

FILES = corpus_files()


def _kind(name: str) -> Kind:
    return classify(parse(read(os.path.join(CORPUS, name))), name)


@pytest.mark.parametrize('name', [n for n in FILES if n.startswith('tht-master-rendered/environments/')
                                  and not n.endswith('.j2.yaml')])
def test_tht_environments_are_environments(name):
    assert _kind(name) is Kind.ENVIRONMENT


@pytest.mark.parametrize('name', [n for n in FILES if n.startswith('heat-templates/cfn/')])
def test_heat_templates_cfn_are_cfn(name):
    assert _kind(name) is Kind.CFN


@pytest.mark.parametrize('name', [n for n in FILES if n.startswith('tht-master-rendered/')
                                  and n.endswith('.j2.yaml')])
def test_tht_jinja_sources_are_jinja(name):
    assert _kind(name) is Kind.JINJA
    # and that is true of their content too, not only their name, when it shows Heat (a bare
    # `{% include 'x.j2' %}` shows nothing: only the name says what it is)
    text = read(os.path.join(CORPUS, name))
    tree = parse(text)
    if tree.syntax_errors:
        assert classify(tree, 'renamed.yaml') is (Kind.JINJA if has_heat_hints(text)
                                                  else Kind.OTHER)


@needs_corpus
def test_corpus_kind_counts():
    names = {
        'tht environments': [n for n in FILES if n.startswith('tht-master-rendered/environments/')
                             and not n.endswith('.j2.yaml')],
        'cfn': [n for n in FILES if n.startswith('heat-templates/cfn/')],
        'j2': [n for n in FILES if n.startswith('tht-master-rendered/') and n.endswith('.j2.yaml')],
    }
    assert len(names['tht environments']) >= 200
    assert len(names['cfn']) >= 37
    assert len(names['j2']) >= 40


@needs_corpus
@pytest.mark.parametrize('name, kind', [
    ('tht-master-rendered/overcloud.yaml', Kind.HOT),
    ('tht-master-rendered/overcloud-resource-registry-puppet.yaml', Kind.ENVIRONMENT),
    ('heat-templates/hot/software-config/boot-config/centos7_rdo_env.yaml', Kind.ENVIRONMENT),
    ('heat/etc/heat/environment.d/default.yaml', Kind.ENVIRONMENT),
    ('heat/etc/heat/templates/AWS_CloudWatch_Alarm.yaml', Kind.CFN),
    ('openstack-misc/python-heatclient/heatclient/tests/unit/var/minimal.template', Kind.CFN),
    ('tht-master-rendered/common/common-container-config-scripts.yaml', Kind.OTHER),  # Ansible
    ('heat-templates/hot/software-config/example-templates/config-scripts/example-docker-compose.yml',
     Kind.UNKNOWN),
])
def test_corpus_examples(name, kind):
    assert _kind(name) is kind
