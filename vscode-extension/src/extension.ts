/**
 * Activation and wiring: read the settings, find the Python, start the client,
 * restart it when the interpreter or the server arguments change.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

import { registerCommands } from './commands';
import { PYTHON_EXTENSION_ID, SECTION } from './constants';
import { bundledLibs, serverEnvironment, serverLaunch } from './launch';
import { chooseInterpreter, findOnPath, interpreterCandidates, onPythonChanged, pythonFromExtension, runProbe } from './python';
import { describeRuntime, remedy } from './runtime';
import { FileMove, movedSettings, PATH_SETTINGS, PathSetting } from './moves';
import { createClient } from './server';
import { defaultPathContext, InitializationOptions, readSettings, RESTART_KEYS, Settings, toInitializationOptions } from './settings';

let client: LanguageClient | undefined;
let lifecycle: Promise<void> = Promise.resolve();
let outputChannel: vscode.OutputChannel;
const shownProblems = new Set<string>();

/** The folder that anchors relative paths and runs the server (the first one, on disk). */
function workspaceFolder(): vscode.WorkspaceFolder | undefined {
  return vscode.workspace.workspaceFolders?.find((folder) => folder.uri.scheme === 'file');
}

/** The settings now; a value that cannot be used is shown once, then its default kept. */
function currentSettings(scope?: vscode.Uri): Settings {
  const { settings, problems } = readSettings(vscode.workspace.getConfiguration(SECTION, scope ?? workspaceFolder()?.uri));
  for (const problem of problems.filter((p) => !shownProblems.has(p))) {
    shownProblems.add(problem);
    outputChannel.appendLine(`settings: ${problem}`);
    void vscode.window.showWarningMessage(`hot-ls: ${problem}`);
  }
  return settings;
}

function serverSettings(scope?: vscode.Uri): InitializationOptions {
  return toInitializationOptions(currentSettings(scope), defaultPathContext(workspaceFolder()?.uri.fsPath));
}

/**
 * Files moved in the explorer: the workspace's (and each folder's) `hot-ls.*` settings
 * that name them follow (the server rewrites templates, environments and `.hot-ls.toml`).
 * The user's own settings are left alone: they are not the project's.
 */
async function followMoves(event: vscode.FileRenameEvent): Promise<void> {
  const moves: FileMove[] = event.files
    .filter(({ oldUri, newUri }) => oldUri.scheme === 'file' && newUri.scheme === 'file')
    .map(({ oldUri, newUri }) => ({ oldPath: oldUri.fsPath, newPath: newUri.fsPath }));
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file');
  if (moves.length === 0 || folders.length === 0) {
    return;
  }
  // One folder: its settings are the workspace's; several: each folder's own, against it.
  const targets = folders.length === 1
    ? [{ folder: folders[0], level: 'workspaceValue' as const, target: vscode.ConfigurationTarget.Workspace }]
    : folders.map((folder) => ({ folder, level: 'workspaceFolderValue' as const, target: vscode.ConfigurationTarget.WorkspaceFolder }));
  for (const { folder, level, target } of targets) {
    const config = vscode.workspace.getConfiguration(SECTION, folder.uri);
    const values: Partial<Record<PathSetting, unknown>> = {};
    for (const key of PATH_SETTINGS) {
      values[key] = config.inspect(key)?.[level];
    }
    const changed = movedSettings(values, moves, defaultPathContext(folder.uri.fsPath));
    for (const [key, value] of Object.entries(changed)) {
      try {
        await config.update(key, value, target);
        outputChannel.appendLine(`moved files: ${SECTION}.${key} updated in the ${folders.length === 1 ? 'workspace' : `${folder.name} folder`} settings`);
      } catch (error) {
        outputChannel.appendLine(`moved files: ${SECTION}.${key} could not be updated: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const settings = currentSettings();
  const folder = workspaceFolder();
  const cwd = folder?.uri.fsPath;
  const libs = bundledLibs(context.extensionPath);
  const env = serverEnvironment(process.env, libs);
  const candidates = await interpreterCandidates(
    settings.interpreter,
    defaultPathContext(cwd),
    () => pythonFromExtension(vscode.extensions, PYTHON_EXTENSION_ID, folder?.uri),
    (name) => findOnPath(name, process.env),
  );
  const choice = await chooseInterpreter(candidates, (command) => runProbe(command, env, cwd));
  choice.report.forEach((line) => outputChannel.appendLine(`interpreter: ${line}`));
  if (!choice.chosen) {
    outputChannel.appendLine(remedy(libs));
    // Not awaited: activation must not wait for the user to answer.
    void vscode.window
      .showErrorMessage(`hot-ls: no Python can run the server (${choice.report.join('; ')}). ${remedy(libs)}`, 'Set hot-ls.interpreter', 'Show Output')
      .then((action) => {
        if (action === 'Set hot-ls.interpreter') {
          void vscode.commands.executeCommand('workbench.action.openSettings', 'hot-ls.interpreter');
        } else if (action === 'Show Output') {
          outputChannel.show();
        }
      });
    return;
  }
  outputChannel.appendLine(describeRuntime(choice.chosen, libs));
  const launch = serverLaunch(choice.chosen.command, settings.serverArgs, env, cwd);
  outputChannel.appendLine(`starting: ${[launch.command, ...launch.args].join(' ')}${cwd ? ` (in ${cwd})` : ''}`);
  const created = createClient({ launch, serverSettings, outputChannel });
  client = created;
  try {
    await created.start();
  } catch (error) {
    // vscode-languageclient has shown its own message; keep the cause in the output.
    outputChannel.appendLine(`the server did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) {
    try {
      await running.stop();
    } catch (error) {
      outputChannel.appendLine(`stopping the server: ${error instanceof Error ? error.message : String(error)}`);
    }
    await running.dispose().catch(() => undefined);
  }
}

/** Starts and stops run one after another, never interleaved; a failed one does not stop the next. */
function restart(context: vscode.ExtensionContext): Promise<void> {
  lifecycle = lifecycle
    .then(stop)
    .then(() => start(context))
    .catch((error) => outputChannel.appendLine(`starting the server: ${error instanceof Error ? error.stack ?? error.message : String(error)}`));
  return lifecycle;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  outputChannel = vscode.window.createOutputChannel('hot-ls');
  context.subscriptions.push(
    outputChannel,
    ...registerCommands({ client: () => client, restart: () => restart(context), outputChannel }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (RESTART_KEYS.some((key) => event.affectsConfiguration(`${SECTION}.${key}`))) {
        void restart(context);
      }
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void restart(context)),
    vscode.workspace.onDidRenameFiles((event) => void followMoves(event)),
  );
  const pythonChanged = await onPythonChanged(vscode.extensions, PYTHON_EXTENSION_ID, () => {
    if (currentSettings().interpreter.trim() === '') {
      void restart(context);
    }
  }).catch(() => undefined);
  if (pythonChanged) {
    context.subscriptions.push(pythonChanged);
  }
  await restart(context);
}

export function deactivate(): Promise<void> {
  lifecycle = lifecycle.then(stop);
  return lifecycle;
}
