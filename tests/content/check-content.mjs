#!/usr/bin/env node
// Content check (issues 7-10): every page of tests/data/pages.json exists in both languages with
// a title, the object headings of the facts file, every listed field mentioned, JSON blocks that
// parse and match across languages, and no placeholder. Pages in tests/data/unfinished.json are
// checked for structure only. Usage: check-content.mjs [--page /config/routing]
import {existsSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {pages, objectHeadings, fieldEntries} from './facts.mjs';
import {codeBlocks, compareExamples, parseJsonBlock, parseMeta} from './blocks.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const unfinished = new Set(JSON.parse(readFileSync(root + 'tests/data/unfinished.json', 'utf8')).pages);
const only = process.argv.includes('--page') ? process.argv[process.argv.indexOf('--page') + 1] : null;
// --finished: check the selected page(s) fully even if unfinished.json lists them (for writers).
if (process.argv.includes('--finished')) unfinished.clear();
const placeholder = /\b(TODO|TBD|FIXME|lorem ipsum|coming soon)\b|待补充|待完善|施工中|正在编写|being written/i;

/** @param {string} path @param {'zh'|'en'} lang */
export function fileFor(path, lang) {
  const v5 = path.startsWith('/v5/');
  const rel = v5 ? path.slice(3) : path;
  const base = lang === 'zh'
    ? (v5 ? 'versioned_docs/v5' : 'docs')
    : `i18n/en/${v5 ? 'docusaurus-plugin-content-docs-v5' : 'docusaurus-plugin-content-docs'}/current`;
  for (const ext of ['.md', '.mdx']) if (existsSync(root + base + rel + ext)) return base + rel + ext;
  return null;
}

const errors = [];
let checked = 0;
for (const page of pages) {
  if (only && page.path !== only) continue;
  checked += 1;
  const finished = !unfinished.has(page.path);
  const jsonByLang = {};
  for (const lang of /** @type {const} */ (['zh', 'en'])) {
    const file = fileFor(page.path, lang);
    if (!file) { errors.push(`${page.path} [${lang}]: page file missing`); continue; }
    const text = readFileSync(root + file, 'utf8');
    const where = `${file}`;
    if (!/^---\n[\s\S]*?^title:\s*\S/m.test(text)) errors.push(`${where}: no title in front matter`);
    const headingTexts = new Set(
      [...text.matchAll(/^#{2,4}\s+(.+?)\s*(\{#[^}]+\})?\s*$/gm)].map((m) => m[1].replace(/`/g, '').trim()));
    for (const h of objectHeadings(page.path)) {
      if (!headingTexts.has(h.heading)) errors.push(`${where}: missing heading "## ${h.heading}" for ${h.key}`);
    }
    const blocks = codeBlocks(text);
    jsonByLang[lang] = [];
    for (const b of blocks) {
      if (b.lang !== 'json' && b.lang !== 'jsonc') continue;
      try {
        jsonByLang[lang].push({line: b.line, value: parseJsonBlock(b), meta: parseMeta(b.meta)});
      } catch (e) {
        errors.push(`${where}:${b.line}: ${b.lang} block does not parse: ${/** @type {Error} */ (e).message}`);
      }
    }
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
}

if (only && checked === 0) errors.push(`no page ${only} in tests/data/pages.json`);
for (const e of errors) console.error(e);
const left = pages.filter((p) => unfinished.has(p.path)).length;
console.log(`content: ${checked} pages checked, ${left} marked unfinished, ${errors.length} problems`);
process.exit(errors.length ? 1 : 0);
