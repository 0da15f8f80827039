import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { DEFAULTS, expandPath, readSettings, SERVER_KEYS, toInitializationOptions } from '../settings';
import { configuration } from './helpers';

const context = { workspaceFolder: '/work/project', home: '/home/ada' };

describe('readSettings', () => {
  it('gives the defaults for an empty configuration, without problems', () => {
    const { settings, problems } = readSettings(configuration({}));
    assert.deepEqual(settings, DEFAULTS);
    assert.deepEqual(problems, []);
  });

  it('reads every setting of the right shape', () => {
    const values = {
      disable: ['HOT002', 'function-unavailable'],
      severity: { HOT402: 'error' },
      targetRelease: 'train',
      pluginPaths: ['plugins'],
      catalogs: ['dump.json'],
      environments: ['env.yaml'],
      parameters: { flavor: 'm1.small', count: 2 },
      exclude: ['*.j2.yaml'],
      include: ['heat/*.yaml'],
      stacks: [{ templates: ['overcloud.yaml'], environments: ['prod.yaml'] }],
      searchPaths: ['../shared'],
      pathMap: { '/usr/share/templates': '.' },
      capabilities: true,
      debounceMs: 0,
      diagnosticMode: 'workspace',
      maxNestedStackDepth: 7,
      interpreter: '/usr/bin/python3.12',
      serverArgs: ['--flag'],
    };
    const { settings, problems } = readSettings(configuration(values));
    assert.deepEqual(settings, values);
    assert.deepEqual(problems, []);
  });

  it('keeps the default of a value of the wrong shape, and says so', () => {
    const { settings, problems } = readSettings(
      configuration({
        disable: 'HOT002',
        severity: { HOT402: 'fatal' },
        debounceMs: 20000,
        parameters: ['a'],
        serverArgs: [1],
        targetRelease: 13,
      }),
    );
    assert.deepEqual(settings.disable, []);
    assert.deepEqual(settings.severity, {});
    assert.equal(settings.debounceMs, 200);
    assert.deepEqual(settings.parameters, {});
    assert.deepEqual(settings.serverArgs, []);
    assert.equal(settings.targetRelease, '');
    assert.deepEqual(problems, [
      'hot-ls.disable must be a list of strings; using the default',
      'hot-ls.severity must be a table of rule codes to one of error, warning, information, hint; using the default',
      'hot-ls.targetRelease must be a string; using the default',
      'hot-ls.parameters must be a table; using the default',
      'hot-ls.debounceMs must be an integer from 0 to 10000; using the default',
      'hot-ls.serverArgs must be a list of strings; using the default',
    ]);
  });

  it('takes only the diagnostic modes the server knows', () => {
    for (const diagnosticMode of ['everything', 'openFilesOnly', true]) {
      const { settings, problems } = readSettings(configuration({ diagnosticMode }));
      assert.equal(settings.diagnosticMode, 'open_files', String(diagnosticMode));
      assert.deepEqual(problems, ['hot-ls.diagnosticMode must be one of open_files, stacks, workspace; using the default']);
    }
  });

  it('rejects a fractional or negative debounce', () => {
    for (const debounceMs of [1.5, -1, '200', true]) {
      const { settings, problems } = readSettings(configuration({ debounceMs }));
      assert.equal(settings.debounceMs, 200, String(debounceMs));
      assert.equal(problems.length, 1, String(debounceMs));
    }
    assert.equal(readSettings(configuration({ debounceMs: 10000 })).settings.debounceMs, 10000);
  });

  it('never shares the defaults object', () => {
    const first = readSettings(configuration({})).settings;
    first.disable.push('HOT001');
    (first.parameters as Record<string, unknown>).x = 1;
    assert.deepEqual(readSettings(configuration({})).settings.disable, []);
    assert.deepEqual(DEFAULTS.parameters, {});
  });
});

describe('expandPath', () => {
  it('expands ${workspaceFolder}, ${userHome} and a leading ~', () => {
    assert.equal(expandPath('${workspaceFolder}/env.yaml', context), '/work/project/env.yaml');
    assert.equal(expandPath('${userHome}/heat', context), '/home/ada/heat');
    assert.equal(expandPath('~/heat', context), '/home/ada/heat');
    assert.equal(expandPath('~', context), '/home/ada');
  });

  it('leaves anything else as written', () => {
    assert.equal(expandPath('a/~b', context), 'a/~b');
    assert.equal(expandPath('~other/x', context), '~other/x');
    assert.equal(expandPath('${workspaceFolder}/x', { home: '/h' }), '${workspaceFolder}/x');
  });
});

describe('toInitializationOptions', () => {
  it('sends the server only its own settings, under its snake_case names', () => {
    const options = toInitializationOptions(readSettings(configuration({ interpreter: '/x/python' })).settings, context);
    assert.deepEqual(Object.keys(options).sort(), Object.values(SERVER_KEYS).sort());
    assert.deepEqual(options, {
      disable: [],
      severity: {},
      target_release: null,
      plugin_paths: [],
      catalogs: [],
      environments: [],
      parameters: {},
      exclude: [],
      include: [],
      stacks: [],
      search_paths: [],
      path_map: {},
      capabilities: false,
      debounce_ms: 200,
      diagnostic_mode: 'open_files',
      max_nested_stack_depth: 5,
    });
  });

  it('maps every value, an empty target release to null (the newest)', () => {
    const { settings } = readSettings(
      configuration({
        disable: ['HOT002'],
        severity: { HOT402: 'hint' },
        targetRelease: ' 13.0.0 ',
        parameters: { flavor: 'm1.small', nested: { a: [1] } },
        exclude: ['*.j2.yaml'],
        debounceMs: 50,
        diagnosticMode: 'workspace',
        maxNestedStackDepth: 7,
      }),
    );
    const options = toInitializationOptions(settings, context);
    assert.deepEqual(options.disable, ['HOT002']);
    assert.deepEqual(options.severity, { HOT402: 'hint' });
    assert.equal(options.target_release, '13.0.0');
    assert.deepEqual(options.parameters, { flavor: 'm1.small', nested: { a: [1] } });
    assert.deepEqual(options.exclude, ['*.j2.yaml']);
    assert.equal(options.debounce_ms, 50);
    assert.equal(options.diagnostic_mode, 'workspace');
    assert.equal(options.max_nested_stack_depth, 7);
  });

  it('takes a nested stack depth Heat could be configured with', () => {
    for (const maxNestedStackDepth of [0, 101, 2.5, '6', true]) {
      const { settings, problems } = readSettings(configuration({ maxNestedStackDepth }));
      assert.equal(settings.maxNestedStackDepth, 5, String(maxNestedStackDepth));
      assert.deepEqual(problems, ['hot-ls.maxNestedStackDepth must be an integer from 1 to 100; using the default']);
    }
  });

  it('anchors plugin paths and catalogs at the workspace folder, and only expands environments', () => {
    const { settings } = readSettings(
      configuration({
        pluginPaths: ['plugins', '/abs/plugins', '~/p'],
        catalogs: ['${workspaceFolder}/dumps/a.json', 'b.json'],
        environments: ['env.yaml', '${workspaceFolder}/envs/prod.yaml'],
      }),
    );
    const options = toInitializationOptions(settings, context);
    assert.deepEqual(options.plugin_paths, ['/work/project/plugins', '/abs/plugins', '/home/ada/p']);
    assert.deepEqual(options.catalogs, ['/work/project/dumps/a.json', '/work/project/b.json']);
    assert.deepEqual(options.environments, ['env.yaml', '/work/project/envs/prod.yaml']);
  });

  it('leaves relative paths relative without a workspace folder', () => {
    const { settings } = readSettings(configuration({ pluginPaths: ['plugins'] }));
    assert.deepEqual(toInitializationOptions(settings, { home: '/h' }).plugin_paths, ['plugins']);
  });

  it('copies the parameters, so the settings are not changed through the options', () => {
    const { settings } = readSettings(configuration({ parameters: { a: { b: 1 } } }));
    const options = toInitializationOptions(settings, context);
    (options.parameters.a as Record<string, number>).b = 2;
    assert.deepEqual(settings.parameters, { a: { b: 1 } });
  });
});
