#!/usr/bin/env node
// Derives facts/old-anchors.json: every h2/h3 id of the old VuePress 2 site (v2fly/v2fly-github-io),
// computed as VuePress 2 (rc.19) computed it: markdown-it 14 parses the page (front matter removed,
// HTML allowed), markdown-it-anchor takes the text of each heading's `text` and `code_inline` tokens,
// @mdit-vue/shared slugify turns it into an id, and a repeated id gets -1, -2, ... over all heading
// levels of the page (VuePress anchors h1-h6). Only paths and ids are kept: facts, not prose.
//
// Usage: node scripts/anchors/oldSiteAnchors.mjs <path to a git clone of v2fly/v2fly-github-io> [commit]
// (`fetch` github:v2fly/v2fly-github-io gives a bare clone under /work/.mirror/). Rewrites the `pages`
// of facts/old-anchors.json and keeps its `closest` notes.
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import MarkdownIt from 'markdown-it';

const commit = process.argv[3] ?? '56bb733f92d2ae495add283e5957b9ca5a98acb8';
const repo = process.argv[2];
if (!repo) {
  console.error('usage: oldSiteAnchors.mjs <v2fly-github-io git dir> [commit]');
  process.exit(2);
}
const out = fileURLToPath(new URL('../../facts/old-anchors.json', import.meta.url));
const git = (...args) => execFileSync('git', ['-C', repo, ...args], {encoding: 'utf8', maxBuffer: 1 << 26});

// @mdit-vue/shared slugify, which VuePress 2 passes to markdown-it-anchor.
const rControl = /[\u0000-\u001f]/g;
const rSpecial = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g;
const rCombining = /[\u0300-\u036F]/g;
/** @param {string} s */
export const vuepressSlugify = (s) => s.normalize('NFKD').replace(rCombining, '').replace(rControl, '')
  .replace(rSpecial, '-').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '').replace(/^(\d)/, '_$1').toLowerCase();

const md = new MarkdownIt({html: true});

/**
 * h2/h3 ids of one page, in order.
 * @param {string} source
 */
export function pageAnchors(source) {
  const body = source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
  const tokens = md.parse(body, {});
  /** @type {Set<string>} */
  const seen = new Set();
  const anchors = [];
  tokens.forEach((t, i) => {
    if (t.type !== 'heading_open') return;
    const text = (tokens[i + 1].children ?? [])
      .filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('');
    const slug = vuepressSlugify(text);
    let id = slug;
    for (let n = 1; seen.has(id); n += 1) id = `${slug}-${n}`;
    seen.add(id);
    if (t.tag === 'h2' || t.tag === 'h3') anchors.push(id);
  });
  return anchors;
}

/** docs/en_US/config/routing.md -> {lang: 'en', path: '/config/routing'}; README.md -> the index route. */
function route(file) {
  let rel = file.replace(/^docs\//, '').replace(/\.md$/, '');
  let lang = 'zh';
  if (rel.startsWith('en_US/')) { lang = 'en'; rel = rel.slice('en_US/'.length); }
  rel = rel.replace(/(^|\/)README$/, '$1');
  return {lang, path: `/${rel}`};
}

const files = git('ls-tree', '-r', '--name-only', commit, 'docs').split('\n')
  .filter((f) => f.endsWith('.md') && !f.startsWith('docs/.vuepress/'));
/** @type {Record<string, {zh?: string[], en?: string[]}>} */
const pages = {};
let total = 0;
for (const file of files) {
  const {lang, path} = route(file);
  const anchors = pageAnchors(git('show', `${commit}:${file}`));
  if (anchors.length === 0) continue;
  (pages[path] ??= {})[lang] = anchors;
  total += anchors.length;
}
const previous = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : {};
const sorted = Object.fromEntries(Object.keys(pages).sort().map((p) => [p, pages[p]]));
writeFileSync(out, JSON.stringify({
  _comment: `Every h2/h3 id of the old site (v2fly/v2fly-github-io at ${commit}), both languages, derived by scripts/anchors/oldSiteAnchors.mjs (VuePress 2 slugs). Each must resolve on our page at that path (heading id or an anchorAliases entry in the page's front matter). "closest": old ids whose section our page no longer has, with the id they point at and why.`,
  commit,
  pages: sorted,
  closest: previous.closest ?? {},
}, null, 1) + '\n');
console.log(`old anchors: ${total} ids on ${Object.keys(pages).length} pages -> ${out}`);
