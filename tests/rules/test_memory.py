"""An analysis is freed the moment it is dropped, by reference counting alone.

Reference cycles through an analysis (a kept exception's traceback, a
closure that calls itself) would leave its whole tree to the cyclic garbage
collector, which hot-ls keeps away from its trees for speed (see
hot_ls/syntax/gc_pause.py): such an analysis would linger.
"""
import gc
import os
import weakref

import pytest

from helpers import FIXTURES, PERF
from hot_ls.rules import analyze

FILES = [os.path.join(FIXTURES, 'examples', 'server.yaml'),
         os.path.join(FIXTURES, 'examples', 'broken.yaml'),
         os.path.join(PERF, 'tht-master-rendered__overcloud.yaml'),
         os.path.join(PERF, 'synthetic__synth_10k.yaml')]


@pytest.mark.parametrize('path', FILES, ids=os.path.basename)
def test_a_dropped_analysis_is_freed_without_the_collector(path):
    if not os.path.exists(path):
        pytest.skip('../shared/perf is not present')
    with open(path, encoding='utf-8') as fh:
        text = fh.read()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        analysis = analyze(text, path)
        whole = weakref.ref(analysis)
        template = weakref.ref(analysis.template)
        del analysis
        assert whole() is None
        assert template() is None
    finally:
        if was_enabled:
            gc.enable()
