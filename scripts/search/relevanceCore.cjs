// @ts-check
/**
 * The search relevance measurement, shared by `npm run search:relevance`
 * (scripts/search/relevance.mjs) and tests/e2e/search-relevance.spec.ts. CommonJS so that both the
 * ES-module script and the TypeScript test load it.
 */
const {existsSync, readFileSync} = require('node:fs');
const {join, resolve} = require('node:path');

const root = resolve(__dirname, '../..');

/** @typedef {{q: string, want: string[], section?: string, kind: string, from?: string, half?: 'tune'|'heldout', source?: string}} Query */

/**
 * How long a search may take to show its results, in the tests and here: a first query on a cold
 * page (the modal's 500 ms pause, Pagefind's code, two index chunks, the first fragment) took at
 * most 1.2 s, 0.9 s typically, on this 2-core machine at a load average of 13 (2026-11-27, eight
 * cold zh and en queries); 15 s is over ten times that, and a real slowdown of the kind a 60 s wait
 * would hide (50-fold) fails.
 */
const searchResultsMs = 15_000;

/** The readers' questions (issue and discussion titles, the FAQ), in a tuned and a held-out half. */
const readerSetFile = 'scripts/search/queries-readers.json';

/**
 * The query set (or another file of the same shape, such as the readers' questions), or only one
 * half of it (`half` of each query: `tune` or `heldout`).
 * @param {string} [file] path from the repository root
 * @param {'tune'|'heldout'} [half]
 * @returns {{zh: Query[], en: Query[]}}
 */
function querySet(file = 'scripts/search/queries.json', half = undefined) {
  /** @type {{zh: Query[], en: Query[]}} */
  const set = JSON.parse(readFileSync(join(root, file), 'utf8'));
  if (!half) return set;
  return {zh: set.zh.filter((q) => q.half === half), en: set.en.filter((q) => q.half === half)};
}

/**
 * The fresh readers' questions, collected apart from the tuning and scored once blind (issue 41);
 * tuned on since, like queries-readers.json (`half: tune`), so `heldOutSet` has none of it.
 */
const freshSetFile = 'scripts/search/queries-fresh.json';

/**
 * More readers' questions (63 a language from v2fly issues no other set cites), collected apart,
 * scored once blind and tuned on since (issue 41, `half: tune`).
 */
const moreSetFile = 'scripts/search/queries-more.json';

/**
 * The first blind set (99 readers' questions a language), held out until it had been scored twice
 * and its misses published, tuned on since (issue 41, `half: tune`).
 */
const firstBlindSetFile = 'scripts/search/queries-blind.json';

/**
 * The second blind set (115 readers' questions a language), held out until it had been scored three
 * times and its misses published, tuned on since (issue 41, the eighth round, `half: tune`).
 */
const secondBlindSetFile = 'scripts/search/queries-blind2.json';

/**
 * The third blind set (125 readers' questions a language), held out until it had been scored twice
 * and its misses published, tuned on since (issue 41, the ninth round, `half: tune`).
 */
const thirdBlindSetFile = 'scripts/search/queries-blind3.json';

/**
 * The blind held-out readers' questions (issue 41): 129 a language, cut from issues and discussions
 * that no other query file cites, collected by people who never ran the search, and never tuned on.
 */
const blindSetFile = 'scripts/search/queries-blind4.json';

/**
 * The held-out readers' questions and the file they come from: the blind set's `heldout` queries,
 * or null while it has none. queries-readers.json's old held-out half, the fresh set and the first,
 * second and third blind sets were each read while tuning and are tuned on since (issue 41).
 * @returns {{file: string, set: {zh: Query[], en: Query[]}} | null}
 */
function heldOutSet() {
  if (!existsSync(join(root, blindSetFile))) return null;
  const set = querySet(blindSetFile, 'heldout');
  return set.zh.length || set.en.length ? {file: blindSetFile, set} : null;
}

/** Where a query is searched from when it names no page: the main docs. */
const defaultStart = '/guide/start';

/**
 * The queries grouped by the page they are searched from (`from`, else /guide/start), in order.
 * @param {Query[]} queries
 * @returns {Map<string, Query[]>}
 */
function byStart(queries) {
  /** @type {Map<string, Query[]>} */
  const groups = new Map();
  for (const query of queries) {
    const start = query.from ?? defaultStart;
    if (!groups.has(start)) groups.set(start, []);
    groups.get(start)?.push(query);
  }
  return groups;
}

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
 * A query's key in a result map: the same words searched from the v5 docs are another query.
 * @param {Query} query
 */
const resultKey = (query) => (query.from ? `${query.from} ${query.q}` : query.q);

/**
 * Success@1 and success@3 of one language.
 * @param {Query[]} queries
 * @param {Record<string, string[]>} results query -> result pages, best first
 * @param {'zh'|'en'} lang
 */
function score(queries, results, lang) {
  const rows = queries.map((query) => {
    const hrefs = results[resultKey(query)] ?? [];
    const wanted = new Set(query.want.map((p) => localized(p, lang)));
    const rank = hrefs.findIndex((href) => wanted.has(pageOf(href)));
    return {q: query.q, kind: query.kind, half: query.half, from: query.from, want: query.want[0], rank: rank < 0 ? null : rank + 1, first: hrefs[0] ?? null};
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
 * Brings every listed page into the modal: each page's fragment loads when its place in the list
 * comes into view, so the list is scrolled to its end until nothing is left to load.
 * @param {import('@playwright/test').Page} page
 */
async function showAll(page) {
  const more = page.locator('[data-search-more]');
  // Every listed page has one hit of its own (its address without #); groups would not do, as two
  // pages of the same title in a row share one.
  const pageHit = '.DocSearch-Hit a:not([href*="#"])';
  for (let i = 0; i < 20 && (await more.count()) > 0; i += 1) {
    const shown = await page.locator(pageHit).count();
    // Scrolled from the page: the mark may go (its page loaded, nothing left) at any moment, and a
    // locator action would wait for it to come back.
    await page.evaluate(() => document.querySelector('[data-search-more]')?.scrollIntoView({block: 'nearest'}));
    await page.waitForFunction(([selector, n]) => document.querySelectorAll(selector).length > n || !document.querySelector('[data-search-more]'),
      /** @type {[string, number]} */ ([pageHit, shown]), {timeout: searchResultsMs});
  }
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
  for (const query of queries) {
    const {q} = query;
    await box.fill('');
    await hits.first().waitFor({state: 'detached', timeout: searchResultsMs});
    await box.fill(q);
    // The first query loads Pagefind and the index chunks it needs.
    await hits.first().or(none).waitFor({timeout: searchResultsMs});
    await showAll(page);
    results[resultKey(query)] = pagesOf(await hits.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')));
  }
  return results;
}

/**
 * Every query of a language, each typed into the search modal of its start page (`from`, else
 * /guide/start), in that language.
 * @param {import('@playwright/test').Page} page
 * @param {Query[]} queries
 * @param {'zh'|'en'} lang
 * @param {(path: string) => string} [address] the address to open for a site path
 */
async function runAll(page, queries, lang, address = (path) => path) {
  /** @type {Record<string, string[]>} */
  const results = {};
  for (const [start, group] of byStart(queries)) {
    await page.goto(address(localized(start, lang)));
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    Object.assign(results, await runQueries(page, group));
  }
  return results;
}

/** @type {string | null} */
let bundled = null;

/**
 * The modal's ranking code for a page: src/search/localSearch.ts and the one module it imports
 * (src/search/indexContract.mjs), each compiled to CommonJS by TypeScript and joined into one script
 * that sets `globalThis.__searchRanking` to localSearch.ts's exports. `rankAll` runs the client's
 * own `rankedResults` on the built site's index, so the measurement cannot drift from what the
 * modal lists.
 */
function rankingCode() {
  if (bundled === null) {
    const ts = require('typescript');
    /** @param {string} file */
    const compiled = (file) => ts.transpileModule(readFileSync(join(root, file), 'utf8'),
      {fileName: file.replace(/\.mjs$/, '.js'), compilerOptions: {module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, allowJs: true}}).outputText;
    const modules = {'./indexContract.mjs': compiled('src/search/indexContract.mjs'), main: compiled('src/search/localSearch.ts')};
    const defined = Object.entries(modules).map(([name, code]) => `${JSON.stringify(name)}: (module, exports, require) => {\n${code}\n}`).join(',\n');
    bundled = `(() => {
const modules = {${defined}};
const loaded = {};
const load = (name) => {
  if (!(name in modules)) throw new Error('the ranking code imports ' + name + ', which rankingCode (scripts/search/relevanceCore.cjs) does not bring');
  if (!loaded[name]) {
    loaded[name] = {exports: {}};
    modules[name](loaded[name], loaded[name].exports, load);
  }
  return loaded[name].exports;
};
globalThis.__searchRanking = load('main');
})();
`;
  }
  return bundled;
}

/**
 * Every query of a language ranked straight through Pagefind in a page of the built site, without
 * the modal or its pause (seconds for the whole set), by the modal's own ranking
 * (src/search/localSearch.ts `rankedResults`, bundled by `rankingCode`): the reader's docs set is
 * that of the start page. The pages the results link to, best first, per query (`resultKey`).
 * @param {import('@playwright/test').Page} page
 * @param {Query[]} queries
 * @param {'zh'|'en'} lang
 * @param {{address: (path: string) => string, setOf: (path: string) => string, ranking: object, boost: number, limit: number}} how
 *   the address of a site path, the docs set of a path (indexContract.mjs `docsSetOf`), and the modal's Pagefind ranking,
 *   docs-set boost and page limit (other values try another ranking: rank.mjs --ranking, --boost)
 */
async function rankAll(page, queries, lang, {address, setOf, ranking, boost, limit}) {
  /** @type {Record<string, string[]>} */
  const results = {};
  for (const [start, group] of byStart(queries)) {
    const path = localized(start, lang);
    await page.goto(address(path));
    await page.evaluate(rankingCode());
    /** @type {Record<string, string[]>} */
    const found = await page.evaluate(async ({words, ranking, boost, limit, mine}) => {
      // import() written out of sight of whatever transpiles this file for the test runner, which
      // could turn it into require(): this runs in the page, where it must stay an import.
      const load = /** @type {(url: string) => Promise<any>} */ (new Function('url', 'return import(url)'));
      const pagefind = await load('/pagefind/pagefind.js');
      await pagefind.options({ranking});
      const {rankedResults} = /** @type {any} */ (globalThis).__searchRanking;
      /** @type {Record<string, string[]>} */
      const out = {};
      for (const q of words) {
        const ranked = await rankedResults(pagefind, q, mine, limit, boost);
        out[q] = await Promise.all(ranked.map(async (/** @type {any} */ r) => (await r.data()).url));
      }
      return out;
    }, {words: group.map((q) => q.q), ranking, boost, limit, mine: setOf(path)});
    for (const query of group) results[resultKey(query)] = pagesOf(found[query.q] ?? []);
  }
  return results;
}

/**
 * Every n-th query of a set, `count` in all, for the browser check that the modal lists what
 * `rankAll` ranks (typing every query into the modal takes minutes).
 * @param {Query[]} queries
 * @param {number} count
 */
function sample(queries, count) {
  const step = Math.max(1, Math.floor(queries.length / count));
  return queries.filter((_, i) => i % step === 0).slice(0, count);
}

module.exports = {searchResultsMs, rankingCode, querySet, readerSetFile, freshSetFile, moreSetFile, firstBlindSetFile, secondBlindSetFile, thirdBlindSetFile, blindSetFile, heldOutSet, localized, pageOf, pagesOf, score, runQueries, runAll, rankAll, sample, byStart, resultKey, showAll};
