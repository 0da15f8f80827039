"""Settings shared by the CLI configuration file and the editor (see docs/settings.md)."""

from hot_ls.config.globs import matches
from hot_ls.config.settings import (ConfigFileError, Settings, Stack, find_config_file,
                                    load_settings, overlay, read_config_file,
                                    settings_from_dict)

__all__ = ['ConfigFileError', 'Settings', 'Stack', 'find_config_file', 'load_settings',
           'matches', 'overlay', 'read_config_file', 'settings_from_dict']
