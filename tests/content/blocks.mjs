// Code blocks of the documentation pages: extraction, JSONC parsing, fence meta and the
// cross-language comparison. Shared by the content check and the example check, so
// there is one reading of a page's examples.
import {isDeepStrictEqual} from 'node:util';

/**
 * @typedef {{lang: string, meta: string, line: number, code: string}} CodeBlock
 * @typedef {{title?: string, fragment?: string, since?: string, notConfig?: string, [key: string]: string | undefined}} FenceMeta
 */

/** Strips // and /* comments outside strings, and trailing commas, as the toolkit's JSONC reader allows. */
export function stripJsonc(text) {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i += 1; i < text.length && text[i] !== '"'; i += 1) if (text[i] === '\\') i += 1;
      out += text.slice(start, i + 1);
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i += 1;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2) + 1;
      if (i === 0) throw new Error('unterminated /* comment');
    } else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

/**
 * Code blocks with their language, meta and first line number.
 * @param {string} text
 * @returns {CodeBlock[]}
 */
export function codeBlocks(text) {
  const blocks = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^(\s*)(`{3,}|~{3,})(\S*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const fence = open[2];
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`).test(lines[j]); j += 1) body.push(lines[j]);
    blocks.push({lang: open[3], meta: open[4], line: i + 1, code: body.join('\n')});
    i = j;
  }
  return blocks;
}

/**
 * The value of a json/jsonc block (throws on a syntax error).
 * @param {CodeBlock} block
 * @returns {unknown}
 */
export function parseJsonBlock(block) {
  return JSON.parse(block.lang === 'json' ? block.code : stripJsonc(block.code));
}

/**
 * Fence meta as key=value pairs: `title="config.json" fragment=RuleObject since=5.0
 * not-config="stats API response"`. `not-config` is returned as notConfig.
 * @param {string} meta
 * @returns {FenceMeta}
 */
export function parseMeta(meta) {
  /** @type {FenceMeta} */
  const out = {};
  for (const m of meta.matchAll(/([\w-]+)=(?:"([^"]*)"|'([^']*)'|(\S+))/g)) {
    const key = m[1] === 'not-config' ? 'notConfig' : m[1];
    out[key] = m[2] ?? m[3] ?? m[4];
  }
  return out;
}

/**
 * Differences between the JSON examples of the Chinese and the English page: the same number of
 * blocks, each with the same parsed value (comments may be translated) and, when `meta` is given
 * for both, the same classification (fragment, since, not-config).
 * @param {{line: number, value: unknown, meta?: FenceMeta}[]} zh
 * @param {{line: number, value: unknown, meta?: FenceMeta}[]} en
 * @returns {string[]}
 */
export function compareExamples(zh, en) {
  if (zh.length !== en.length) return [`${zh.length} JSON blocks in Chinese, ${en.length} in English`];
  const problems = [];
  zh.forEach((b, i) => {
    const other = /** @type {{line: number, value: unknown, meta?: FenceMeta}} */ (en[i]);
    const where = `(zh line ${b.line}, en line ${other.line})`;
    if (!isDeepStrictEqual(b.value, other.value)) problems.push(`JSON block ${i + 1} differs between languages ${where}`);
    if (b.meta && other.meta) {
      for (const key of /** @type {const} */ (['fragment', 'since'])) {
        if (b.meta[key] !== other.meta[key]) {
          problems.push(`JSON block ${i + 1} has ${key}=${b.meta[key] ?? '(none)'} in Chinese, ${key}=${other.meta[key] ?? '(none)'} in English ${where}`);
        }
      }
      if ((b.meta.notConfig === undefined) !== (other.meta.notConfig === undefined)) {
        problems.push(`JSON block ${i + 1} is not-config in one language only ${where}`);
      }
    }
  });
  return problems;
}
