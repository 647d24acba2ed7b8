// scripts/checkImports.mjs: which specifiers a file imports, and which of them name
// a package that package.json must list.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {buildImportsScripts, importSpecifiers, importsAcrossSuites, isDeclared, namesTestsPath, packageName, pathsIntoTests, stringLiterals, stripComments, undeclaredImports}
  from '../../scripts/checkImports.mjs';

const specifiers = (source) => importSpecifiers(source).map((s) => s.specifier);

test('static imports in every form, including multi-line and type-only', () => {
  assert.deepEqual(specifiers([
    "import React from 'react';",
    'import {a, b} from "clsx";',
    "import * as ns from 'js-yaml';",
    "import type {Plugin} from '@docusaurus/types';",
    "import Default, {type X} from 'medium-zoom';",
    'import {',
    '  one,',
    '  two,',
    "} from 'prismjs/components/prism-core';",
    "import'side-effect-only';",
    "import './styles.css';",
  ].join('\n')), ['react', 'clsx', 'js-yaml', '@docusaurus/types', 'medium-zoom', 'prismjs/components/prism-core', 'side-effect-only', './styles.css']);
});

test('re-exports, dynamic imports, import() types, require and require.resolve', () => {
  assert.deepEqual(specifiers([
    "export {x} from 'a-pkg';",
    "export * from 'b-pkg';",
    "export type {T} from 'c-pkg';",
    "const lazy = await import('linkinator');",
    "type Page = import('@playwright/test').Page;",
    "const {installDebianPackage} = require('../scripts/debianPackage.cjs');",
    "const path = require.resolve('prismjs/package.json');",
    "const loaded = import(`tpl-pkg`);",
    "import(/* webpackChunkName: 'c' */ 'chunked-pkg');",
  ].join('\n')), ['a-pkg', 'b-pkg', 'c-pkg', 'linkinator', '@playwright/test', '../scripts/debianPackage.cjs', 'prismjs/package.json', 'tpl-pkg', 'chunked-pkg']);
});

test('the line of each import is reported', () => {
  assert.deepEqual(importSpecifiers("// head\n\nimport a from 'a';\nconst b = require('b');"), [
    {specifier: 'a', line: 3}, {specifier: 'b', line: 4},
  ]);
});

test('imports in comments are not imports', () => {
  assert.deepEqual(specifiers([
    "// import old from 'removed-pkg';",
    "/* import x from 'block-comment-pkg';",
    "   require('also-in-comment') */",
    '/** Falls back to copy-text-to-clipboard (lazy). */',
    "import real from 'real-pkg'; // not 'comment-tail'",
  ].join('\n')), ['real-pkg']);
});

test('computed and non-literal specifiers are not read', () => {
  assert.deepEqual(specifiers([
    'const name = "x"; require(name);',
    'await import(`./locale/${lang}.js`);',
    "require('a' + suffix);",
  ].join('\n')), []);
});

test('words that only look like import syntax are not imports', () => {
  assert.deepEqual(specifiers([
    "const important = 'from x';",
    "reimport('not-a-call');",
    "myrequire('nor-this');",
    "obj.import('nor-method');",
  ].join('\n')), ['nor-method']);
});

test('stripComments keeps strings, template literals and regular expressions that hold comment marks', () => {
  const source = [
    "const url = 'https://example.org/a'; // tail",
    'const re = /\\/\\/ not a comment/g;',
    "const quote = /['\"]/; import q from 'after-regex';",
    'const t = `a ${"/* not a comment */"} b`;',
    'const d = 4 / 2; /* gone */ const e = 1 / 1;',
  ].join('\n');
  const stripped = stripComments(source);
  assert.equal(stripped.length, source.length, 'offsets kept');
  assert.match(stripped, /https:\/\/example\.org\/a'; {8}$/m);
  assert.match(stripped, /\/\\\/\\\/ not a comment\/g/);
  assert.match(stripped, /`a \$\{"\/\* not a comment \*\/"\} b`/);
  assert.doesNotMatch(stripped, /gone|tail/);
  assert.deepEqual(specifiers(source), ['after-regex']);
});

test('stripComments on empty or unterminated input does not throw', () => {
  assert.equal(stripComments(''), '');
  assert.equal(stripComments('/* open').trim(), '');
  assert.equal(stripComments("'open string\nimport a from 'a';"), "'open string\nimport a from 'a';");
  assert.deepEqual(specifiers('import a from'), []);
  assert.deepEqual(specifiers("import a from 'unterminated"), []);
});

const aliases = new Set(['Link', 'Translate', 'router', 'useBaseUrl', 'ExecutionEnvironment']);

test('packageName: the package of a bare specifier, scoped or not, without the subpath', () => {
  assert.equal(packageName('react', aliases), 'react');
  assert.equal(packageName('prismjs/components/prism-core', aliases), 'prismjs');
  assert.equal(packageName('@docusaurus/theme-common/internal', aliases), '@docusaurus/theme-common');
  assert.equal(packageName('@playwright/test', aliases), '@playwright/test');
  assert.equal(packageName('@docusaurus/plugin-content-docs/client', aliases), '@docusaurus/plugin-content-docs');
});

test('packageName: no package for paths, URLs, builtins, or the bundler\'s aliases', () => {
  for (const specifier of ['./x', '../x/y', '/abs/path', 'node:fs', 'node:assert/strict', 'fs', 'path', 'fs/promises',
    'data:text/javascript,1', 'https://cdn.example/x.js', '@site/src/constants', '@theme/Heading', '@theme-original/Tabs',
    '@theme-init/X', '@generated/routes', '@docusaurus/Link', '@docusaurus/router', '@docusaurus/useBaseUrl', '']) {
    assert.equal(packageName(specifier, aliases), null, specifier);
  }
});

test('packageName: a malformed scoped name is not a package', () => {
  assert.equal(packageName('@', aliases), null);
  assert.equal(packageName('@scope', aliases), null);
  assert.equal(packageName('@scope/', aliases), null);
  assert.equal(packageName('@/x', aliases), null);
});

test('packageName: @docusaurus/<name> is a package unless it is one of the aliases', () => {
  assert.equal(packageName('@docusaurus/types', aliases), '@docusaurus/types');
  assert.equal(packageName('@docusaurus/Head', aliases), '@docusaurus/Head');
});

test('isDeclared: any dependency field counts, and so do DefinitelyTyped types', () => {
  const manifest = {name: 'v2fly-docs', dependencies: {react: '^19'}, devDependencies: {'@types/hast': '3'},
    optionalDependencies: {fsevents: '2'}, peerDependencies: {'@types/scope__pkg': '1'}};
  assert.equal(isDeclared('react', manifest), true);
  assert.equal(isDeclared('hast', manifest), true);
  assert.equal(isDeclared('fsevents', manifest), true);
  assert.equal(isDeclared('@scope/pkg', manifest), true);
  assert.equal(isDeclared('v2fly-docs', manifest), true);
  assert.equal(isDeclared('react-dom', manifest), false);
  assert.equal(isDeclared('webpack', {}), false);
});

test('undeclaredImports names the file, line and package of each import package.json lacks', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'check-imports-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({dependencies: {react: '19'}, devDependencies: {clsx: '2'}}));
  mkdirSync(join(dir, 'src/theme'), {recursive: true});
  mkdirSync(join(dir, 'src/node_modules/skipped'), {recursive: true});
  mkdirSync(join(dir, 'docs'), {recursive: true});
  writeFileSync(join(dir, 'src/theme/a.tsx'), "import React from 'react';\nimport clsx from 'clsx';\nimport {matchRoutes} from 'react-router-config';\n");
  writeFileSync(join(dir, 'src/node_modules/skipped/index.js'), "require('ignored');");
  writeFileSync(join(dir, 'docs/page.mjs'), "import 'outside-the-scanned-folders';");
  writeFileSync(join(dir, 'site.config.ts'), "import type {X} from 'webpack';\nimport '@site/src/theme/a';\n");
  const {problems} = undeclaredImports(dir);
  assert.deepEqual(problems.map((p) => `${p.file}:${p.line} ${p.name}`).sort(), ['site.config.ts:1 webpack', 'src/theme/a.tsx:3 react-router-config']);
});

test('stringLiterals: the text and line of each string, none from comments', () => {
  assert.deepEqual(stringLiterals("// 'in a comment'\nconst a = 'one';\n/* \"two\" */ const b = `three ${'four'}`;"), [
    {text: 'one', line: 2}, {text: "three ${'four'}", line: 3},
  ]);
});

test('namesTestsPath: a path segment named tests, not the word', () => {
  for (const text of ['tests/data/x.json', '../../tests/content/a.mjs', './tests', 'a\\tests\\b', 'tests', '@site/tests/e2e/x']) {
    assert.equal(namesTestsPath(text), true, text);
  }
  for (const text of ['the tests fail', 'contests/x', 'tests.json', 'my-tests/x', 'builder/facts/facts.mjs', '']) {
    assert.equal(namesTestsPath(text), false, text);
  }
});

test('pathsIntoTests: an import or a read of tests/ outside tests/ fails by file and line; tests/ itself and comments do not', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'check-imports-tests-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  for (const d of ['builder/schema', 'src/plugins/x', 'config', 'tests/unit', 'tests/e2e']) mkdirSync(join(dir, d), {recursive: true});
  // planted: the generator importing a reader from tests/, a plugin reading a data file there
  writeFileSync(join(dir, 'builder/schema/generate.mjs'),
    "import {join} from 'node:path';\nimport {facts} from '../../tests/content/facts.mjs';\n// reads tests/data as before\n");
  writeFileSync(join(dir, 'src/plugins/x/index.ts'), "const data = readFileSync(join(root, 'tests/data/pages.json'), 'utf8');\n");
  writeFileSync(join(dir, 'config/a.ts'), "const url = new URL('../tests/', import.meta.url);\n");
  writeFileSync(join(dir, 'site.config.ts'), "const x = await import('./tests/e2e/helper');\n");
  // allowed: tests importing scripts/, a comment naming tests/, the word in a sentence, the Playwright config
  writeFileSync(join(dir, 'tests/unit/a.test.mjs'), "import {facts} from '../../builder/facts/facts.mjs';\nconst d = 'tests/data/x.json';\n");
  writeFileSync(join(dir, 'config/b.ts'), "/** Checked by tests/e2e/b.spec.ts. */\nexport const b = 'the tests fail without it';\n");
  writeFileSync(join(dir, 'playwright.config.ts'), "import {x} from './tests/e2e/browser';\nexport default {testDir: './tests/e2e'};\n");
  assert.deepEqual(pathsIntoTests(dir).map((p) => `${p.file}:${p.line} ${p.text}`).sort(), [
    'builder/schema/generate.mjs:2 ../../tests/content/facts.mjs',
    'config/a.ts:1 ../tests/',
    'site.config.ts:1 ./tests/e2e/helper',
    'src/plugins/x/index.ts:1 tests/data/pages.json',
  ]);
});

test('nothing outside tests/ in this repository imports or reads tests/', () => {
  assert.deepEqual(pathsIntoTests(), []);
});

test('importsAcrossSuites: a suite importing another suite\'s folder fails by file and line; the toolkit room and the page reader do not', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'check-imports-suites-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  for (const d of ['tests/lab', 'tests/examples', 'tests/toolkit', 'tests/content', 'tests/tracer-diff']) mkdirSync(join(dir, d), {recursive: true});
  // planted: the lab reusing the example check's helpers, the tracer's comparison the lab's stand-ins
  writeFileSync(join(dir, 'tests/lab/run.mjs'),
    "import {ensureProgram} from '../examples/toolkit.mjs';\nimport {v2ray} from '../toolkit/v2ray.mjs';\nimport {codeBlocks} from '../content/blocks.mjs';\nimport {x} from './harness.mjs';\n");
  writeFileSync(join(dir, 'tests/tracer-diff/dns.ts'), "// once: import from '../lab/standins.mjs'\nconst s = await import('../lab/standins.mjs');\n");
  writeFileSync(join(dir, 'tests/toolkit/geo.mjs'), "import {join} from 'node:path';\n");
  // the checker's corpus reader is shared; the comparison beside it is not
  mkdirSync(join(dir, 'tests/unit'), {recursive: true});
  writeFileSync(join(dir, 'tests/unit/c.test.ts'), "import {corpus} from '../schema/corpus.mjs';\nimport {x} from '../schema/compare-real.mjs';\n");
  assert.deepEqual(importsAcrossSuites(dir).map((p) => `${p.file}:${p.line} ${p.text}`).sort(), [
    'tests/lab/run.mjs:1 ../examples/toolkit.mjs',
    'tests/tracer-diff/dns.ts:2 ../lab/standins.mjs',
    'tests/unit/c.test.ts:2 ../schema/compare-real.mjs',
  ]);
});

test('buildImportsScripts: the site or its build importing scripts/ fails by file and line; scripts/ and tests/ may', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'check-imports-scripts-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  for (const d of ['builder/schema', 'src/plugins/x', 'config', 'scripts/bench', 'tests/unit']) mkdirSync(join(dir, d), {recursive: true});
  // planted: a plugin importing the generator where it once lived, the generator a bench helper, config by @site/
  writeFileSync(join(dir, 'src/plugins/x/index.ts'), "import {buildSchema} from '../../../scripts/schema/generate.mjs';\nimport {y} from '../../../builder/schema/generate.mjs';\n");
  writeFileSync(join(dir, 'builder/schema/generate.mjs'), "import {join} from 'node:path';\nimport {median} from '../../scripts/bench/stats.mjs';\n");
  writeFileSync(join(dir, 'config/a.ts'), "import x from '@site/scripts/serve.mjs';\n");
  writeFileSync(join(dir, 'site.config.ts'), "// import from './scripts/x.mjs'\nimport y from './scriptsOfOurs/x';\n");
  // allowed: tools and tests importing scripts/ and builder/
  writeFileSync(join(dir, 'scripts/bench/run.mjs'), "import {x} from './stats.mjs';\nimport {buildSchema} from '../../builder/schema/generate.mjs';\n");
  writeFileSync(join(dir, 'tests/unit/a.test.mjs'), "import {x} from '../../scripts/checkImports.mjs';\n");
  assert.deepEqual(buildImportsScripts(dir).map((p) => `${p.file}:${p.line} ${p.text}`).sort(), [
    'builder/schema/generate.mjs:2 ../../scripts/bench/stats.mjs',
    'config/a.ts:1 @site/scripts/serve.mjs',
    'src/plugins/x/index.ts:1 ../../../scripts/schema/generate.mjs',
  ]);
});

test('nothing in the site or its build imports scripts/', () => {
  assert.deepEqual(buildImportsScripts(), []);
});
