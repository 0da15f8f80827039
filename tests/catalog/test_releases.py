"""Heat releases, support-status lifecycles and availability in a target release."""
from __future__ import annotations

import pytest

from hot_ls.catalog import (Release, StatusStep, SupportStatus, availability, bundled,
                            releases, version_key)
from hot_ls.language.versions import language


@pytest.fixture(scope='module')
def table():
    return releases()


def test_table_runs_from_grizzly_to_27(table):
    numbers = [r.number for r in table]
    assert numbers[:5] == ['2013.1', '2013.2', '2014.1', '2014.2', '2015.1']
    assert numbers[5:8] == ['5.0.0', '6.0.0', '7.0.0']
    assert numbers[-1] == '27.0.0'
    assert len(table) == 28
    names = {r.number: r.name for r in table}
    assert names['2014.1'] == 'icehouse' and names['2015.1'] == 'kilo'
    assert names['5.0.0'] == 'liberty' and names['13.0.0'] == 'train'
    assert names['16.0.0'] == 'wallaby' and names['20.0.0'] == 'antelope'
    assert names['26.0.0'] == 'gazpacho' and names['27.0.0'] == 'hibiscus'
    assert table.latest.number == '27.0.0'


def test_newest_hot_version_of_each_release(table):
    hot = {r.name: r.hot_version for r in table}
    assert hot['grizzly'] is None
    assert hot['icehouse'] == '2013-05-23'
    assert hot['juno'] == '2014-10-16'
    assert hot['newton'] == '2016-10-14'
    assert hot['rocky'] == hot['victoria'] == '2018-08-31'
    assert hot['wallaby'] == hot['hibiscus'] == '2021-04-16'
    known = {v.version for v in language().hot_versions}
    assert {h for h in hot.values() if h} <= known
    # The language facts agree: an alias names the release that introduced the version.
    for version in language().hot_versions:
        for alias in version.aliases:
            assert hot[alias] == version.version


@pytest.mark.parametrize('text, number', [
    ('train', '13.0.0'), ('Train', '13.0.0'), (' TRAIN ', '13.0.0'), ('13.0.0', '13.0.0'),
    ('13', '13.0.0'), ('13.1.0', '13.0.0'), ('v13.0.0', '13.0.0'),
    ('2014.2', '2014.2'), ('juno', '2014.2'), ('2014.2.1', '2014.2'), ('kilo', '2015.1'),
    ('2015.1.0', '2015.1'), ('liberty', '5.0.0'), ('5.0.0', '5.0.0'),
    ('2023.1', '20.0.0'), ('antelope', '20.0.0'), ('2024.2', '23.0.0'), ('Dalmatian', '23.0.0'),
    ('27.0.1', '27.0.0'), ('hibiscus', '27.0.0'),
])
def test_parse(table, text, number):
    assert table.parse(text).number == number


@pytest.mark.parametrize('text', ['', 'bogus', 'trian', '2013.3', None, True, [], '1.0.0'])
def test_parse_rejects(table, text):
    assert table.parse(text) is None


def test_a_release_newer_than_the_table_is_unnamed(table):
    future = table.parse('28.0.0')
    assert future.name is None and future.number == '28.0.0'
    assert future > table.latest
    assert future.label == '28.0.0'


def test_names_and_labels(table):
    train = table.parse('train')
    assert train.label == '13.0.0 (Train)'
    assert train.target_label == 'Train (13.0.0)'
    assert str(train) == '13.0.0 (Train)'
    antelope = table.parse('20.0.0')
    assert antelope.label == '20.0.0 (2023.1 Antelope)'
    assert antelope.target_label == '2023.1 Antelope (20.0.0)'
    assert table.label('14.0.0') == '14.0.0 (Ussuri)'
    assert table.label('2014.2 ') == '2014.2 (Juno)'
    assert table.label('14.1.0') == '14.1.0 (Ussuri)'
    assert table.label('nonsense') == 'nonsense'


def test_version_ordering_across_numbering_schemes(table):
    assert version_key('2014.2') < version_key('2015.1') < version_key('5.0.0')
    assert version_key('5.0.0') < version_key('10.0.0')  # numerically, not as text
    assert version_key('2013.1') < version_key('2013.2') < version_key('2014.1')
    assert version_key('2023.1') == version_key('20.0.0')
    assert version_key('x') is None and version_key(None) is None
    assert table.compare('2014.2', '5.0.0') == -1
    assert table.compare('22.0.0', '9.0.0') == 1
    assert table.compare(table.parse('train'), '13.0.0') == 0
    with pytest.raises(ValueError):
        table.compare('x', '1.0.0')
    assert table.parse('kilo') < table.parse('liberty') < table.parse('train')
    assert sorted([table.parse('zed'), table.parse('icehouse')])[0].name == 'icehouse'


def test_lifecycle_text_and_steps():
    status = SupportStatus.parse({
        'status': 'HIDDEN', 'version': '6.0.0', 'message': None,
        'previous_status': {'status': 'DEPRECATED', 'version': '5.0.0', 'message': None,
                            'previous_status': {'status': 'SUPPORTED', 'version': '2014.2',
                                                'message': None, 'previous_status': None}}})
    assert [s.status for s in status.steps] == ['SUPPORTED', 'DEPRECATED', 'HIDDEN']
    assert status.text() == 'supported since 2014.2 → deprecated in 5.0.0 → hidden in 6.0.0'
    with_substitute = SupportStatus((StatusStep('SUPPORTED', '2014.2'),
                                     StatusStep('DEPRECATED', '5.0.0', None, 'OS::Neutron::X'),
                                     StatusStep('HIDDEN', '6.0.0')))
    assert with_substitute.text() == (
        'supported since 2014.2 → deprecated in 5.0.0: use OS::Neutron::X → hidden in 6.0.0')
    assert with_substitute.substitute == 'OS::Neutron::X'
    assert with_substitute.is_hidden and with_substitute.since == '2014.2'
    assert [s.to_dict() for s in with_substitute.steps][1] == {
        'status': 'DEPRECATED', 'version': '5.0.0', 'substitute': 'OS::Neutron::X'}
    # Round trips through both stored forms.
    assert SupportStatus.parse(status.to_heat()) == status
    assert SupportStatus.parse(with_substitute.to_list()) == with_substitute
    assert SupportStatus.parse(None).text() == 'supported'
    assert SupportStatus.parse({'status': 'BOGUS'}).status == 'UNKNOWN'


def test_status_in_effect_at_a_release(table):
    lbaas = bundled().get('OS::Neutron::LBaaS::Pool').support_status  # 6.0.0 → hidden 21.0.0
    assert lbaas.at(table.parse('train')).status == 'SUPPORTED'
    assert lbaas.at(table.parse('bobcat')).status == 'HIDDEN'
    assert lbaas.at(table.parse('liberty')) is None  # not there yet
    restarter = bundled().get('OS::Heat::HARestarter').support_status  # deprecated 2015.1
    assert restarter.since is None  # arrival unknown: existed before its deprecation
    assert restarter.at(table.parse('juno')).status == 'SUPPORTED'
    assert restarter.at(table.parse('kilo')).status == 'DEPRECATED'
    assert restarter.at(table.parse('queens')).status == 'HIDDEN'


def test_availability_message(table):
    catalog = bundled()
    quota = catalog.get('OS::Octavia::Quota')
    train = table.parse('Train')
    assert availability(quota.name, quota.support_status, train, table) == (
        'OS::Octavia::Quota is available since 14.0.0 (Ussuri); '
        'the target release is Train (13.0.0)')
    assert availability(quota.name, quota.support_status, table.parse('ussuri'), table) is None
    assert catalog.availability(quota.name, quota.support_status) is None  # newest by default
    server = catalog.get('OS::Nova::Server')
    assert availability('OS::Nova::Server', server.support_status, table.parse('icehouse'),
                        table) is None
    no_fixed_ips = catalog.get('OS::Neutron::Port').properties['no_fixed_ips']
    assert availability('Property no_fixed_ips', no_fixed_ips.support_status, train, table) == (
        'Property no_fixed_ips is available since 16.0.0 (Wallaby); '
        'the target release is Train (13.0.0)')
    kilo_item = SupportStatus.parse([{'status': 'SUPPORTED', 'version': '2015.1'}])
    assert availability('X', kilo_item, table.parse('juno'), table) == (
        'X is available since 2015.1 (Kilo); the target release is Juno (2014.2)')
    assert availability('X', kilo_item, table.parse('liberty'), table) is None


def test_release_objects():
    a = Release('13.0.0', 'train')
    assert a == Release('13.1.0', 'train') and hash(a) == hash(Release('13.0.0', 'train'))
    with pytest.raises(ValueError):
        Release('nope', None)
