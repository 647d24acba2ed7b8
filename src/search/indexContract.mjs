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

/**
 * The meaningful words of a query that are searched one by one (src/search/localSearch.ts
 * `rankedResults`): its first 16; the rest are not searched (each word costs three searches, and
 * perhaps an index chunk). 16 rather than 8 (2026-11-28): the browser splits a Chinese question
 * finely (客户端和服务器时间不一致 is 客户|端|服务|器|时间|不一致), so a question of one sentence had
 * more than 8 words, and a query over the limit was answered by Pagefind alone, which lists only
 * pages with every word: nothing, for almost any question in a reader's own words. With 16, the
 * tuned sets gained three questions and lost none (scripts/search/rank.mjs; 12 and 20 scored the
 * same); a long query ranks in about 30 ms once its index chunks are loaded.
 */
export const queryMaxWords = 16;

/**
 * The longest query the search modal takes (its input's maxLength): 512 characters, Algolia's own
 * limit for a query, so the hosted and local search take the same. DocSearch's 64 cut readers'
 * pasted error lines short without a word (a third of the third blind set's English questions were
 * longer, and three of them listed other pages); only the first `queryMaxWords` meaningful words
 * are searched, so a longer query costs no more.
 */
export const queryMaxLength = 512;

const hanPattern = /\p{Script=Han}/u;

/** @type {Intl.Segmenter | null | undefined} */
let segmenterMade;

/**
 * The one Chinese word segmenter that splits queries and the indexer's text alike, made on first
 * use (a query splits twice, `queryWords` and `queryPairs`; the indexer splits each text of a page),
 * or null where the runtime has none.
 * @returns {Intl.Segmenter | null}
 */
function wordSegmenter() {
  if (segmenterMade === undefined) {
    segmenterMade = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', {granularity: 'word'}) : null;
  }
  return segmenterMade;
}

/**
 * The words of a query: split at spaces, and Chinese (which has no spaces) into words with the
 * browser's word segmenter where it has one (as Pagefind itself splits Chinese), each word once.
 * @param {string} query
 * @returns {string[]}
 */
export function queryWords(query) {
  return [...new Set(queryParts(query).flat())];
}

/**
 * The words of each space-separated part of a query, in order (`queryWords`).
 * @param {string} query
 * @returns {string[][]}
 */
function queryParts(query) {
  const segmenter = wordSegmenter();
  return query.trim().split(/\s+/).filter(Boolean).map((part) => (segmenter && hanPattern.test(part)
    ? [...segmenter.segment(part)].filter((s) => s.isWordLike).map((s) => s.segment)
    : [part]).filter((word) => wordPattern.test(word)));
}

/** A letter or a digit: a query word without one (`{}`, `>`) is no word (Pagefind drops its punctuation and finds nothing). */
const wordPattern = /[\p{L}\p{N}]/u;

/**
 * The pairs of meaningful words a query says one after the other, each once, and whether they are
 * written together (`joined`: in one part without a space, as the word segmenter split it, 时区 into
 * 时 and 区) or apart (`DNS outbound`). Searched as phrases (src/search/localSearch.ts `rankedResults`).
 * @param {string} query
 * @returns {{words: [string, string], joined: boolean}[]}
 */
export function queryPairs(query) {
  /** @type {{words: [string, string], joined: boolean}[]} */
  const pairs = [];
  const seen = new Set();
  /** @type {{word: string, part: number} | null} */
  let before = null;
  queryParts(query).forEach((words, part) => {
    for (const word of words) {
      const meaningful = !stopWords.has(word.toLowerCase());
      if (before && meaningful && before.word !== word && !seen.has(`${before.word} ${word}`)) {
        seen.add(`${before.word} ${word}`);
        pairs.push({words: [before.word, word], joined: before.part === part});
      }
      before = meaningful ? {word, part} : null;
    }
  });
  return pairs;
}

/**
 * Chinese text with `separator` between its words, split as the reader's browser splits a query
 * (`queryWords`); text without Chinese as it is. The indexer (builder/search/pagefind.mjs) splits a
 * Chinese page's text so (with zero-width spaces, which Pagefind splits at and drops) and its keywords
 * (with spaces): Pagefind's own segmenter would make other words of the same text (路由 where the
 * query has 路 and 由), and, matching a query word against the start of indexed words, let the query's
 * 路 (of 路由) find 路径 as much as 路由.
 * @param {string} text
 * @param {string} separator
 */
export function separateWords(text, separator) {
  if (!hanPattern.test(text)) return text;
  const segmenter = wordSegmenter();
  if (!segmenter) throw new Error('separateWords needs Intl.Segmenter, which this runtime lacks');
  let out = '';
  let before = '';
  for (const {segment} of segmenter.segment(text)) {
    // Between two words, one of them Chinese; not beside a space, which separates them already.
    if (before && (hanPattern.test(segment) || hanPattern.test(before)) && !/^\s+$/u.test(segment) && !/^\s+$/u.test(before)) out += separator;
    out += segment;
    before = segment;
  }
  return out;
}


/**
 * Words that say how a question is asked, not what it is about: question words and function words
 * (and, in Chinese, the particles the word segmenter splits off). Any page says them, so a page
 * that matches only these does not answer the query (issue 41: "如何 退款" listed a page for 如何).
 */
export const stopWords = new Set([
  '如何', '怎么', '怎样', '怎么样', '怎么办', '什么', '为什么', '为何', '哪个', '哪些', '哪里', '吗', '呢', '吧', '啊', '的', '地', '得',
  '了', '是', '在', '可以', '能', '能否', '是否', '请问', '我', '我的', '你', '一个', '和', '与', '或', '及', '要', '想',
  'a', 'an', 'the', 'to', 'of', 'in', 'on', 'at', 'for', 'with', 'by', 'from', 'into', 'and', 'or', 'is', 'are', 'be', 'was',
  'were', 'do', 'does', 'did', 'how', 'what', 'why', 'when', 'where', 'which', 'who', 'can', 'could', 'should', 'would',
  'will', 'i', 'my', 'me', 'we', 'you', 'your', 'it', 'its', 'this', 'that', 'these', 'those', 'there', 'as', 'so', 'if',
]);

/**
 * The words of a query that say what it is about: its words (`queryWords`) without the stop words.
 * A query made only of stop words has none, and finds nothing.
 * @param {string} query
 * @returns {string[]}
 */
export function meaningfulWords(query) {
  return queryWords(query).filter((word) => !stopWords.has(word.toLowerCase()));
}

/**
 * What is searched for a query: its meaningful words, when it had stop words (so that a page
 * saying 如何 often does not outrank the one about the topic), else the query as typed.
 * @param {string} query
 */
export function searchedText(query) {
  const words = meaningfulWords(query);
  return words.length < queryWords(query).length ? words.join(' ') : query;
}

/**
 * A query of this many meaningful words or more is long (`answersQuery`): a pasted error line or a
 * question in a reader's own words, most of whose words no page says.
 */
export const longQueryWords = 8;

/**
 * Whether a page that has `matched` of a query's `total` meaningful words answers it: at least
 * half of them, or a third of a long query's (`longQueryWords`). A page that has only a minority of
 * what a short query is about ("苹果 手机 越狱" on a page that says 手机) is not shown. A third rather
 * than half from 8 words (2026-11-28, scripts/search/rank.mjs on every tuned set, 1,646 queries in
 * all, at rank 1 / rank 3: half always 1,517 / 1,614; a third from 8 words 1,519 / 1,617, which moves
 * the fewest queries; a third from 6 words 1,519 / 1,618; from 4 words 1,519 / 1,618; two fifths
 * from 5 words 1,519 / 1,616): "jsonv5 dokodemo-door panic: invalid memory address or nil pointer
 * dereference" had no page with five of its nine words.
 * @param {number} matched
 * @param {number} total
 */
export function answersQuery(matched, total) {
  if (total <= 0) return false;
  return total >= longQueryWords ? matched * 3 >= total : matched * 2 >= total;
}

/**
 * The query that tells whether the index has a word itself: the word as a quoted phrase, or null
 * for a word with punctuation in it (`HTTP/2`, `dokodemo-door`), which a phrase does not find and
 * which is taken as it is. Pagefind, given a word no indexed word begins with, shortens it until
 * one does ("refund" finds "re-enters", "haircut" finds "HAProxy"); in quotes it does not, but a
 * phrase only searches the pages' text, not their title or keywords. So a word whose phrase finds
 * some page is matched by every page its plain search finds, and a word whose phrase finds none
 * only when it begins a word the index has (`markedBeginWith`: a word still being typed).
 * @param {string} word
 * @returns {string | null}
 */
export const exactQuery = (word) => (/^[\p{L}\p{N}]+$/u.test(word) ? `"${word}"` : null);

/**
 * Whether a word marked in a Pagefind excerpt begins with `word` (so the index has words that
 * begin with it), rather than with a shorter part of it that Pagefind fell back to.
 * @param {string} excerpt
 * @param {string} word
 */
export function markedBeginWith(excerpt, word) {
  const start = word.toLowerCase();
  return [...excerpt.matchAll(/<mark>(.*?)<\/mark>/g)].some((m) => (m[1] ?? '').toLowerCase().replace(/^[^\p{L}\p{N}]+/u, '').startsWith(start));
}

/**
 * One index file of a language, as the search client needs it to load every file that holds a word
 * some query word begins (src/search/localSearch.ts `loadWordFamilies`): the first and last word
 * of the file (Pagefind's own range for it) and `term`, a word of the file that Pagefind searches as
 * written (`pagefindTerms`), so that preloading it loads this file and no other; null when the file
 * has no such word. Written by the indexer (builder/search/families.mjs) as `familiesFile`.
 * @typedef {[from: string, to: string, term: string | null]} IndexFile
 */

/**
 * The file, in the site's pagefind/ folder, that lists the index files of a Pagefind language
 * (`en-us`, `zh-cn`: the page's `<html lang>` in lower case, as Pagefind picks its index).
 * @param {string} language
 */
export function familiesFile(language) {
  return `families-${language.toLowerCase()}.json`;
}

/** Pagefind's test for punctuation (pagefind.js 1.6, `search`), one character at a time. */
const pagefindPunctuation = /^\p{Pd}|\p{Pe}|\p{Pf}|\p{Pi}|\p{Po}|\p{Ps}$/u;

/** The characters Pagefind keeps although they are punctuation (its pagefind-entry.json). */
const pagefindKept = new Set(['_', '‿', '⁀', '⁔', '︳', '︴', '﹍', '﹎', '﹏', '＿']);

/** @type {Map<string, Intl.Segmenter>} */
const pagefindSegmenters = new Map();

/**
 * The words Pagefind (pagefind.js 1.6, `search`) looks up for `text` on a page of `language`:
 * Chinese, Japanese and Thai text split into words by the runtime's segmenter for that language,
 * each word lower-cased without its punctuation (except `pagefindKept`) and its diacritics; other
 * languages' text is not split but at spaces, and loses its punctuation likewise. The indexer picks
 * each index file's `term` with it, and the client the words a query looks up.
 * @param {string} text
 * @param {string} language
 * @returns {string[]}
 */
export function pagefindTerms(text, language) {
  const clean = (/** @type {string} */ word) => [...word]
    .filter((c) => pagefindKept.has(c) || !pagefindPunctuation.test(c))
    .map((c) => (pagefindKept.has(c) ? c : c.toLocaleLowerCase())).join('');
  const segmenting = ['zh', 'ja', 'th'].includes((language.split('-')[0] ?? '').toLowerCase()) && typeof Intl !== 'undefined' && 'Segmenter' in Intl;
  let words;
  if (segmenting) {
    let segmenter = pagefindSegmenters.get(language);
    if (!segmenter) {
      segmenter = new Intl.Segmenter(Intl.getCanonicalLocales(language)[0], {granularity: 'word'});
      pagefindSegmenters.set(language, segmenter);
    }
    words = [...segmenter.segment(text)].map(({segment}) => clean(segment));
  } else {
    words = clean(text).split(' ');
  }
  return words.join(' ').replace(/\s{2,}/g, ' ').trim().split(' ')
    .map((word) => {
      const stripped = word.normalize('NFD').replace(/(?![\u3099\u309A])\p{M}/gu, '');
      return /[\u3099\u309A]/.test(stripped) ? stripped.normalize('NFC') : stripped;
    })
    .filter(Boolean);
}

/**
 * Two words in the order Pagefind sorts and compares them (Rust's, by code point; JavaScript's `<`
 * compares UTF-16 units, which differs past U+FFFF): negative, zero or positive.
 * @param {string} a
 * @param {string} b
 */
export function compareWords(a, b) {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = /** @type {number} */ (a.codePointAt(i));
    const y = /** @type {number} */ (b.codePointAt(j));
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return (a.length - i) - (b.length - j);
}

/**
 * What to preload so that every index file holding a word that `word` begins is loaded (Pagefind
 * matches those words in every file loaded so far, and loads only the file whose range holds `word`
 * itself): `word` for the file whose range holds it, and the `term` of each later file whose
 * first word begins with `word`. `missing` counts the files that hold such words but have no term.
 * `files` are sorted, as Pagefind writes them.
 * @param {IndexFile[]} files
 * @param {string} word a word as Pagefind looks it up (`pagefindTerms`)
 * @returns {{terms: string[], missing: number}}
 */
export function familyTerms(files, word) {
  const terms = [word];
  let missing = 0;
  for (const [from, to, term] of files) {
    if (compareWords(to, word) < 0 || compareWords(from, word) <= 0) continue;
    if (!from.startsWith(word)) break;
    if (term === null) missing += 1;
    else terms.push(term);
  }
  return {terms, missing};
}
