"""hot-ls: language server, headless checker and evaluator for OpenStack Heat templates."""

__version__ = '0.1.0'
