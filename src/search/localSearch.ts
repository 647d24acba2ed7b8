/**
 * The local search engine: Pagefind's index, written into <site>/pagefind/ after the
 * build by builder/search/pagefind.mjs, answered in the DocSearch modal's own result format so
 * that local search, the offline fallback of hosted search, and the /search page share one
 * screen. Pagefind picks the index of the page's language from <html lang>; a query loads only
 * the index chunks and result fragments it needs.
 */
import {answersQuery, docsSetOf, exactQuery, familiesFile, familyTerms, keywordsEnd, markedBeginWith, meaningfulWords, pagefindTerms, queryMaxLength, queryMaxWords, queryPairs, searchedText} from './indexContract.mjs';
import type {IndexFile} from './indexContract.mjs';

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
 * (termSaturation). A Chinese page's title is searched as words (`title`: builder/search/pagefind.mjs
 * separates them as the browser separates a query's) and shown as written (`label`, which weighs nothing).
 */
export const ranking = {
  pageLength: 0.1,
  termSimilarity: 6,
  termSaturation: 1.6,
  metaWeights: {title: 40, objects: 40, keywords: 40, label: 0},
} as const;
/**
 * How a page with only some of a query's meaningful words scores (`rankByWords`): its summed word
 * scores times the share of the words it has, to this power. 1 rather than 2 (2026-11-28,
 * scripts/search/rank.mjs on the readers' questions, with `wholeQueryWeight` 4: zh 96.2 and 95.5 %
 * at 1, en 91.7 and 90.4 %); 0, tried before the whole query counted, was 2 and 4 points below 1.
 */
export const coverageExponent = 1;
/**
 * How much Pagefind's score for the whole query adds to a page that has every word (`rankByWords`),
 * over its summed word scores. A word searched alone also finds the words it begins ("Stats" finds
 * StatsObject, which the page of that object names in its metadata), so a page's summed scores favour
 * the page about one of the words; the whole query's score favours the page about all of them
 * ("Stats Service"). 4 rather than 0, 2 or 8 (2026-11-28, rank.mjs: the readers' questions at 1,
 * zh 93.6 / 94.3 / 96.2 / 95.5 %, en 89.8 / 88.5 / 91.7 / 90.4 %; the titles stay at 98.4 % and
 * 100 % with it, without it en lost two).
 */
export const wholeQueryWeight = 4;
/**
 * What a page gains for each pair of the query's words it says one after the other (`rankByWords`:
 * its score times 1 plus the pairs' weights it has over the number of pairs; the pairs are
 * indexContract.mjs `queryPairs`, each searched as a phrase). Words written together in the query are
 * usually one word the browser's segmenter split (时区 into 时 and 区, 带宽 into 带 and 宽), so they weigh
 * more than words written apart ("unix socket"). 2 and 1 rather than none, 1 and 1, 3 and 1 or 5
 * and 1 (2026-11-28, scripts/search/rank.mjs, the readers' questions and the fresh set at 1: zh 154 /
 * 154 / 155 / 155 / 155 and 70 / 71 / 72 / 72 / 70 of 157 and 82, en 149 / 149 / 149 / 149 and 69 /
 * 70 / 70 / 70; spaced pairs at 0.5 lost an English one, at 0 one in each).
 */
export const phraseWeights = {joined: 2, apart: 1} as const;
/**
 * Pages the modal lists per query; each costs one fragment download (about 2 to 11 KB gzip), which
 * the modal makes only when the page's place in the list comes into view.
 */
export const pagesPerQuery = 6;
/** Sections listed under a page. */
export const sectionsPerPage = 3;

export type DocsSet = 'main' | 'v5';
export {docsSetOf, keywordsEnd, queryMaxLength};

// The parts of Pagefind's API we use (pagefind 1.6).
export type PagefindSubResult = {title: string; url: string; excerpt: string; weighted_locations?: {weight: number}[]; locations?: number[]};
export type PagefindData = {url: string; excerpt: string; meta: {title?: string; label?: string}; sub_results: PagefindSubResult[]};
export type PagefindResult = {id: string; score: number; data: () => Promise<PagefindData>};
export type PagefindSearch = {results: PagefindResult[]};
export type Pagefind = {
  options: (options: Record<string, unknown>) => Promise<void>;
  search: (query: string, options?: {filters?: Record<string, string>}) => Promise<PagefindSearch | null>;
  preload: (query: string) => Promise<void>;
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
 * One page's hits: the page, grouped under its title (its `label`, where the indexer searches the
 * title's words apart, else its title; DocSearch groups by lvl0), then its best matching sections (most weighted matches first; headings weigh more than body text).
 */
export function pageHits(data: PagefindData, index: number): DocSearchHit[] {
  const title = (data.meta.label ?? data.meta.title)?.trim() || cleanUrl(data.url);
  const pageUrl = data.url.split('#')[0]!;
  const sections = data.sub_results
    .map((s) => ({...s, title: s.title.replace(/\u200b/g, '')}))
    .filter((s) => s.url.includes('#') && s.title && s.title !== title)
    .sort((a, b) => sectionWeight(b) - sectionWeight(a))
    .slice(0, sectionsPerPage);
  const top = data.sub_results.find((s) => !s.url.includes('#'));
  return [
    hit(`${index}`, pageUrl, title, null, top?.excerpt ?? (sections.length ? '' : data.excerpt)),
    ...sections.map((s, i) => hit(`${index}-${i}`, s.url, title, s.title, s.excerpt)),
  ];
}

async function scoredResults(pagefind: Pagefind, query: string, set: DocsSet, boost: number): Promise<Scored[]> {
  const other: DocsSet = set === 'v5' ? 'main' : 'v5';
  const [mine, theirs] = await Promise.all([
    pagefind.search(query, {filters: {set}}),
    pagefind.search(query, {filters: {set: other}}),
  ]);
  return scoredBySet(mine?.results ?? [], theirs?.results ?? [], boost);
}

/** A result with its score, the reader's docs set weighted up. */
export type Scored = {result: PagefindResult; score: number};

/**
 * A query's pages ranked by its meaningful words, each searched alone (`perWord`: a word's pages
 * with their scores, or null when the index lacks the word): a page scores the sum of its words'
 * scores, times the share of the words it has to the power `exponent`, and only pages with at
 * least half of the words are listed (`answersQuery`). So a page that is about a query's rare words
 * (its title, keywords or object headings name them) but lacks a common one ("shadowsocks
 * websocket tls" on the Shadowsocks page, which does not say websocket; "限制 mKCP 带宽" on the v4
 * mKCP page, which does not say 限制) competes with the pages that say every word in passing,
 * which Pagefind alone (it lists only pages with every word) never lets it do; a common word
 * (需要, configuration) scores little, so lacking it costs little more than the share. A page with
 * every word (in `whole`, Pagefind's results for the whole query) adds its score for the whole
 * query, `wholeWeight` times, and keeps that result, whose excerpt marks every word; the others
 * keep that of their best word. A page that says pairs of the query's words one after the other
 * (`phrases`: each pair's pages and weight, `phraseWeights`) has its score multiplied by 1 plus their
 * weights over the number of pairs.
 */
export function rankByWords(perWord: (Scored[] | null)[], whole: Scored[] = [],
  {exponent = coverageExponent, wholeWeight = wholeQueryWeight, phrases = [] as {pages: Set<string>; weight: number}[]} = {}): Scored[] {
  const total = perWord.length;
  const pages = new Map<string, {result: PagefindResult; sum: number; words: number; best: number}>();
  for (const found of perWord) {
    for (const {result, score} of found ?? []) {
      const page = pages.get(result.id);
      if (!page) {
        pages.set(result.id, {result, sum: score, words: 1, best: score});
        continue;
      }
      page.sum += score;
      page.words += 1;
      if (score > page.best) Object.assign(page, {result, best: score});
    }
  }
  const wholeResults = new Map(whole.map((found) => [found.result.id, found]));
  return [...pages.values()]
    .filter((page) => answersQuery(page.words, total))
    .map((page) => {
      const every = wholeResults.get(page.result.id);
      const together = 1 + phrases.reduce((sum, {pages, weight}) => sum + (pages.has(page.result.id) ? weight : 0), 0) / Math.max(phrases.length, 1);
      return every
        ? {result: every.result, score: (page.sum + every.score * wholeWeight) * together}
        : {result: page.result, score: page.sum * (page.words / total) ** exponent * together};
    })
    .sort((a, b) => b.score - a.score);
}

/**
 * After the last character of any word: `word` + this sorts after every word `word` begins.
 */
export const familyEnd = '\uffff';

/**
 * After every word of letters and digits that `word` begins, where Pagefind's Chinese segmenter
 * would cut `familyEnd` off (`loadWordFamilies`): the Chinese index holds a
 * word with Latin letters apart from the Chinese around it (indexContract.mjs `separateWords`),
 * lowercased, so its longer words go on with letters and digits, which sort before z.
 */
export const latinFamilyEnd = 'z'.repeat(16);

const hasHan = (word: string) => /\p{Script=Han}/u.test(word);

/**
 * Loads every index file that holds a word some query word begins. Pagefind loads only the file whose
 * range holds the query word itself, but it matches the words that begin with it (http: http2,
 * httpupgrade) in every file loaded so far, so the same query ranked differently after other searches
 * had loaded the next file (measured 2026-11-28: "HTTP" from /en_US/v5/ listed the HTTP page first on
 * a fresh page and the HTTP/2 page first after searches for httpupgrade and http2). `words` are the
 * meaningful words and the whole query's own words (".v5.json", which Pagefind searches as v5json).
 *
 * With the list of index files (`files`, indexContract.mjs `IndexFile`, from `loadIndexFiles`), each
 * word as Pagefind looks it up (`pagefindTerms`: split, lower-cased, without punctuation) preloads
 * itself and a word of each later file that holds words it begins (`familyTerms`), so every such
 * file is loaded, however many there are and whatever the segmenter makes of the word.
 *
 * Without the list (it could not be loaded), `word + familyEnd` is preloaded, which loads the file
 * where the words beginning with `word` end, and, for a word with no Chinese in it and each of its
 * parts, `word + latinFamilyEnd` (Pagefind's Chinese segmenter cuts familyEnd off a word and splits
 * it at its dots): the files between the two, and a Chinese word's later files, are not loaded, so
 * a few queries still ranked by history that way (tests/e2e/search-relevance.spec.ts).
 */
export async function loadWordFamilies(pagefind: Pagefind, words: string[], files: IndexFile[] | null = null, language = 'zh-cn'): Promise<void> {
  if (files) {
    const looked = new Set(words.filter(Boolean).flatMap((word) => pagefindTerms(word, language)));
    const terms = new Set([...looked].flatMap((word) => familyTerms(files, word).terms));
    await Promise.all([...terms].map((term) => pagefind.preload(term)));
    return;
  }
  // A Chinese page's segmenter also splits a word at its dots and colons (v2ray.location.asset is
  // three words there), so each part's family is loaded too.
  const all = words.filter(Boolean).flatMap((word) => [word, ...(hasHan(word) ? [] : word.split(/[^\p{L}\p{N}]+/u).filter(Boolean))]);
  const ends = [...new Set(all)].flatMap((word) => (hasHan(word)
    ? [`${word}${familyEnd}`]
    : [`${word}${familyEnd}`, `${word}${latinFamilyEnd}`]));
  await Promise.all([...new Set(ends)].map((end) => pagefind.preload(end)));
}

/** The page's Pagefind language: its `<html lang>` in lower case (en-us, zh-cn), as Pagefind picks its index. */
export function pageLanguage(): string | null {
  return typeof document === 'undefined' ? null : document.documentElement.lang.toLowerCase() || null;
}

/** The list being fetched or fetched, by language (a page has one; tests ask for several). */
const indexFiles = new Map<string, Promise<IndexFile[] | null>>();

/**
 * The list of the page language's index files (indexContract.mjs `familiesFile`, written by
 * builder/search/families.mjs), fetched once; null where there is none to fetch (no page, the dev
 * server without an index) or it could not be read, and then the next query asks again.
 */
export function loadIndexFiles(language = pageLanguage()): Promise<IndexFile[] | null> {
  if (!language || typeof fetch === 'undefined') return Promise.resolve(null);
  let listed = indexFiles.get(language);
  if (!listed) {
    listed = fetch(`/pagefind/${familiesFile(language)}`)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const list: unknown = await response.json();
        if (!Array.isArray(list) || !list.every(isIndexFile)) throw new Error('not a list of index files');
        return list;
      })
      .catch(() => {
        indexFiles.delete(language);
        return null;
      });
    indexFiles.set(language, listed);
  }
  return listed;
}

function isIndexFile(value: unknown): value is IndexFile {
  return Array.isArray(value) && value.length === 3 && typeof value[0] === 'string' && typeof value[1] === 'string'
    && (typeof value[2] === 'string' || value[2] === null);
}

/**
 * A word's pages in both docs sets, scored, or null when the index lacks the word: not only a
 * shorter word Pagefind fell back to (`exactQuery`), unless it begins a word the index has.
 */
async function wordResults(pagefind: Pagefind, word: string, set: DocsSet, boost: number): Promise<Scored[] | null> {
  const exact = exactQuery(word);
  const [known, found] = await Promise.all([exact ? pagefind.search(exact) : null, scoredResults(pagefind, word, set, boost)]);
  if (exact && !known?.results.length && !(await beginsAWord(found[0]?.result, word))) return null;
  return found;
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
 * fragments: each result's `data()` downloads its page's fragment. Each meaningful word of the
 * query is searched alone in both docs sets, and the pages ranked by their words (`rankByWords`:
 * summed scores, less for a word a page lacks; only pages with at least half of the words), so a
 * page need not have every word (Pagefind lists only pages that have them all: one word no page
 * uses, such as a symptom in a reader's own words, left nothing but a fallback). A query of
 * question and function words alone finds nothing (indexContract.mjs `meaningfulWords`); those
 * words are not searched (`searchedText`). The words' index chunks are the ones the whole query
 * needs, so the further searches rarely download anything; so does each pair of words searched as a
 * phrase (`queryPairs`, `phraseWeights`). Of a query of more than `queryMaxWords`
 * meaningful words, the first `queryMaxWords` are searched, alone, in pairs and together; the rest
 * are not searched at all. `boost`
 * weighs the reader's docs set (`currentSetBoost`; scripts/search/rank.mjs tries others).
 */
export async function rankedResults(pagefind: Pagefind, query: string, set: DocsSet, limit = pagesPerQuery, boost = currentSetBoost): Promise<PagefindResult[]> {
  const meaningful = meaningfulWords(query);
  const words = meaningful.slice(0, queryMaxWords);
  if (words.length === 0) return [];
  // A longer query (a pasted log line or paragraph) is searched whole as its first words too, so
  // that what it downloads does not grow with its length.
  const text = meaningful.length > queryMaxWords ? words.join(' ') : searchedText(query);
  const kept = new Set(words);
  const pairs = queryPairs(query).filter(({words: pair}) => pair.every((w) => kept.has(w) && exactQuery(w)));
  const language = pageLanguage();
  await loadWordFamilies(pagefind, [...words, ...text.split(/\s+/)], await loadIndexFiles(language), language ?? undefined);
  const [perWord, whole, phrases] = await Promise.all([
    Promise.all(words.map((word) => wordResults(pagefind, word, set, boost))),
    words.length > 1 ? scoredResults(pagefind, text, set, boost) : Promise.resolve([]),
    Promise.all(pairs.map(async ({words: pair, joined}) => ({pages: new Set((await pagefind.search(`"${pair.join(' ')}"`))?.results.map((r) => r.id)), weight: joined ? phraseWeights.joined : phraseWeights.apart}))),
  ]);
  return rankByWords(perWord, whole, {phrases}).slice(0, limit).map(({result}) => result);
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
    // The list of index files the first query needs too, fetched meanwhile.
    void loadIndexFiles();
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
