/** Shared by the tests: a configuration from a plain object, the repository's paths, the server's Python. */
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TestContext } from 'node:test';

import { chooseInterpreter, findOnPath, interpreterCandidates, runProbe } from '../python';
import type { ConfigurationLike } from '../settings';

export function configuration(values: Record<string, unknown>): ConfigurationLike {
  return { get: (key: string) => values[key] };
}

/** vscode-extension/ (the tests run from out/test/). */
export const EXTENSION_DIR = path.resolve(__dirname, '..', '..');
/** The repository, for docs/settings.md. */
export const REPOSITORY_DIR = path.resolve(EXTENSION_DIR, '..');

/** A Python that can run the server: $HOT_LS_PYTHON, else python3/python on the PATH. */
export async function findServerPython(env: Record<string, string>, cwd: string): Promise<string | undefined> {
  const candidates = await interpreterCandidates(
    process.env.HOT_LS_PYTHON ?? '',
    { home: os.homedir() },
    async () => undefined,
    (name) => findOnPath(name, process.env),
  );
  return (await chooseInterpreter(candidates, (command) => runProbe(command, env, cwd))).chosen?.command;
}

/** Skip without a server Python; in CI (which installs hot-ls first) that is a failure. */
export function skip(t: TestContext): void {
  const why = 'no Python with hot-ls installed (set HOT_LS_PYTHON or activate its virtual environment)';
  assert.ok(!process.env.CI, `${why}, in CI`);
  t.skip(why);
}

export function waitFor<T>(what: string, check: () => T | undefined, timeoutMs = 20000): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      const value = check();
      if (value !== undefined) {
        resolve(value);
      } else if (Date.now() - started > timeoutMs) {
        reject(new Error(`timed out waiting for ${what}`));
      } else {
        setTimeout(poll, 20);
      }
    };
    poll();
  });
}
