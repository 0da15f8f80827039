"""The `hot-ls` command: check, rules, serve (and later eval, preview, catalog)."""
