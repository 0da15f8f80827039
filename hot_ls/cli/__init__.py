"""The `hot-ls` command: check, rules, serve, eval, preview, graph, catalog."""
