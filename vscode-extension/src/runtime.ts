/**
 * What the extension tells the user about the server it runs: which hot-ls, from where, on
 * which Python, with which YAML parser; and, when no Python can run it, what to do.
 *
 * Pure: the facts are passed in.
 */
import * as path from 'node:path';

import type { Choice } from './python';

/** One line for the output channel: what runs the server. */
export function describeRuntime(chosen: NonNullable<Choice['chosen']>, bundledLibs: string | undefined): string {
  const hotLs = chosen.hotLs;
  let from = 'an unknown place';
  if (hotLs && bundledLibs !== undefined && path.resolve(hotLs.path) === path.resolve(bundledLibs)) {
    from = "the extension's bundled libraries";
  } else if (hotLs) {
    from = hotLs.path;
  }
  const parser =
    chosen.cParser === false
      ? "ruamel.yaml's pure-Python parser (no C extension for this Python: slower on large templates, the same results)"
      : "ruamel.yaml's C parser";
  const version = hotLs ? ` ${hotLs.version}` : '';
  return `hot-ls${version} from ${from}, run by Python ${chosen.version} (${chosen.command}, from ${chosen.source}); YAML: ${parser}`;
}

/** What to do when no candidate can run the server. */
export function remedy(bundledLibs: string | undefined): string {
  if (bundledLibs !== undefined) {
    return (
      'The extension carries hot-ls and its libraries; it needs only a Python 3.11 or newer. ' +
      'Install one (python.org, or your system package manager), or set hot-ls.interpreter to its path.'
    );
  }
  return (
    'This build of the extension does not carry hot-ls: install it into a Python 3.11 or newer ' +
    '(pip install . from a clone of hot-ls) and set hot-ls.interpreter to that Python.'
  );
}
