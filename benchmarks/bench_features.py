"""Editor features through the real server: latency from request to response.

Starts `python -m hot_ls serve` over stdio as an LSP client (pygls), opens a
large template, waits for its first analysis, then sends requests at varied
positions (deterministic: every Nth line, on a word) and prints p50 and p95
per feature.  Target: completion, hover and definition each at most 30 ms
at p95 on ../shared/perf/synthetic__synth_10k.yaml and endpoint_map.yaml.

    python benchmarks/bench_features.py           # 200 requests per feature and file
    python benchmarks/bench_features.py --quick   # 40
"""
from __future__ import annotations

import asyncio
import os
import re
import statistics
import sys
import time

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from _common import PERF, ROOT

FILES = ['synthetic__synth_10k.yaml', 'tht-master-rendered__network__endpoints__endpoint_map.yaml']
_WORD = re.compile(r'[A-Za-z_][\w:.-]*')


def positions(text: str, count: int) -> list[tuple[int, int]]:
    """`count` positions spread over the document, each inside a word."""
    lines = text.splitlines()
    candidates = []
    for number, line in enumerate(lines):
        words = list(_WORD.finditer(line))
        if words:
            word = words[len(words) // 2]
            candidates.append((number, word.start() + max(1, len(word.group()) // 2)))
    step = max(1, len(candidates) // count)
    return candidates[::step][:count]


async def measure(client: LanguageClient, uri: str, text: str, count: int) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = {}
    requests = {
        'completion': lambda p: client.text_document_completion_async(
            types.CompletionParams(types.TextDocumentIdentifier(uri), p)),
        'hover': lambda p: client.text_document_hover_async(
            types.HoverParams(types.TextDocumentIdentifier(uri), p)),
        'definition': lambda p: client.text_document_definition_async(
            types.DefinitionParams(types.TextDocumentIdentifier(uri), p)),
        'references': lambda p: client.text_document_references_async(types.ReferenceParams(
            context=types.ReferenceContext(include_declaration=True),
            text_document=types.TextDocumentIdentifier(uri), position=p)),
        # the whole document each time (the position is not used)
        'tokens': lambda p: client.text_document_semantic_tokens_full_async(
            types.SemanticTokensParams(types.TextDocumentIdentifier(uri))),
    }
    capabilities = client.server_capabilities
    available = {'completion': capabilities.completion_provider,
                 'hover': capabilities.hover_provider,
                 'definition': capabilities.definition_provider,
                 'references': capabilities.references_provider,
                 'tokens': capabilities.semantic_tokens_provider}
    for name, send in requests.items():
        if not available[name]:
            print(f'  {name}: not provided by the server yet')
            continue
        samples = []
        for line, character in positions(text, count):
            start = time.perf_counter()
            await send(types.Position(line, character))
            samples.append((time.perf_counter() - start) * 1000)
        timings[name] = samples
    return timings


def report(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    return (f'  {name:<11} p50 {statistics.median(ordered):6.1f} ms   p95 {p95:6.1f} ms   '
            f'max {ordered[-1]:6.1f} ms   ({len(ordered)} requests)')


async def main() -> None:
    count = 40 if '--quick' in sys.argv else 200
    client = LanguageClient('hot-ls-bench', '1')
    published = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _published(params):
        published.set()

    env = dict(os.environ)
    env['PYTHONPATH'] = os.pathsep.join(p for p in (ROOT, env.get('PYTHONPATH')) if p)
    await client.start_io(sys.executable, '-m', 'hot_ls', 'serve', env=env)
    result = await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(general=types.GeneralClientCapabilities(
            position_encodings=['utf-16']))))
    client.server_capabilities = result.capabilities
    client.initialized(types.InitializedParams())
    for name in FILES:
        path = os.path.join(PERF, name)
        with open(path, encoding='utf-8') as fh:
            text = fh.read()
        uri = 'file://' + path
        published.clear()
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri, 'yaml', 1, text)))
        await asyncio.wait_for(published.wait(), 60)
        print(f'{name} ({text.count(chr(10))} lines)')
        for feature, samples in (await measure(client, uri, text, count)).items():
            print(report(feature, samples))
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()


if __name__ == '__main__':
    asyncio.run(main())
