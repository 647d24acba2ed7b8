#!/usr/bin/env node
// Content check (issues 7-10): every page of tests/data/pages.json exists in both languages with
// a title, the object headings of the facts file, every listed field mentioned, JSON blocks that
// parse and match across languages, and no placeholder. Pages in tests/data/unfinished.json are
// checked for structure only. Usage: check-content.mjs [--page /config/routing]
import {existsSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {isDeepStrictEqual} from 'node:util';
import {pages, objectHeadings, fieldEntries} from './facts.mjs';

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

/** Strips // and /* comments outside strings, and trailing commas, as the toolkit's JSONC reader allows. */
function stripJsonc(text) {
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

/** Code blocks with their language, meta and first line number. */
function codeBlocks(text) {
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
        const value = JSON.parse(b.lang === 'json' ? b.code : stripJsonc(b.code));
        jsonByLang[lang].push({line: b.line, value});
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
    const zh = jsonByLang.zh;
    const en = jsonByLang.en;
    if (zh.length !== en.length) errors.push(`${page.path}: ${zh.length} JSON blocks in Chinese, ${en.length} in English`);
    else zh.forEach((b, i) => {
      if (!isDeepStrictEqual(b.value, en[i].value)) {
        errors.push(`${page.path}: JSON block ${i + 1} differs between languages (zh line ${b.line}, en line ${en[i].line})`);
      }
    });
  }
}

if (only && checked === 0) errors.push(`no page ${only} in tests/data/pages.json`);
for (const e of errors) console.error(e);
const left = pages.filter((p) => unfinished.has(p.path)).length;
console.log(`content: ${checked} pages checked, ${left} marked unfinished, ${errors.length} problems`);
process.exit(errors.length ? 1 : 0);
