import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

# Property tests (hypothesis): a fixed, quick, deterministic profile for CI; a longer one with
# HOT_LS_HYPOTHESIS=long (README, "Tests").
try:
    from hypothesis import HealthCheck, settings as _hypothesis_settings
except ImportError:  # the test extras are not installed: the property tests skip themselves
    pass
else:
    _hypothesis_settings.register_profile(
        'ci', max_examples=30, derandomize=True, deadline=None, database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    _hypothesis_settings.register_profile(
        'long', max_examples=400, deadline=None, database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    _hypothesis_settings.load_profile(os.environ.get('HOT_LS_HYPOTHESIS', 'ci'))
