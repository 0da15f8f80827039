/**
 * The extension's commands: Preview Outputs, Restart Server, Show Output Channel.
 *
 * Preview Outputs asks the server (hot-ls.previewOutputs) for the active
 * template's preview under the configured environments and parameters, and
 * shows the JSON beside it in a read-only document, updated on each run.
 */
import * as vscode from 'vscode';
import { ExecuteCommandRequest, LanguageClient } from 'vscode-languageclient/node';

import { COMMANDS, PREVIEW_SCHEME, SERVER_COMMANDS } from './constants';
import { previewPath, previewText } from './preview';

export interface CommandContext {
  /** The running client, if any. */
  client(): LanguageClient | undefined;
  restart(): Promise<void>;
  outputChannel: vscode.OutputChannel;
}

/** The preview documents' text, by URI; read-only, so closing one never asks to save. */
class PreviewDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  set(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.changed.dispose();
  }
}

async function previewOutputs(context: CommandContext, previews: PreviewDocuments): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'yaml') {
    void vscode.window.showInformationMessage('hot-ls: open a Heat template to preview its outputs.');
    return;
  }
  const client = context.client();
  if (!client || !client.isRunning()) {
    void vscode.window.showWarningMessage('hot-ls: the server is not running (see the hot-ls output channel).');
    return;
  }
  const source = editor.document.uri;
  const result = await client.sendRequest(ExecuteCommandRequest.type, {
    command: SERVER_COMMANDS.previewOutputs,
    arguments: [client.code2ProtocolConverter.asUri(source)],
  });
  const text = previewText(result);
  if (text === undefined) {
    void vscode.window.showInformationMessage('hot-ls: this document is not a Heat template; there is nothing to preview.');
    return;
  }
  const uri = vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: previewPath(source.path), query: source.toString() });
  previews.set(uri, text);
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: true });
}

export function registerCommands(context: CommandContext): vscode.Disposable[] {
  const previews = new PreviewDocuments();
  const run = (name: string, action: () => Promise<void> | void) =>
    vscode.commands.registerCommand(name, async () => {
      try {
        await action();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        context.outputChannel.appendLine(`${name} failed: ${message}`);
        void vscode.window.showErrorMessage(`hot-ls: ${message}`);
      }
    });
  return [
    previews,
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, previews),
    run(COMMANDS.preview, () => previewOutputs(context, previews)),
    run(COMMANDS.restart, () => context.restart()),
    run(COMMANDS.showOutput, () => context.outputChannel.show()),
  ];
}
