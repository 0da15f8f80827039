"""Write hot_ls/data/initialize_result.json: the full server's reply to `initialize`.

`hot-ls serve` answers `initialize` from this file before it has imported
pygls and the analysis (hot_ls/server/quick_start.py), deciding only the
position encoding and the diagnostic provider per client.  The reply is
computed here by the real server, for a client that pulls diagnostics and
asks before it renames files (so the diagnostic provider and the file
operations are in it) and declares nothing else; tests/server/test_quick_start.py fails when the file and
the server disagree.

    python tools/gen_initialize_result.py
"""
from __future__ import annotations

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def server_result(capabilities) -> dict:
    """What the real server replies to an initialize with these client capabilities."""
    from lsprotocol import types
    from hot_ls.server import convert
    from hot_ls.server.app import create_server
    server = create_server()
    server.client = convert.client_features(capabilities)  # as the initialize handler sets it
    steps = server.protocol.lsp_initialize(types.InitializeParams(capabilities=capabilities))
    try:
        while True:
            next(steps)
    except StopIteration as done:
        result = done.value
    return server.protocol._converter.unstructure(result)


def main() -> None:
    from lsprotocol import types
    pulling = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            diagnostic=types.DiagnosticClientCapabilities()),
        workspace=types.WorkspaceClientCapabilities(
            file_operations=types.FileOperationClientCapabilities(will_rename=True)))
    from hot_ls.server.quick_start import RESULT_PATH
    with open(RESULT_PATH, 'w', encoding='utf-8') as fh:
        json.dump(server_result(pulling), fh, indent=1, sort_keys=True)
        fh.write('\n')
    print(f'wrote {os.path.relpath(RESULT_PATH, ROOT)}')


if __name__ == '__main__':
    main()
