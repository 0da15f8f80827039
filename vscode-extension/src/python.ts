/**
 * Find the Python that runs the server: the `hot-ls.interpreter` setting, else
 * the Python extension's selected interpreter (when ms-python is installed),
 * else python3 or python on the PATH.  Each candidate is probed (Python 3.11 or
 * newer, hot_ls and pygls importable); the first that passes is used.
 *
 * No import of 'vscode' at run time: the extensions registry is passed in.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as vscode from 'vscode';

import { expandPath, PathContext } from './settings';

export type InterpreterSource = 'hot-ls.interpreter' | 'the Python extension' | 'PATH';

export interface Candidate {
  command: string;
  source: InterpreterSource;
}

/** Where `name` is on the PATH, as a shell would find it (PATHEXT on Windows). */
export function findOnPath(
  name: string,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  isFile: (file: string) => boolean = isExecutableFile,
): string | undefined {
  const windows = platform === 'win32';
  const pathVar = (windows ? env.Path ?? env.PATH : env.PATH) ?? '';
  const extensions = windows ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  const join = windows ? path.win32.join : path.posix.join;
  for (const dir of pathVar.split(windows ? ';' : ':')) {
    if (!dir) {
      continue;
    }
    for (const ext of extensions) {
      const file = join(dir, name + ext.toLowerCase());
      if (isFile(file)) {
        return file;
      }
    }
  }
  return undefined;
}

function isExecutableFile(file: string): boolean {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) {
      return false;
    }
    if (process.platform !== 'win32') {
      fs.accessSync(file, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * The interpreters to try, in order.  A `hot-ls.interpreter` setting is the
 * only candidate: what the user chose is never silently replaced.
 */
export async function interpreterCandidates(
  setting: string,
  context: PathContext,
  fromExtension: () => Promise<string | undefined>,
  onPath: (name: string) => string | undefined,
): Promise<Candidate[]> {
  if (setting.trim() !== '') {
    return [{ command: expandPath(setting.trim(), context), source: 'hot-ls.interpreter' }];
  }
  const found: Candidate[] = [];
  const selected = await fromExtension().catch(() => undefined);
  if (selected) {
    found.push({ command: selected, source: 'the Python extension' });
  }
  for (const name of ['python3', 'python']) {
    const file = onPath(name);
    if (file && !found.some((c) => c.command === file)) {
      found.push({ command: file, source: 'PATH' });
    }
  }
  return found;
}

/** What a probe found out about one interpreter. */
export interface Probe {
  ok: boolean;
  /** e.g. "3.12.1", when the interpreter ran. */
  version?: string;
  /** Why it cannot run the server, when it cannot. */
  problem?: string;
  /** The hot-ls it would run: its version and the directory it is imported from. */
  hotLs?: { version: string; path: string };
  /** Whether ruamel.yaml's C parser is importable (else hot-ls parses in pure Python). */
  cParser?: boolean;
}

export const MINIMUM_PYTHON: readonly [number, number] = [3, 11];

/** Prints one line of JSON; written for any Python 3 so an old one still answers. */
export const PROBE_SCRIPT = [
  'import importlib.util, json, os, sys',
  'missing = [m for m in ("hot_ls", "pygls", "lsprotocol") if importlib.util.find_spec(m) is None]',
  'answer = {"version": list(sys.version_info[:3]), "missing": missing}',
  'if not missing and sys.version_info >= (3, 11):',
  '    import hot_ls',
  '    answer["hot_ls"] = [hot_ls.__version__, os.path.dirname(os.path.dirname(hot_ls.__file__))]',
  '    answer["c_parser"] = importlib.util.find_spec("_ruamel_yaml") is not None',
  'print(json.dumps(answer))',
].join('\n');

export interface ProcessResult {
  stdout: string;
  stderr: string;
  /** Set when the process could not start, timed out or exited non-zero. */
  error?: { message: string; code?: string | number | null };
}

/** The probe's verdict from what the interpreter printed. */
export function parseProbe(result: ProcessResult): Probe {
  if (result.error?.code === 'ENOENT') {
    return { ok: false, problem: 'not found' };
  }
  const line = result.stdout.trim().split(/\r?\n/).pop() ?? '';
  let answer: { version?: unknown; missing?: unknown; hot_ls?: unknown; c_parser?: unknown } | undefined;
  try {
    answer = JSON.parse(line);
  } catch {
    answer = undefined;
  }
  if (!answer || !Array.isArray(answer.version) || !Array.isArray(answer.missing)) {
    const detail = (result.stderr.trim().split(/\r?\n/).pop() ?? '') || result.error?.message || 'no answer';
    return { ok: false, problem: `did not run as Python 3 (${detail})` };
  }
  const [major, minor] = answer.version as number[];
  const version = (answer.version as number[]).join('.');
  if (major < MINIMUM_PYTHON[0] || (major === MINIMUM_PYTHON[0] && minor < MINIMUM_PYTHON[1])) {
    return { ok: false, version, problem: `is Python ${version}; hot-ls needs ${MINIMUM_PYTHON.join('.')} or newer` };
  }
  const missing = answer.missing as string[];
  if (missing.length > 0) {
    return { ok: false, version, problem: `cannot import ${missing.join(', ')} (install hot-ls into it: pip install . in a clone of hot-ls)` };
  }
  const probe: Probe = { ok: true, version };
  if (Array.isArray(answer.hot_ls) && answer.hot_ls.length === 2) {
    probe.hotLs = { version: String(answer.hot_ls[0]), path: String(answer.hot_ls[1]) };
  }
  if (typeof answer.c_parser === 'boolean') {
    probe.cParser = answer.c_parser;
  }
  return probe;
}

/** Run the probe with the environment and directory the server will get. */
export function runProbe(command: string, env: NodeJS.ProcessEnv, cwd?: string, timeoutMs = 15000): Promise<Probe> {
  return new Promise((resolve) => {
    execFile(command, ['-c', PROBE_SCRIPT], { env, cwd, timeout: timeoutMs, windowsHide: true }, (error, stdout, stderr) => {
      resolve(
        parseProbe({
          stdout: String(stdout),
          stderr: String(stderr),
          error: error ? { message: error.message, code: (error as NodeJS.ErrnoException).code } : undefined,
        }),
      );
    });
  });
}

export interface Choice {
  /** The first candidate that passed its probe. */
  chosen?: Candidate & { version: string; hotLs?: Probe['hotLs']; cParser?: boolean };
  /** One line per candidate tried, for the output channel and the error message. */
  report: string[];
}

/** Probe the candidates in order; the first that can run the server wins. */
export async function chooseInterpreter(candidates: Candidate[], probe: (command: string) => Promise<Probe>): Promise<Choice> {
  const report: string[] = [];
  for (const candidate of candidates) {
    const result = await probe(candidate.command);
    if (result.ok && result.version) {
      report.push(`${candidate.command} (from ${candidate.source}): Python ${result.version}`);
      const chosen: Choice['chosen'] = { ...candidate, version: result.version };
      if (result.hotLs) {
        chosen.hotLs = result.hotLs;
      }
      if (result.cParser !== undefined) {
        chosen.cParser = result.cParser;
      }
      return { chosen, report };
    }
    report.push(`${candidate.command} (from ${candidate.source}) ${result.problem ?? 'cannot run the server'}`);
  }
  if (candidates.length === 0) {
    report.push('no Python found: neither hot-ls.interpreter, the Python extension nor python3/python on the PATH');
  }
  return { report };
}

/** The parts of the Python extension's API used here (its exports; see @vscode/python-extension). */
interface PythonExtensionApi {
  environments?: {
    getActiveEnvironmentPath(resource?: vscode.Uri): { path: string };
    resolveEnvironment(environment: { path: string } | string): Promise<{ executable: { uri?: { fsPath: string } } } | undefined>;
    onDidChangeActiveEnvironmentPath?: vscode.Event<unknown>;
  };
  settings?: {
    getExecutionDetails?(resource?: vscode.Uri): { execCommand: string[] | undefined };
  };
}

async function pythonApi(extensions: typeof vscode.extensions, id: string): Promise<PythonExtensionApi | undefined> {
  const extension = extensions.getExtension<PythonExtensionApi>(id);
  if (!extension) {
    return undefined;
  }
  return extension.isActive ? extension.exports : await extension.activate();
}

/** The interpreter selected in the Python extension, if it is installed and has one. */
export async function pythonFromExtension(
  extensions: typeof vscode.extensions,
  id: string,
  resource?: vscode.Uri,
): Promise<string | undefined> {
  const api = await pythonApi(extensions, id);
  if (api?.environments) {
    const active = api.environments.getActiveEnvironmentPath(resource);
    const resolved = await api.environments.resolveEnvironment(active);
    const file = resolved?.executable.uri?.fsPath;
    if (file) {
      return file;
    }
  }
  return api?.settings?.getExecutionDetails?.(resource).execCommand?.[0];
}

/** Subscribe to changes of the Python extension's selected interpreter (nothing when it is absent). */
export async function onPythonChanged(
  extensions: typeof vscode.extensions,
  id: string,
  listener: () => void,
): Promise<vscode.Disposable | undefined> {
  const api = await pythonApi(extensions, id).catch(() => undefined);
  return api?.environments?.onDidChangeActiveEnvironmentPath?.(() => listener());
}
