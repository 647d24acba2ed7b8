// Field entries against the source and across languages. A field entry is a heading
// `### \`name\`` followed by a list with a values line ("取值：" / "Values:") and a default line
// ("默认值：" / "Default:"). Checked:
// - every reference page (/config/…, /v5/config/…) names in its front matter the v2ray-core release
//   it was checked against (`checkedAgainst: v5.52.0`), the same in both languages;
// - both languages give each field the same values and the same default (the same code spans);
// - where the facts (read off the source) list a field's accepted values, the page lists exactly
//   those: every listed value exists in the source and every source value is listed. Spellings
//   that differ only in case, "-" or "_" count as one value (the toolkit accepts such aliases).
import {readFileSync} from 'node:fs';
import {fileFor, root} from '../../builder/content/files.mjs';
import {facts, objectHeadings} from '../../builder/facts/facts.mjs';
import {frontMatter, headings} from '../../builder/content/anchors.mjs';

const valuesLine = /^\s*[-*]\s*(?:取值|可选值|Values?)\s*[:：]/i;
const defaultLine = /^\s*[-*]\s*(?:默认值|Default)\s*[:：]/i;
/**
 * The values a line gives: code spans holding a JSON literal (`"AsIs"`, `0`, `true`, `null`).
 * Other spans (a field name, a placeholder such as `<path>`, translated words) are prose.
 */
const literalSpans = (line) => [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1].trim())
  .filter((s) => /^"[^"]*"$/.test(s) || /^-?\d+(\.\d+)?$/.test(s) || /^(true|false|null)$/.test(s));
/**
 * One spelling per value: `"AsIs"` -> asis; ip_if_non_match, IPIfNonMatch, ip-if-non-match ->
 * ipifnonmatch; UseIPv4 and use_ip4 -> useip4 (the toolkit accepts all of these).
 */
export const normalValue = (v) => String(v).replace(/^"(.*)"$/, '$1').toLowerCase().replace(/[-_\s]/g, '').replace(/ipv([46])/g, 'ip$1');

export const isReferencePage = (path) => path.startsWith('/config/') || path.startsWith('/v5/config/');

/**
 * Reference pages not yet re-checked against the source (tests/data/unfinished.json
 * `notCheckedAgainstSource`): they are allowed to lack `checkedAgainst`, and the check says so.
 */
export const notChecked = new Set(
  JSON.parse(readFileSync(root + 'tests/data/unfinished.json', 'utf8')).notCheckedAgainstSource ?? []);

/**
 * Field entries of a page: the h3 field headings with their values and default code spans and the
 * object (h2) they belong to.
 * @param {string} text
 */
export function fieldEntriesOf(text) {
  const lines = text.split('\n');
  const hs = headings(text);
  const out = [];
  let object = null;
  hs.forEach((h, i) => {
    if (h.level === 2) { object = h.id; return; }
    const m = /^#{3,4}\s+`([^`]+)`/.exec(lines[h.line - 1]);
    if (!m) return;
    const end = hs[i + 1]?.line ?? lines.length + 1;
    const body = lines.slice(h.line, end - 1);
    const listEnd = body.findIndex((l, k) => k > 0 && l.trim() === '' && body[k - 1].trim() !== '' && /^\s*[-*]/.test(body[k - 1]));
    const list = body.slice(0, listEnd < 0 ? body.length : listEnd);
    const values = list.find((l) => valuesLine.test(l));
    const def = list.find((l) => defaultLine.test(l));
    out.push({object, name: m[1], id: h.id, line: h.line,
      values: values ? literalSpans(values) : [], default: def ? literalSpans(def) : []});
  });
  return out;
}

/** Field names (with aliases) per object anchor of a page, as the source has them. */
function sourceFields(path) {
  /** @type {Map<string, Set<string>>} */
  const map = new Map();
  for (const {key, anchor} of objectHeadings(path)) {
    const fields = facts[path]?.[key];
    if (!Array.isArray(fields) || fields.length === 0) continue;
    map.set(anchor, new Set(fields.flatMap((f) => [...String(f.name).split(/,\s*/), ...(f.aliases ?? []), ...(f.alt_name ? [f.alt_name] : [])]
      .map((n) => String(n).trim().toLowerCase()))));
  }
  return map;
}

/** Source values per object anchor and field name of a page. */
function sourceValues(path) {
  /** @type {Map<string, {values: unknown[], object: string}>} */
  const map = new Map();
  for (const {key, anchor} of objectHeadings(path)) {
    const fields = facts[path]?.[key];
    if (!Array.isArray(fields)) continue;
    for (const f of fields) {
      if (!Array.isArray(f.values)) continue;
      const values = f.values.filter((v) => !/[<>]/.test(String(v)));
      if (values.length === 0) continue;
      for (const name of String(f.name).split(/,\s*/)) map.set(`${anchor}/${name.trim()}`, {values, object: key});
    }
  }
  return map;
}

/**
 * @param {{path: string}[]} pages
 * @returns {string[]} problems
 */
export function checkFields(pages) {
  return referencePages(pages).flatMap(({path, texts, files}) => checkFieldTexts(path, texts, files));
}

/**
 * The reference pages among `pages` that exist in both languages, with their files and texts
 * (a page missing in one language is check-content's finding, not these checks').
 * @param {{path: string}[]} pages
 * @returns {{path: string, files: {zh: string, en: string}, texts: {zh: string, en: string}}[]}
 */
export function referencePages(pages) {
  const out = [];
  for (const {path} of pages) {
    if (!isReferencePage(path)) continue;
    const zh = fileFor(path, 'zh');
    const en = fileFor(path, 'en');
    if (!zh || !en) continue;
    out.push({path, files: {zh, en}, texts: {zh: readFileSync(root + zh, 'utf8'), en: readFileSync(root + en, 'utf8')}});
  }
  return out;
}

/**
 * The checks of one page, on its two texts.
 * @param {string} path
 * @param {{zh: string, en: string}} texts
 * @param {{zh: string, en: string}} files names for the messages
 */
export function checkFieldTexts(path, texts, files) {
  const problems = [];
  {
    const tags = {};
    for (const lang of /** @type {const} */ (['zh', 'en'])) {
      const tag = frontMatter(texts[lang]).checkedAgainst;
      tags[lang] = tag;
      if (tag === undefined && notChecked.has(path)) continue;
      if (notChecked.has(path)) problems.push(`${files[lang]}: has checkedAgainst, so remove ${path} from notCheckedAgainstSource in tests/data/unfinished.json`);
      else if (typeof tag !== 'string' || !/^v\d+\.\d+\.\d+$/.test(tag)) {
        problems.push(`${files[lang]}: no "checkedAgainst: vX.Y.Z" in the front matter (the v2ray-core release the page was checked against)`);
      }
    }
    if (tags.zh && tags.en && tags.zh !== tags.en) problems.push(`${path}: checked against ${tags.zh} in Chinese but ${tags.en} in English`);
    const entries = {zh: fieldEntriesOf(texts.zh), en: fieldEntriesOf(texts.en)};
    entries.zh.forEach((zh, i) => {
      const en = entries.en[i];
      if (!en || en.id !== zh.id) return; // the outline check reports it
      for (const what of /** @type {const} */ (['values', 'default'])) {
        const a = JSON.stringify(zh[what]);
        const b = JSON.stringify(en[what]);
        if (a !== b) problems.push(`${path} #${zh.id} (${zh.object}): ${what} differ: ${a} in Chinese, ${b} in English (${files.zh}:${zh.line}, ${files.en}:${en.line})`);
      }
    });
    const source = sourceValues(path);
    const known = sourceFields(path);
    for (const lang of /** @type {const} */ (['zh', 'en'])) {
      for (const e of entries[lang]) {
        const names = e.object ? known.get(e.object) : undefined;
        if (names && !/[<>]/.test(e.name) && !names.has(e.name.toLowerCase())) {
          problems.push(`${files[lang]}:${e.line}: documents ${e.object}.${e.name}, a field the source does not have (facts/config-fields.json)`);
        }
      }
    }
    for (const lang of /** @type {const} */ (['zh', 'en'])) {
      for (const e of entries[lang]) {
        const s = source.get(`${e.object}/${e.name}`);
        if (!s || e.values.length === 0) continue;
        const known = new Set(s.values.map(normalValue));
        const listed = new Set(e.values.map(normalValue));
        // A v5 (protobuf JSON) enum may also be written as its number.
        const enumNumber = (v) => path.startsWith('/v5/') && /^\d+$/.test(v) && Number(v) < s.values.length;
        const invented = e.values.filter((v) => !known.has(normalValue(v)) && !enumNumber(v));
        const missing = [...new Set(s.values.map(String))].filter((v) => !listed.has(normalValue(v)));
        if (invented.length) problems.push(`${files[lang]}:${e.line}: ${e.object}.${e.name} lists ${invented.join(', ')}, which the source does not accept (source: ${s.values.join(', ')})`);
        if (missing.length && lang === 'zh') problems.push(`${path}: ${e.object}.${e.name} does not list ${[...new Set(missing.map(normalValue))].join(', ')}, which the source accepts`);
      }
    }
  }
  return problems;
}
