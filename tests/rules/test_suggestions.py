"""The edit distance behind near-miss suggestions (HOT701's misspelt namespaces)."""
from __future__ import annotations

import random

from hot_ls.rules.suggestions import edit_distance, near_misses


def _full(a: str, b: str) -> int:
    """Optimal string alignment distance, the whole table."""
    d = [[i + j if not i or not j else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1,
                          d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[-1][-1]


def test_the_banded_distance_is_the_whole_tables_up_to_the_limit():
    rng = random.Random(12)
    for _ in range(3000):
        a = ''.join(rng.choice('abc') for _ in range(rng.randint(0, 7)))
        b = ''.join(rng.choice('abc') for _ in range(rng.randint(0, 7)))
        for limit in (1, 2, 3):
            assert edit_distance(a, b, limit) == min(_full(a, b), limit + 1), (a, b, limit)


def test_near_misses_of_catalog_names():
    names = ['OS::Neutron::Port', 'OS::Neutron::Net', 'OS::Heat::StructuredConfig']
    assert near_misses('OS::Nuetron::Port', names) == ['OS::Neutron::Port']
    assert near_misses('OS::Heta::StructuredConfig', names) == ['OS::Heat::StructuredConfig']
    assert near_misses('OS::TripleO::Net', names) == []


def test_close_matches_are_difflibs_on_pools_of_like_names():
    """The early stop keeps difflib's list exactly: its order, its ties (broken by the
    larger string), the cutoff, empty words and candidates."""
    import difflib

    from hot_ls.rules.suggestions import close_matches
    rng = random.Random(7)
    stems = ['image', 'flavor', 'count', 'cidr', 'env', 'net', 'key_name', '']
    for _ in range(400):
        pool = tuple(dict.fromkeys(f't{rng.randint(0, 40)}_{rng.choice(stems)}'
                                   for _ in range(rng.randint(0, 120))))
        pool += tuple(''.join(rng.choice('ab_') for _ in range(rng.randint(0, 4)))
                      for _ in range(rng.randint(0, 5)))
        word = rng.choice([f't{rng.randint(0, 40)}_{rng.choice(stems)}', 'ab', '', 'x_imge'])
        word = word[:rng.randint(0, len(word))] + rng.choice(['', 'x', 'y_']) + \
            word[rng.randint(0, len(word)):]
        for n, cutoff in ((3, 0.6), (1, 0.0), (5, 0.8)):
            assert close_matches(word, pool, n, cutoff) == \
                difflib.get_close_matches(word, pool, n=n, cutoff=cutoff), (word, pool, n, cutoff)
