import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';

import {parseCss, purgeBuild, purgeCss, requiredClasses, splitSelectors, usedNames} from './purge.mjs';

const used = usedNames([
  '<div class="navbar navbar--fixed-top"><pre class="language-json">',
  'e.className=`alert--${t}`;n.push("menu__list-item--"+s);x="theme-"+y;z="btn".concat(q);',
]);

test('a rule whose class appears nowhere goes, one that appears stays', () => {
  const {css, dropped} = purgeCss('.navbar{a:1}.avatar{b:2}.navbar--fixed-top .x-unused{c:3}', used);
  assert.equal(css, '.navbar{a:1}');
  assert.deepEqual(dropped, ['.avatar', '.navbar--fixed-top .x-unused']);
});

test('a selector list keeps the selectors that can match', () => {
  const {css} = purgeCss('.avatar,.navbar,pre>.hero{a:1}', used);
  assert.equal(css, '.navbar{a:1}');
});

test('classes in parentheses never count: :not(.unused) still matches', () => {
  const {css} = purgeCss('.navbar:not(.hero){a:1}:where(.pills){b:2}.navbar:has(.card){c:3}', used);
  assert.equal(css, '.navbar:not(.hero){a:1}:where(.pills){b:2}.navbar:has(.card){c:3}');
  assert.deepEqual(requiredClasses('.a:not(.b) .c[data-x=".d"]'), ['a', 'c']);
});

test('a name the JavaScript completes at run time from a prefix stays', () => {
  const {css, dropped} = purgeCss('.alert--danger{a:1}.menu__list-item--collapsed{b:2}.theme-x{c:3}.btnx{d:4}.alerts{e:5}', used);
  assert.equal(css, '.alert--danger{a:1}.menu__list-item--collapsed{b:2}.theme-x{c:3}');
  // "btn" is completed too, but only prefixes ending in - or _ count: a bare word would keep everything it starts
  assert.deepEqual(dropped, ['.btnx', '.alerts']);
});

test('an at-rule block left empty goes; keyframes, font faces and statements stay as written', () => {
  const input =
    '@charset "utf-8";@import url("a.css");@media (min-width:997px){.avatar{a:1}}@media print{.navbar{b:2}}' +
    '@keyframes spin{0%{c:0}to{c:1}}@font-face{font-family:x;src:url(x.woff2)}@supports (display:grid){@media screen{.hero{d:1}}}';
  const {css} = purgeCss(input, used);
  assert.equal(
    css,
    '@charset "utf-8";@import url("a.css");@media print{.navbar{b:2}}@keyframes spin{0%{c:0}to{c:1}}@font-face{font-family:x;src:url(x.woff2)}',
  );
});

test('strings with braces, commas and dots do not confuse the parser', () => {
  const input = '.navbar:after{content:"} .avatar {"}.navbar[title="a,b.hero"]{x:1}/*! keep */.hero{y:2}';
  const {css} = purgeCss(input, used);
  assert.equal(css, '.navbar:after{content:"} .avatar {"}.navbar[title="a,b.hero"]{x:1}/*! keep */');
  assert.deepEqual(splitSelectors('a,b:is(c,d),e[x=","]'), ['a', 'b:is(c,d)', 'e[x=","]']);
});

test('an escaped class name is kept', () => {
  const {css} = purgeCss('.md\\:hero{a:1}', used);
  assert.equal(css, '.md\\:hero{a:1}');
});

test('an unclosed block is an error, not a silently cut stylesheet', () => {
  assert.throws(() => parseCss('.navbar{a:1'), /never closed/);
  assert.throws(() => parseCss('.navbar;'), /has no block/);
});

/** A tiny built site: one page per locale, each with its stylesheet. */
function site() {
  const dir = mkdtempSync(join(tmpdir(), 'css-purge-'));
  const css = '.navbar{a:1}.avatar{b:2}';
  for (const base of ['', 'en_US/']) {
    mkdirSync(join(dir, base, 'assets/css'), {recursive: true});
    mkdirSync(join(dir, base, 'assets/js'), {recursive: true});
    writeFileSync(join(dir, base, 'assets/css/styles.0123abcd.css'), css);
    writeFileSync(join(dir, base, 'assets/js/main.js'), 'x="navbar"');
    writeFileSync(join(dir, base, 'index.html'), `<link rel=stylesheet href=/${base}assets/css/styles.0123abcd.css>`);
  }
  return dir;
}

test('a build: each locale purged under a name of its own, pages pointed at it, the original set aside', () => {
  const dir = site();
  try {
    const report = purgeBuild(dir);
    assert.equal(report.length, 2);
    const [name] = readdirSync(join(dir, 'assets/css'));
    assert.match(name, /^styles\.[0-9a-f]{8}\.css$/);
    assert.notEqual(name, 'styles.0123abcd.css');
    assert.equal(readFileSync(join(dir, 'assets/css', name), 'utf8'), '.navbar{a:1}');
    assert.equal(readFileSync(join(dir, 'index.html'), 'utf8'), `<link rel=stylesheet href=/assets/css/${name}>`);
    assert.match(readFileSync(join(dir, 'en_US/index.html'), 'utf8'), /href=\/en_US\/assets\/css\/styles\.[0-9a-f]{8}\.css>/);
    const manifest = JSON.parse(readFileSync(`${dir}.unpurged/manifest.json`, 'utf8'));
    assert.equal(manifest[`/assets/css/${name}`], '/assets/css/styles.0123abcd.css');
    assert.equal(readFileSync(`${dir}.unpurged/assets/css/styles.0123abcd.css`, 'utf8'), '.navbar{a:1}.avatar{b:2}');
    // a second run finds nothing more to drop and changes nothing
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    assert.deepEqual(purgeBuild(dir), []);
    assert.equal(readFileSync(join(dir, 'index.html'), 'utf8'), html);
    assert.ok(readFileSync(`${dir}.unpurged/manifest.json`, 'utf8').includes('0123abcd'));
  } finally {
    rmSync(dir, {recursive: true, force: true});
    rmSync(`${dir}.unpurged`, {recursive: true, force: true});
  }
});

test('a build without the stylesheet fails loudly (Docusaurus renamed it)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'css-purge-'));
  try {
    writeFileSync(join(dir, 'index.html'), '<p>');
    assert.throws(() => purgeBuild(dir), /no assets\/css\/styles/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
