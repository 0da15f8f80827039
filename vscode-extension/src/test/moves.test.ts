import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { destination, movedPath, movedSettings } from '../moves';

const context = { workspaceFolder: '/work/project', home: '/home/ada' };
const envMoved = [{ oldPath: '/work/project/env.yaml', newPath: '/work/project/environments/prod.yaml' }];
const folderMoved = [{ oldPath: '/work/project/deployment', newPath: '/work/project/heat/deployment' }];

describe('destination', () => {
  it('follows a file, and anything inside a folder, but not a sibling sharing a prefix', () => {
    assert.equal(destination('/work/project/env.yaml', envMoved), '/work/project/environments/prod.yaml');
    assert.equal(destination('/work/project/deployment/nova/api.yaml', folderMoved), '/work/project/heat/deployment/nova/api.yaml');
    assert.equal(destination('/work/project/deployment', folderMoved), '/work/project/heat/deployment');
    assert.equal(destination('/work/project/deployment-old/api.yaml', folderMoved), undefined);
    assert.equal(destination('/work/project/env.yaml.bak', envMoved), undefined);
  });
});

describe('movedPath', () => {
  it('keeps the form the path was written in', () => {
    assert.equal(movedPath('env.yaml', envMoved, context), 'environments/prod.yaml');
    assert.equal(movedPath('./env.yaml', envMoved, context), './environments/prod.yaml');
    assert.equal(movedPath('${workspaceFolder}/env.yaml', envMoved, context), '${workspaceFolder}/environments/prod.yaml');
    assert.equal(movedPath('/work/project/env.yaml', envMoved, context), '/work/project/environments/prod.yaml');
    assert.equal(movedPath('sub/../env.yaml', envMoved, context), 'environments/prod.yaml');
  });

  it('rewrites a path inside a moved folder, and a moved folder itself (with its trailing slash)', () => {
    assert.equal(movedPath('deployment/nova/api.yaml', folderMoved, context), 'heat/deployment/nova/api.yaml');
    assert.equal(movedPath('deployment/', folderMoved, context), 'heat/deployment/');
    assert.equal(movedPath('deployment', folderMoved, context), 'heat/deployment');
  });

  it('keeps ~ and ${userHome} where the file stays under the home folder', () => {
    const home = [{ oldPath: '/home/ada/heat/env.yaml', newPath: '/home/ada/heat/envs/env.yaml' }];
    assert.equal(movedPath('~/heat/env.yaml', home, context), '~/heat/envs/env.yaml');
    assert.equal(movedPath('${userHome}/heat/env.yaml', home, context), '${userHome}/heat/envs/env.yaml');
    const away = [{ oldPath: '/home/ada/heat/env.yaml', newPath: '/srv/env.yaml' }];
    assert.equal(movedPath('~/heat/env.yaml', away, context), '/srv/env.yaml');
  });

  it('gives an absolute path for a relative one moved out of the workspace folder', () => {
    const out = [{ oldPath: '/work/project/env.yaml', newPath: '/work/shared/env.yaml' }];
    assert.equal(movedPath('env.yaml', out, context), '/work/shared/env.yaml');
  });

  it('leaves what did not move, globs, URLs and values of another shape as written', () => {
    assert.equal(movedPath('other.yaml', envMoved, context), undefined);
    assert.equal(movedPath('*.yaml', envMoved, context), undefined);
    assert.equal(movedPath('deployment/*/api.yaml', folderMoved, context), undefined);
    assert.equal(movedPath('https://example.com/env.yaml', envMoved, context), undefined);
    assert.equal(movedPath('${env:HOME}/env.yaml', envMoved, context), undefined);
    assert.equal(movedPath(42, envMoved, context), undefined);
    assert.equal(movedPath('', envMoved, context), undefined);
  });

  it('leaves a relative path alone without a workspace folder to anchor it', () => {
    assert.equal(movedPath('env.yaml', envMoved, { home: '/home/ada' }), undefined);
    assert.equal(movedPath('/work/project/env.yaml', envMoved, { home: '/home/ada' }), '/work/project/environments/prod.yaml');
  });
});

describe('movedSettings', () => {
  it('gives only the settings the moves change, with every path of each followed', () => {
    const values = {
      environments: ['env.yaml', 'common.yaml'],
      catalogs: ['dump.json'],
      searchPaths: ['deployment'],
      pluginPaths: undefined,
      stacks: [
        { templates: ['deployment/overcloud.yaml', 'roles/*.yaml'], environments: ['env.yaml'], parameters: { flavor: 'm1' } },
        { template: 'deployment/undercloud.yaml' },
        'not a table',
      ],
      pathMap: { '/usr/share/openstack-tripleo-heat-templates': 'deployment', '/opt': 'vendor' },
    };
    const moves = [...envMoved, ...folderMoved];
    assert.deepEqual(movedSettings(values, moves, context), {
      environments: ['environments/prod.yaml', 'common.yaml'],
      searchPaths: ['heat/deployment'],
      stacks: [
        { templates: ['heat/deployment/overcloud.yaml', 'roles/*.yaml'], environments: ['environments/prod.yaml'], parameters: { flavor: 'm1' } },
        { template: 'heat/deployment/undercloud.yaml' },
        'not a table',
      ],
      pathMap: { '/usr/share/openstack-tripleo-heat-templates': 'heat/deployment', '/opt': 'vendor' },
    });
    // the values given are not changed in place
    assert.deepEqual(values.environments, ['env.yaml', 'common.yaml']);
    assert.deepEqual(values.stacks[0], { templates: ['deployment/overcloud.yaml', 'roles/*.yaml'], environments: ['env.yaml'], parameters: { flavor: 'm1' } });
  });

  it('changes nothing when nothing named moved, or a value has the wrong shape', () => {
    assert.deepEqual(movedSettings({ environments: ['common.yaml'], stacks: [] }, envMoved, context), {});
    assert.deepEqual(movedSettings({ environments: 'env.yaml' as unknown, pathMap: ['env.yaml'] }, envMoved, context), {});
  });
});
