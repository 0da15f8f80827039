"""Invariants of the bundled catalog (openstack-heat 27.0.1), read through the public API."""
from __future__ import annotations

import collections
import os
import subprocess

import pytest

from helpers import HEAT_PYTHON, ROOT
from hot_ls.catalog import PropertySchema, bundled
from hot_ls.language import constraints as constr


@pytest.fixture(scope='module')
def catalog():
    return bundled()


def _current(status) -> str:
    return status.status


def test_201_types_163_visible(catalog):
    assert len(catalog) == 201
    assert len(list(catalog)) == 201
    assert len(catalog.names()) == 163  # what Heat's get_types() lists: HIDDEN left out
    assert len(catalog.names(include_hidden=True)) == 201
    assert catalog.heat_version == '27.0.1'
    namespaces = collections.Counter(name.split('::')[0] for name in catalog.names(True))
    assert namespaces == {'AWS': 23, 'OS': 178}


def test_type_support_statuses(catalog):
    counts = collections.Counter(t.support_status.status for t in catalog)
    assert counts == {'SUPPORTED': 157, 'HIDDEN': 38, 'UNSUPPORTED': 5, 'DEPRECATED': 1}
    assert sum(1 for t in catalog if t.support_status.version is None) == 43
    assert all(not t.hidden for t in catalog.types())
    assert catalog.get('OS::Neutron::LBaaS::Pool').hidden


def test_property_and_attribute_totals(catalog):
    top = [p for t in catalog for p in t.properties.values()]
    nested = [p for t in catalog for _path, p in t.walk_properties()]
    attributes = [a for t in catalog for a in t.attributes.values()]
    assert len(top) == 1113
    assert len(nested) == 1599
    assert len(attributes) == 570
    assert collections.Counter(p.type for p in top) == {
        'string': 611, 'list': 183, 'integer': 121, 'boolean': 99, 'map': 80, 'number': 18,
        'any': 1}
    assert all('show' in t.attributes for t in catalog)


def test_property_and_attribute_support_statuses(catalog):
    nested = [p for t in catalog for _path, p in t.walk_properties()]
    statuses = collections.Counter(p.support_status.status for p in nested)
    assert statuses['HIDDEN'] == 21
    assert statuses['DEPRECATED'] == 7
    assert statuses['UNSUPPORTED'] == 2
    assert sum(1 for p in nested if not p.implemented) == 37
    attributes = collections.Counter(a.support_status.status for t in catalog
                                     for a in t.attributes.values())
    assert (attributes['HIDDEN'], attributes['DEPRECATED'], attributes['UNSUPPORTED']) == (2, 3, 1)


def test_constraint_totals(catalog):
    kinds = collections.Counter(c.key for t in catalog for _path, p in t.walk_properties()
                                for c in p.constraints)
    assert kinds == {'custom_constraint': 288, 'allowed_values': 155, 'range': 115,
                     'length': 26, 'allowed_pattern': 10}


def test_server_flavor(catalog):
    flavor = catalog.get('OS::Nova::Server').properties['flavor']
    assert isinstance(flavor, PropertySchema)
    assert flavor.required is True
    assert flavor.type == 'string'
    assert flavor.update_allowed is True
    [constraint] = flavor.constraints
    assert isinstance(constraint, constr.CustomConstraint)
    assert constraint.name == 'nova.flavor'
    assert not constraint.checkable  # needs a cloud


def test_port_fixed_ips_nested_schema(catalog):
    fixed_ips = catalog.get('OS::Neutron::Port').properties['fixed_ips']
    assert fixed_ips.type == 'list'
    item = fixed_ips.item
    assert item is fixed_ips.schema['*']
    assert item.type == 'map'
    assert sorted(item.schema) == ['ip_address', 'subnet', 'subnet_id']
    assert item.schema['subnet'].constraints[0].name == 'neutron.subnet'
    assert item.schema['ip_address'].constraints[0].name == 'ip_addr'
    subnet_id = item.schema['subnet_id']
    assert subnet_id.support_status.text() == (
        'deprecated in 2014.2 → hidden in 5.0.0: Use property subnet.')
    paths = [path for path, _ in fixed_ips.walk()]
    assert ('fixed_ips', '*', 'subnet') in paths


def test_constraints_are_the_language_classes(catalog):
    length = catalog.get('OS::Nova::KeyPair').properties['name'].constraints[0]
    assert isinstance(length, constr.Length)
    assert (length.min, length.max) == (1, 255)
    schema = catalog.get('OS::Heat::RandomString').properties['length'].value_schema()
    assert schema.type_key == constr.INTEGER
    assert schema.validate_constraints(600) == '600 is out of range (min: 1, max: 512)'
    assert schema.to_schema_type('12') == 12


def test_aliases_resolve(catalog):
    quantum = catalog.lookup('OS::Quantum::Net')
    assert (quantum.name, quantum.alias, quantum.type.name) == (
        'OS::Neutron::Net', 'OS::Quantum*', 'OS::Neutron::Net')
    assert catalog.lookup('OS::Quantum::LBaaS::Pool').name == 'OS::Neutron::LBaaS::Pool'
    metering = catalog.lookup('OS::Metering::Alarm')
    assert (metering.name, metering.alias) == ('OS::Aodh::Alarm', 'OS::Metering::Alarm')
    for old in ('GnocchiResourcesAlarm', 'GnocchiAggregationByMetricsAlarm',
                'GnocchiAggregationByResourcesAlarm', 'CombinationAlarm'):
        assert catalog.resolve(f'OS::Ceilometer::{old}').name == f'OS::Aodh::{old}'
    assert catalog.resolve('OS::Ceilometer::Alarm').name == 'OS::Aodh::Alarm'
    template = catalog.lookup('AWS::CloudWatch::Alarm')
    assert template.type is None
    assert template.template == 'file:///etc/heat/templates/AWS_CloudWatch_Alarm.yaml'
    assert catalog.lookup('AWS::RDS::DBInstance').template.endswith('AWS_RDS_DBInstance.yaml')
    direct = catalog.lookup('OS::Nova::Server')
    assert not direct.via_alias and direct.type is catalog.get('OS::Nova::Server')
    assert catalog.lookup('OS::Quantum::NoSuchThing') is None
    assert catalog.lookup('OS::Nova::Servr') is None
    assert catalog.get('OS::Quantum::Net') is None  # get() is exact
    assert 'OS::Quantum::Subnet' in catalog and 'OS::Nova::Servr' not in catalog


def test_heat_namespaces(catalog):
    assert catalog.heat_owns('OS::Nova::Servr')
    assert catalog.heat_owns('AWS::EC2::Nope')
    assert catalog.heat_owns('OS::Neutron::LBaaS::Nope')
    assert not catalog.heat_owns('OS::TripleO::Controller')
    assert not catalog.heat_owns('Magnum::Optional::Neutron::Port')


def test_types_accepting_any_attribute(catalog):
    visible = sorted(t.name for t in catalog.types() if t.accepts_any_attribute)
    assert visible == [
        'AWS::CloudFormation::Stack', 'OS::Heat::AutoScalingGroup', 'OS::Heat::None',
        'OS::Heat::ResourceChain', 'OS::Heat::ResourceGroup', 'OS::Heat::SoftwareDeployment',
        'OS::Heat::SoftwareDeploymentGroup', 'OS::Heat::StructuredDeployment',
        'OS::Heat::StructuredDeploymentGroup']
    hidden = [t for t in catalog if t.hidden and t.accepts_any_attribute]
    assert len(hidden) == 34
    assert not catalog.get('OS::Nova::Server').accepts_any_attribute


def test_types_that_can_snapshot_before_delete(catalog):
    assert sorted(t.name for t in catalog if t.supports_snapshot) == [
        'AWS::EC2::Volume', 'OS::Cinder::Volume', 'OS::Heat::DeployedServer', 'OS::Nova::Server']
    assert catalog.get('OS::Neutron::Net').supports_snapshot is False


def test_update_policy_schemas(catalog):
    with_policy = sorted(t.name for t in catalog if t.update_policy)
    assert with_policy == [
        'AWS::AutoScaling::AutoScalingGroup', 'OS::Heat::InstanceGroup',
        'OS::Heat::ResourceGroup', 'OS::Heat::SoftwareDeploymentGroup',
        'OS::Heat::SoftwareDeployments', 'OS::Heat::StructuredDeploymentGroup',
        'OS::Heat::StructuredDeployments']
    rolling = catalog.get('OS::Heat::ResourceGroup').update_policy['rolling_update']
    assert rolling.type == 'map'
    assert rolling.schema['max_batch_size'].type == 'integer'
    # Every other bundled type validates update_policy against an empty schema.
    assert catalog.get('OS::Heat::AutoScalingGroup').update_policy == {}


def test_support_chains_and_substitutes(catalog):
    deployments = catalog.get('OS::Heat::SoftwareDeployments')
    assert deployments.substitute == 'OS::Heat::SoftwareDeploymentGroup'
    assert [s.status for s in deployments.support_status.steps] == ['DEPRECATED', 'HIDDEN']
    bay_model = catalog.get('OS::Magnum::BayModel').support_status
    assert [(s.status, s.version, s.substitute) for s in bay_model.steps] == [
        ('SUPPORTED', '5.0.0', None),
        ('DEPRECATED', '9.0.0', 'OS::Magnum::ClusterTemplate'),
        ('HIDDEN', '11.0.0', None)]
    assert bay_model.substitute == 'OS::Magnum::ClusterTemplate'
    assert catalog.get('OS::Aodh::Alarm').support_status.is_deprecated


def test_descriptions(catalog):
    assert catalog.get('OS::Nova::KeyPair').description.startswith(
        'A resource for creating Nova key pairs.')
    assert all(t.description for t in catalog)


def test_custom_constraints(catalog):
    names = catalog.custom_constraints
    assert len(names) == 70
    assert names['nova.flavor'].service == 'nova'
    assert names['neutron.subnet'].service == 'neutron'
    assert names['ip_addr'].service is None  # Heat's own, checkable offline
    used = {c.name for t in catalog for _p, s in t.walk_properties() for c in s.constraints
            if c.key == 'custom_constraint'}
    assert used <= set(names)


def test_heat_classes_for_plugins(catalog):
    server = catalog.heat_class('heat.engine.resources.openstack.nova.server.Server')
    assert server is catalog.get('OS::Nova::Server')
    base = catalog.heat_class('heat.engine.resource.Resource')
    assert list(base.attributes) == ['show']
    assert catalog.heat_class('heat.engine.resources.openstack.neutron.neutron.NeutronResource')
    assert catalog.heat_class('heat.engine.resources.nope.Nope') is None


def test_to_dict_is_json_with_the_heat_keys(catalog):
    import json
    data = catalog.get('OS::Octavia::Quota').to_dict()
    json.dumps(data)
    assert data['support_status'] == {'status': 'SUPPORTED', 'version': '14.0.0',
                                      'message': None, 'previous_status': None}
    assert {'resource_type', 'properties', 'attributes', 'description'} <= set(data)


@pytest.mark.skipif(HEAT_PYTHON is None, reason='needs the Heat virtual environment')
def test_committed_catalog_is_what_the_generator_makes():
    result = subprocess.run([HEAT_PYTHON, os.path.join(ROOT, 'tools', 'gen_catalog.py'),
                             '--check'], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_data_file_is_compact():
    size = os.path.getsize(os.path.join(ROOT, 'hot_ls', 'data', 'catalog.json.gz'))
    assert size < 200_000


def test_layering_catalog_imports_only_language_and_syntax():
    import ast
    allowed = ('hot_ls.catalog', 'hot_ls.language', 'hot_ls.syntax', 'hot_ls.data')
    directory = os.path.join(ROOT, 'hot_ls', 'catalog')
    for name in sorted(os.listdir(directory)):
        if not name.endswith('.py'):
            continue
        with open(os.path.join(directory, name), encoding='utf-8') as fh:
            tree = ast.parse(fh.read())
        for node in ast.walk(tree):
            modules = []
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                modules = [node.module or '']
            for module in modules:
                assert module != 'heat' and not module.startswith('heat.'), (name, module)
                if module.startswith('hot_ls'):
                    assert module == 'hot_ls.data' or module.startswith(allowed), (name, module)
