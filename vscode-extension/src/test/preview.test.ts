import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { previewPath, previewText } from '../preview';

describe('previewPath', () => {
  it('names the preview after the template, as JSON', () => {
    assert.equal(previewPath('/work/project/server.yaml'), '/server.preview.json');
    assert.equal(previewPath('/work/project/stack.YML'), '/stack.preview.json');
    assert.equal(previewPath('/work/a.template'), '/a.preview.json');
    assert.equal(previewPath('c:\\work\\b.yaml'), '/b.preview.json');
    assert.equal(previewPath('Untitled-1'), '/Untitled-1.preview.json');
    assert.equal(previewPath('/work/.yaml'), '/template.preview.json');
  });
});

describe('previewText', () => {
  it('is the indented JSON of the server answer', () => {
    assert.equal(previewText({ outputs: { a: 1 } }), '{\n  "outputs": {\n    "a": 1\n  }\n}\n');
  });

  it('is nothing when the server has no preview', () => {
    assert.equal(previewText(null), undefined);
    assert.equal(previewText(undefined), undefined);
  });
});
