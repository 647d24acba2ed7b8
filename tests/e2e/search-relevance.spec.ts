import {test, expect, hydrated, localePath, searchResultsMs} from './fixtures';
import {openSearch, resultLinks, searchInput} from './search-links';
import {querySet, rankAll, readerSetFile, freshSetFile, moreSetFile, firstBlindSetFile, secondBlindSetFile, thirdBlindSetFile, blindSetFile, heldOutSet, runQueries, sample, score, byStart, localized, resultKey} from '../../scripts/search/relevanceCore.cjs';
import {currentSetBoost, docsSetOf, pagesPerQuery, ranking} from '../../src/search/localSearch';

/**
 * The local search finds the page a reader wants, measured on the committed query set
 * (scripts/search/queries.json). Every query is ranked straight through Pagefind with the modal's
 * ranking and merge (relevanceCore.cjs `rankAll`, as `node --import tsx scripts/search/rank.mjs`
 * prints it; seconds for the set), held to the limits below; then a sample is typed into the
 * modal, as readers do, and must list first what that ranking puts first. Typing all 182 queries a
 * language into the modal took about 4 minutes each (`npm run search:relevance` still does).
 */
// The limits, in both languages, on the first 60 queries a language and the concept names of
// every reference page (182 a language). Measured (2026-11-28, after issue 41's keywords in
// readers' words): zh 98.9 % at 1 and 100 % at 3, en 100 % and 100 % (scripts/search/README.md);
// with the FAQ's eight new answers zh 97.8 % (路由 second after the WebSocket page, whose keyword
// 路径 a query of 路 found; taken out: 98.4 %). The limits are just under. The first 60 alone had 91.7 %.
const limits = {
  zh: {successAt1: 97, successAt3: 99},
  en: {successAt1: 99, successAt3: 99},
} as const;

// The readers' questions tuned on (issue 41): queries-readers.json (157 a language) and the fresh
// set (82), both read while choosing keywords. Measured 2026-11-28 after the keywords round
// (scripts/search/README.md): readers zh 98.1 % / 100 %, en 94.9 % / 99.4 %; fresh zh 86.6 % /
// 96.3 %, en 86.6 % / 97.6 %; then, with the FAQ's eight new answers in the index, readers zh
// 97.5 % / 100 %, fresh zh 82.9 % / 96.3 %, en 84.1 % / 97.6 % (no query of them is about the new
// answers: a larger index moved close scores). Then, with Chinese split as the browser splits a query and
// each pair of a query's words searched as a phrase (scripts/search/README.md, the fifth round): readers zh
// 98.7 % / 100 %, en 94.9 % / 99.4 %; fresh zh 87.8 % / 97.6 %, en 85.4 % / 98.8 %. The floors are just
// under, so a keyword taken away shows. The third set, queries-more.json (63 a language), scored
// once blind at zh 68.3 % / 88.9 %, en 65.1 % / 84.1 %, then tuned on with keywords and the FAQ: zh
// 87.3 % / 95.2 %, en 81.0 % / 92.1 % with the ranking before; with the two changes above, zh
// 79.4 % / 95.2 %, en 79.4 % / 92.1 % (their keywords were chosen against the ranking before). The
// first blind set, queries-blind.json (99 a language), was held out until it had been scored twice
// (zh 68.7 % / 86.9 %, en 70.7 % / 88.9 % the second time) and its misses published; then the seventh
// round (scripts/search/README.md) tuned keywords on it and on the others: blind zh 85.9 % / 94.9 %,
// en 85.9 % / 97 %; more zh 88.9 % / 95.2 %, en 84.1 % / 96.8 %; readers, fresh and titles as before.
// Then, with the first 16 words of a long query ranked (indexContract.mjs `queryMaxWords`): blind zh
// 87.9 % / 97 %, en 86.9 % / 98 %, the others as they were. The eighth round (scripts/search/README.md:
// keywords and answers on about 40 pages, chosen on every tuned set, the second blind set included; a
// query's word families loaded whole): readers zh 99.4 % / 100 %, en 96.8 % / 100 %; fresh zh 90.2 % /
// 98.8 %, en 90.2 % / 100 %; more zh 88.9 % / 96.8 %, en 85.7 % / 100 %; blind zh 90.9 % / 97 %, en
// 91.9 % / 98 %. The ninth round (scripts/search/README.md: keywords and answers on about 30 pages,
// chosen on every tuned set, the third blind set included; a long query's pages need a third of its
// words): readers zh 100 % / 100 %, en 96.8 % / 100 %; fresh zh 92.7 % / 98.8 %, en 92.7 % / 100 %;
// more zh 90.5 % / 98.4 %, en 88.9 % / 100 %; blind zh 94.9 % / 98 %, en 96 % / 100 %; blind2 zh
// 95.7 % / 99.1 %, en 92.2 % / 100 %; blind3 zh 93.6 % / 98.4 %, en 92.8 % / 99.2 %. Floors are
// raised where one lost query would still pass, and none is lowered.
const tunedLimits = {
  readers: {file: readerSetFile, min: 150, zh: {successAt1: 99, successAt3: 99}, en: {successAt1: 96, successAt3: 99}},
  fresh: {file: freshSetFile, min: 80, zh: {successAt1: 91, successAt3: 97}, en: {successAt1: 91, successAt3: 98}},
  more: {file: moreSetFile, min: 60, zh: {successAt1: 88, successAt3: 96}, en: {successAt1: 87, successAt3: 98}},
  blind1: {file: firstBlindSetFile, min: 99, zh: {successAt1: 93, successAt3: 96}, en: {successAt1: 94, successAt3: 98}},
  blind2: {file: secondBlindSetFile, min: 115, zh: {successAt1: 95, successAt3: 98}, en: {successAt1: 91, successAt3: 99}},
  blind3: {file: thirdBlindSetFile, min: 125, zh: {successAt1: 92, successAt3: 97}, en: {successAt1: 91, successAt3: 98}},
} as const;

// The second blind set, queries-blind2.json (115 a language), was held out until it had been scored
// three times (zh 67 % / 78.3 %, 77.4 % / 89.6 %, 75.7 % / 89.6 %; en 68.7 % / 89.6 %, 70.4 % / 91.3 %,
// 71.3 % / 91.3 %) and its misses published; the eighth round (scripts/search/README.md) tuned on it:
// zh 96.5 % / 99.1 %, en 91.3 % / 100 %.

// The third blind set, queries-blind3.json (125 a language), was held out through the eighth round
// and scored twice (zh 74.4 % / 88 %, then 75.2 % / 88.8 %; en 78.4 % / 91.2 %, then 77.6 % / 92.8 %),
// its misses published; the ninth round tuned on it: zh 93.6 % / 98.4 %, en 92.8 % / 99.2 %.

// The readers' held-out questions (relevanceCore.cjs `heldOutSet`): scripts/search/queries-blind4.json,
// 129 a language (78 asked in Chinese, 51 in English, each with its twin) from issues and discussions
// no other set cites, collected by two helpers who never ran the search, and never tuned on (issue 41).
// Scored once before the ninth round, on the build before it (totals only, no miss read): zh 70.5 % /
// 90.7 %, en 69.8 % / 91.5 %; and once after every change of the round had been chosen: zh 72.1 % /
// 90.7 %, en 68.2 % / 91.5 % (the goal is 90 % and 97 %). Keywords and answers chosen on the questions
// seen lifted the third blind set by 15 to 18 points at rank 1 and the unseen ones by none, as in the
// seventh and eighth rounds. The tenth round (scripts/search/README.md: about 280 more readers'
// questions mined from issues no set cites, their words and checked answers put on the pages that
// answer them; no query of any set read for it) scored it once more: zh 72.9 % / 90.7 %, en 69.8 % /
// 90.7 % (one English question fewer at rank 3). The floors are just under.
const heldOutLimits = {
  zh: {successAt1: 72, successAt3: 90},
  en: {successAt1: 69, successAt3: 90},
} as const;

/** Queries a language typed into the modal: each waits for the modal's 500 ms pause and its fragments. */
const sampleSize = 10;

type Ranked = Record<string, string[]>;
const rankedFor = (page: import('@playwright/test').Page, lang: 'zh' | 'en', queries = querySet()[lang]): Promise<Ranked> =>
  rankAll(page, queries, lang, {address: (path: string) => path, setOf: docsSetOf, ranking, boost: currentSetBoost, limit: pagesPerQuery});

for (const lang of ['zh', 'en'] as const) {
  const thresholds = limits[lang];
  test(`local search relevance (${lang}): success@1 >= ${thresholds.successAt1} %, success@3 >= ${thresholds.successAt3} %`, async ({page}) => {
    // 8 s a language here at a load average of 13; a busy slower machine gets ten times that.
    test.setTimeout(120_000);
    const queries = querySet()[lang];
    expect(queries.length).toBeGreaterThanOrEqual(150);
    const result = score(queries, await rankedFor(page, lang), lang);
    const misses = result.misses.map((m: {q: string; rank: number | null; first: string | null}) => `${m.q}: rank ${m.rank ?? '-'} (first: ${m.first})`);
    console.log(`search relevance ${lang}: success@1 ${result.successAt1} %, success@3 ${result.successAt3} %\n  ${misses.join('\n  ')}`);
    expect(result.successAt3, misses.join('\n')).toBeGreaterThanOrEqual(thresholds.successAt3);
    expect(result.successAt1, misses.join('\n')).toBeGreaterThanOrEqual(thresholds.successAt1);
  });

  for (const [name, set] of Object.entries(tunedLimits)) {
    const floors = set[lang];
    test(`local search relevance (${lang}), readers' questions tuned on (${name}): success@1 >= ${floors.successAt1} %, success@3 >= ${floors.successAt3} %`, async ({page}) => {
      test.setTimeout(120_000);
      const queries = querySet(set.file, 'tune')[lang];
      expect(queries.length, `tuned queries in ${set.file}`).toBeGreaterThanOrEqual(set.min);
      const result = score(queries, await rankedFor(page, lang, queries), lang);
      const misses = result.misses.map((m: {q: string; rank: number | null; first: string | null}) => `${m.q}: rank ${m.rank ?? '-'} (first: ${m.first})`);
      expect(result.successAt3, misses.join('\n')).toBeGreaterThanOrEqual(floors.successAt3);
      expect(result.successAt1, misses.join('\n')).toBeGreaterThanOrEqual(floors.successAt1);
    });
  }

  const floors = heldOutLimits[lang];
  test(`local search relevance (${lang}), readers' questions held out: success@1 >= ${floors.successAt1} %, success@3 >= ${floors.successAt3} %`, async ({page}) => {
    test.setTimeout(120_000);
    const heldOut = heldOutSet();
    if (!heldOut) throw new Error(`no held-out readers' questions: ${blindSetFile} is missing or has no heldout queries`);
    const queries = heldOut.set[lang];
    expect(queries.length, `held-out queries in ${heldOut.file}`).toBeGreaterThanOrEqual(129);
    const result = score(queries, await rankedFor(page, lang, queries), lang);
    const misses = result.misses.map((m: {q: string; rank: number | null; first: string | null}) => `${m.q}: rank ${m.rank ?? '-'} (first: ${m.first})`);
    // Totals only while it passes: every run's log would otherwise publish the held-out misses, and a
    // set whose misses are read is no longer held out. A failure still lists them.
    console.log(`search relevance ${lang}, readers held out (${heldOut.file}): success@1 ${result.successAt1} %, success@3 ${result.successAt3} %`);
    expect(result.successAt3, misses.join('\n')).toBeGreaterThanOrEqual(floors.successAt3);
    expect(result.successAt1, misses.join('\n')).toBeGreaterThanOrEqual(floors.successAt1);
  });

  // Queries no page answers (issue 41). Before, they were shown pages that share a word any page may
  // say: in Chinese through the fewer-words fallback, in English through Pagefind, which shortens a
  // word no page has until some word begins with it ("refund" found "re-enters"). Measured
  // (2026-11-28): 如何 退款 -> /developer/protocols/muxcool first, 苹果 手机 越狱 ->
  // /config/protocols/shadowsocks, "book a haircut" -> /en_US/developer/protocols/vmess, "refund a
  // purchase" -> /en_US/config/routing. A listed page must now have at least half of the query's
  // meaningful words itself (localSearch.ts `rankedResults`, indexContract.mjs `meaningfulWords`).
  const unanswerable = lang === 'zh' ? ['如何 退款', '苹果 手机 越狱'] : ['book a haircut', 'refund a purchase'];
  const unanswerableQueries = unanswerable.map((q) => ({q, want: ['/'], kind: 'unanswerable'}));
  test(`queries no page answers (${lang}) find nothing, rather than pages that share a common word`, async ({page}) => {
    test.setTimeout(120_000);
    const shown = await rankedFor(page, lang, unanswerableQueries);
    console.log(`search ${lang}, queries no page answers:\n  ${unanswerable.map((q) => `${q}: ${shown[q]!.join(', ') || '(nothing)'}`).join('\n  ')}`);
    for (const q of unanswerable) expect(shown[q], `"${q}" shows pages`).toEqual([]);
  });

  // The same typed into the modal and opened as /search?q=: the no-results screen (with its help
  // link) and the page's no-results line; a query of question words alone too, while a question
  // about a topic, in question words, keeps its page.
  test(`queries no page answers (${lang}) show the no-results screen in the modal and on the search page`, async ({page}) => {
    test.setTimeout(180_000);
    const nothing = [...unanswerable, lang === 'zh' ? '如何 可以' : 'how to'];
    await page.goto(localePath('/guide/start', lang));
    await hydrated(page);
    await openSearch(page);
    const screen = page.locator('.DocSearch-Dropdown:not([data-search-pending]) .DocSearch-NoResults');
    for (const q of nothing) {
      await searchInput(page).fill(q);
      await expect(screen, `"${q}" in the modal`).toBeVisible({timeout: searchResultsMs});
      await expect(screen.getByRole('link')).toBeVisible();
      await expect(resultLinks(page)).toHaveCount(0);
    }
    const answered = lang === 'zh' ? '如何 配置 路由规则' : 'how to write routing rules';
    await searchInput(page).fill(answered);
    await expect(resultLinks(page).first(), `"${answered}" keeps its page`).toHaveAttribute('href', new RegExp(`^${localePath('/config/routing', lang)}`),
      {timeout: searchResultsMs});
    for (const q of nothing) {
      await page.goto(`${localePath('/search', lang)}?q=${encodeURIComponent(q)}`);
      await expect(page.locator('main').getByText(lang === 'zh' ? `没有找到“${q}”的结果。` : `No results for "${q}".`), `"${q}" on /search`).toBeVisible({timeout: searchResultsMs});
      await expect(page.locator('main ol a')).toHaveCount(0);
    }
  });

  // Pagefind loads only the index file whose range holds a query word, but matches the words that
  // begin with it in every file loaded so far: "HTTP" from /en_US/v5/ listed the HTTP page first on a
  // fresh page and the HTTP/2 page first after searches that had loaded the next file (httpupgrade,
  // http2). localSearch.ts `loadWordFamilies` loads every file that holds such words, from the list of
  // index files the build writes (builder/search/families.mjs). Before the list (the word + U+FFFF
  // loaded only the file where the words ended), 1 English query of these sets ("v2ray run -d …":
  // d begins words in several files) and 3 Chinese ones ranked their first three pages differently
  // in the reverse order; with the list's files taken away, this test fails in both languages.
  test(`a query (${lang}) ranks its first three pages the same whatever was searched before it`, async ({page}) => {
    test.setTimeout(180_000);
    const queries = [querySet(), querySet(readerSetFile), querySet(secondBlindSetFile)].flatMap((set) => set[lang]);
    expect(queries.length).toBeGreaterThanOrEqual(450);
    const forward = await rankedFor(page, lang, queries);
    const reverse = await rankedFor(page, lang, [...queries].reverse());
    const moved = Object.keys(forward).filter((key) => forward[key]!.slice(0, 3).join(' ') !== reverse[key]!.slice(0, 3).join(' '))
      .map((key) => `${key}: ${forward[key]!.slice(0, 3).join(' ')} / reverse order: ${reverse[key]!.slice(0, 3).join(' ')}`);
    expect(moved, moved.join('\n')).toEqual([]);
  });

  // The list names each index file by a word to preload it with, chosen in Node with Node's word
  // segmenter (builder/search/families.mjs `fileTerm`); Pagefind looks the word up with the browser's.
  // Each must stay one word in Chromium, or its preload loads other files and the file is never loaded.
  test(`each index file's word in the list (${lang}) is one word to the browser, as Pagefind looks it up`, async ({page}) => {
    await page.goto(localePath('/guide/start', lang));
    const language = (await page.locator('html').getAttribute('lang'))!.toLowerCase();
    const response = await page.request.get(`/pagefind/families-${language}.json`);
    expect(response.ok()).toBe(true);
    const files = await response.json() as [string, string, string | null][];
    expect(files.length).toBeGreaterThan(50);
    const split = await page.evaluate(([terms, locale]) => {
      const segmenter = new Intl.Segmenter(locale, {granularity: 'word'});
      const segmenting = /^(zh|ja|th)\b/.test(locale);
      return terms.filter((term) => term === null || term !== term.toLocaleLowerCase()
        || (segmenting && [...segmenter.segment(term)].length !== 1) || /[\p{P}\s]/u.test(term.replace(/_/g, '')))
        .map((term) => `${term}: ${segmenting && term ? [...segmenter.segment(term)].map((s) => s.segment).join('|') : 'not as written'}`);
    }, [files.map(([, , term]) => term), Intl.getCanonicalLocales(language)[0]!] as const);
    expect(split, 'words the browser would look up otherwise').toEqual([]);
  });

  // Readers paste error lines longer than DocSearch's 64 characters (a third of the third blind set's
  // English questions were); the modal used to cut them there without a word, so the words after the
  // 64th were never searched and the modal listed other pages than the ranking (bench/search-relevance.md,
  // 2026-11-28: three English queries of that set).
  test(`a pasted query (${lang}) longer than 64 characters is searched whole in the modal`, async ({page}) => {
    const pasted = lang === 'zh'
      ? 'install-dat-release.sh 报 cannot create regular file /usr/local/share/v2ray/geosite.dat'
      : 'tls terminated on another machine, v2ray websocket behind reverse proxy without certificate';
    const query = querySet(thirdBlindSetFile)[lang].find((q: {q: string}) => q.q === pasted);
    if (!query) throw new Error(`the long query "${pasted}" is missing from ${thirdBlindSetFile}`);
    expect(pasted.length).toBeGreaterThan(80);
    const expected = await rankedFor(page, lang, [query]);
    await page.goto(localized(query.from ?? '/guide/start', lang));
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    const typed: Ranked = await runQueries(page, [query]);
    await expect(page.locator('input.DocSearch-Input')).toHaveValue(pasted);
    expect(typed[resultKey(query)], 'the modal lists what the ranking lists for the whole query').toEqual(expected[resultKey(query)]);
  });

  test(`the modal (${lang}) lists first what the rankings above put first, on ${sampleSize} queries of each set`, async ({page}) => {
    // About 60 s here: each query waits for the pause and scrolls through its six pages' fragments.
    // The readers' questions include queries no page has every word of, which the modal answers
    // with the pages that have most of them (localSearch.ts `rankedResults`, `rankByWords`), as the ranking above does.
    test.setTimeout(300_000);
    const readers = querySet(readerSetFile)[lang];
    // One that no page has every word of ("连不上", "unable"), answered with pages that have most of them.
    const partial = readers.find((q: {q: string}) => q.q === (lang === 'zh' ? 'nginx 代理 websocket 连不上' : 'unable to connect through nginx websocket'));
    if (!partial) throw new Error('the readers\' question without a page for every word is missing');
    const queries = [...sample(querySet()[lang], sampleSize), ...sample(readers, sampleSize), partial];
    expect(queries).toHaveLength(2 * sampleSize + 1);
    const expected = await rankedFor(page, lang, queries);
    const typed: Ranked = {};
    for (const [start, group] of byStart(queries)) {
      await page.goto(localized(start, lang));
      await page.locator('html[data-has-hydrated="true"]').waitFor();
      Object.assign(typed, await runQueries(page, group));
    }
    for (const query of queries) {
      const key = resultKey(query);
      expect(expected[key]![0], `"${key}" has a first result`).toBeTruthy();
      expect(typed[key]![0], `"${key}": the modal's first result`).toBe(expected[key]![0]);
    }
  });
}
