"""Bootstrap OpenStack Heat offline, for the generators and oracles in tools/.

Every script in tools/ that asks Heat a question imports this module first.
It must run under the throwaway virtual environment that holds
openstack-heat==27.0.1 (see README, "Regenerating data"); hot-ls itself never
imports Heat.  Importing this module silences Heat's logging and warnings and
loads the resource registry (with the default global environment, so the
OS::Quantum* and Ceilometer aliases exist as they do on a real cloud).
"""
from __future__ import annotations

import logging
import os
import sys
import warnings

warnings.filterwarnings('ignore')
logging.disable(logging.CRITICAL)

from oslo_config import cfg  # noqa: E402
from heat.common import config as _heat_config  # noqa: E402,F401  (registers options)

cfg.CONF([], project='heat', default_config_files=[])
_ENV_DIR = os.path.join(sys.prefix, 'etc', 'heat', 'environment.d')
if os.path.isdir(_ENV_DIR):
    cfg.CONF.set_override('environment_dir', _ENV_DIR)

from heat.engine import resources  # noqa: E402

resources.initialise()

HEAT_VERSION = '27.0.1'


def heat_version() -> str:
    """The installed openstack-heat version, checked against the pin."""
    from importlib.metadata import version
    found = version('openstack-heat')
    if found != HEAT_VERSION:
        raise SystemExit(f'tools/ expects openstack-heat=={HEAT_VERSION}, found {found}')
    return found
