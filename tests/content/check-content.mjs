#!/usr/bin/env node
// Content check: every page file under the docs trees is listed in facts/pages.json, and
// every listed page exists in both languages with a title, the object headings of the facts file, every listed field mentioned, JSON blocks that
// parse (a `json` block with comments is told to be `jsonc`) and match across languages,
// admonitions Docusaurus recognises (`:::tip`, not `::: tip`), the same heading outline and ids in both languages, and no
// placeholder. Pages in tests/data/unfinished.json are
// checked for structure only. Usage: check-content.mjs [--page /config/routing]
import {readFileSync} from 'node:fs';
import {fileFor, root} from '../../builder/content/files.mjs';
import {pageFilesOnDisk, pageListProblems} from './page-files.mjs';
import {pages, objectHeadings, fieldEntries, slug} from '../../builder/facts/facts.mjs';
import {admonitionProblems, codeBlocks, compareExamples, jsonBlockProblem, parseJsonBlock, parseMeta} from './blocks.mjs';
import {checkAnchors} from './check-anchors.mjs';
import {checkFields, notChecked} from './check-fields.mjs';
import {checkSince} from './check-since.mjs';

const unfinished = new Set(JSON.parse(readFileSync(root + 'tests/data/unfinished.json', 'utf8')).pages);
const only = process.argv.includes('--page') ? process.argv[process.argv.indexOf('--page') + 1] : null;
// --finished: check the selected page(s) fully even if unfinished.json lists them (for writers).
if (process.argv.includes('--finished')) unfinished.clear();
const placeholder = /\b(TODO|TBD|FIXME|lorem ipsum|coming soon)\b|待补充|待完善|施工中|正在编写|being written/i;

/**
 * The page's headings in order: level, and the anchor a link can rely on in both languages
 * (an explicit {#id}, or the slug of a heading without Chinese characters); null otherwise.
 * @param {string} text
 */
function headingOutline(text) {
  const prose = text.replace(/^(\s*)(`{3,}|~{3,})[\s\S]*?^\1\2\s*$/gm, '');
  return [...prose.matchAll(/^(#{2,4})\s+(.+?)\s*(?:\{#([^}]+)\})?\s*$/gm)].map((m) => {
    const title = m[2].replace(/`/g, '');
    const anchor = m[3] ?? (/[\u4e00-\u9fff]/.test(title) ? null : slug(title));
    return {level: m[1].length, anchor, title};
  });
}

// Half-added pages first: a file nobody listed, a listed page without its file in one language.
const errors = pageListProblems(pages.map((p) => p.path), pageFilesOnDisk(root));
let checked = 0;
for (const page of pages) {
  if (only && page.path !== only) continue;
  checked += 1;
  const finished = !unfinished.has(page.path);
  const jsonByLang = {};
  /** @type {Record<string, ReturnType<typeof headingOutline>>} */
  const outlineByLang = {};
  for (const lang of /** @type {const} */ (['zh', 'en'])) {
    const file = fileFor(page.path, lang);
    if (!file) continue; // pageListProblems names the expected file
    const text = readFileSync(root + file, 'utf8');
    const where = `${file}`;
    const title = /^---\n[\s\S]*?^title:\s*(.+)$/m.exec(text)?.[1]?.trim().replace(/^(["'])(.*)\1$/, '$2');
    if (!title) errors.push(`${where}: no title in front matter`);
    else if (title !== page[lang]) errors.push(`${where}: title "${title}" is not "${page[lang]}" as facts/pages.json says`);
    const headingTexts = new Set(
      [...text.matchAll(/^#{2,4}\s+(.+?)\s*(\{#[^}]+\})?\s*$/gm)].map((m) => m[1].replace(/`/g, '').trim()));
    for (const h of objectHeadings(page.path)) {
      if (!headingTexts.has(h.heading)) errors.push(`${where}: missing heading "## ${h.heading}" for ${h.key}`);
    }
    outlineByLang[lang] = headingOutline(text);
    const blocks = codeBlocks(text);
    jsonByLang[lang] = [];
    for (const b of blocks) {
      if (b.lang !== 'json' && b.lang !== 'jsonc') continue;
      const problem = jsonBlockProblem(b);
      if (problem) errors.push(`${where}:${b.line}: ${problem}`);
      else jsonByLang[lang].push({line: b.line, value: parseJsonBlock(b), meta: parseMeta(b.meta)});
    }
    for (const a of admonitionProblems(text)) errors.push(`${where}:${a.line}: ${a.message}`);
    if (!finished) continue;
    // A field counts as documented when its name stands in an inline code span (`domainStrategy`,
    // `"AsIs"`, `-config <file>`), not merely somewhere in an example.
    const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
    const mentioned = (n) => spans.some((s) => s === n || s === `"${n}"` || s.split(/[\s=:,()[\]{}"]+/).includes(n));
    for (const f of fieldEntries(page.path)) {
      const names = f.name.split(/,\s*/).map((n) => n.trim()).filter(Boolean);
      if (!names.some(mentioned)) errors.push(`${where}: field "${f.name}" of ${f.object} is not documented in a code span`);
    }
    const ph = placeholder.exec(text);
    if (ph) errors.push(`${where}: placeholder "${ph[0]}"`);
  }
  if (finished && jsonByLang.zh && jsonByLang.en) {
    for (const p of compareExamples(jsonByLang.zh, jsonByLang.en)) errors.push(`${page.path}: ${p}`);
  }
  // Same headings in both languages: the same outline, and every anchor the Chinese page offers
  // (object names, fixed ids) exists at the same place in English, so old deep links hold.
  if (finished && outlineByLang.zh && outlineByLang.en) {
    const zh = outlineByLang.zh;
    const en = outlineByLang.en;
    const differs = zh.findIndex((h, i) => h.level !== en[i]?.level);
    if (zh.length !== en.length || differs >= 0) {
      const at = differs >= 0 ? differs : Math.min(zh.length, en.length);
      errors.push(`${page.path}: heading outline differs from heading ${at + 1} ("${zh[at]?.title ?? '-'}" / "${en[at]?.title ?? '-'}"); ${zh.length} headings in Chinese, ${en.length} in English`);
    } else {
      zh.forEach((h, i) => {
        if (h.anchor !== null && h.anchor !== en[i]?.anchor) {
          errors.push(`${page.path}: heading "${h.title}" has id #${h.anchor} in Chinese but #${en[i]?.anchor} in English`);
        }
      });
    }
  }
}

// Old and published section ids still land somewhere.
errors.push(...checkAnchors(only));
// Reference pages against the source: checked-against tag, values and defaults, since-claims.
const selected = only ? pages.filter((p) => p.path === only) : pages;
errors.push(...checkFields(selected), ...checkSince(selected));

if (only && checked === 0) errors.push(`no page ${only} in facts/pages.json`);
for (const e of errors) console.error(e);
const left = pages.filter((p) => unfinished.has(p.path)).length;
if (notChecked.size) console.log(`content: ${notChecked.size} reference pages not yet checked against the source: ${[...notChecked].join(', ')}`);
console.log(`content: ${checked} pages checked, ${left} marked unfinished, ${errors.length} problems`);
process.exit(errors.length ? 1 : 0);
