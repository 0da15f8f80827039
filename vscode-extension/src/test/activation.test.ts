/**
 * The whole extension (extension.ts, server.ts, commands.ts and the real
 * vscode-languageclient) activated against a fake 'vscode' module and the real
 * server: the interpreter is found, the client starts, the settings reach the
 * server without its complaining, a change is sent, Preview Outputs shows the
 * JSON, Restart starts a new server, deactivate stops it.
 *
 * Needs a Python with hot-ls, as e2e.test.ts does.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { COMMANDS, PREVIEW_SCHEME } from '../constants';
import { serverEnvironment } from '../launch';
import { createFakeVscode, document, installFakeVscode } from './fake-vscode';
import { findServerPython, skip, waitFor } from './helpers';

const TEMPLATE = `heat_template_version: 2018-08-31
parameters:
  flavor:
    type: string
outputs:
  chosen:
    value: {get_param: flavor}
`;

describe('the extension, activated in a fake VS Code', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hot-ls-activation-'));
  const extensionPath = fs.mkdtempSync(path.join(os.tmpdir(), 'hot-ls-extension-'));
  const settings: Record<string, unknown> = {
    parameters: { flavor: 'm1.tiny' },
    debounceMs: 0,
    interpreter: process.env.HOT_LS_PYTHON ?? '',
    serverArgs: [],
    trace: { server: 'off' },
  };
  const fake = createFakeVscode(folder, settings);
  const template = document(path.join(folder, 'server.yaml'), TEMPLATE);
  let uninstall: (() => void) | undefined;
  let extension: { activate(context: unknown): Promise<void>; deactivate(): Promise<void> } | undefined;
  let python: string | undefined;

  before(async () => {
    python = await findServerPython(serverEnvironment(process.env, undefined), folder);
    if (!python) {
      return;
    }
    uninstall = installFakeVscode(fake.vscode);
    fake.workspace.textDocuments.push(template);
    fake.window.activeTextEditor = { document: template };
    extension = require('../extension');
    await extension!.activate({ subscriptions: [], extensionPath });
  });

  after(async () => {
    await extension?.deactivate(); // again: nothing left to stop
    uninstall?.();
    fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(extensionPath, { recursive: true, force: true });
  });

  const preview = async (): Promise<{ outputs: Record<string, unknown> }> => {
    const before = fake.shown.length;
    await fake.commands.get(COMMANDS.preview)!();
    const shown = await waitFor('the preview', () => fake.shown[before]);
    assert.equal(shown.uri.scheme, PREVIEW_SCHEME);
    assert.equal(shown.uri.path, '/server.preview.json');
    return JSON.parse(shown.text);
  };

  it('registers its commands and starts `python -m hot_ls serve`', async (t) => {
    if (!extension) {
      return skip(t);
    }
    for (const command of Object.values(COMMANDS)) {
      assert.ok(fake.commands.has(command), command);
    }
    const starting = fake.output.find((line) => line.startsWith('starting: '));
    assert.ok(starting, fake.output.join('\n'));
    assert.match(starting, / -m hot_ls serve \(in /);
  });

  it('previews the active template under the configured parameters, and nothing complained', async (t) => {
    if (!extension) {
      return skip(t);
    }
    assert.equal((await preview()).outputs.chosen, 'm1.tiny');
    // The server's window/showMessage lands here: an "unknown setting" would.
    assert.deepEqual(fake.messages, []);
  });

  it('sends a settings change to the running server', async (t) => {
    if (!extension) {
      return skip(t);
    }
    settings.parameters = { flavor: 'm1.large' };
    fake.changeConfiguration('hot-ls.parameters');
    // The notification is sent before the next request, and the server handles them in order.
    assert.equal((await preview()).outputs.chosen, 'm1.large');
    assert.deepEqual(fake.messages, []);
  });

  it('shows a bad setting once, keeping its default', async (t) => {
    if (!extension) {
      return skip(t);
    }
    settings.debounceMs = -5;
    fake.changeConfiguration('hot-ls.debounceMs');
    fake.changeConfiguration('hot-ls.debounceMs');
    await waitFor('a warning', () => fake.messages[0]);
    assert.deepEqual(fake.messages, [{ level: 'warning', text: 'hot-ls: hot-ls.debounceMs must be an integer from 0 to 10000; using the default' }]);
    settings.debounceMs = 0;
    fake.messages.length = 0;
  });

  it('follows files moved in the explorer in the workspace settings that name them', async (t) => {
    if (!extension) {
      return skip(t);
    }
    settings.environments = ['env.yaml', 'common.yaml'];
    settings.stacks = [{ templates: ['server.yaml'], environments: ['./env.yaml'] }];
    fake.renameFiles([path.join(folder, 'env.yaml'), path.join(folder, 'environments', 'prod.yaml')]);
    await waitFor('the settings updated', () => (fake.updates.length >= 2 ? true : undefined));
    assert.deepEqual(fake.updates, [
      { key: 'environments', value: ['environments/prod.yaml', 'common.yaml'], target: 2 },
      { key: 'stacks', value: [{ templates: ['server.yaml'], environments: ['./environments/prod.yaml'] }], target: 2 },
    ]);
    assert.ok(fake.output.includes('moved files: hot-ls.environments updated in the workspace settings'), fake.output.join('\n'));
    // a move that names nothing in the settings changes nothing
    fake.renameFiles([path.join(folder, 'other.yaml'), path.join(folder, 'else.yaml')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(fake.updates.length, 2);
    delete settings.environments;
    delete settings.stacks;
  });

  it('restarts on the Restart command, and the new server answers', async (t) => {
    if (!extension) {
      return skip(t);
    }
    const starts = () => fake.output.filter((line) => line.startsWith('starting: ')).length;
    const before = starts();
    await fake.commands.get(COMMANDS.restart)!();
    assert.equal(starts(), before + 1);
    assert.equal((await preview()).outputs.chosen, 'm1.large');
    assert.deepEqual(fake.messages, []);
  });

  it('stops the server on deactivate', async (t) => {
    if (!extension) {
      return skip(t);
    }
    await extension.deactivate();
    // vscode-languageclient logs each exit of a server process.
    const count = (text: string) => fake.output.filter((line) => line.includes(text)).length;
    await waitFor('every server to exit', () => (count('Server process exited with code 0.') === count('starting: ') ? true : undefined));
  });
});
