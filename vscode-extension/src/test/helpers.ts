/** Shared by the tests: a configuration from a plain object, the repository's paths. */
import * as path from 'node:path';

import type { ConfigurationLike } from '../settings';

export function configuration(values: Record<string, unknown>): ConfigurationLike {
  return { get: (key: string) => values[key] };
}

/** vscode-extension/ (the tests run from out/test/). */
export const EXTENSION_DIR = path.resolve(__dirname, '..', '..');
/** The repository, for docs/settings.md. */
export const REPOSITORY_DIR = path.resolve(EXTENSION_DIR, '..');
