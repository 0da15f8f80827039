/**
 * `npm run package` builds an installable .vsix offline: the bundled extension, hot-ls and
 * its pure-Python libraries, nothing else; and the hot-ls it carries runs on a bare Python
 * (no site-packages) from what it carries.
 *
 * It needs a Python with hot-ls's dependencies installed to vendor them (HOT_LS_PYTHON, or
 * python3 on the PATH); without one it is skipped, under CI it fails.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as zlib from 'node:zlib';

import { serverEnvironment } from '../launch';
import { EXTENSION_DIR, findServerPython, REPOSITORY_DIR, skip } from './helpers';

/** The entries of a zip archive (a .vsix is one): name -> content. */
function unzip(file: string): Map<string, Buffer> {
  const data = fs.readFileSync(file);
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'not a zip archive');
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    assert.equal(data.readUInt32LE(offset), 0x02014b50, 'central directory entry');
    const method = data.readUInt16LE(offset + 10);
    const compressed = data.readUInt32LE(offset + 20);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    const local = data.readUInt32LE(offset + 42);
    const name = data.toString('utf8', offset + 46, offset + 46 + nameLength);
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const raw = data.subarray(start, start + compressed);
    entries.set(name, method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

describe('npm run package', () => {
  it('builds a .vsix with the bundled extension and hot-ls on pure-Python libraries', async (t) => {
    const python = await findServerPython(serverEnvironment(process.env, undefined), REPOSITORY_DIR);
    if (!python) {
      return skip(t);
    }
    const vsix = path.join(EXTENSION_DIR, 'hot-ls.vsix');
    fs.rmSync(vsix, { force: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const build = spawnSync(npm, ['run', 'package'], {
      cwd: EXTENSION_DIR,
      env: { ...process.env, HOT_LS_PYTHON: python },
      encoding: 'utf8',
    });
    assert.equal(build.status, 0, build.stdout + build.stderr);
    const entries = unzip(vsix);
    const names = [...entries.keys()];
    const libs = 'extension/bundled/libs/';

    // The extension: one bundled file, its manifest and README; no sources, tests or node_modules.
    const outside = names.filter((n) => n.startsWith('extension/') && !n.startsWith(libs));
    assert.deepEqual(outside.sort(), ['extension/dist/extension.js', 'extension/package.json', 'extension/readme.md']);
    const manifest = JSON.parse(entries.get('extension/package.json')!.toString('utf8'));
    assert.equal(manifest.main, './dist/extension.js');
    const bundle = entries.get('extension/dist/extension.js')!.toString('utf8');
    assert.ok(bundle.includes('workspace/didChangeConfiguration'), 'the language client is bundled in');
    assert.ok(!bundle.includes('require("vscode-languageclient'), 'the language client is not external');

    // hot-ls with its data files, and what it imports at run time; nothing compiled.
    for (const file of [
      'hot_ls/__main__.py',
      'hot_ls/data/catalog.json.gz',
      'hot_ls/data/language.json',
      'hot_ls/data/property_rules.json',
      'pygls/server.py',
      'lsprotocol/types.py',
      'ruamel/yaml/parser.py',
      'yaql/__init__.py',
      'croniter/__init__.py',
      'iso8601/__init__.py',
      'dateutil/parser/__init__.py',
      'attrs/__init__.py',
      'cattrs/__init__.py',
      'VENDORED.json',
    ]) {
      assert.ok(entries.has(libs + file), `${file} is not in the .vsix`);
    }
    assert.deepEqual(names.filter((n) => /\.(so|pyd|dylib|dll|pyc)$/.test(n)), []);
    const vendored = JSON.parse(entries.get(libs + 'VENDORED.json')!.toString('utf8'));
    assert.deepEqual(vendored.left_out.map((d: { name: string }) => d.name), ['ruamel.yaml.clib']);

    // What it carries runs on a Python without site-packages: hot-ls checks a template.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hot-ls-vsix-'));
    for (const [name, content] of entries) {
      if (name.startsWith(libs) && !name.endsWith('/')) {
        const target = path.join(dir, 'libs', name.slice(libs.length));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, content);
      }
    }
    const template = path.join(dir, 'server.yaml');
    fs.writeFileSync(template, 'heat_template_version: 2021-04-16\nresources:\n  s:\n    type: OS::Nova::Sever\n');
    const check = spawnSync(python, ['-S', '-m', 'hot_ls', 'check', template], {
      env: { ...process.env, PYTHONPATH: path.join(dir, 'libs'), PYTHONSAFEPATH: '1' },
      encoding: 'utf8',
    });
    assert.equal(check.status, 1, check.stderr);
    assert.match(check.stdout, /server\.yaml:4:11: error\[HOT701\] The Resource Type \(OS::Nova::Sever\) could not be found; did you mean "OS::Nova::Server"/);
    assert.match(check.stdout, /1 file checked: 1 error, 0 warnings/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
