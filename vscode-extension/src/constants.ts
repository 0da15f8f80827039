/** Names shared by the extension, its package.json and the server (hot_ls/server/convert.py). */

/** The configuration section, and the language client's id (so `hot-ls.trace.server` works). */
export const SECTION = 'hot-ls';
export const CLIENT_NAME = 'hot-ls';

/** The extension's own commands (package.json `contributes.commands`). */
export const COMMANDS = {
  preview: 'hot-ls.preview',
  restart: 'hot-ls.restart',
  showOutput: 'hot-ls.showOutput',
} as const;

/**
 * Commands the server executes (workspace/executeCommand).  vscode-languageclient
 * registers a VS Code command of the same name for each, which is why the
 * extension's own commands have other names.
 */
export const SERVER_COMMANDS = {
  previewOutputs: 'hot-ls.previewOutputs',
  showValue: 'hot-ls.showValue',
} as const;

/** The scheme of the read-only JSON documents "Preview Outputs" opens. */
export const PREVIEW_SCHEME = 'hot-ls-preview';

/** The Python extension, asked for its selected interpreter when it is installed. */
export const PYTHON_EXTENSION_ID = 'ms-python.python';

/**
 * The documents sent to the server: every YAML file, saved or not.  The server
 * decides what is a Heat template and stays quiet on other YAML.
 */
export const DOCUMENT_SELECTOR = [
  { language: 'yaml', scheme: 'file' },
  { language: 'yaml', scheme: 'untitled' },
] as const;
