"""The language server: thin pygls wiring over the analysis (see docs/architecture.md).

The only package that imports pygls or lsprotocol.  `main.serve` is the entry
point, `app` holds the handler table, `convert` turns hot-ls types into LSP
types, `documents` is the document store, `settings` the editor settings and
`scheduler` when analyses run.
"""
