/** package.json agrees with docs/settings.md, settings.ts and constants.ts. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

import { COMMANDS, SECTION } from '../constants';
import { DEFAULTS, SERVER_KEYS } from '../settings';
import { EXTENSION_DIR, REPOSITORY_DIR } from './helpers';

interface Property {
  type: string;
  default: unknown;
  items?: { type: string };
  enum?: string[];
  markdownDescription?: string;
  description?: string;
}

const manifest = JSON.parse(fs.readFileSync(path.join(EXTENSION_DIR, 'package.json'), 'utf8'));
const properties: Record<string, Property> = manifest.contributes.configuration.properties;

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The rows of docs/settings.md's table: name, type, default. */
function documentedSettings(): { name: string; type: string; default: string }[] {
  const text = fs.readFileSync(path.join(REPOSITORY_DIR, 'docs', 'settings.md'), 'utf8');
  const rows = [];
  for (const line of text.split('\n')) {
    const match = /^\|\s*`([a-z_]+)`\s*\|([^|]*)\|([^|]*)\|/.exec(line);
    if (match) {
      rows.push({ name: match[1], type: match[2].trim(), default: match[3].trim().replace(/`/g, '') });
    }
  }
  return rows;
}

function schemaType(documented: string): string {
  if (documented.startsWith('list of')) {
    return 'array';
  }
  return { table: 'object', string: 'string', integer: 'integer', boolean: 'boolean' }[documented] ?? `unknown: ${documented}`;
}

function documentedDefault(text: string): unknown {
  if (text === 'newest') {
    return ''; // empty target release: the newest
  }
  return JSON.parse(text);
}

describe('package.json', () => {
  const documented = documentedSettings();

  it('finds the settings table in docs/settings.md', () => {
    assert.ok(documented.length >= 9, `only ${documented.length} rows`);
  });

  it('contributes every documented setting, typed, with its documented default', () => {
    for (const row of documented) {
      const key = `${SECTION}.${camel(row.name)}`;
      const property = properties[key];
      assert.ok(property, `${key} is not contributed`);
      assert.equal(property.type, schemaType(row.type), key);
      if (property.type === 'array') {
        assert.equal(property.items?.type, row.type === 'list of tables' ? 'object' : 'string', key);
      }
      assert.deepEqual(property.default, documentedDefault(row.default), key);
      assert.ok((property.markdownDescription ?? property.description ?? '').length > 10, `${key} has no description`);
    }
  });

  it('maps every documented setting to the server under its documented name', () => {
    assert.deepEqual(Object.values(SERVER_KEYS).sort(), documented.map((row) => row.name).sort());
    for (const [client, server] of Object.entries(SERVER_KEYS)) {
      assert.equal(camel(server), client);
    }
  });

  it('contributes exactly the settings settings.ts reads, plus trace.server, with the same defaults', () => {
    const expected = [...Object.keys(DEFAULTS).map((key) => `${SECTION}.${key}`), `${SECTION}.trace.server`].sort();
    assert.deepEqual(Object.keys(properties).sort(), expected);
    for (const [key, value] of Object.entries(DEFAULTS)) {
      assert.deepEqual(properties[`${SECTION}.${key}`].default, value, key);
    }
    assert.deepEqual(properties[`${SECTION}.trace.server`].enum, ['off', 'messages', 'verbose']);
  });

  it('declares the commands the extension registers, each an activation event', () => {
    const declared = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
    assert.deepEqual(declared, Object.values(COMMANDS).sort());
    for (const command of declared) {
      assert.ok(manifest.activationEvents.includes(`onCommand:${command}`), command);
    }
    assert.ok(manifest.activationEvents.includes('onLanguage:yaml'));
  });

  it('names the commands as the brief does', () => {
    const titles = Object.fromEntries(
      manifest.contributes.commands.map((c: { command: string; category: string; title: string }) => [c.command, `${c.category}: ${c.title}`]),
    );
    assert.deepEqual(titles, {
      [COMMANDS.preview]: 'hot-ls: Preview Outputs',
      [COMMANDS.restart]: 'hot-ls: Restart Server',
      [COMMANDS.showOutput]: 'hot-ls: Show Output Channel',
    });
  });

  it('points main at the bundled extension, on VS Code 1.82 or newer', () => {
    assert.equal(manifest.main, './dist/extension.js');
    assert.match(manifest.scripts['vscode:prepublish'], /npm run bundle/);
    assert.match(manifest.scripts.bundle, /^esbuild src\/extension\.ts --bundle --outfile=dist\/extension\.js --external:vscode /);
    assert.equal(manifest.engines.vscode, '^1.82.0');
    assert.match(manifest.dependencies['vscode-languageclient'], /^\^9\./);
    // vsce refuses @types/vscode newer than engines.vscode.
    assert.match(manifest.devDependencies['@types/vscode'], /^[~^]?1\.82\./);
  });

  it('restricts the settings that choose the program to run in untrusted workspaces', () => {
    assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.sort(), [
      `${SECTION}.interpreter`,
      `${SECTION}.serverArgs`,
    ]);
  });
});
