// @ts-check
/**
 * What the search indexer (builder/search/pagefind.mjs, run by plain Node after the build) and
 * the search client (src/search/localSearch.ts, in the browser) must agree on, written once. A
 * plain ES module with JSDoc types so that both can import it.
 */

/** @typedef {'main' | 'v5'} DocsSet */

/**
 * The docs set of an address: the v5 branch (/v5/…, /en_US/v5/…) or the main docs. The indexer
 * tags each page with it, and the client ranks the reader's own set first.
 * @param {string} pathname
 * @returns {DocsSet}
 */
export function docsSetOf(pathname) {
  return /^(\/en_US)?\/v5(\/|$)/.test(pathname) ? 'v5' : 'main';
}

/**
 * Ends the keywords line the indexer adds at the top of a page: an excerpt drops everything up to
 * it, so readers see the page's words, not the keywords.
 */
export const keywordsEnd = '\u2042';

/** Words of a query beyond which no shorter queries are tried (the combinations grow fast). */
export const fallbackMaxWords = 8;

/**
 * The words of a query: split at spaces, and Chinese (which has no spaces) into words with the
 * browser's word segmenter where it has one (as Pagefind itself splits Chinese), each word once.
 * @param {string} query
 * @returns {string[]}
 */
export function queryWords(query) {
  const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', {granularity: 'word'}) : null;
  /** @type {string[]} */
  const words = [];
  for (const part of query.trim().split(/\s+/)) {
    if (!part) continue;
    if (segmenter && /\p{Script=Han}/u.test(part)) {
      for (const s of segmenter.segment(part)) if (s.isWordLike) words.push(s.segment);
    } else {
      words.push(part);
    }
  }
  return [...new Set(words)];
}

/**
 * What the search tries when no page has every word of a query (Pagefind finds only pages that
 * have them all, so one word no page uses, such as a symptom in a reader's own words, leaves
 * nothing): the query with one word left out, every way, then two, and so on down to single
 * words. The client takes the first of these levels at which some page is found (the pages that
 * have the most of the query's words) and ranks them by their summed scores. Shared by the client
 * (src/search/localSearch.ts) and the relevance measurement (scripts/search/relevanceCore.cjs).
 * @param {string} query
 * @returns {string[][]} the levels, each a list of shorter queries
 */
export function fallbackQueries(query) {
  const words = queryWords(query);
  if (words.length < 2 || words.length > fallbackMaxWords) return [];
  /** @type {string[][]} */
  const levels = [];
  for (let size = words.length - 1; size >= 1; size -= 1) {
    /** @type {string[]} */
    const level = [];
    /** @param {number} start @param {string[]} picked */
    const pick = (start, picked) => {
      if (picked.length === size) {
        level.push(picked.join(' '));
        return;
      }
      for (let i = start; i <= words.length - (size - picked.length); i += 1) pick(i + 1, [...picked, /** @type {string} */ (words[i])]);
    };
    pick(0, []);
    levels.push(level);
  }
  return levels;
}
