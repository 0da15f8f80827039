import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';

import { bundledLibs, serverEnvironment, serverLaunch } from '../launch';

describe('serverLaunch', () => {
  it('runs `<interpreter> -m hot_ls serve`, then the server arguments', () => {
    const env = { PATH: '/usr/bin' };
    assert.deepEqual(serverLaunch('/venv/bin/python', [], env, '/work/project'), {
      command: '/venv/bin/python',
      args: ['-m', 'hot_ls', 'serve'],
      options: { env, cwd: '/work/project' },
    });
    assert.deepEqual(serverLaunch('python3', ['--log', 'debug'], env).args, ['-m', 'hot_ls', 'serve', '--log', 'debug']);
  });

  it('sets no working directory without a workspace folder', () => {
    assert.equal('cwd' in serverLaunch('python3', [], {}).options, false);
  });
});

describe('serverEnvironment', () => {
  it('prepends the bundled libraries to an existing PYTHONPATH', () => {
    const env = serverEnvironment({ PYTHONPATH: '/mine', HOME: '/h' }, '/ext/bundled/libs', ':');
    assert.equal(env.PYTHONPATH, '/ext/bundled/libs:/mine');
    assert.equal(env.HOME, '/h');
  });

  it('sets PYTHONPATH to them alone when there is none, with the platform delimiter', () => {
    assert.equal(serverEnvironment({}, '/ext/bundled/libs', ':').PYTHONPATH, '/ext/bundled/libs');
    assert.equal(serverEnvironment({ PYTHONPATH: 'C:\\mine' }, 'C:\\ext\\libs', ';').PYTHONPATH, 'C:\\ext\\libs;C:\\mine');
    assert.equal(serverEnvironment({ PYTHONPATH: '' }, '/libs', ':').PYTHONPATH, '/libs');
  });

  it('leaves PYTHONPATH alone without bundled libraries', () => {
    assert.equal(serverEnvironment({ PYTHONPATH: '/mine' }, undefined).PYTHONPATH, '/mine');
    assert.equal('PYTHONPATH' in serverEnvironment({}, undefined), false);
  });

  it('never imports from the working directory (PYTHONSAFEPATH), and copies the environment', () => {
    const base: NodeJS.ProcessEnv = { PYTHONPATH: '/mine', UNSET: undefined };
    const env = serverEnvironment(base, '/libs', ':');
    assert.equal(env.PYTHONSAFEPATH, '1');
    assert.equal('UNSET' in env, false);
    assert.deepEqual(base, { PYTHONPATH: '/mine', UNSET: undefined });
  });
});

describe('bundledLibs', () => {
  it('is bundled/libs of the extension when that directory exists', () => {
    const seen: string[] = [];
    const found = bundledLibs('/ext', (dir) => {
      seen.push(dir);
      return true;
    });
    assert.equal(found, path.join('/ext', 'bundled', 'libs'));
    assert.deepEqual(seen, [path.join('/ext', 'bundled', 'libs')]);
    assert.equal(bundledLibs('/ext', () => false), undefined);
  });

  it('checks the real file system by default', () => {
    const extension = fs.mkdtempSync(path.join(os.tmpdir(), 'hot-ls-ext-'));
    assert.equal(bundledLibs(extension), undefined);
    fs.mkdirSync(path.join(extension, 'bundled'));
    fs.writeFileSync(path.join(extension, 'bundled', 'libs'), 'not a directory');
    assert.equal(bundledLibs(extension), undefined);
    fs.rmSync(path.join(extension, 'bundled', 'libs'));
    fs.mkdirSync(path.join(extension, 'bundled', 'libs'));
    assert.equal(bundledLibs(extension), path.join(extension, 'bundled', 'libs'));
    fs.rmSync(extension, { recursive: true });
  });
});
