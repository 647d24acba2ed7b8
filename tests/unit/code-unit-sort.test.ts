// src/plugins/codeUnitSort: two sorts of Docusaurus's browser code compare by code unit instead of
// with String#localeCompare (whose first call sets up ICU's collator during hydration). This fails
// when an installed file no longer has the text the loader rewrites, and checks that the rewritten
// comparisons order what those sorts order as the collator did.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {byCodeUnit, rewrites} from '../../src/plugins/codeUnitSort';

const require = createRequire(import.meta.url);
const rewrite = require('../../src/plugins/codeUnitSort/loader.cjs') as (this: unknown, source: string) => string;
const modules = join(import.meta.dirname, '../../node_modules');
const files = ['@docusaurus/theme-common/lib/utils/reactUtils.js', '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js'];

const run = (source: string, i: number, resourcePath = 'x.js') => rewrite.call({getOptions: () => rewrites[i], resourcePath}, source);

test('each rewrite matches one installed file and finds its text there once', () => {
  assert.equal(rewrites.length, files.length);
  rewrites.forEach((r, i) => {
    const path = join(modules, files[i]!);
    assert.match(path, r.file);
    assert.equal(files.filter((f) => r.file.test(join(modules, f))).length, 1, `${r.from} matches one file`);
    const out = run(readFileSync(path, 'utf8'), i, path);
    assert.ok(!out.includes(r.from) && out.includes(r.to));
  });
});

test('the loader fails the build when the text is missing or repeated', () => {
  assert.throws(() => run('nothing here', 0), /0 occurrences/);
  assert.throws(() => run(`${rewrites[1]!.from}${rewrites[1]!.from}`, 1), /2 occurrences/);
});

/** What the rewrites write, as functions of a sort's two arguments. */
const keyOrder = new Function('a', 'b', `return ${byCodeUnit('a[0]', 'b[0]')};`) as (a: unknown, b: unknown) => number;
const pathOrder = new Function('a', 'b', `return ${byCodeUnit('b[1].path', 'a[1].path')};`) as (a: unknown, b: unknown) => number;

test('the rewrites write those comparisons', () => {
  assert.ok(rewrites[0]!.to.includes(byCodeUnit('a[0]', 'b[0]')));
  assert.ok(rewrites[1]!.to.includes(byCodeUnit('b[1].path', 'a[1].path')));
});

test('object keys (useShallowMemoObject): the same order as localeCompare gave', () => {
  const compare = keyOrder;
  const keys = ['attributes', 'characterData', 'childList', 'subtree', 'rootMargin', 'threshold'];
  const entries = keys.map((k) => [k, 1]).reverse();
  assert.deepEqual([...entries].sort(compare), [...entries].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
});

test('docs plugin paths (getActivePlugin): a path comes before every path it starts with, as with localeCompare', () => {
  const compare = pathOrder;
  const plugins = ['/', '/v5', '/en_US/', '/en_US/v5', '/v5/config'].map((path, i) => [String(i), {path}]);
  const sorted = [...plugins].sort(compare).map(([, p]) => (p as {path: string}).path);
  for (const [i, path] of sorted.entries()) {
    for (const later of sorted.slice(i + 1)) assert.ok(!later.startsWith(path) || later === path, `${later} after ${path}`);
  }
  assert.deepEqual(sorted, [...plugins].sort((a, b) => (b[1] as {path: string}).path.localeCompare((a[1] as {path: string}).path)).map(([, p]) => (p as {path: string}).path));
});
