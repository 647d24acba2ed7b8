#!/usr/bin/env node
/**
 * Every package the code imports is declared in package.json. A package that is only
 * there because another one depends on it (react-router-config, copy-text-to-clipboard…) can
 * vanish or change version with any update of that other package.
 *
 * Scans the code files of src/, config/, builder/, scripts/, tests/ and the top-level *.ts/*.mjs/*.cjs/*.js
 * (docusaurus.config.ts, sidebars*.ts, playwright.config.ts) for import, export … from,
 * import() and require() of bare specifiers, and fails naming each file and package that
 * package.json does not list. Not packages: node: and other builtins, relative and absolute
 * paths, the aliases Docusaurus's bundler provides (@site/, @theme/, @theme-original/,
 * @theme-init/, @generated/, and @docusaurus/Link, @docusaurus/router… — the names in
 * @docusaurus/core's client exports; @docusaurus/theme-common and the like are real packages).
 *
 * Second, nothing outside tests/ depends on tests/ (so the site builds, and the scripts run, from
 * a copy without it): a code file in src/, config/, builder/, scripts/ or at the top level that imports a
 * module under tests/, or holds a string naming a path under tests/ ('../../tests/x.mjs',
 * join(root, 'tests/data/y.json'), new URL('../tests/', import.meta.url)), fails by file and line.
 * Comments may name tests/. Exempt: playwright.config.ts (the test runner's own settings) and
 * this file (it scans tests/ for imports). A path built from a bare 'tests' segment joined with
 * another ('tests' + '/data') is not seen.
 *
 * Third, the site and its build (src/, config/, builder/ and the top-level files) import nothing
 * from scripts/, which holds CI checks, the bench and maintainers' tools: code the build runs lives
 * in builder/ (builder/README.md), so editing a tool never changes what is published.
 *
 * Usage: node scripts/checkImports.mjs [--verbose]
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {builtinModules} from 'node:module';
import {dirname, join, relative, resolve, sep} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const codeFile = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const scanDirs = ['src', 'config', 'builder', 'scripts', 'tests'];
const skipDirs = new Set(['node_modules', 'build', 'build-docsearch', '.docusaurus', 'test-results', 'playwright-report']);
/** Files whose import lines are test data (made-up package names in strings), not imports. */
const skipFiles = new Set(['check-imports.test.mjs']);

/** Aliases of Docusaurus's bundler, not packages (the specifier's first segment, or all of it). */
const aliasPrefixes = ['@site/', '@theme/', '@theme-original/', '@theme-init/', '@generated/',
  // ours: the generated configuration schemas (src/plugins/configSchemas)
  '@config-schemas/'];

/** `@docusaurus/<Name>` aliases: the modules in @docusaurus/core's client exports (Link, router…). */
export function docusaurusAliases(coreDir = join(root, 'node_modules/@docusaurus/core')) {
  const dir = join(coreDir, 'lib/client/exports');
  if (!existsSync(dir)) {
    // Before npm install: the list of @docusaurus/core 3.10.
    return new Set(['BrowserOnly', 'ComponentCreator', 'ErrorBoundary', 'ExecutionEnvironment', 'Head', 'Interpolate',
      'Link', 'Noop', 'Translate', 'constants', 'isInternalUrl', 'renderRoutes', 'router', 'useBaseUrl', 'useBrokenLinks',
      'useDocusaurusContext', 'useGlobalData', 'useIsBrowser', 'useIsomorphicLayoutEffect', 'useRouteContext']);
  }
  return new Set(readdirSync(dir).filter((f) => /\.js$/.test(f)).map((f) => f.replace(/\.js$/, '')));
}

/**
 * The source with its comments blanked out (newlines kept, so offsets and line numbers stay),
 * strings and template literals left as they are. A `/` after an operator or an opening
 * bracket starts a regular expression, whose quotes are not strings.
 */
export function stripComments(source) {
  return scanSource(source).code;
}

/**
 * The string and template literals of a source file (comments skipped), each with its text
 * between the quotes and its line.
 * @returns {{text: string, line: number}[]}
 */
export function stringLiterals(source) {
  const {code, strings} = scanSource(source);
  return strings.map(({start, end}) => ({text: code.slice(start + 1, end - 1), line: code.slice(0, start).split('\n').length}));
}

/** One pass over the source: the code with comments blanked, and where each string literal is. */
function scanSource(source) {
  /** @type {{start: number, end: number}[]} */
  const strings = [];
  let out = '';
  let i = 0;
  /** Last significant character of code, to tell a regular expression from a division. */
  let last = '';
  const blank = (text) => text.replace(/[^\n]/g, ' ');
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (c === '\'' || c === '"' || c === '`') {
      const stop = endOfString(source, i);
      strings.push({start: i, end: stop});
      out += source.slice(i, stop);
      i = stop;
      last = c;
    } else if (c === '/' && (last === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(last) || /\b(?:return|typeof|case|in|of)$/.test(out.trimEnd()))) {
      const stop = endOfRegExp(source, i);
      out += source.slice(i, stop);
      i = stop;
      last = '/';
    } else {
      out += c;
      if (!/\s/.test(c)) last = c;
      i += 1;
    }
  }
  return {code: out, strings};
}

/** Index just past the string or template literal starting at `start` (nested `${…}` included). */
function endOfString(source, start) {
  const quote = source[start];
  let i = start + 1;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else if (quote !== '`' && c === '\n') return i; // unterminated: stop at the line's end
    else if (quote === '`' && c === '$' && source[i + 1] === '{') i = endOfBraces(source, i + 1);
    else i += 1;
  }
  return source.length;
}

/** Index just past the `}` closing the `{` at `start`, skipping strings inside. */
function endOfBraces(source, start) {
  let depth = 0;
  let i = start;
  while (i < source.length) {
    const c = source[i];
    if (c === '\'' || c === '"' || c === '`') {
      i = endOfString(source, i);
      continue;
    }
    if (c === '{') depth += 1;
    else if (c === '}' && --depth === 0) return i + 1;
    i += 1;
  }
  return source.length;
}

/** Index just past the regular expression literal starting at `start` (its flags included). */
function endOfRegExp(source, start) {
  let i = start + 1;
  let inClass = false;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') i += 2;
    else if (c === '\n') return i; // not a regular expression after all
    else {
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) {
        i += 1;
        while (/[a-z]/i.test(source[i] ?? '')) i += 1;
        return i;
      }
      i += 1;
    }
  }
  return i;
}

const importPatterns = [
  // import x from 'p', import {a, b} from 'p', import type … from 'p', export … from 'p' (multi-line)
  /\b(?:import|export)\s+(?!\()[^'"`;()]*?\bfrom\s*(['"])([^'"\n]+)\1/g,
  // import 'p' (side effects only)
  /\bimport\s*(['"])([^'"\n]+)\1/g,
  // import('p'), also in type positions: import('p').Type
  /\bimport\s*\(\s*(['"`])([^'"`$\n]+)\1\s*[,)]/g,
  // require('p'), require.resolve('p')
  /\brequire(?:\.resolve)?\s*\(\s*(['"`])([^'"`$\n]+)\1\s*[,)]/g,
];

/** The module specifiers a source file imports, in order of appearance, each with its line. */
export function importSpecifiers(source) {
  const code = stripComments(source);
  const found = [];
  for (const pattern of importPatterns) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[2];
      const index = (match.index ?? 0) + match[0].lastIndexOf(specifier);
      found.push({specifier, index, line: code.slice(0, index).split('\n').length});
    }
  }
  // One statement can match two patterns (`import x from 'p'` never matches the side-effect
  // one, but be safe): one entry per place.
  const seen = new Set();
  return found.sort((a, b) => a.index - b.index).filter((f) => !seen.has(f.index) && seen.add(f.index))
    .map(({specifier, line}) => ({specifier, line}));
}

const builtins = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]]));

/**
 * The package a specifier names, or null when it names none: relative or absolute paths, URLs
 * and node: builtins, and the bundler's aliases. `@scope/name/sub/path` -> `@scope/name`,
 * `name/sub/path` -> `name`.
 */
export function packageName(specifier, aliases = docusaurusAliases()) {
  if (!specifier || /^[./]/.test(specifier) || /^[a-z][a-z0-9+.-]*:/i.test(specifier)) return null;
  if (aliasPrefixes.some((prefix) => specifier.startsWith(prefix))) return null;
  const parts = specifier.split('/');
  if (specifier.startsWith('@')) {
    if (parts.length < 2 || !parts[0].slice(1) || !parts[1]) return null;
    if (parts[0] === '@docusaurus' && aliases.has(parts[1])) return null;
    return `${parts[0]}/${parts[1]}`;
  }
  if (builtins.has(parts[0])) return null;
  return parts[0];
}

/** Whether package.json lists the package (or its DefinitelyTyped types, for a types-only import). */
export function isDeclared(name, manifest) {
  const listed = {
    ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies,
  };
  const typesName = `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
  return name === manifest.name || name in listed || typesName in listed;
}

function* codeFiles(dir) {
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    if (entry.isDirectory()) {
      if (!skipDirs.has(entry.name) && !entry.name.startsWith('.')) yield* codeFiles(join(dir, entry.name));
    } else if (codeFile.test(entry.name) && !entry.name.endsWith('.d.ts') && !skipFiles.has(entry.name)) {
      yield join(dir, entry.name);
    }
  }
}

/** Every code file the check reads: the scanned folders and the top-level config files. */
export function filesToScan(dir = root) {
  const top = readdirSync(dir, {withFileTypes: true}).filter((e) => e.isFile() && codeFile.test(e.name)).map((e) => join(dir, e.name));
  return [...top, ...scanDirs.filter((d) => existsSync(join(dir, d))).flatMap((d) => [...codeFiles(join(dir, d))])];
}

/** Undeclared imports, as `file:line: package (specifier)`. */
export function undeclaredImports(dir = root) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const aliases = docusaurusAliases(join(dir, 'node_modules/@docusaurus/core'));
  const problems = [];
  const files = filesToScan(dir);
  for (const file of files) {
    for (const {specifier, line} of importSpecifiers(readFileSync(file, 'utf8'))) {
      const name = packageName(specifier, aliases);
      if (name && !isDeclared(name, manifest)) problems.push({file: relative(dir, file), line, name, specifier});
    }
  }
  return {files: files.length, problems};
}

/** Code files outside tests/ that may name tests/: the test runner's settings, and this check. */
const mayNameTests = new Set(['playwright.config.ts', 'scripts/checkImports.mjs']);

/** Whether a string names a path under tests/: a path segment `tests` ('tests/x', '../../tests/x', 'a/tests'). */
export const namesTestsPath = (text) => /(?:^|[/\\])tests(?:[/\\]|$)/.test(text);

/**
 * Places outside tests/ that import or name a path under tests/, as `{file, line, text}`.
 * @param {string} dir the repository
 */
export function pathsIntoTests(dir = root) {
  const problems = [];
  for (const file of filesToScan(dir)) {
    const rel = relative(dir, file).split(sep).join('/');
    if (rel.startsWith('tests/') || mayNameTests.has(rel)) continue;
    for (const {text, line} of stringLiterals(readFileSync(file, 'utf8'))) {
      if (namesTestsPath(text)) problems.push({file: rel, line, text});
    }
  }
  return problems;
}

/**
 * Folders under tests/ every suite may import from: the toolkit room (tests/toolkit/README.md: the
 * real v2ray, the namespace, processes, geo files, proxy clients and stand-ins) and the page reader
 * (tests/content/blocks.mjs and its neighbours).
 */
export const SHARED_TEST_FOLDERS = new Set(['toolkit', 'content']);

/**
 * Single files other suites may import besides: the checker's corpora and its Node validator, which
 * the checker's unit tests replay and the example check validates with (tests/toolkit/README.md).
 */
export const SHARED_TEST_FILES = new Set(['tests/schema/corpus.mjs', 'tests/schema/worst-cases.mjs', 'tests/schema/validator.mjs']);

/**
 * Imports from one test suite's folder into another's (tests/lab importing tests/examples/…), as
 * `{file, line, text}`: suites share code only through the folders in SHARED_TEST_FOLDERS, so a
 * change inside one suite cannot break another, and there is one copy of each shared piece.
 * @param {string} dir the repository
 */
export function importsAcrossSuites(dir = root) {
  const problems = [];
  for (const file of filesToScan(dir)) {
    const rel = relative(dir, file).split(sep).join('/');
    const own = /^tests\/([^/]+)\//.exec(rel)?.[1];
    if (!own) continue;
    for (const {specifier, line} of importSpecifiers(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = relative(dir, resolve(dirname(file), specifier)).split(sep).join('/');
      const other = /^tests\/([^/]+)\//.exec(target)?.[1];
      const sharedFile = SHARED_TEST_FILES.has(target) || SHARED_TEST_FILES.has(`${target}.mjs`);
      if (other && other !== own && !SHARED_TEST_FOLDERS.has(other) && !sharedFile) {
        problems.push({file: rel, line, text: specifier});
      }
    }
  }
  return problems;
}

/**
 * Imports of a module under scripts/ by the site or its build (src/, config/, builder/, top-level
 * files), as `{file, line, text}`: relative paths and `@site/scripts/…`.
 * @param {string} dir the repository
 */
export function buildImportsScripts(dir = root) {
  const problems = [];
  for (const file of filesToScan(dir)) {
    const rel = relative(dir, file).split(sep).join('/');
    if (/^(scripts|tests)\//.test(rel)) continue;
    for (const {specifier, line} of importSpecifiers(readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('@site/') ? specifier.slice('@site/'.length)
        : specifier.startsWith('.') ? relative(dir, resolve(dirname(file), specifier)).split(sep).join('/') : null;
      if (target?.startsWith('scripts/')) problems.push({file: rel, line, text: specifier});
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const intoTests = pathsIntoTests();
  for (const p of intoTests) console.error(`${p.file}:${p.line}: names ${JSON.stringify(p.text)}, a path under tests/`);
  if (intoTests.length > 0) {
    console.error(`\ncheck:imports: ${intoTests.length} place(s) outside tests/ import or read tests/. The build and the scripts must `
      + 'run without tests/: move what they need to facts/, builder/ or scripts/ (README "Layout"), and have the tests import it from there');
    process.exitCode = 1;
  }
  const across = importsAcrossSuites();
  for (const p of across) console.error(`${p.file}:${p.line}: imports ${JSON.stringify(p.text)}, another suite's folder`);
  if (across.length > 0) {
    console.error(`\ncheck:imports: ${across.length} import(s) from one test suite's folder into another's. Suites share code only `
      + `through ${[...SHARED_TEST_FOLDERS].map((f) => `tests/${f}/`).join(' and ')} (tests/toolkit/README.md): move the shared piece there`);
    process.exitCode = 1;
  }
  const intoScripts = buildImportsScripts();
  for (const p of intoScripts) console.error(`${p.file}:${p.line}: imports ${JSON.stringify(p.text)}, a module under scripts/`);
  if (intoScripts.length > 0) {
    console.error(`\ncheck:imports: ${intoScripts.length} import(s) of scripts/ by the site or its build. scripts/ holds checks, `
      + 'the bench and tools; move code the build runs to builder/ (builder/README.md)');
    process.exitCode = 1;
  }
  const {files, problems} = undeclaredImports();
  for (const p of problems) console.error(`${p.file}:${p.line}: imports ${p.name} (${p.specifier}), which package.json does not list`);
  if (problems.length > 0) {
    const names = [...new Set(problems.map((p) => p.name))];
    console.error(`\ncheck:imports: ${names.length} undeclared package(s): ${names.join(', ')}. `
      + 'Add each with its installed version: npm install --save-exact [--save-dev] NAME@VERSION');
    process.exit(1);
  }
  console.log(`check:imports: every package imported by ${files} files is in package.json`);
  if (intoTests.length === 0) console.log('check:imports: no file outside tests/ imports or names a path under tests/');
  if (intoScripts.length === 0) console.log('check:imports: the site and its build import nothing from scripts/');
  if (across.length === 0) console.log('check:imports: test suites share code only through tests/toolkit/, tests/content/ and the checker\'s corpus readers');
}
