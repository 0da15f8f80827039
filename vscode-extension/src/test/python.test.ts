import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';

import { Candidate, chooseInterpreter, findOnPath, interpreterCandidates, parseProbe, Probe, runProbe } from '../python';

const context = { workspaceFolder: '/work/project', home: '/home/ada' };
const none = async () => undefined;

describe('findOnPath', () => {
  it('finds the first match along PATH', () => {
    const files = new Set(['/opt/bin/python3', '/usr/bin/python3']);
    assert.equal(findOnPath('python3', { PATH: '/nowhere:/opt/bin:/usr/bin' }, 'linux', (f) => files.has(f)), '/opt/bin/python3');
    assert.equal(findOnPath('python', { PATH: '/opt/bin:/usr/bin' }, 'linux', (f) => files.has(f)), undefined);
    assert.equal(findOnPath('python3', {}, 'linux', () => true), undefined);
  });

  it('tries PATHEXT on Windows, and reads Path', () => {
    const files = new Set(['C:\\Python312\\python.exe']);
    const env = { Path: 'C:\\Windows;C:\\Python312', PATHEXT: '.COM;.EXE' };
    assert.equal(findOnPath('python', env, 'win32', (f) => files.has(f)), 'C:\\Python312\\python.exe');
  });

  it('finds a real executable and skips a file that is not one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hot-ls-path-'));
    const file = path.join(dir, 'python3');
    fs.writeFileSync(file, '#!/bin/sh\n');
    if (process.platform !== 'win32') {
      fs.chmodSync(file, 0o644);
      assert.equal(findOnPath('python3', { PATH: dir }), undefined);
      fs.chmodSync(file, 0o755);
    }
    assert.equal(findOnPath('python3', { PATH: dir }), file);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('interpreterCandidates', () => {
  const onPath = (name: string) => ({ python3: '/usr/bin/python3', python: '/usr/bin/python' })[name];

  it('uses only the hot-ls.interpreter setting when it is set, expanded', async () => {
    const asked: string[] = [];
    const candidates = await interpreterCandidates(
      ' ${workspaceFolder}/.venv/bin/python ',
      context,
      async () => {
        asked.push('extension');
        return '/venv/bin/python';
      },
      onPath,
    );
    assert.deepEqual(candidates, [{ command: '/work/project/.venv/bin/python', source: 'hot-ls.interpreter' }]);
    assert.deepEqual(asked, [], 'the Python extension is not asked when the setting is set');
  });

  it('then the Python extension, then python3 and python on the PATH', async () => {
    const candidates = await interpreterCandidates('', context, async () => '/venv/bin/python', onPath);
    assert.deepEqual(candidates, [
      { command: '/venv/bin/python', source: 'the Python extension' },
      { command: '/usr/bin/python3', source: 'PATH' },
      { command: '/usr/bin/python', source: 'PATH' },
    ]);
  });

  it('does without the Python extension, or when it fails', async () => {
    const expected = [
      { command: '/usr/bin/python3', source: 'PATH' },
      { command: '/usr/bin/python', source: 'PATH' },
    ];
    assert.deepEqual(await interpreterCandidates('', context, none, onPath), expected);
    const failing = () => Promise.reject(new Error('not ready'));
    assert.deepEqual(await interpreterCandidates('', context, failing, onPath), expected);
  });

  it('lists an interpreter once', async () => {
    const candidates = await interpreterCandidates('', context, async () => '/usr/bin/python3', (name) => (name === 'python3' ? '/usr/bin/python3' : undefined));
    assert.deepEqual(candidates, [{ command: '/usr/bin/python3', source: 'the Python extension' }]);
  });
});

describe('parseProbe', () => {
  const answer = (version: number[], missing: string[] = []) => ({ stdout: `${JSON.stringify({ version, missing })}\n`, stderr: '' });

  it('accepts Python 3.11 and newer with hot_ls importable', () => {
    assert.deepEqual(parseProbe(answer([3, 11, 0])), { ok: true, version: '3.11.0' });
    assert.deepEqual(parseProbe(answer([3, 13, 2])), { ok: true, version: '3.13.2' });
    assert.deepEqual(parseProbe(answer([4, 0, 0])), { ok: true, version: '4.0.0' });
  });

  it('refuses an older Python', () => {
    const probe = parseProbe(answer([3, 10, 12]));
    assert.equal(probe.ok, false);
    assert.equal(probe.problem, 'is Python 3.10.12; hot-ls needs 3.11 or newer');
  });

  it('names the modules it cannot import', () => {
    const probe = parseProbe(answer([3, 12, 0], ['hot_ls', 'pygls']));
    assert.equal(probe.ok, false);
    assert.equal(probe.problem, 'cannot import hot_ls, pygls (install hot-ls into it: pip install . in a clone of hot-ls)');
  });

  it('explains an interpreter that is missing or does not answer', () => {
    assert.deepEqual(parseProbe({ stdout: '', stderr: '', error: { message: 'spawn x ENOENT', code: 'ENOENT' } }), { ok: false, problem: 'not found' });
    const broken = parseProbe({ stdout: '', stderr: 'Traceback\nSyntaxError: invalid syntax\n', error: { message: 'exit 1', code: 1 } });
    assert.deepEqual(broken, { ok: false, problem: 'did not run as Python 3 (SyntaxError: invalid syntax)' });
    assert.equal(parseProbe({ stdout: 'hello', stderr: '' }).ok, false);
  });
});

describe('runProbe', () => {
  it('reports a program that does not exist', async () => {
    assert.deepEqual(await runProbe('/nonexistent/python3', process.env), { ok: false, problem: 'not found' });
  });

  it('runs the probe script on a real Python when there is one', async (t) => {
    const python = findOnPath('python3', process.env) ?? findOnPath('python', process.env);
    if (!python) {
      t.skip('no python3 on the PATH');
      return;
    }
    const probe = await runProbe(python, process.env);
    assert.match(probe.version ?? '', /^\d+\.\d+\.\d+$/, JSON.stringify(probe));
  });
});

describe('chooseInterpreter', () => {
  const candidates: Candidate[] = [
    { command: '/venv/bin/python', source: 'the Python extension' },
    { command: '/usr/bin/python3', source: 'PATH' },
    { command: '/usr/bin/python', source: 'PATH' },
  ];

  it('takes the first candidate that passes, and probes no further', async () => {
    const probed: string[] = [];
    const verdicts: Record<string, Probe> = {
      '/venv/bin/python': { ok: false, version: '3.12.0', problem: 'cannot import hot_ls (install hot-ls into it: pip install . in a clone of hot-ls)' },
      '/usr/bin/python3': { ok: true, version: '3.11.4' },
      '/usr/bin/python': { ok: true, version: '3.11.4' },
    };
    const choice = await chooseInterpreter(candidates, async (command) => {
      probed.push(command);
      return verdicts[command];
    });
    assert.deepEqual(choice.chosen, { command: '/usr/bin/python3', source: 'PATH', version: '3.11.4' });
    assert.deepEqual(probed, ['/venv/bin/python', '/usr/bin/python3']);
    assert.deepEqual(choice.report, [
      '/venv/bin/python (from the Python extension) cannot import hot_ls (install hot-ls into it: pip install . in a clone of hot-ls)',
      '/usr/bin/python3 (from PATH): Python 3.11.4',
    ]);
  });

  it('chooses none when none passes, and says why for each', async () => {
    const choice = await chooseInterpreter(candidates, async () => ({ ok: false, problem: 'not found' }));
    assert.equal(choice.chosen, undefined);
    assert.equal(choice.report.length, 3);
    assert.ok(choice.report.every((line) => line.endsWith(' not found')));
  });

  it('says so when there is nothing to try', async () => {
    const choice = await chooseInterpreter([], async () => ({ ok: true, version: '3.12.0' }));
    assert.equal(choice.chosen, undefined);
    assert.match(choice.report[0], /^no Python found/);
  });
});
