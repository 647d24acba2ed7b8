#!/usr/bin/env node
/**
 * The local search index: Pagefind over the built site, run after `docusaurus build`
 * (both modes: it is the offline fallback of hosted search too). Indexes the doc pages' <article>
 * only, one index per language (from <html lang>), each page tagged with its docs set (`main` or
 * `v5`) so that the client can put the reader's own set first. Writes <dir>/pagefind/.
 *
 * Usage: node builder/search/pagefind.mjs [build-dir]
 */
import {writeFamilies} from './families.mjs';
import {readFileSync, readdirSync, rmSync, statSync} from 'node:fs';
import {join, relative, resolve, sep} from 'node:path';
import {fileURLToPath} from 'node:url';
import {docsSetOf, keywordsEnd, separateWords} from '../../src/search/indexContract.mjs';

/** Parts of an article that are not its subject: page furniture, anchors, the status lines. */
export const excludeSelectors = [
  '.theme-doc-breadcrumbs', '.theme-doc-toc-mobile', '.hash-link', '.doc-contributors',
  '.doc-checked-against', '.doc-translation-behind', '.theme-doc-footer', '.pagination-nav', '.theme-code-block',
];

/** Built file -> the page's address: config/routing.html -> /config/routing, index.html -> / */
export function pageUrl(file) {
  const path = `/${file.split(sep).join('/')}`.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1');
  return path === '' ? '/' : path;
}

export {docsSetOf, keywordsEnd};

/** The page's front matter `keywords` (Docusaurus writes them as <meta name=keywords>). */
export function pageKeywords(html) {
  const tag = html.match(/<meta\b[^>]*\bname=["']?keywords["']?[^>]*>/i)?.[0];
  const content = tag?.match(/\bcontent=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/i);
  const value = content ? (content[1] ?? content[2] ?? content[3] ?? '') : '';
  return value.split(',').map((k) => k.trim()).filter(Boolean);
}

/**
 * The configuration objects a page documents: its headings named after one (`## InboundObject`,
 * WRITING.md), in order, once each.
 */
export function definedObjects(html) {
  const article = html.slice(html.search(/<article[\s>]/));
  const names = [...article.matchAll(/<h([2-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)]
    .map((m) => m[2].replace(/<[^>]+>/g, '').replace(/\u200b/g, '').trim())
    .filter((name) => /^[A-Za-z0-9]+Object$/.test(name));
  return [...new Set(names)];
}

/**
 * How much of the word index goes into one file: Pagefind's count of word places (each place of a
 * word on a page, plus one per page), 20000 by default. A query downloads the file of each of its
 * words, and where a default-sized file's boundaries fall moves with every edit to the whole word
 * list: "routing rules" cost one 33 KB file and then two (66 KB, over the 150 KB a first query may
 * download). At 2000 a file is 4 KB gzip on average and at most about 8 KB (measured 2026-11-27
 * with `npm run bench -- --check-search`: zh "路由" 107 KB in all instead of 158, en "routing
 * rules" 108 KB instead of 163); the index as a whole grows by 5 %, and the list of files every
 * query loads first by 1.5 KB. Pagefind 1.6 reads it from PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE (its
 * only setting for it; `maxChunkKB` below fails the build if a later Pagefind ignores it).
 * 1800 rather than 2000 (2026-11-28): after the seventh round's content, "vmess" lost the v4 VMess
 * page's longer words (VMessUserObject and the like) to the next file and listed the developer
 * protocol page first (tests/e2e/search-local.spec.ts); at 1800 they share a file again, every
 * tuned set scores as at 2000 (scripts/search/rank.mjs) and a first query stays at 101-108 KB. Where a
 * boundary falls moves with every edit: `rank.mjs` after a content change shows such a loss.
 */
export const indexChunkSize = 1800;

/**
 * The largest index file (gzip, as Pagefind writes it) the build accepts: a default-sized file is
 * about 30 KB, so a larger one means the chunk size above was not applied.
 */
export const maxChunkKB = 16;

/** The index files over `maxChunkKB`, as "name (KB)": Pagefind writes them gzip already. */
export function oversizedChunks(indexDir) {
  return readdirSync(indexDir).map((name) => ({name, size: statSync(join(indexDir, name)).size}))
    .filter(({size}) => size > maxChunkKB * 1024)
    .map(({name, size}) => `${name} (${Math.round(size / 102.4) / 10} KB)`);
}

const quoted = (text) => text.replace(/"/g, '&quot;');
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Weight of a page's keywords against body text (1) and its title (h1: 7). */
export const keywordWeight = 7;

/**
 * The page's HTML as Pagefind should read it, or null when it is not a doc page (home, 404,
 * search): its <article> marked as the body, with the docs-set filter, and its keywords as
 * heavily weighted words at the top (what readers call the subject where the page says it
 * otherwise: 嗅探 for a page that says 流量探测). A Chinese page's words are split as the reader's
 * browser splits a query (`separateWords`: its text with zero-width spaces, its keywords and title
 * metadata with spaces; the title shown is `label`): Pagefind's own segmenter indexed 路由 as one word
 * and much text as pairs of characters across words (由规 of 路由规则), while the browser searches 路
 * and 由, and a query word matches the start of indexed words, so 路 found 路由 no better than 路径
 * (measured 2026-11-28, scripts/search/README.md). Only the indexer's copy changes.
 */
export function markArticle(html, url) {
  if (!/<article[\s>]/.test(html)) return null;
  const chinese = /^zh\b/i.test(html.match(/<html\b[^>]*\blang=["']?([\w-]+)/i)?.[1] ?? '');
  const keywords = pageKeywords(html);
  const objects = definedObjects(html);
  const extra = (keywords.length
    ? `<p data-pagefind-weight="${keywordWeight}">${escapeHtml(keywords.join(' · '))} ${keywordsEnd}</p>`
    : '')
    + (objects.length ? `<span data-pagefind-meta="objects:${escapeHtml(objects.join(' '))}"></span>` : '')
    + (keywords.length ? `<span data-pagefind-meta="keywords:${escapeHtml(keywords.map((k) => (chinese ? separateWords(k, ' ') : k)).join(' ').replace(/,/g, ' '))}"></span>` : '');
  // Pagefind's title is the h1's text, here with its words separated too, and the title shown is `label`.
  const title = html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, '').trim();
  const titled = chinese && title
    ? `${extra}<span data-pagefind-meta="title[data-title], label[data-label]" data-title="${quoted(separateWords(title, ' '))}" data-label="${quoted(title)}"></span>`
    : extra;
  const marked = html.replace(/<article(?=[\s>])([^>]*)>/, `<article data-pagefind-body data-pagefind-filter="set:${docsSetOf(url)}"$1>${titled}`);
  return chinese ? separateText(marked) : marked;
}

/** The page's text (not its tags) with a zero-width space between Chinese words (`separateWords`). */
export function separateText(html) {
  return html.replace(/>([^<]*\p{Script=Han}[^<]*)</gu, (_, text) => `>${separateWords(text, '\u200b')}<`);
}

function htmlFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, {withFileTypes: true, recursive: true})) {
    if (entry.isFile() && entry.name.endsWith('.html')) out.push(join(entry.parentPath ?? entry.path, entry.name));
  }
  return out.sort();
}

export async function buildIndex(dir) {
  const pagefind = await import('pagefind');
  const output = join(dir, 'pagefind');
  rmSync(output, {recursive: true, force: true});
  // The service Pagefind starts for createIndex inherits this process's environment.
  process.env.PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE = String(indexChunkSize);
  const {errors, index} = await pagefind.createIndex({excludeSelectors});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  let pages = 0;
  for (const file of htmlFiles(dir)) {
    const url = pageUrl(relative(dir, file));
    const content = markArticle(readFileSync(file, 'utf8'), url);
    if (content === null) continue;
    const added = await index.addHTMLFile({url, content});
    if (added.errors.length) throw new Error(`Pagefind could not index ${url}: ${added.errors.join('; ')}`);
    pages += 1;
  }
  const written = await index.writeFiles({outputPath: output});
  if (written.errors.length) throw new Error(`Pagefind could not write ${output}: ${written.errors.join('; ')}`);
  await pagefind.close();
  const oversized = oversizedChunks(join(output, 'index'));
  if (oversized.length) {
    throw new Error(`index files over ${maxChunkKB} KB, so a first query may download more than it should: ${oversized.join(', ')}; `
      + `did Pagefind stop reading PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE (indexChunkSize in builder/search/pagefind.mjs)?`);
  }
  // Each language's index files with a word to preload each by (families.mjs), for the client.
  const families = writeFamilies(output);
  const untermed = families.filter(({withoutTerm}) => withoutTerm > 0);
  if (untermed.length) {
    throw new Error(`index files with no word Pagefind looks up as written, which the client could not load by a word: ${untermed.map(({language, withoutTerm}) => `${language} ${withoutTerm}`).join(', ')}`);
  }
  return {pages, output};
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? 'build');
  buildIndex(dir).then(({pages, output}) => {
    if (pages === 0) throw new Error(`No doc page found under ${dir}: run docusaurus build first.`);
    console.log(`[search] Pagefind indexed ${pages} pages into ${relative(process.cwd(), output)}`);
  }).catch((err) => {
    console.error(`[search] ${err.message}`);
    process.exit(1);
  });
}
