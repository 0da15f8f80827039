/**
 * The real server, started as the extension starts it (python.ts, launch.ts)
 * and sent what the extension sends (settings.ts), over stdio without VS Code.
 *
 * Needs a Python with hot-ls installed: $HOT_LS_PYTHON, else python3/python on
 * the PATH (CI runs the tests inside the virtual environment it installs
 * hot-ls into).  Without one the tests are skipped and say so; under CI
 * (CI set) they fail instead.
 */
import * as assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import {
  ConfigurationParams,
  createMessageConnection,
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  InitializeResult,
  MessageConnection,
  PublishDiagnosticsParams,
  ShowMessageParams,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

import { SECTION, SERVER_COMMANDS } from '../constants';
import { serverEnvironment, serverLaunch } from '../launch';
import { InitializationOptions, readSettings, toInitializationOptions } from '../settings';
import { configuration, findServerPython, skip, waitFor } from './helpers';

const TEMPLATE = `heat_template_version: 2018-08-31
parameters:
  flavor:
    type: string
outputs:
  chosen:
    value: {get_param: flavor}
  size:
    value: {get_param: nope}
`;

const NOT_HEAT = 'name: my-app\nreplicas: 3\n';

describe('the server, launched and configured as the extension does', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hot-ls-e2e-'));
  const env = serverEnvironment(process.env, undefined);
  const messages: ShowMessageParams[] = [];
  const diagnostics = new Map<string, PublishDiagnosticsParams>();
  const configurationRequests: ConfigurationParams[] = [];
  let server: ChildProcess | undefined;
  let connection: MessageConnection | undefined;
  let initialized: InitializeResult | undefined;
  let stderr = '';

  // What the user set, client-only settings included: they must not reach the server.
  const { settings } = readSettings(
    configuration({
      parameters: { flavor: 'm1.tiny' },
      disable: ['HOT002'],
      debounceMs: 0,
      pluginPaths: ['plugins'],
      interpreter: 'ignored-by-the-server',
      serverArgs: [],
    }),
  );
  let current: InitializationOptions = toInitializationOptions(settings, { workspaceFolder: folder, home: os.homedir() });

  before(async () => {
    fs.mkdirSync(path.join(folder, 'plugins'));
    const python = await findServerPython(env, folder);
    if (!python) {
      return;
    }
    const launch = serverLaunch(python, settings.serverArgs, env, folder);
    server = spawn(launch.command, launch.args, { ...launch.options, stdio: ['pipe', 'pipe', 'pipe'] });
    server.stderr!.on('data', (chunk) => (stderr += chunk));
    connection = createMessageConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
    connection.onNotification('window/showMessage', (params: ShowMessageParams) => messages.push(params));
    connection.onNotification('window/logMessage', () => undefined);
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => diagnostics.set(params.uri, params));
    // As server.ts's middleware answers: the hot-ls section is the server's settings only.
    connection.onRequest('workspace/configuration', (params: ConfigurationParams) => {
      configurationRequests.push(params);
      return params.items.map((item) => (item.section === SECTION ? current : null));
    });
    connection.listen();
    initialized = await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(folder).href,
      capabilities: { workspace: { configuration: true, didChangeConfiguration: {} }, textDocument: { publishDiagnostics: {} } },
      initializationOptions: current,
      clientInfo: { name: 'hot-ls e2e test' },
    });
    await connection.sendNotification('initialized', {});
  });

  after(async () => {
    if (connection && server) {
      const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      assert.equal(await exited, 0, `the server's exit status (stderr: ${stderr})`);
      connection.dispose();
    }
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const open = async (name: string, text: string) => {
    const uri = pathToFileURL(path.join(folder, name)).href;
    await connection!.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    return uri;
  };

  it('starts, offers the commands the extension uses, and finds nothing wrong with the settings', async (t) => {
    if (!connection) {
      return skip(t);
    }
    const commands = initialized?.capabilities.executeCommandProvider?.commands ?? [];
    for (const command of Object.values(SERVER_COMMANDS)) {
      assert.ok(commands.includes(command), `the server does not offer ${command}: ${commands}`);
    }
    await waitFor('the configuration request', () => configurationRequests[0]);
    assert.deepEqual(configurationRequests[0].items.map((item) => item.section), [SECTION]);
    const uri = await open('server.yaml', TEMPLATE);
    await waitFor('diagnostics', () => diagnostics.get(uri));
    assert.deepEqual(messages, [], 'the server complained about the settings it was sent');
  });

  it('reports a template error', async (t) => {
    if (!connection) {
      return skip(t);
    }
    const uri = pathToFileURL(path.join(folder, 'server.yaml')).href;
    const published = await waitFor('diagnostics', () => diagnostics.get(uri));
    assert.ok(
      published.diagnostics.some((d) => d.message.includes('nope')),
      `no diagnostic about the unknown parameter: ${JSON.stringify(published.diagnostics)}`,
    );
  });

  it('previews outputs with the parameters from the settings, and follows a configuration change', async (t) => {
    if (!connection) {
      return skip(t);
    }
    const uri = pathToFileURL(path.join(folder, 'server.yaml')).href;
    const preview = await connection.sendRequest(ExecuteCommandRequest.type, { command: SERVER_COMMANDS.previewOutputs, arguments: [uri] });
    assert.equal((preview as { outputs: Record<string, unknown> }).outputs.chosen, 'm1.tiny');

    // What server.ts's middleware sends on a change: the section, the server's settings only.
    current = { ...current, parameters: { flavor: 'm1.large' } };
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { [SECTION]: current } });
    const changed = await connection.sendRequest(ExecuteCommandRequest.type, { command: SERVER_COMMANDS.previewOutputs, arguments: [uri] });
    assert.equal((changed as { outputs: Record<string, unknown> }).outputs.chosen, 'm1.large');
    assert.deepEqual(messages, []);
  });

  it('has no preview for YAML that is not a Heat template', async (t) => {
    if (!connection) {
      return skip(t);
    }
    const uri = await open('values.yaml', NOT_HEAT);
    const preview = await connection.sendRequest(ExecuteCommandRequest.type, { command: SERVER_COMMANDS.previewOutputs, arguments: [uri] });
    assert.equal(preview, null);
    const published = await waitFor('diagnostics', () => diagnostics.get(uri));
    assert.deepEqual(published.diagnostics, [], 'the server spoke about YAML that is not Heat');
  });

  it('shows a setting it does not know as a message', async (t) => {
    if (!connection) {
      return skip(t);
    }
    // The extension never sends this (settings.ts keeps the default); the server still copes.
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { [SECTION]: { ...current, interpreter: 'x' } } });
    await waitFor('a message', () => messages[0]);
    assert.match(messages[0].message, /unknown setting "interpreter"/);
  });
});
