"""The language server: thin pygls wiring over the analysis (see docs/architecture.md).

The only package that imports pygls or lsprotocol.

- `main`: `serve(tcp)`, the `hot-ls serve` entry point
- `app`: the server's state and the table of handlers
- `convert`: hot-ls types to LSP types; every client-capability decision
- `protocol`: where hot-ls departs from pygls's built-in protocol handling
- `documents`: the document store (text, version, cached analysis per URI)
- `scheduler`: when analyses run (debounced, in worker threads, never stale)
- `settings`: initializationOptions and workspace/didChangeConfiguration
- `logs`: stderr and window/logMessage, never stdout
"""
