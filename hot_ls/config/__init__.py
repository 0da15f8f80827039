"""Settings shared by the CLI configuration file and the editor (see docs/settings.md)."""

from hot_ls.config.settings import Settings, load_settings, settings_from_dict

__all__ = ['Settings', 'load_settings', 'settings_from_dict']
