#!/usr/bin/env node
// Example check: every ```json / ```jsonc block of every page, both languages, v4 docs
// and the v5 branch, is classified by its fence meta (WRITING.md "Code blocks") and checked:
// - v4 examples that 4.34 knows (no since=, or since <= 4.34 is refused) run through the real
//   program, `v2ray -test -config`, fragments wrapped by tests/examples/wrap.mjs;
// - every configuration block (v4 and v5) is checked against the facts field list
//   (scripts/facts/factsWalk.mjs); v4 blocks that run through 4.34 must also use only keys the
//   4.34 binary declares, because 4.34 silently ignores unknown keys;
// - the Chinese and English page carry the same examples with the same meta.
// Test-time rewrites, in the temporary copy only: certificateFile/keyFile become a fresh
// self-signed pair and inline certificate/key PEM lines its contents (examples cannot ship a real
// key); log.access/log.error file paths go to the temporary folder (4.34 opens them at start).
// geoip:/geosite: tags resolve against tiny geo files generated here (V2RAY_LOCATION_ASSET).
// Environment: a string "env:NAME" in a block (4.34 reads a port such as "port": "env:SOCKS_PORT"
// from the variable NAME, and refuses the file when it is unset) runs with NAME set for that
// block only: a name ending in PORT gets a free port number, any other name the placeholder
// "v2fly-example" (so a port must come from a ...PORT variable).
// Problems on pages listed in tests/data/unfinished.json are printed as pending and do not fail
// (--strict makes them fail). Figures go to bench/examples.json.
// Usage: node --import tsx check-examples.mjs [--page /config/routing] [--strict] [--verbose (one line per block)]
//   [--root DIR (pages from another tree, for check-examples.test.mjs)]
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {codeBlocks, compareExamples, parseJsonBlock, parseMeta} from '../content/blocks.mjs';
import {resolveObject, walk} from '../../scripts/facts/factsWalk.mjs';
import {pageFiles} from '../../scripts/content/files.mjs';
import {compareVersions, versionOf} from '../../scripts/content/versions.mjs';
import {V2RAY, ensureProgram, freePort, knownKeys, makeCertificate, testConfig, toolkitVersion} from './toolkit.mjs';
import {writeGeoFiles} from '../toolkit/geo.mjs';
import {wrapFragment} from './wrap.mjs';
import {schemaValidator} from '../schema/validator.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
const only = argv.includes('--page') ? argv[argv.indexOf('--page') + 1] : null;
const strict = argv.includes('--strict');
const verbose = argv.includes('--verbose');
/** --root DIR: read the pages from another tree (the self-test's fixtures); no bench output. */
const pagesRoot = argv.includes('--root') ? resolve(String(argv[argv.indexOf('--root') + 1])) : root;
const unfinished = new Set(JSON.parse(readFileSync(join(root, 'tests/data/unfinished.json'), 'utf8')).pages);
/** The program's version: a since= at or below it must run through the program instead. */
const PROGRAM_VERSION = [4, 34, 0];
const PARALLEL = 2;
/** Tags every routing page may use, generated even when no example names them yet. */
const DEFAULT_GEOIP = ['private', 'cn'];
const DEFAULT_GEOSITE = ['cn', 'geolocation-!cn', 'category-ads-all'];

/** @typedef {'zh' | 'en'} Lang */
/**
 * @typedef {{file: string, line: number, lang: Lang, page: string, v5: boolean, code: string,
 *   meta: import('../content/blocks.mjs').FenceMeta, value?: unknown,
 *   kind?: 'config' | 'fragment' | 'not-config', object?: import('../../scripts/facts/factsWalk.mjs').FactObject,
 *   program?: boolean, programOk?: boolean, fieldsChecked?: boolean, schemaOk?: boolean}} Block
 */

// ---- collect ----
/** @type {Block[]} */
const blocks = [];
for (const {abs, file, page, lang, v5} of pageFiles(pagesRoot)) {
  if (only && page !== only) continue;
  for (const b of codeBlocks(readFileSync(abs, 'utf8'))) {
    if (b.lang !== 'json' && b.lang !== 'jsonc') continue;
    blocks.push({file, line: b.line, lang, page, v5, code: b.code, meta: parseMeta(b.meta),
      ...(() => { try { return {value: parseJsonBlock(b)}; } catch { return {}; } })()});
  }
}

/** @type {{block: Block | null, page: string, message: string}[]} */
const problems = [];
/** @type {string[]} */
const notes = [];
/** @param {Block} b @param {string} message */
const fail = (b, message) => problems.push({block: b, page: b.page, message});

// ---- classify ----
const root4 = /** @type {import('../../scripts/facts/factsWalk.mjs').FactObject} */ (resolveObject('ConfigObject', '/config/overview'));
const root5 = /** @type {import('../../scripts/facts/factsWalk.mjs').FactObject} */ (resolveObject('RootConfig', '/v5/config/overview'));
for (const b of blocks) {
  if (!('value' in b)) { fail(b, 'does not parse as JSON (a block with comments is jsonc)'); continue; }
  if (b.meta.notConfig !== undefined) {
    if (!b.meta.notConfig.trim()) fail(b, 'not-config needs a reason: not-config="stats API response"');
    if (b.meta.fragment) fail(b, 'has both not-config and fragment=');
    b.kind = 'not-config';
    continue;
  }
  if (b.meta.since !== undefined) {
    if (!/^v?\d+(\.\d+){0,2}$/.test(b.meta.since)) fail(b, `since=${b.meta.since} is not a version`);
    else if (!b.v5 && compareVersions(versionOf(b.meta.since), PROGRAM_VERSION) <= 0) {
      fail(b, `since=${b.meta.since} is not newer than the toolkit here (4.34): drop it so the example runs through v2ray`);
    }
  }
  if (b.meta.fragment) {
    const o = resolveObject(b.meta.fragment, b.page);
    if (!o || o.v5 !== b.v5 && !(b.v5 === false && o.registry)) {
      fail(b, `fragment=${b.meta.fragment} names no ${b.v5 ? 'v5' : 'v4'} object of the facts file`
        + ` (v4: an object name such as RuleObject; v5: the heading name such as SimplifiedConfig)`);
      continue;
    }
    b.kind = 'fragment';
    b.object = o;
  } else {
    const top = b.value && typeof b.value === 'object' && !Array.isArray(b.value) ? Object.keys(b.value) : [];
    const rootObject = b.v5 ? root5 : root4;
    // "$schema" names the JSON Schema for editors; v4 ignores it (the schema allows it, /config/overview#json-schema)
    const known = [...rootObject.fields.keys(), ...(b.v5 ? [] : ['$schema'])];
    if (!top.length || !top.every((k) => known.includes(k))) {
      fail(b, `unclassified: not a complete ${b.v5 ? 'v5' : 'v4'} configuration (top-level keys ${JSON.stringify(top)});`
        + ' give the fence fragment=<Object>, or not-config="reason"');
      continue;
    }
    b.kind = 'config';
    b.object = rootObject;
  }
  b.program = !b.v5 && b.meta.since === undefined;
}

// ---- field list ----
try {
  ensureProgram(V2RAY, 'v2ray');
  ensureProgram('/usr/bin/openssl', 'openssl');
} catch (e) {
  console.error(/** @type {Error} */ (e).message);
  process.exit(2);
}
const known434 = knownKeys();
for (const b of blocks) {
  if ((b.kind !== 'config' && b.kind !== 'fragment') || !b.object) continue;
  /** @type {import('../../scripts/facts/factsWalk.mjs').WalkState} */
  const state = {v5: b.v5, known434: null, errors: [], newer: [], notes: []};
  walk(withoutSchemaKey(b.value), {kind: 'objects', objects: [b.object], inline: new Map()}, b.object.heading, state);
  for (const e of state.errors) fail(b, e);
  for (const n of state.notes) notes.push(`${b.file}:${b.line}: ${n}`);
  b.fieldsChecked = true;
}

/** A v4 file without its top-level "$schema" (editors read it, the toolkit ignores it). @param {unknown} v */
function withoutSchemaKey(v) {
  if (!v || typeof v !== 'object' || Array.isArray(v) || !('$schema' in v)) return v;
  const {$schema: _, ...rest} = /** @type {Record<string, unknown>} */ (v);
  return rest;
}

// ---- the JSON Schemas (scripts/schema/generate.mjs) ----
const validators = {v4: schemaValidator('v4'), v5: schemaValidator('v5')};
for (const b of blocks) {
  if ((b.kind !== 'config' && b.kind !== 'fragment') || !b.object) continue;
  const v = b.v5 ? validators.v5 : validators.v4;
  const errors = v.validate(b.value, b.kind === 'config' ? null : b.object);
  if (errors === null) { fail(b, `no ${b.v5 ? 'v5' : 'v4'} schema definition for ${b.object.heading}`); continue; }
  for (const e of errors) fail(b, `schema: ${e}`);
  b.schemaOk = errors.length === 0;
}

// ---- the program ----
const work = mkdtempSync(join(tmpdir(), 'v2fly-examples-'));
const assets = join(work, 'assets');
const cert = makeCertificate(work);

/** geo tags the examples use: file -> codes (geoip) / file -> code -> attributes (geosite). */
const geo = {
  ip: new Map([['geoip.dat', new Set(DEFAULT_GEOIP)]]),
  site: new Map([['geosite.dat', new Map(DEFAULT_GEOSITE.map((c) => [c, new Set()]))]]),
};
const ipKeys = new Set(['ip', 'source', 'expectIps', 'expectIPs', 'sourceIP']);
/** @param {unknown} v @param {string} key */
function collectGeo(v, key) {
  if (Array.isArray(v)) { v.forEach((x) => collectGeo(x, key)); return; }
  if (v && typeof v === 'object') { for (const [k, x] of Object.entries(v)) collectGeo(x, k); return; }
  if (typeof v !== 'string') return;
  const m = /^(geoip|geosite|ext):(.+)$/.exec(v);
  if (!m) return;
  let [, kind, rest] = /** @type {[string, string, string]} */ (/** @type {unknown} */ (m));
  let file = `${kind}.dat`;
  if (kind === 'ext') {
    const parts = rest.split(':');
    file = parts[0] ?? 'ext.dat';
    rest = parts.slice(1).join(':');
    kind = ipKeys.has(key) ? 'geoip' : 'geosite';
  }
  const [code = '', ...attrs] = rest.replace(/^!/, '').split('@');
  if (kind === 'geoip') {
    if (!geo.ip.has(file)) geo.ip.set(file, new Set());
    geo.ip.get(file)?.add(code);
  } else {
    if (!geo.site.has(file)) geo.site.set(file, new Map());
    const sites = /** @type {Map<string, Set<string>>} */ (geo.site.get(file));
    if (!sites.has(code)) sites.set(code, new Set());
    for (const a of attrs) sites.get(code)?.add(a.replace(/^!/, ''));
  }
}
for (const b of blocks) if (b.program) collectGeo(b.value, '');
writeGeoFiles(assets, geo);

/** The temporary copy handed to the program (see the rewrite rule at the top). @param {unknown} v @param {string} key */
function forProgram(v, key = '') {
  if (Array.isArray(v)) {
    if (key === 'certificate' && v.every((x) => typeof x === 'string')) return cert.certLines;
    if (key === 'key' && v.every((x) => typeof x === 'string')) return cert.keyLines;
    return v.map((x) => forProgram(x, key));
  }
  if (v && typeof v === 'object') {
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'certificateFile' && typeof x === 'string') out[k] = cert.certFile;
      else if (k === 'keyFile' && typeof x === 'string') out[k] = cert.keyFile;
      else if (key === 'log' && (k === 'access' || k === 'error') && typeof x === 'string' && x && x !== 'none') {
        out[k] = join(work, `${k}.log`);
      } else out[k] = forProgram(x, k);
    }
    return out;
  }
  return v;
}

/** Placeholder value of an env:NAME variable whose name does not end in PORT (see the top). */
const ENV_PLACEHOLDER = 'v2fly-example';

/**
 * The variables a block's env:NAME strings need (rule at the top). @param {unknown} v
 * @returns {Promise<Record<string, string>>}
 */
async function envFor(v) {
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {unknown} x */
  const collect = (x) => {
    if (Array.isArray(x)) x.forEach(collect);
    else if (x && typeof x === 'object') Object.values(x).forEach(collect);
    else if (typeof x === 'string') { const m = /^env:([A-Za-z_][A-Za-z0-9_]*)$/.exec(x); if (m?.[1]) names.add(m[1]); }
  };
  collect(v);
  /** @type {Record<string, string>} */
  const env = {};
  for (const name of names) env[name] = /PORT$/i.test(name) ? String(await freePort()) : ENV_PLACEHOLDER;
  return env;
}

const runs = blocks.filter((b) => b.program && b.kind !== 'not-config' && b.object);
let next = 0;
async function worker() {
  while (next < runs.length) {
    const i = next;
    next += 1;
    const b = /** @type {Block} */ (runs[i]);
    const object = /** @type {import('../../scripts/facts/factsWalk.mjs').FactObject} */ (b.object);
    const config = b.kind === 'config' ? b.value : wrapFragment(object, /** @type {Record<string, unknown>} */ (b.value));
    if (config === null) {
      fail(b, `no wrapping for ${object.name}: add a row to WRAP in tests/examples/wrap.mjs`);
      continue;
    }
    // 4.34 ignores keys it does not know: look for them in the whole configuration it gets
    /** @type {import('../../scripts/facts/factsWalk.mjs').WalkState} */
    const state = {v5: false, known434, errors: [], newer: [], notes: []};
    walk(withoutSchemaKey(config), {kind: 'objects', objects: [root4], inline: new Map()}, 'config', state);
    if (state.newer.length) {
      fail(b, `v2ray 4.34 does not know ${state.newer.join(', ')} (it would ignore them): give the fence`
        + ' since=<version> if this is a newer feature, else the field does not exist');
    }
    const file = join(work, `example-${i}.json`);
    writeFileSync(file, JSON.stringify(forProgram(config), null, 2));
    const error = await testConfig(file, assets, await envFor(config));
    if (error) fail(b, `v2ray 4.34 -test refuses it:\n      ${error.split('\n').join('\n      ')}`);
    else if (!state.newer.length) b.programOk = true;
  }
}
const started = Date.now();
await Promise.all(Array.from({length: PARALLEL}, worker));

// ---- the same examples in both languages ----
/** @type {Map<string, {zh: Block[], en: Block[]}>} */
const byPage = new Map();
for (const b of blocks) {
  const entry = byPage.get(b.page) ?? {zh: [], en: []};
  entry[b.lang].push(b);
  byPage.set(b.page, entry);
}
for (const [page, {zh, en}] of byPage) {
  /** @param {Block} b */
  const view = (b) => ({line: b.line, value: b.value, meta: b.meta});
  for (const p of compareExamples(zh.map(view), en.map(view))) {
    problems.push({block: null, page, message: p});
  }
}

// ---- report ----
rmSync(work, {recursive: true, force: true});
const pending = problems.filter((p) => !strict && unfinished.has(p.page));
const failing = problems.filter((p) => strict || !unfinished.has(p.page));
/** @param {{block: Block | null, page: string, message: string}} p */
const show = (p) => (p.block ? `${p.block.file}:${p.block.line}: ${p.message}` : `${p.page}: ${p.message}`);
if (verbose) {
  for (const b of blocks) {
    const how = b.kind === 'not-config' ? 'not-config' : b.programOk ? 'v2ray OK + fields' : b.program ? 'v2ray FAILED'
      : b.fieldsChecked ? 'fields only' : 'unclassified';
    console.log(`${b.file}:${b.line}: ${b.kind ?? '-'} ${b.object?.heading ?? ''} ${b.meta.since ? `since=${b.meta.since} ` : ''}-> ${how}`);
  }
}
for (const n of notes) console.log(`note: ${n}`);
for (const p of pending) console.log(`pending (unfinished page) ${show(p)}`);
for (const p of failing) console.error(show(p));

/** @param {Lang} lang */
function figures(lang) {
  const mine = blocks.filter((b) => b.lang === lang);
  return {
    jsonBlocks: mine.length,
    acceptedByProgram: mine.filter((b) => b.programOk).length,
    fieldListOnly: mine.filter((b) => b.fieldsChecked && !b.program).length,
    notConfig: mine.filter((b) => b.kind === 'not-config').length,
    validByJsonSchema: mine.filter((b) => b.schemaOk).length,
    withProblems: new Set(failing.filter((p) => p.block?.lang === lang).map((p) => p.block)).size,
    pendingOnUnfinishedPages: new Set(pending.filter((p) => p.block?.lang === lang).map((p) => p.block)).size,
  };
}
const result = {
  _comment: 'Written by tests/examples/check-examples.mjs (npm run check:examples). acceptedByProgram: '
    + '`v2ray -test` passed (and the field list); fieldListOnly: since= newer than 4.34, or the v5 branch.',
  toolkit: toolkitVersion(),
  zh: figures('zh'),
  en: figures('en'),
};
if (!only && pagesRoot === root) {
  mkdirSync(join(root, 'bench'), {recursive: true});
  writeFileSync(join(root, 'bench/examples.json'), `${JSON.stringify(result, null, 2)}\n`);
}
for (const lang of /** @type {const} */ (['zh', 'en'])) {
  const f = result[lang];
  console.log(`examples [${lang}]: ${f.jsonBlocks} JSON blocks, ${f.acceptedByProgram} accepted by ${result.toolkit.split(' (')[0]},`
    + ` ${f.fieldListOnly} checked by field list only, ${f.notConfig} not configurations, ${f.withProblems} with problems`
    + ` (+${f.pendingOnUnfinishedPages} on unfinished pages)`);
}
console.log(`examples: ${runs.length} program runs in ${((Date.now() - started) / 1000).toFixed(1)} s;`
  + ` ${failing.length} problems, ${pending.length} pending on unfinished pages`);
process.exit(failing.length ? 1 : 0);
