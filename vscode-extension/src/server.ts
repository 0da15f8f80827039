/**
 * Build the LanguageClient from typed settings: `<python> -m hot_ls serve` over
 * stdio (launch.ts), the YAML documents, the server's settings as
 * initializationOptions, and the `hot-ls` section kept in sync.
 *
 * The server is sent only its own settings (settings.ts `toInitializationOptions`):
 * the middleware answers workspace/configuration and sends
 * workspace/didChangeConfiguration with them, never with the client-only
 * `hot-ls.interpreter`, `hot-ls.serverArgs` or `hot-ls.trace`.
 */
import type * as vscode from 'vscode';
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  ResponseError,
  ServerOptions,
} from 'vscode-languageclient/node';

import { CLIENT_NAME, DOCUMENT_SELECTOR, SECTION } from './constants';
import type { Launch } from './launch';
import type { InitializationOptions } from './settings';

export interface ClientInputs {
  launch: Launch;
  /** The server's settings now, for a scope (a resource) or the whole window. */
  serverSettings: (scope?: vscode.Uri) => InitializationOptions;
  outputChannel: vscode.OutputChannel;
}

export function createClient(inputs: ClientInputs): LanguageClient {
  const { command, args, options } = inputs.launch;
  // Over stdio, with no `transport`: given TransportKind.stdio, vscode-languageclient
  // would append `--stdio`, which `hot-ls serve` does not take.
  const serverOptions: ServerOptions = { command, args, options };
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR.map((filter) => ({ ...filter })),
    synchronize: { configurationSection: SECTION },
    initializationOptions: inputs.serverSettings(),
    outputChannel: inputs.outputChannel,
    middleware: {
      workspace: {
        configuration: async (params, token, next) => {
          const answer = await next(params, token);
          if (answer instanceof ResponseError) {
            return answer;
          }
          return params.items.map((item, index) =>
            item.section === SECTION
              ? inputs.serverSettings(item.scopeUri ? client.protocol2CodeConverter.asUri(item.scopeUri) : undefined)
              : answer[index],
          );
        },
        didChangeConfiguration: async () => {
          await client.sendNotification(DidChangeConfigurationNotification.type, {
            settings: { [SECTION]: inputs.serverSettings() },
          });
        },
      },
    },
  };
  const client = new LanguageClient(CLIENT_NAME, 'hot-ls', serverOptions, clientOptions);
  return client;
}
