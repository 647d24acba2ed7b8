// Version claims against the source. A reference page says when something appeared as
// "自 v5.8.0 起" / "v5.8.0 起" or "since v5.8.0" (full tag). Every such claim must be listed in
// facts/since.json under its page and the id of the heading it stands under ("" before the
// first heading), with the same tag; each entry names a file and a string of v2ray-core that first
// appear at that tag, which scripts/facts/verifySince.mjs checks against a clone of v2ray-core.
// Both languages must make the same claims.
import {readFileSync} from 'node:fs';
import {root} from '../../builder/content/files.mjs';
import {headings} from '../../builder/content/anchors.mjs';
import {referencePages} from './check-fields.mjs';

const claim = /(?:自\s*)?v(\d+\.\d+(?:\.\d+)?)\s*(?:版本)?\s*起|[Ss]ince\s+v?(\d+\.\d+(?:\.\d+)?)/g;

/**
 * Version claims of a page text: "anchor@version" strings, with their lines.
 * @param {string} text
 */
export function versionClaims(text) {
  const hs = headings(text);
  const body = text.replace(/^(\s*)(`{3,}|~{3,})[\s\S]*?^\1\2\s*$/gm, (block) => block.replace(/[^\n]/g, ' '));
  const out = [];
  body.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(claim)) {
      const anchor = [...hs].reverse().find((h) => h.line <= i + 1)?.id ?? '';
      out.push({anchor, version: m[1] ?? m[2], line: i + 1});
    }
  });
  return out;
}

/** @typedef {{page: string, anchor: string, version: string, path: string, pattern: string}} SinceEntry */

/** @returns {SinceEntry[]} */
export const sinceData = () => JSON.parse(readFileSync(root + 'facts/since.json', 'utf8')).entries;

/**
 * @param {string} path
 * @param {{zh: string, en: string}} texts
 * @param {{zh: string, en: string}} files
 * @param {SinceEntry[]} data
 */
export function checkSinceTexts(path, texts, files, data) {
  const problems = [];
  const known = new Set(data.filter((e) => e.page === path).map((e) => `${e.anchor}@${e.version}`));
  const sets = {};
  for (const lang of /** @type {const} */ (['zh', 'en'])) {
    const claims = versionClaims(texts[lang]);
    sets[lang] = new Set(claims.map((c) => `${c.anchor}@${c.version}`));
    for (const c of claims) {
      if (!/^\d+\.\d+\.\d+$/.test(c.version)) problems.push(`${files[lang]}:${c.line}: "since v${c.version}": give the full release tag (vX.Y.Z)`);
      else if (!known.has(`${c.anchor}@${c.version}`)) {
        const other = data.find((e) => e.page === path && e.anchor === c.anchor);
        problems.push(`${files[lang]}:${c.line}: "since v${c.version}" (#${c.anchor}) is not in facts/since.json` +
          (other ? `, which says v${other.version} for this section` : ' (add it with the source file and string that first appear at that tag)'));
      }
    }
  }
  const onlyZh = [...sets.zh].filter((c) => !sets.en.has(c));
  const onlyEn = [...sets.en].filter((c) => !sets.zh.has(c));
  if (onlyZh.length || onlyEn.length) problems.push(`${path}: version claims differ between languages (only Chinese: ${onlyZh.join(', ') || '-'}; only English: ${onlyEn.join(', ') || '-'})`);
  return problems;
}

/** @param {{path: string}[]} pages */
export function checkSince(pages) {
  const data = sinceData();
  return referencePages(pages).flatMap(({path, texts, files}) => checkSinceTexts(path, texts, files, data));
}
