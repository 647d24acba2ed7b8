// The examples the lab runs, read from the pages: every complete configuration of every page
// (v4 format on the main pages, v5 format in versioned_docs/v5), both languages, with its fence
// meta. A block is named by its fence's `lab=ID`, the
// same in both languages, so a scenario names what it runs and editing the page changes the run.
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {pageFiles} from '../../builder/content/files.mjs';
import {compareVersions, versionOf} from '../../builder/content/versions.mjs';
import {codeBlocks, parseJsonBlock, parseMeta} from '../content/blocks.mjs';
import {RELEASE} from '../toolkit/v2ray.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The toolkit the lab runs (tests/toolkit, RELEASE); a since= above it cannot run here. */
export const PROGRAM_VERSION = versionOf(RELEASE);

/** Top-level keys of a v4 configuration file (ConfigObject), "$schema" included. */
const V4_ROOT_KEYS = new Set(['$schema', 'log', 'api', 'dns', 'routing', 'policy', 'inbounds', 'outbounds',
  'transport', 'stats', 'reverse', 'fakedns', 'browserForwarder', 'observatory', 'burstObservatory', 'services']);

/**
 * @typedef {{file: string, line: number, lang: 'zh' | 'en', page: string, v5: boolean, code: string,
 *   meta: import('../content/blocks.mjs').FenceMeta, value: unknown}} PageBlock
 */

/** Is this block a complete configuration file (not a fragment, not a non-config block)? @param {PageBlock} b */
export function isCompleteConfig(b) {
  if (b.meta.fragment || b.meta.notConfig !== undefined) return false;
  const v = b.value;
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return b.v5 ? keys.length > 0 : keys.length > 0 && keys.every((k) => V4_ROOT_KEYS.has(k));
}

/**
 * Why v2ray 5.52.0 cannot load this complete configuration, or null when it can. v5-branch blocks
 * load (with -format jsonv5); only a since= newer than the toolkit keeps a block out.
 * @param {PageBlock} b
 */
export function whyNotLoadable(b) {
  if (b.meta.since && compareVersions(versionOf(b.meta.since), PROGRAM_VERSION) > 0) {
    return `uses fields of v2ray ${b.meta.since}, newer than ${RELEASE}`;
  }
  return null;
}

/**
 * Every JSON block of every page that parses, both languages. @param {string} [root]
 * @returns {PageBlock[]}
 */
export function readBlocks(root = ROOT) {
  /** @type {PageBlock[]} */
  const out = [];
  for (const {abs, file, page, lang, v5} of pageFiles(root)) {
    for (const b of codeBlocks(readFileSync(abs, 'utf8'))) {
      if (b.lang !== 'json' && b.lang !== 'jsonc') continue;
      let value;
      try { value = parseJsonBlock(b); } catch { continue; } // the example check reports these
      out.push({file, line: b.line, lang, page, v5, code: b.code, meta: parseMeta(b.meta), value});
    }
  }
  return out;
}

/**
 * The blocks carrying lab=ID, by ID, with both languages; problems when an ID is on one language
 * only, used twice, or the two languages' blocks differ.
 * @param {PageBlock[]} blocks
 */
export function labBlocks(blocks) {
  /** @type {Map<string, {id: string, page: string, zh?: PageBlock, en?: PageBlock}>} */
  const byId = new Map();
  /** @type {string[]} */
  const problems = [];
  for (const b of blocks) {
    const id = b.meta.lab;
    if (!id) continue;
    const entry = byId.get(id) ?? {id, page: b.page};
    if (entry.page !== b.page) problems.push(`lab=${id} is on two pages: ${entry.page} and ${b.page}`);
    if (entry[b.lang]) problems.push(`lab=${id} is used twice in ${b.lang}: ${entry[b.lang]?.file}:${entry[b.lang]?.line} and ${b.file}:${b.line}`);
    entry[b.lang] = b;
    byId.set(id, entry);
  }
  for (const e of byId.values()) {
    if (!e.zh || !e.en) problems.push(`lab=${e.id} is on the ${e.zh ? 'Chinese' : 'English'} page only (${(e.zh ?? e.en)?.file})`);
    else if (JSON.stringify(e.zh.value) !== JSON.stringify(e.en.value)) problems.push(`lab=${e.id}: the Chinese and English blocks differ`);
  }
  return {byId, problems};
}
