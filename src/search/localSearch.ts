/**
 * The local search engine: Pagefind's index, written into <site>/pagefind/ after the
 * build by builder/search/pagefind.mjs, answered in the DocSearch modal's own result format so
 * that local search, the offline fallback of hosted search, and the /search page share one
 * screen. Pagefind picks the index of the page's language from <html lang>; a query loads only
 * the index chunks and result fragments it needs.
 */
import {answersQuery, docsSetOf, exactQuery, fallbackQueries, keywordsEnd, markedBeginWith, meaningfulWords, searchedText} from './indexContract.mjs';

/**
 * What the reader's own docs set weighs against the other when both match. 6 rather than 3
 * (2026-11-28, scripts/search/rank.mjs): a v4 reader's "配置文件加载失败" had the v5 file-storage
 * page before the FAQ; the titles and object names, v5 ones searched from the v5 docs, kept
 * their scores.
 */
export const currentSetBoost = 6;
/**
 * Pagefind's ranking (measured with scripts/search/rank.mjs on the committed query set
 * and a held-out set). Long reference pages are the subject of what they name, not noise
 * (pageLength). A page whose title, object headings or keywords name the query ranks first
 * (metaWeights: the indexer, builder/search/pagefind.mjs, stores the objects a page's headings
 * define and its front matter keywords as searchable metadata). An exact word beats a longer word
 * it begins (termSimilarity: HTTP before HTTPUpgrade), and a word said often adds less
 * (termSaturation).
 */
export const ranking = {
  pageLength: 0.1,
  termSimilarity: 6,
  termSaturation: 1.6,
  metaWeights: {title: 40, objects: 40, keywords: 40},
} as const;
/**
 * Pages the modal lists per query; each costs one fragment download (about 2 to 11 KB gzip), which
 * the modal makes only when the page's place in the list comes into view.
 */
export const pagesPerQuery = 6;
/** Sections listed under a page. */
export const sectionsPerPage = 3;

export type DocsSet = 'main' | 'v5';
export {docsSetOf, keywordsEnd};

// The parts of Pagefind's API we use (pagefind 1.6).
export type PagefindSubResult = {title: string; url: string; excerpt: string; weighted_locations?: {weight: number}[]; locations?: number[]};
export type PagefindData = {url: string; excerpt: string; meta: {title?: string}; sub_results: PagefindSubResult[]};
export type PagefindResult = {id: string; score: number; data: () => Promise<PagefindData>};
export type PagefindSearch = {results: PagefindResult[]};
export type Pagefind = {
  options: (options: Record<string, unknown>) => Promise<void>;
  search: (query: string, options?: {filters?: Record<string, string>}) => Promise<PagefindSearch | null>;
};

/**
 * One result list of both docs sets: each set searched on its own (Pagefind's filter), then
 * merged by score with the reader's set weighted up, so the v4 page comes first for /config/…
 * readers and the v5 page for /v5/… readers when both match about equally.
 */
export function mergeBySet(current: PagefindResult[], other: PagefindResult[], boost = currentSetBoost): PagefindResult[] {
  return scoredBySet(current, other, boost).map(({result}) => result);
}

/** `mergeBySet` with each result's weighted score. */
function scoredBySet(current: PagefindResult[], other: PagefindResult[], boost = currentSetBoost): {result: PagefindResult; score: number}[] {
  return [
    ...current.map((result) => ({result, score: result.score * boost})),
    ...other.map((result) => ({result, score: result.score})),
  ].sort((a, b) => b.score - a.score);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Excerpt HTML that can only hold text and <mark>: Pagefind marks the matched words, and any
 * other angle bracket in the page's text is escaped (an entity such as &amp;lt; stays one).
 */
export function safeExcerpt(excerpt: string): string {
  return excerpt.split(/(<\/?mark>)/).map((part) =>
    (part === '<mark>' || part === '</mark>' ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;'))).join('');
}

type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
type Hierarchy = Record<Level, string | null>;
type Highlighted = {value: string; matchLevel: 'none' | 'full'; matchedWords: string[]};

/**
 * A hit in the shape DocSearch 4 renders (what Algolia's DocSearch crawler stores), plus `page`
 * and `section` for the /search page. DocSearch groups hits under lvl0 and shows a `lvl1` hit
 * as its lvl1 text over its content: here the page title is the group, and each hit is the
 * page or one of its sections, over a snippet with the matched words marked.
 */
export type DocSearchHit = {
  objectID: string;
  url: string;
  type: 'lvl1';
  content: string | null;
  hierarchy: Hierarchy;
  _highlightResult: {hierarchy: Partial<Record<Level, Highlighted>>; hierarchy_camel: Partial<Record<Level, Highlighted>>[]; content: Highlighted};
  _snippetResult: {content: {value: string; matchLevel: 'none' | 'full'}};
  page: string;
  section: string | null;
};

const plain = (value: string): Highlighted => ({value: escapeHtml(value), matchLevel: 'none', matchedWords: []});

/** Removes the build's .html and a trailing index from a Pagefind address. */
export function cleanUrl(url: string): string {
  return url.replace(/\.html(?=$|[#?])/, '').replace(/\/index(?=$|[#?])/, '/');
}

/**
 * Pagefind's excerpt of a section starts with the section's own heading ("rules. Type: …"); the
 * hit shows the heading already, so that first sentence goes. `<mark>` tags are skipped over.
 */
export function dropLeadingTitle(excerpt: string, title: string): string {
  const lead = `${title}. `;
  let seen = 0;
  let i = 0;
  while (i < excerpt.length && seen < lead.length) {
    const tag = excerpt.slice(i).match(/^<\/?mark>/);
    if (tag) {
      i += tag[0].length;
      continue;
    }
    if (excerpt[i] !== lead[seen]) return excerpt;
    i += 1;
    seen += 1;
  }
  const rest = excerpt.slice(i);
  // A mark opened inside the dropped heading is closed again in what remains.
  const opened = (excerpt.slice(0, i).match(/<mark>/g)?.length ?? 0) > (excerpt.slice(0, i).match(/<\/mark>/g)?.length ?? 0);
  return seen === lead.length ? `${opened ? '<mark>' : ''}${rest}` : excerpt;
}

function hit(id: string, url: string, page: string, section: string | null, excerpt: string): DocSearchHit {
  const title = section ?? page;
  const hierarchy: Hierarchy = {lvl0: page, lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
  const highlighted: Partial<Record<Level, Highlighted>> = {lvl0: plain(page), lvl1: plain(title)};
  const cut = excerpt.lastIndexOf(keywordsEnd);
  const snippet = safeExcerpt(dropLeadingTitle((cut >= 0 ? excerpt.slice(cut + keywordsEnd.length) : excerpt).trim(), title));
  return {
    objectID: id,
    url: cleanUrl(url),
    type: 'lvl1',
    content: snippet || null,
    hierarchy,
    _highlightResult: {hierarchy: highlighted, hierarchy_camel: [highlighted], content: {value: snippet, matchLevel: snippet ? 'full' : 'none', matchedWords: []}},
    _snippetResult: {content: {value: snippet, matchLevel: snippet ? 'full' : 'none'}},
    page,
    section,
  };
}

const sectionWeight = (section: PagefindSubResult) =>
  section.weighted_locations?.reduce((sum, l) => sum + l.weight, 0) ?? section.locations?.length ?? 0;

/**
 * One page's hits: the page, grouped under its title (DocSearch groups by lvl0), then its best
 * matching sections (most weighted matches first; headings weigh more than body text).
 */
export function pageHits(data: PagefindData, index: number): DocSearchHit[] {
  const title = data.meta.title?.trim() || cleanUrl(data.url);
  const pageUrl = data.url.split('#')[0]!;
  const sections = data.sub_results
    .filter((s) => s.url.includes('#') && s.title && s.title !== title)
    .sort((a, b) => sectionWeight(b) - sectionWeight(a))
    .slice(0, sectionsPerPage);
  const top = data.sub_results.find((s) => !s.url.includes('#'));
  return [
    hit(`${index}`, pageUrl, title, null, top?.excerpt ?? (sections.length ? '' : data.excerpt)),
    ...sections.map((s, i) => hit(`${index}-${i}`, s.url, title, s.title, s.excerpt)),
  ];
}

async function scoredResults(pagefind: Pagefind, query: string, set: DocsSet): Promise<{result: PagefindResult; score: number}[]> {
  const other: DocsSet = set === 'v5' ? 'main' : 'v5';
  const [mine, theirs] = await Promise.all([
    pagefind.search(query, {filters: {set}}),
    pagefind.search(query, {filters: {set: other}}),
  ]);
  return scoredBySet(mine?.results ?? [], theirs?.results ?? []);
}

/**
 * How many of a query's meaningful words each page has, by result id: the pages Pagefind finds for
 * a word, if the index has the word itself (`exactQuery`) or words that begin with it, not only a
 * shorter word Pagefind fell back to. The words' index chunks came with the whole query.
 */
async function pagesWithWords(pagefind: Pagefind, words: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  await Promise.all(words.map(async (word) => {
    const exact = exactQuery(word);
    const [known, found] = await Promise.all([exact ? pagefind.search(exact) : null, pagefind.search(word)]);
    if (exact && !known?.results.length && !(await beginsAWord(found?.results[0], word))) return;
    for (const {id} of found?.results ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  }));
  return counts;
}

/**
 * Whether a word the index lacks is the start of one it has (a word still being typed: "rou" for
 * routing), not a word Pagefind shortened: a word marked in the first result's excerpt begins with
 * it. That result's fragment is usually the one the list shows first.
 */
async function beginsAWord(first: PagefindResult | undefined, word: string): Promise<boolean> {
  if (!first) return false;
  const {excerpt} = await first.data();
  return markedBeginWith(excerpt, word);
}

/**
 * The results for a query, best first (the reader's docs set weighted up), without their
 * fragments: each result's `data()` downloads its page's fragment. When no page has every word,
 * the pages that have the most of them (indexContract.mjs `fallbackQueries`: the first level of
 * shorter queries that finds any page, each page ranked by its scores summed over them). The
 * shorter queries rarely download anything: their words' index chunks came with the whole query.
 * Only pages that have at least half of the query's meaningful words themselves are listed
 * (indexContract.mjs `meaningfulWords`, `answersQuery`): a query of question words alone, or one
 * whose pages share only a minority of its words with it, finds nothing. The question words are
 * not searched (`searchedText`).
 */
export async function rankedResults(pagefind: Pagefind, query: string, set: DocsSet, limit = pagesPerQuery): Promise<PagefindResult[]> {
  const words = meaningfulWords(query);
  if (words.length === 0) return [];
  const withWords = await pagesWithWords(pagefind, words);
  const answering = (found: {result: PagefindResult; score: number}[]) =>
    found.filter(({result}) => answersQuery(withWords.get(result.id) ?? 0, words.length));
  const text = searchedText(query);
  const all = answering(await scoredResults(pagefind, text, set));
  if (all.length > 0) return all.slice(0, limit).map(({result}) => result);
  for (const level of fallbackQueries(text)) {
    const found = new Map<string, {result: PagefindResult; score: number}>();
    for (const shorter of await Promise.all(level.map((q) => scoredResults(pagefind, q, set)))) {
      for (const {result, score} of shorter) {
        const seen = found.get(result.id);
        if (seen) seen.score += score; else found.set(result.id, {result, score});
      }
    }
    const shown = answering([...found.values()]);
    if (shown.length > 0) return shown.sort((a, b) => b.score - a.score).slice(0, limit).map(({result}) => result);
  }
  return [];
}

/** Results for a query with their fragments, best first. */
export async function searchPages(pagefind: Pagefind, query: string, set: DocsSet, limit = pagesPerQuery): Promise<PagefindData[]> {
  return Promise.all((await rankedResults(pagefind, query, set, limit)).map((r) => r.data()));
}

export async function searchHits(pagefind: Pagefind, query: string, set: DocsSet): Promise<DocSearchHit[]> {
  if (!query.trim()) return [];
  const pages = await searchPages(pagefind, query, set);
  return pages.flatMap((data, i) => pageHits(data, i));
}

let loading: Promise<Pagefind> | null = null;
let attempt = 0;

/**
 * Loads Pagefind from the site (`/pagefind/pagefind.js`, outside webpack), once. After a failure
 * (offline, a dropped connection, the dev server without an index) `forgetPagefind` drops it, and
 * the next query loads a fresh copy: the browser keeps a failed module import, and Pagefind keeps
 * a failed start, for the life of the page, so the retry asks for `pagefind.js?retry=N`.
 */
export function loadPagefind(): Promise<Pagefind> {
  if (!loading) {
    // One bundle at the root for both languages (the English site is built into /en_US/).
    const url = `/pagefind/pagefind.js${attempt ? `?retry=${attempt}` : ''}`;
    loading = (import(/* webpackIgnore: true */ url) as Promise<Pagefind>).then(async (pagefind) => {
      await pagefind.options({ranking});
      return pagefind;
    });
    loading.catch(forgetPagefind);
  }
  return loading;
}

export function forgetPagefind(): void {
  loading = null;
  attempt += 1;
}

/** A search on the local index; any failure makes the next one start Pagefind afresh. */
export async function withPagefind<T>(run: (pagefind: Pagefind) => Promise<T>): Promise<T> {
  try {
    return await run(await loadPagefind());
  } catch (error) {
    forgetPagefind();
    throw error;
  }
}
