"""Settings shared by the CLI configuration file and the editor (see docs/settings.md)."""

from hot_ls.config.settings import Settings, Stack, load_settings, settings_from_dict

__all__ = ['Settings', 'Stack', 'load_settings', 'settings_from_dict']
