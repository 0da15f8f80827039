/**
 * The server's command line: `<interpreter> -m hot_ls serve [serverArgs]` over
 * stdio, with the extension's bundled Python libraries (bundled/libs, when the
 * .vsix carries them) first on PYTHONPATH.
 *
 * Pure, apart from the existence check, which is passed in.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const MODULE_ARGS: readonly string[] = ['-m', 'hot_ls', 'serve'];

/** The bundled libraries directory of an installed extension, when it has one. */
export function bundledLibs(
  extensionPath: string,
  isDirectory: (dir: string) => boolean = (dir) => fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false,
): string | undefined {
  const dir = path.join(extensionPath, 'bundled', 'libs');
  return isDirectory(dir) ? dir : undefined;
}

/**
 * The environment of the server (and of the probe): the extension host's,
 * with `libs` prepended to PYTHONPATH, and PYTHONSAFEPATH so that `-m` never
 * imports a `hot_ls` (or anything else) from the workspace it runs in.
 * The given environment is not modified.
 */
export function serverEnvironment(
  base: NodeJS.ProcessEnv,
  libs: string | undefined,
  delimiter: string = path.delimiter,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value !== undefined) {
      env[key] = value;
    }
  }
  if (libs) {
    const existing = env.PYTHONPATH;
    env.PYTHONPATH = existing ? `${libs}${delimiter}${existing}` : libs;
  }
  env.PYTHONSAFEPATH = '1';
  return env;
}

export interface Launch {
  command: string;
  args: string[];
  options: { env: Record<string, string>; cwd?: string };
}

/** The process that runs the server. */
export function serverLaunch(interpreter: string, serverArgs: readonly string[], env: Record<string, string>, cwd?: string): Launch {
  return {
    command: interpreter,
    args: [...MODULE_ARGS, ...serverArgs],
    options: cwd === undefined ? { env } : { env, cwd },
  };
}
