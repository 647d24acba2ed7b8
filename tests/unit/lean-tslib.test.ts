// src/plugins/leanTslib: @docusaurus/utils-common's browser code gets a stand-in for tslib with
// only the helpers it uses; this fails when the package starts to use one the stand-in lacks.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {createRequire} from 'node:module';
import {providedHelpers, utilsCommonFiles} from '../../src/plugins/leanTslib';

const require = createRequire(import.meta.url);

// where the site's install has the package (a dependency of @docusaurus/core)
const utilsCommonLib = join(import.meta.dirname, '../../node_modules/@docusaurus/utils-common/lib');

test('every tslib helper @docusaurus/utils-common calls is in the stand-in', () => {
  assert.match(join(utilsCommonLib, 'index.js'), utilsCommonFiles, 'the plugin\'s rule matches the package\'s files');
  const used = new Set<string>();
  for (const file of readdirSync(utilsCommonLib).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(utilsCommonLib, file), 'utf8');
    if (!/require\("tslib"\)/.test(text)) continue;
    for (const [, helper] of text.matchAll(/\btslib_1\.(__\w+)/g)) used.add(helper!);
  }
  assert.ok(used.size > 0, 'the package no longer uses tslib: drop src/plugins/leanTslib');
  for (const helper of used) assert.ok(providedHelpers.includes(helper), `${helper} is used but not provided`);
  const standIn = require('../../src/plugins/leanTslib/importDefault.cjs') as Record<string, unknown>;
  assert.deepEqual(Object.keys(standIn).sort(), [...providedHelpers].sort());
});

test('the stand-in __importDefault answers as tslib 2 does: an ES module as it is, anything else as its default', () => {
  const {__importDefault} = require('../../src/plugins/leanTslib/importDefault.cjs') as {__importDefault: (m: unknown) => unknown};
  const esm = {__esModule: true, default: 1};
  const cjs = (x: number) => x;
  assert.equal(__importDefault(esm), esm);
  assert.deepEqual(__importDefault(cjs), {default: cjs});
  assert.deepEqual(__importDefault(undefined), {default: undefined});
});
