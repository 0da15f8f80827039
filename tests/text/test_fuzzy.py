"""The one fuzzy matcher: completion ranks with it, the CLI suggests with it."""
from hot_ls.text.fuzzy import best_matches, fuzzy_score

TYPES = ['OS::Nova::Server', 'OS::Nova::ServerGroup', 'OS::Heat::DeployedServer',
         'OS::Neutron::Port', 'OS::Nova::Flavor']


def test_a_whole_word_finds_the_types_it_is_a_part_of_best_first():
    assert best_matches('Server', TYPES) == ['OS::Nova::Server', 'OS::Nova::ServerGroup',
                                             'OS::Heat::DeployedServer']
    assert best_matches('port', TYPES) == ['OS::Neutron::Port']
    assert best_matches('OS::Nova::Server', TYPES, limit=1) == ['OS::Nova::Server']


def test_a_scattered_subsequence_ranks_in_completion_but_is_no_suggestion():
    assert fuzzy_score('onsv', 'OS::Nova::Server') is not None
    assert best_matches('onsv', TYPES) == []
    assert best_matches('', TYPES) == []
