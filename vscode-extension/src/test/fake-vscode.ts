/**
 * Just enough of the 'vscode' module to activate the extension under plain node:
 * the APIs the extension and vscode-languageclient call for a YAML document,
 * configuration, commands and messages, recorded for the test to look at.
 * Anything else is an inert stand-in (callable, constructible, disposable).
 *
 * It is no VS Code: it shows that the wiring holds together against the real
 * server, not how VS Code renders anything.
 */
import Module from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Listener<T> = (value: T) => unknown;

class EventEmitter<T> {
  private listeners: Listener<T>[] = [];
  readonly event = (listener: Listener<T>) => {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  };
  fire(value: T): void {
    [...this.listeners].forEach((listener) => listener(value));
  }
  dispose(): void {
    this.listeners = [];
  }
}

class Disposable {
  constructor(private readonly callback: () => void = () => undefined) {}
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((item) => item.dispose()));
  }
  dispose(): void {
    this.callback();
  }
}

class Uri {
  private constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly path: string,
    readonly query: string,
    readonly fragment: string,
  ) {}
  static parse(value: string): Uri {
    const url = new URL(value);
    return new Uri(url.protocol.replace(/:$/, ''), url.host, decodeURIComponent(url.pathname), url.search.replace(/^\?/, ''), url.hash.replace(/^#/, ''));
  }
  static file(fsPath: string): Uri {
    return Uri.parse(pathToFileURL(fsPath).href);
  }
  static from(parts: { scheme: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(parts.scheme, parts.authority ?? '', parts.path ?? '', parts.query ?? '', parts.fragment ?? '');
  }
  get fsPath(): string {
    return this.scheme === 'file' ? fileURLToPath(this.toString()) : this.path;
  }
  with(change: Partial<{ scheme: string; path: string; query: string }>): Uri {
    return new Uri(change.scheme ?? this.scheme, this.authority, change.path ?? this.path, change.query ?? this.query, this.fragment);
  }
  toString(): string {
    if (this.scheme === 'file') {
      return pathToFileURL(this.path).href;
    }
    return `${this.scheme}:${this.path}${this.query ? `?${encodeURIComponent(this.query)}` : ''}`;
  }
  toJSON(): string {
    return this.toString();
  }
}

/** An inert stand-in for any API the test does not care about. */
function inert(name: string): any {
  const cache = new Map<PropertyKey, unknown>();
  const target = function () {} as any;
  return new Proxy(target, {
    get(object, property) {
      if (property === 'then') {
        return undefined; // not a promise
      }
      if (property === 'prototype') {
        return object.prototype;
      }
      if (property === Symbol.iterator) {
        return function* () {};
      }
      if (property === Symbol.toPrimitive || property === 'toString') {
        return () => name;
      }
      if (property === 'dispose') {
        return () => undefined;
      }
      if (!cache.has(property)) {
        cache.set(property, inert(`${name}.${String(property)}`));
      }
      return cache.get(property);
    },
    apply: () => inert(`${name}()`),
    construct: (object, args, newTarget) => Reflect.construct(object, args, newTarget),
  });
}

export interface FakeDocument {
  uri: Uri;
  languageId: string;
  version: number;
  getText(): string;
  fileName: string;
  isClosed: boolean;
  isUntitled: boolean;
  lineCount: number;
}

export function document(fsPath: string, text: string, languageId = 'yaml'): FakeDocument {
  const uri = Uri.file(fsPath);
  return { uri, languageId, version: 1, getText: () => text, fileName: fsPath, isClosed: false, isUntitled: false, lineCount: text.split('\n').length };
}

/** The fake, and what it saw. */
export function createFakeVscode(folder: string, settings: Record<string, unknown>) {
  const commands = new Map<string, (...args: unknown[]) => unknown>();
  const messages: { level: string; text: string }[] = [];
  const output: string[] = [];
  const shown: { uri: Uri; text: string }[] = [];
  const providers = new Map<string, { provideTextDocumentContent(uri: Uri): string }>();
  const configurationChanged = new EventEmitter<{ affectsConfiguration(section: string): boolean }>();
  const filesRenamed = new EventEmitter<{ files: { oldUri: Uri; newUri: Uri }[] }>();
  /** Each configuration update: (key, value, target); the value also becomes the setting's. */
  const updates: { key: string; value: unknown; target: unknown }[] = [];
  const folderUri = Uri.file(folder);
  const message = (level: string) => (text: string) => {
    messages.push({ level, text });
    return Promise.resolve(undefined);
  };

  const workspace = {
    workspaceFolders: [{ uri: folderUri, name: 'project', index: 0 }],
    textDocuments: [] as FakeDocument[],
    getConfiguration(section?: string) {
      const values: Record<string, unknown> = section === 'hot-ls' ? settings : { 'hot-ls': settings };
      return {
        get: (key: string, fallback?: unknown) => (key in values ? structuredClone(values[key]) : fallback),
        has: (key: string) => key in values,
        // (the settings stand for the workspace's: .vscode/settings.json of the one folder)
        inspect: (key: string) => (key in values ? { key, workspaceValue: structuredClone(values[key]) } : undefined),
        update: (key: string, value: unknown, target: unknown) => {
          updates.push({ key, value: structuredClone(value), target });
          values[key] = structuredClone(value);
          return Promise.resolve();
        },
      };
    },
    getWorkspaceFolder: () => workspace.workspaceFolders[0],
    onDidChangeConfiguration: configurationChanged.event,
    onDidRenameFiles: filesRenamed.event,
    registerTextDocumentContentProvider(scheme: string, provider: { provideTextDocumentContent(uri: Uri): string }) {
      providers.set(scheme, provider);
      return new Disposable(() => providers.delete(scheme));
    },
    async openTextDocument(uri: Uri) {
      const provider = providers.get(uri.scheme);
      const text = provider ? provider.provideTextDocumentContent(uri) : '';
      return { uri, getText: () => text };
    },
    isTrusted: true,
  };

  const window = {
    activeTextEditor: undefined as { document: FakeDocument } | undefined,
    visibleTextEditors: [] as unknown[],
    createOutputChannel: (name: string) => ({
      name,
      append: (text: string) => output.push(text),
      appendLine: (text: string) => output.push(text),
      replace: () => undefined,
      clear: () => undefined,
      show: () => undefined,
      hide: () => undefined,
      dispose: () => undefined,
    }),
    showErrorMessage: message('error'),
    showWarningMessage: message('warning'),
    showInformationMessage: message('information'),
    async showTextDocument(doc: { uri: Uri; getText(): string }) {
      shown.push({ uri: doc.uri, text: doc.getText() });
      return {};
    },
  };

  const vscode = new Proxy(
    {
      version: '1.82.0',
      env: { appName: 'fake-vscode', language: 'en', machineId: 'test', openExternal: async () => true },
      Uri,
      EventEmitter,
      Disposable,
      ViewColumn: { Active: -1, Beside: -2, One: 1 },
      ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
      workspace: new Proxy(workspace, { get: (o: any, p) => (p in o ? o[p] : inert(`workspace.${String(p)}`)) }),
      window: new Proxy(window, { get: (o: any, p) => (p in o ? o[p] : inert(`window.${String(p)}`)) }),
      commands: new Proxy(
        {
          registerCommand(name: string, callback: (...args: unknown[]) => unknown) {
            if (commands.has(name)) {
              throw new Error(`command '${name}' already exists`);
            }
            commands.set(name, callback);
            return new Disposable(() => commands.delete(name));
          },
          async executeCommand(name: string, ...args: unknown[]) {
            return commands.get(name)?.(...args);
          },
        },
        { get: (o: any, p) => (p in o ? o[p] : inert(`commands.${String(p)}`)) },
      ),
      extensions: { getExtension: () => undefined, all: [] },
      languages: new Proxy(
        {
          match(selector: { language?: string; scheme?: string }[], doc: FakeDocument) {
            const filters = Array.isArray(selector) ? selector : [selector];
            return filters.some((f) => (!f.language || f.language === doc.languageId) && (!f.scheme || f.scheme === doc.uri.scheme)) ? 10 : 0;
          },
        },
        { get: (o: any, p) => (p in o ? o[p] : inert(`languages.${String(p)}`)) },
      ),
    } as Record<string, unknown>,
    { get: (o, p) => (p in o ? o[p as string] : inert(String(p))) },
  );

  /** Fire a configuration change of these sections (and their parents). */
  function changeConfiguration(...keys: string[]): void {
    configurationChanged.fire({ affectsConfiguration: (section: string) => keys.some((key) => key === section || key.startsWith(`${section}.`)) });
  }

  /** Fire what VS Code fires after files moved in its explorer. */
  function renameFiles(...moves: [string, string][]): void {
    filesRenamed.fire({ files: moves.map(([from, to]) => ({ oldUri: Uri.file(from), newUri: Uri.file(to) })) });
  }

  return { vscode, commands, messages, output, shown, workspace, window, changeConfiguration, renameFiles, updates };
}

/** Make `require('vscode')` answer with the fake; returns the undo. */
export function installFakeVscode(fake: unknown): () => void {
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = loader._load;
  loader._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? fake : original.call(this, request, ...rest);
  };
  return () => {
    loader._load = original;
  };
}
