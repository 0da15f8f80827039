/**
 * The `hot-ls.*` settings read into a typed object, and the initializationOptions
 * the server takes (docs/settings.md).
 *
 * Pure: the configuration is passed in (anything with `get(key)`, such as a
 * vscode.WorkspaceConfiguration), so node's test runner can run this module
 * without VS Code.  A value of the wrong shape keeps its default and becomes a
 * problem message, as in the server (hot_ls/config/settings.py).
 */
import * as os from 'node:os';
import * as path from 'node:path';

export const SEVERITIES = ['error', 'warning', 'information', 'hint'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Which files get diagnostics: the open ones, or every Heat document of the workspace. */
export const DIAGNOSTIC_MODES = ['open_files', 'stacks', 'workspace'] as const;
export type DiagnosticMode = (typeof DIAGNOSTIC_MODES)[number];

/** The settings the server reads; the names are the camelCase of docs/settings.md's. */
export interface ServerSettings {
  disable: string[];
  severity: Record<string, Severity>;
  /** Empty: the newest release. */
  targetRelease: string;
  pluginPaths: string[];
  catalogs: string[];
  environments: string[];
  parameters: Record<string, unknown>;
  exclude: string[];
  include: string[];
  stacks: Record<string, unknown>[];
  searchPaths: string[];
  pathMap: Record<string, string>;
  capabilities: boolean;
  debounceMs: number;
  diagnosticMode: DiagnosticMode;
  /** Heat's max_nested_stack_depth on the cloud the stacks are created on. */
  maxNestedStackDepth: number;
}

/** Settings only the extension reads: how to start the server. */
export interface ClientSettings {
  /** Path of the Python that runs the server; empty: find one (python.ts). */
  interpreter: string;
  /** Arguments after `python -m hot_ls serve`. */
  serverArgs: string[];
}

export type Settings = ServerSettings & ClientSettings;

export const DEFAULTS: Readonly<Settings> = Object.freeze({
  disable: [],
  severity: {},
  targetRelease: '',
  pluginPaths: [],
  catalogs: [],
  environments: [],
  parameters: {},
  exclude: [],
  include: [],
  stacks: [],
  searchPaths: [],
  pathMap: {},
  capabilities: false,
  debounceMs: 200,
  diagnosticMode: 'open_files',
  maxNestedStackDepth: 5,
  interpreter: '',
  serverArgs: [],
});

/** The server's name for each server setting (snake_case, as in docs/settings.md). */
export const SERVER_KEYS: Readonly<Record<keyof ServerSettings, string>> = Object.freeze({
  disable: 'disable',
  severity: 'severity',
  targetRelease: 'target_release',
  pluginPaths: 'plugin_paths',
  catalogs: 'catalogs',
  environments: 'environments',
  parameters: 'parameters',
  exclude: 'exclude',
  include: 'include',
  stacks: 'stacks',
  searchPaths: 'search_paths',
  pathMap: 'path_map',
  capabilities: 'capabilities',
  debounceMs: 'debounce_ms',
  diagnosticMode: 'diagnostic_mode',
  maxNestedStackDepth: 'max_nested_stack_depth',
});

export const DEBOUNCE_MAX_MS = 10000;
export const NESTED_DEPTH_MAX = 100;

/** What this module needs of a vscode.WorkspaceConfiguration for the `hot-ls` section. */
export interface ConfigurationLike {
  get(key: string): unknown;
}

export interface ReadResult {
  settings: Settings;
  /** One message per value that could not be used (its default is kept). */
  problems: string[];
}

type Check = (value: unknown) => unknown | undefined;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings: Check = (value) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? [...value] : undefined;

const string: Check = (value) => (typeof value === 'string' ? value : undefined);

const severities: Check = (value) =>
  isPlainObject(value) &&
  Object.values(value).every((v) => typeof v === 'string' && (SEVERITIES as readonly string[]).includes(v))
    ? { ...value }
    : undefined;

const table: Check = (value) => (isPlainObject(value) ? { ...value } : undefined);

const tables: Check = (value) =>
  Array.isArray(value) && value.every((item) => isPlainObject(item)) ? structuredClone(value) : undefined;

const pathTable: Check = (value) =>
  isPlainObject(value) && Object.values(value).every((v) => typeof v === 'string') ? { ...value } : undefined;

const boolean: Check = (value) => (typeof value === 'boolean' ? value : undefined);

const debounce: Check = (value) =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= DEBOUNCE_MAX_MS ? value : undefined;

const nestedDepth: Check = (value) =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= NESTED_DEPTH_MAX ? value : undefined;

const diagnosticMode: Check = (value) =>
  typeof value === 'string' && (DIAGNOSTIC_MODES as readonly string[]).includes(value) ? value : undefined;

const CHECKS: Record<keyof Settings, [Check, string]> = {
  disable: [strings, 'a list of strings'],
  severity: [severities, `a table of rule codes to one of ${SEVERITIES.join(', ')}`],
  targetRelease: [string, 'a string'],
  pluginPaths: [strings, 'a list of strings'],
  catalogs: [strings, 'a list of strings'],
  environments: [strings, 'a list of strings'],
  parameters: [table, 'a table'],
  exclude: [strings, 'a list of strings'],
  include: [strings, 'a list of strings'],
  stacks: [tables, 'a list of tables'],
  searchPaths: [strings, 'a list of strings'],
  pathMap: [pathTable, 'a table of path prefixes to paths'],
  capabilities: [boolean, 'true or false'],
  debounceMs: [debounce, `an integer from 0 to ${DEBOUNCE_MAX_MS}`],
  diagnosticMode: [diagnosticMode, `one of ${DIAGNOSTIC_MODES.join(', ')}`],
  maxNestedStackDepth: [nestedDepth, `an integer from 1 to ${NESTED_DEPTH_MAX}`],
  interpreter: [string, 'a string'],
  serverArgs: [strings, 'a list of strings'],
};

/** Read every setting; an absent value is its default, a bad one too, with a problem. */
export function readSettings(config: ConfigurationLike): ReadResult {
  const settings: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const key of Object.keys(CHECKS) as (keyof Settings)[]) {
    const [check, shape] = CHECKS[key];
    const raw = config.get(key);
    const value = raw === undefined || raw === null ? undefined : check(raw);
    if (raw !== undefined && raw !== null && value === undefined) {
      problems.push(`hot-ls.${key} must be ${shape}; using the default`);
    }
    settings[key] = value === undefined ? structuredClone(DEFAULTS[key]) : value;
  }
  return { settings: settings as unknown as Settings, problems };
}

/** Where `${workspaceFolder}`, `${userHome}` and `~` point. */
export interface PathContext {
  workspaceFolder?: string;
  home: string;
}

export function defaultPathContext(workspaceFolder?: string): PathContext {
  return { workspaceFolder, home: os.homedir() };
}

/** `${workspaceFolder}`, `${userHome}` and a leading `~` expanded; anything else as written. */
export function expandPath(value: string, context: PathContext): string {
  let result = value.replace(/\$\{userHome\}/g, () => context.home);
  if (context.workspaceFolder !== undefined) {
    const folder = context.workspaceFolder;
    result = result.replace(/\$\{workspaceFolder\}/g, () => folder);
  }
  if (result === '~' || result.startsWith('~/') || result.startsWith('~\\')) {
    result = context.home + result.slice(1);
  }
  return result;
}

/** Expanded, and relative to the workspace folder when there is one. */
function workspacePath(value: string, context: PathContext): string {
  const expanded = expandPath(value, context);
  return context.workspaceFolder !== undefined && !path.isAbsolute(expanded)
    ? path.resolve(context.workspaceFolder, expanded)
    : expanded;
}

/** The server's settings object: flat, snake_case keys, paths expanded. */
export interface InitializationOptions {
  disable: string[];
  severity: Record<string, Severity>;
  target_release: string | null;
  plugin_paths: string[];
  catalogs: string[];
  environments: string[];
  parameters: Record<string, unknown>;
  exclude: string[];
  include: string[];
  stacks: Record<string, unknown>[];
  search_paths: string[];
  path_map: Record<string, string>;
  capabilities: boolean;
  debounce_ms: number;
  diagnostic_mode: DiagnosticMode;
  max_nested_stack_depth: number;
}

/**
 * What the server is sent as initializationOptions, and as the `hot-ls` section
 * of workspace/configuration and workspace/didChangeConfiguration: only the
 * server's settings (the client's would be "unknown setting" to it).
 *
 * plugin_paths and catalogs are made absolute against the workspace folder; the
 * server reads environments relative to the template's directory, so those are
 * only expanded.
 */
export function toInitializationOptions(settings: ServerSettings, context: PathContext): InitializationOptions {
  return {
    disable: [...settings.disable],
    severity: { ...settings.severity },
    target_release: settings.targetRelease.trim() === '' ? null : settings.targetRelease.trim(),
    plugin_paths: settings.pluginPaths.map((p) => workspacePath(p, context)),
    catalogs: settings.catalogs.map((p) => workspacePath(p, context)),
    environments: settings.environments.map((p) => expandPath(p, context)),
    parameters: structuredClone(settings.parameters),
    exclude: [...settings.exclude],
    include: [...settings.include],
    stacks: structuredClone(settings.stacks),
    search_paths: settings.searchPaths.map((p) => workspacePath(p, context)),
    path_map: { ...settings.pathMap },
    capabilities: settings.capabilities,
    debounce_ms: settings.debounceMs,
    diagnostic_mode: settings.diagnosticMode,
    max_nested_stack_depth: settings.maxNestedStackDepth,
  };
}

/** The client settings whose change needs a new server process (the rest is sent to it). */
export const RESTART_KEYS: readonly (keyof ClientSettings)[] = ['interpreter', 'serverArgs'];
