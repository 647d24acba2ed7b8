#!/usr/bin/env node
// Example check: every ```json / ```jsonc block of every page, both languages, v4 docs
// and the v5 branch, is classified by its fence meta (WRITING.md "Code blocks") and checked:
// - every configuration block runs through v2ray 5.52.0 (the release the site documents,
//   tests/toolkit/), `v2ray test`: v4-format pages with `-format json`, v5-branch pages with
//   `-format jsonv5`; fragments wrapped into the smallest whole configuration by
//   tests/examples/wrap.mjs (a v5 fragment that no row or registry places is checked by the field
//   list only, and counted so);
// - the v4 format ignores keys it does not know, so v4 blocks must also use only keys the 5.52.0
//   binary declares (its struct tags); jsonv5 refuses unknown keys itself;
// - a v4 block marked since=X (newer than 4.34) also goes through Debian's v2ray 4.34: when 4.34
//   loads it and knows every key, the mark is not needed and the block fails;
// - every configuration block (v4 and v5) is checked against the facts field list
//   (builder/facts/factsWalk.mjs) and the JSON Schema of its branch;
// - the Chinese and English page carry the same examples with the same meta.
// All of it runs inside the loopback-only network namespace (tests/toolkit/namespace.mjs), so an
// example naming real servers reaches none of them.
// Test-time rewrites, in the temporary copy only: certificateFile/keyFile become a fresh
// self-signed pair and inline certificate/key PEM lines its contents (examples cannot ship a real
// key); log file paths go to the temporary folder (v2ray opens them at start).
// geoip:/geosite: tags resolve against tiny geo files generated here (V2RAY_LOCATION_ASSET).
// Environment: a string "env:NAME" in a block (the v4 format reads a port such as
// "port": "env:SOCKS_PORT" from the variable NAME, and refuses the file when it is unset) runs
// with NAME set for that block only: a name ending in PORT gets a free port number, any other name
// the placeholder "v2fly-example" (so a port must come from a ...PORT variable).
// Problems on pages listed in tests/data/unfinished.json are printed as pending and do not fail
// (--strict makes them fail). Figures go to bench/examples.json.
// Usage: node --import tsx check-examples.mjs [--page /config/routing] [--strict] [--verbose (one line per block)]
//   [--root DIR (pages from another tree, for check-examples.test.mjs)]
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {codeBlocks, compareExamples, parseJsonBlock, parseMeta} from '../content/blocks.mjs';
import {ROOT_KEYS_AFTER_434, resolveObject, walk} from '../../builder/facts/factsWalk.mjs';
import {pageFiles} from '../../builder/content/files.mjs';
import {compareVersions, versionOf} from '../../builder/content/versions.mjs';
import {freePort, knownKeys, makeCertificate} from './toolkit.mjs';
import {writeGeoFiles} from '../toolkit/geo.mjs';
import {wrapFragment, wrapV5Fragment} from './wrap.mjs';
import {schemaValidator} from '../schema/validator.mjs';
import {ensureProgram, releaseOfBinary, v2ray, v2ray434, withToolkit} from '../toolkit/v2ray.mjs';
import {enterNamespace} from '../toolkit/namespace.mjs';
import {testConfig} from '../toolkit/processes.mjs';

// the binaries first (a build needs the network), then into the loopback-only namespace; `v2ray
// test` binds nothing and needs no root, so a user namespace is enough
let bin = '';
let bin434 = '';
await withToolkit(async () => {
  bin = v2ray();
  bin434 = v2ray434();
  await enterNamespace({name: 'npm run check:examples', env: {V2RAY_BIN: bin, V2RAY434_BIN: bin434},
    userNamespaceEnough: true, timeoutMs: 10 * 60_000});
});
const release = releaseOfBinary(bin);

const root = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
const only = argv.includes('--page') ? argv[argv.indexOf('--page') + 1] : null;
const strict = argv.includes('--strict');
const verbose = argv.includes('--verbose');
/** --root DIR: read the pages from another tree (the self-test's fixtures); no bench output. */
const pagesRoot = argv.includes('--root') ? resolve(String(argv[argv.indexOf('--root') + 1])) : root;
const unfinished = new Set(JSON.parse(readFileSync(join(root, 'tests/data/unfinished.json'), 'utf8')).pages);
/** Debian's release: a since= at or below it says nothing (every block runs through 5.52.0 anyway). */
const OLD_VERSION = [4, 34, 0];
const PARALLEL = 2;
/** Tags every routing page may use, generated even when no example names them yet. */
const DEFAULT_GEOIP = ['private', 'cn'];
const DEFAULT_GEOSITE = ['cn', 'geolocation-!cn', 'category-ads-all'];

/** @typedef {'zh' | 'en'} Lang */
/**
 * @typedef {{file: string, line: number, lang: Lang, page: string, v5: boolean, code: string,
 *   meta: import('../content/blocks.mjs').FenceMeta, value?: unknown,
 *   kind?: 'config' | 'fragment' | 'not-config', object?: import('../../builder/facts/factsWalk.mjs').FactObject,
 *   program?: boolean, programOk?: boolean, fieldsChecked?: boolean, schemaOk?: boolean,
 *   notRun?: string, old?: 'needed' | 'not needed', oldWhy?: string}} Block `program`: runs through v2ray; `notRun`:
 *   why a v5 fragment does not; `old`: what Debian's 4.34 made of a since= block
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
const root4 = /** @type {import('../../builder/facts/factsWalk.mjs').FactObject} */ (resolveObject('ConfigObject', '/config/overview'));
const root5 = /** @type {import('../../builder/facts/factsWalk.mjs').FactObject} */ (resolveObject('RootConfig', '/v5/config/overview'));
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
    else if (!b.v5 && compareVersions(versionOf(b.meta.since), OLD_VERSION) <= 0) {
      fail(b, `since=${b.meta.since} is not newer than Debian's v2ray 4.34, the oldest release the check runs: drop it`);
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
  b.program = true;
}

// ---- field list ----
await withToolkit(() => ensureProgram('/usr/bin/openssl', 'openssl', 'npm run check:examples'));
const known = knownKeys(bin);
const known434 = knownKeys(bin434);
for (const b of blocks) {
  if ((b.kind !== 'config' && b.kind !== 'fragment') || !b.object) continue;
  /** @type {import('../../builder/facts/factsWalk.mjs').WalkState} */
  const state = {v5: b.v5, knownKeys: null, errors: [], newer: [], notes: []};
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

// ---- the JSON Schemas (builder/schema/generate.mjs) ----
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
      } else if ((key === 'access' || key === 'error') && k === 'path' && typeof x === 'string' && x) {
        out[k] = join(work, `${key}.log`); // v5: log.access/log.error {type: "File", path}
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

/**
 * The whole configuration a block stands for, or null with the reason it has none.
 * @param {Block} b
 * @returns {{config: unknown} | {none: string}}
 */
function configOf(b) {
  const object = /** @type {import('../../builder/facts/factsWalk.mjs').FactObject} */ (b.object);
  if (b.kind === 'config') return {config: b.value};
  const fragment = /** @type {Record<string, unknown>} */ (b.value);
  const config = b.v5 ? wrapV5Fragment(object, fragment) : wrapFragment(object, fragment);
  if (config !== null) return {config};
  return {none: b.v5 ? `no v5 wrapping for ${object.name}: add a row to WRAP5 in tests/examples/wrap.mjs`
    : `no wrapping for ${object.name}: add a row to WRAP in tests/examples/wrap.mjs`};
}

/**
 * The since claims of the pages (facts/since.json, each checked against v2ray-core by
 * scripts/facts/verifySince.mjs) newer than 4.34, as what a v4 block can use: a key (the claim's
 * string is the key's json tag: the Socks outbound's "version", which 4.34's binary declares for
 * other structs) or a value of the key its heading names ("RoutingService" in api.services, which
 * 4.34 skips without a word). Keyed by page and heading id; the page-wide claim (heading id "")
 * names the multi-file merger's "_priority".
 * @type {{page: string, anchor: string, version: string, token: string, key: boolean}[]}
 */
const sinceClaims = JSON.parse(readFileSync(join(root, 'facts/since.json'), 'utf8')).entries
  .filter((/** @type {{version: string}} */ e) => compareVersions(versionOf(e.version), OLD_VERSION) > 0)
  .flatMap((/** @type {{page: string, anchor: string, version: string, pattern: string}} */ e) => {
    const tag = /json:"([^"]+)"/.exec(e.pattern);
    const quoted = /"([^"]+)"/.exec(e.pattern);
    if (tag) return [{...e, token: /** @type {string} */ (tag[1]), key: true}];
    if (quoted) return [{...e, token: /** @type {string} */ (quoted[1]), key: /^_/.test(/** @type {string} */ (quoted[1]))}];
    return [];
  });
/** Letters and digits only, lower case: "aes-128-gcm" and "aes_128_gcm" are one value. @param {string} s */
const bare = (s) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Every string in a value. @param {unknown} v @returns {string[]} */
const stringsIn = (v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(stringsIn)
  : v && typeof v === 'object' ? Object.values(v).flatMap(stringsIn) : []);
/**
 * The claims newer than 4.34 that a key (with its value) of a v4 block meets.
 * @param {import('../../builder/facts/factsWalk.mjs').FactObject | null} owner @param {string} key @param {unknown} value
 * @returns {string[]}
 */
function newerClaims(owner, key, value) {
  const page = owner?.page ?? '';
  return sinceClaims.filter((c) => (c.key
    ? c.token === key && (c.page === page || (c.anchor === '' && key.startsWith('_')))
    : c.page === page && c.anchor === key.toLowerCase() && stringsIn(value).some((s) => bare(s) === bare(c.token))))
    .map((c) => `${key}${c.key ? '' : ` "${c.token}"`} since ${c.version} (${c.page}#${c.anchor})`);
}

/** @param {string} error */
const indented = (error) => `\n      ${error.split('\n').join('\n      ')}`;

const runs = blocks.filter((b) => b.program && b.kind !== 'not-config' && b.object);
/** @type {Map<Block, unknown>} */
const configs = new Map();
for (const b of runs) {
  const c = configOf(b);
  if ('config' in c) configs.set(b, c.config);
  else if (b.v5) { b.notRun = c.none; b.program = false; }
  else fail(b, c.none);
}
for (const config of configs.values()) collectGeo(config, '');
writeGeoFiles(assets, geo);

let next = 0;
async function worker() {
  while (next < runs.length) {
    const i = next;
    next += 1;
    const b = /** @type {Block} */ (runs[i]);
    if (!configs.has(b)) continue;
    const config = configs.get(b);
    const format = b.v5 ? 'jsonv5' : 'json';
    /** @type {string[]} */
    let unknown = [];
    if (!b.v5) {
      // the v4 format ignores keys it does not know: look for them in the whole configuration it gets
      /** @type {import('../../builder/facts/factsWalk.mjs').WalkState} */
      const state = {v5: false, knownKeys: known, mergeKeysRead: true, errors: [], newer: [], notes: []};
      walk(withoutSchemaKey(config), {kind: 'objects', objects: [root4], inline: new Map()}, 'config', state);
      unknown = state.newer;
      if (unknown.length) {
        fail(b, `v2ray ${release} does not know ${unknown.join(', ')} (the v4 format ignores such keys): the field does not exist in`
          + ` ${release}; fix its name or drop it`);
      }
    }
    const file = join(work, `example-${i}.json`);
    writeFileSync(file, JSON.stringify(forProgram(config), null, 2));
    const env = {...await envFor(config), V2RAY_LOCATION_ASSET: assets};
    const error = await testConfig(bin, file, {format, env});
    if (error) fail(b, `v2ray ${release} test -format ${format} refuses it:${indented(error)}`);
    else if (!unknown.length) b.programOk = true;
    if (b.v5 || b.meta.since === undefined) continue;
    // since=X: Debian's 4.34 must refuse it, or load it ignoring a key or value it does not know
    /** @type {string[]} */
    const claimed = [];
    /** @type {import('../../builder/facts/factsWalk.mjs').WalkState} */
    const state434 = {v5: false, knownKeys: known434, lateRootKeys: ROOT_KEYS_AFTER_434, errors: [], newer: [], notes: [],
      onField: (owner, key, value) => { for (const c of newerClaims(owner, key, value)) claimed.push(c); }};
    walk(withoutSchemaKey(config), {kind: 'objects', objects: [root4], inline: new Map()}, 'config', state434);
    const error434 = await testConfig(bin434, file, {env});
    if (error434 || state434.newer.length || claimed.length) {
      b.old = 'needed';
      b.oldWhy = error434 ? `refuses: ${error434.split('\n').find((l) => /^(panic: |main: )/.test(l)) ?? error434.split('\n')[0]}` : [...state434.newer.map((k) => `ignores ${k}`), ...claimed].join(', ');
    } else {
      b.old = 'not needed';
      fail(b, `since=${b.meta.since} not needed: Debian's v2ray 4.34 loads this example, knows every key in it, and no`
        + ' key or value in it has a since claim newer than 4.34 (facts/since.json); drop the mark');
    }
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
    const how = b.kind === 'not-config' ? 'not-config' : b.programOk ? `v2ray ${release} OK + fields` : b.program ? `v2ray ${release} FAILED`
      : b.fieldsChecked ? `fields only (${b.notRun ?? 'not run'})` : 'unclassified';
    const old = b.old ? `; v2ray 4.34: since= ${b.old}${b.oldWhy ? ` (${b.oldWhy})` : ''}` : '';
    console.log(`${b.file}:${b.line}: ${b.kind ?? '-'} ${b.object?.heading ?? ''} ${b.meta.since ? `since=${b.meta.since} ` : ''}-> ${how}${old}`);
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
    sinceShownNeeded: mine.filter((b) => b.old === 'needed').length,
    notConfig: mine.filter((b) => b.kind === 'not-config').length,
    validByJsonSchema: mine.filter((b) => b.schemaOk).length,
    withProblems: new Set(failing.filter((p) => p.block?.lang === lang).map((p) => p.block)).size,
    pendingOnUnfinishedPages: new Set(pending.filter((p) => p.block?.lang === lang).map((p) => p.block)).size,
  };
}
const result = {
  _comment: 'Written by tests/examples/check-examples.mjs (npm run check:examples). acceptedByProgram: '
    + '`v2ray test` of 5.52.0 passed (-format json for v4 pages, jsonv5 for the v5 branch; and the field list);'
    + ' fieldListOnly: v5 fragments no wrapper places; sinceShownNeeded: since= blocks that Debian\'s 4.34 refuses'
    + ' or loads ignoring a key.',
  toolkit: `V2Ray ${release}`,
  zh: figures('zh'),
  en: figures('en'),
};
if (!only && pagesRoot === root) {
  mkdirSync(join(root, 'bench'), {recursive: true});
  writeFileSync(join(root, 'bench/examples.json'), `${JSON.stringify(result, null, 2)}\n`);
}
for (const lang of /** @type {const} */ (['zh', 'en'])) {
  const f = result[lang];
  console.log(`examples [${lang}]: ${f.jsonBlocks} JSON blocks, ${f.acceptedByProgram} accepted by ${result.toolkit},`
    + ` ${f.fieldListOnly} checked by field list only, ${f.sinceShownNeeded} since= shown needed on 4.34,`
    + ` ${f.notConfig} not configurations, ${f.withProblems} with problems`
    + ` (+${f.pendingOnUnfinishedPages} on unfinished pages)`);
}
console.log(`examples: ${runs.length} program runs in ${((Date.now() - started) / 1000).toFixed(1)} s;`
  + ` ${failing.length} problems, ${pending.length} pending on unfinished pages`);
process.exit(failing.length ? 1 : 0);
