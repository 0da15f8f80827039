import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

# Property tests and fuzzing (hypothesis): a fixed, quick, derandomized profile for CI ('ci');
# HOT_LS_HYPOTHESIS=long for a random, longer one, HOT_LS_HYPOTHESIS_EXAMPLES=N cases per test
# (400 by default) (README, "Tests").
try:
    from hypothesis import HealthCheck, settings as _hypothesis_settings
except ImportError:  # the test extras are not installed: the property tests skip themselves
    pass
else:
    _COMMON = dict(deadline=None, database=None, print_blob=True, suppress_health_check=[
        HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture])
    _hypothesis_settings.register_profile('ci', max_examples=30, derandomize=True, **_COMMON)
    _hypothesis_settings.register_profile(
        'long', max_examples=int(os.environ.get('HOT_LS_HYPOTHESIS_EXAMPLES', '400')), **_COMMON)
    _hypothesis_settings.load_profile(os.environ.get('HOT_LS_HYPOTHESIS', 'ci'))
