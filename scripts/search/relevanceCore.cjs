// @ts-check
/**
 * The search relevance measurement, shared by `npm run search:relevance`
 * (scripts/search/relevance.mjs) and tests/e2e/search-relevance.spec.ts. CommonJS so that both the
 * ES-module script and the TypeScript test load it.
 */
const {readFileSync} = require('node:fs');
const {join, resolve} = require('node:path');

const root = resolve(__dirname, '../..');

/** @typedef {{q: string, want: string[], section?: string, kind: string}} Query */

/** The query set. @returns {{zh: Query[], en: Query[]}} */
const querySet = () => JSON.parse(readFileSync(join(root, 'scripts/search/queries.json'), 'utf8'));

/**
 * A page's address in a language: /config/routing -> /en_US/config/routing.
 * @param {string} path
 * @param {string} lang
 */
const localized = (path, lang) => (lang === 'en' ? `/en_US${path}` : path);

/**
 * The page part of a result's address: no hash, no query, no .html, no trailing slash.
 * @param {string} href
 */
function pageOf(href) {
  const path = new URL(href, 'http://x').pathname.replace(/(\/index)?\.html$/, '');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/**
 * Success@1 and success@3 of one language.
 * @param {Query[]} queries
 * @param {Record<string, string[]>} results query -> result pages, best first
 * @param {'zh'|'en'} lang
 */
function score(queries, results, lang) {
  const rows = queries.map((query) => {
    const hrefs = results[query.q] ?? [];
    const wanted = new Set(query.want.map((p) => localized(p, lang)));
    const rank = hrefs.findIndex((href) => wanted.has(pageOf(href)));
    return {q: query.q, kind: query.kind, want: query.want[0], rank: rank < 0 ? null : rank + 1, first: hrefs[0] ?? null};
  });
  /** @param {number} n */
  const share = (n) => Math.round((1000 * rows.filter((r) => r.rank !== null && r.rank <= n).length) / Math.max(rows.length, 1)) / 10;
  return {queries: rows.length, successAt1: share(1), successAt3: share(3), misses: rows.filter((r) => r.rank !== 1)};
}

/**
 * The distinct pages of a result list, in order (a page's sections follow the page).
 * @param {string[]} hrefs
 */
function pagesOf(hrefs) {
  /** @type {string[]} */
  const pages = [];
  for (const href of hrefs) {
    const page = pageOf(href);
    if (!pages.includes(page)) pages.push(page);
  }
  return pages;
}

/**
 * Types each query into the search modal, as a reader would (with its 500 ms pause), and reads
 * the pages its results link to, best first. The page is already on a hydrated page of the language.
 * @param {import('@playwright/test').Page} page
 * @param {Query[]} queries
 */
async function runQueries(page, queries) {
  await page.keyboard.press('Control+k');
  const box = page.locator('input.DocSearch-Input');
  await box.waitFor();
  const hits = page.locator('.DocSearch-Hit a');
  // "No results" only counts once the query is answered (src/theme/SearchBar: data-search-pending).
  const none = page.locator('.DocSearch-Dropdown:not([data-search-pending]) .DocSearch-NoResults');
  /** @type {Record<string, string[]>} */
  const results = {};
  for (const {q} of queries) {
    await box.fill('');
    await hits.first().waitFor({state: 'detached', timeout: 60_000});
    await box.fill(q);
    // The first query loads Pagefind and the index chunks it needs.
    await hits.first().or(none).waitFor({timeout: 60_000});
    results[q] = pagesOf(await hits.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')));
  }
  return results;
}

module.exports = {querySet, localized, pageOf, pagesOf, score, runQueries};
