/**
 * Files and folders moved in the editor: the `hot-ls.*` settings that name them.
 *
 * The server rewrites the references in templates, environments and the settings file
 * (`.hot-ls.toml`) before a move (workspace/willRenameFiles); the editor's own settings
 * are the extension's to keep, so a stack configured in `.vscode/settings.json` still
 * names its template and environments after they move.
 *
 * Pure: the values and the moves are passed in.  A path is rewritten when it names what
 * moved (a file, or a folder or something inside one), kept in the form it was written:
 * relative to the workspace folder, under `${workspaceFolder}`, `${userHome}` or `~`, or
 * absolute.  A glob (`stacks[].templates` may hold one) and a URL are left as written, as
 * is any value of the wrong shape (the settings reader reports that).
 */
import * as path from 'node:path';

import { expandPath, PathContext } from './settings';

/** A file or folder that moved (absolute paths on disk). */
export interface FileMove {
  oldPath: string;
  newPath: string;
}

/** The settings that hold paths, and the keys of a `stacks` entry that do. */
export const PATH_SETTINGS = ['environments', 'catalogs', 'pluginPaths', 'searchPaths', 'stacks', 'pathMap'] as const;
export type PathSetting = (typeof PATH_SETTINGS)[number];
const STACK_PATH_KEYS = ['templates', 'template', 'environments'] as const;

const GLOB = /[*?[\]{}]/;
const URL_LIKE = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//;

/** Where `file` is after the moves (undefined: it did not move). */
export function destination(file: string, moves: readonly FileMove[]): string | undefined {
  for (const move of moves) {
    const old = path.resolve(move.oldPath);
    if (file === old) {
      return path.resolve(move.newPath);
    }
    const inside = path.relative(old, file);
    if (inside && !inside.startsWith('..') && !path.isAbsolute(inside)) {
      return path.join(path.resolve(move.newPath), inside);
    }
  }
  return undefined;
}

/** `target` as `written` was written, or undefined where that form cannot name it. */
function sameForm(written: string, target: string, context: PathContext): string | undefined {
  const trailing = /[\\/]$/.test(written) ? '/' : '';
  const under = (prefix: string, folder: string | undefined): string | undefined => {
    if (folder === undefined) {
      return undefined;
    }
    const inside = path.relative(folder, target);
    if (inside.startsWith('..') || path.isAbsolute(inside)) {
      return undefined;
    }
    return inside === '' ? prefix : `${prefix}/${inside.split(path.sep).join('/')}${trailing}`;
  };
  if (written.startsWith('${workspaceFolder}')) {
    return under('${workspaceFolder}', context.workspaceFolder) ?? target;
  }
  if (written.startsWith('${userHome}')) {
    return under('${userHome}', context.home) ?? target;
  }
  if (written === '~' || written.startsWith('~/') || written.startsWith('~\\')) {
    return under('~', context.home) ?? target;
  }
  if (path.isAbsolute(written)) {
    return target + trailing;
  }
  const relative = under('.', context.workspaceFolder);
  if (relative === undefined) {
    return target + trailing; // (moved out of the workspace folder: only an absolute path names it)
  }
  if (relative === '.') {
    return '.';
  }
  return written.startsWith('./') || written.startsWith('.\\') ? relative : relative.slice(2);
}

/** One path setting's entry after the moves, or undefined when it stays as written. */
export function movedPath(written: unknown, moves: readonly FileMove[], context: PathContext): string | undefined {
  if (typeof written !== 'string' || written.trim() === '' || URL_LIKE.test(written) ||
      GLOB.test(written.replace(/\$\{(workspaceFolder|userHome)\}/g, ''))) {
    return undefined;
  }
  const expanded = expandPath(written, context);
  if (expanded.includes('${')) {
    return undefined; // (a variable the editor does not expand for hot-ls)
  }
  let absolute: string;
  if (path.isAbsolute(expanded)) {
    absolute = path.resolve(expanded);
  } else if (context.workspaceFolder !== undefined) {
    absolute = path.resolve(context.workspaceFolder, expanded);
  } else {
    return undefined;
  }
  const target = destination(absolute, moves);
  if (target === undefined) {
    return undefined;
  }
  const rewritten = sameForm(written, target, context);
  return rewritten === written ? undefined : rewritten;
}

function movedList(value: unknown, moves: readonly FileMove[], context: PathContext): unknown[] | undefined {
  if (!Array.isArray(value)) {
    return undefined;
  }
  let changed = false;
  const result = value.map((item) => {
    const moved = movedPath(item, moves, context);
    changed ||= moved !== undefined;
    return moved ?? item;
  });
  return changed ? result : undefined;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A setting's value after the moves, or undefined when it stays as it is. */
export function movedSetting(key: PathSetting, value: unknown, moves: readonly FileMove[], context: PathContext): unknown {
  if (key === 'stacks') {
    if (!Array.isArray(value)) {
      return undefined;
    }
    let changed = false;
    const result = value.map((entry) => {
      if (!isTable(entry)) {
        return entry;
      }
      const copy = { ...entry };
      for (const field of STACK_PATH_KEYS) {
        const written = copy[field];
        const moved = typeof written === 'string' ? movedPath(written, moves, context) : movedList(written, moves, context);
        if (moved !== undefined) {
          copy[field] = moved;
          changed = true;
        }
      }
      return copy;
    });
    return changed ? result : undefined;
  }
  if (key === 'pathMap') {
    if (!isTable(value)) {
      return undefined;
    }
    let changed = false;
    const result: Record<string, unknown> = {};
    for (const [prefix, folder] of Object.entries(value)) {
      const moved = movedPath(folder, moves, context);
      changed ||= moved !== undefined;
      result[prefix] = moved ?? folder;
    }
    return changed ? result : undefined;
  }
  return movedList(value, moves, context);
}

/** The path settings among `values` that the moves change, with their new values. */
export function movedSettings(
  values: Partial<Record<PathSetting, unknown>>,
  moves: readonly FileMove[],
  context: PathContext,
): Partial<Record<PathSetting, unknown>> {
  const changed: Partial<Record<PathSetting, unknown>> = {};
  for (const key of PATH_SETTINGS) {
    if (values[key] === undefined) {
      continue;
    }
    const moved = movedSetting(key, values[key], moves, context);
    if (moved !== undefined) {
      changed[key] = moved;
    }
  }
  return changed;
}
