// @ts-check
/**
 * What the search indexer (scripts/search/pagefind.mjs, run by plain Node after the build) and
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
