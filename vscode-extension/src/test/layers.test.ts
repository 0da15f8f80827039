/** Only the wiring imports 'vscode' or vscode-languageclient; the rest runs under plain node. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

import { EXTENSION_DIR } from './helpers';

const VSCODE_MODULES = ['commands.js', 'extension.js', 'server.js'];

describe('module layers', () => {
  const out = path.join(EXTENSION_DIR, 'out');
  const modules = fs.readdirSync(out).filter((name) => name.endsWith('.js'));

  it('compiles every source file', () => {
    const sources = fs.readdirSync(path.join(EXTENSION_DIR, 'src')).filter((name) => name.endsWith('.ts'));
    assert.deepEqual(modules.sort(), sources.map((name) => name.replace(/\.ts$/, '.js')).sort());
  });

  it("keeps 'vscode' and vscode-languageclient out of the pure modules", () => {
    const importing = modules.filter((name) =>
      /require\("vscode(-languageclient[^"]*)?"\)/.test(fs.readFileSync(path.join(out, name), 'utf8')),
    );
    assert.deepEqual(importing.sort(), VSCODE_MODULES);
  });

  it('loads every pure module under plain node', () => {
    for (const name of modules.filter((m) => !VSCODE_MODULES.includes(m))) {
      assert.doesNotThrow(() => require(path.join(out, name)), name);
    }
  });
});
