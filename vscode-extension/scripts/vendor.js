/**
 * `npm run vendor`: run scripts/vendor.py with the Python that has hot-ls's dependencies
 * ($HOT_LS_PYTHON, else python3, else python), so that the .vsix carries them in
 * bundled/libs.  Offline: it copies what that Python has installed.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const script = path.join(__dirname, 'vendor.py');
const candidates = process.env.HOT_LS_PYTHON ? [process.env.HOT_LS_PYTHON] : ['python3', 'python'];
for (const python of candidates) {
  const run = spawnSync(python, [script, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (run.error && run.error.code === 'ENOENT') {
    continue;
  }
  process.exit(run.status === null ? 1 : run.status);
}
console.error(`vendor: no Python found (tried ${candidates.join(', ')}); set HOT_LS_PYTHON`);
process.exit(1);
