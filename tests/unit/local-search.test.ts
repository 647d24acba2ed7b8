// The local search: Pagefind results into DocSearch hits (src/search/localSearch.ts) and the
// indexer's page handling (builder/search/pagefind.mjs); the hosted search's fallback to them
// (src/search/searchClient.ts) is tested in search-client.test.ts.
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  cleanUrl, docsSetOf, dropLeadingTitle, familyEnd, keywordsEnd, latinFamilyEnd, loadIndexFiles, loadWordFamilies, mergeBySet, pageHits, rankByWords, rankedResults, safeExcerpt, searchHits, searchPages,
  type Pagefind, type PagefindData, type PagefindResult,
} from '../../src/search/localSearch';
import {answersQuery, exactQuery, longQueryWords, markedBeginWith, meaningfulWords, queryMaxLength, queryMaxWords, queryPairs, queryWords, searchedText, separateWords} from '../../src/search/indexContract.mjs';
import * as indexer from '../../builder/search/pagefind.mjs';
import type {IndexFile} from '../../src/search/indexContract.mjs';

const result = (id: string, score: number, data: Partial<PagefindData> = {}): PagefindResult => ({
  id, score, data: async () => ({url: `/${id}`, excerpt: '', meta: {title: id}, sub_results: [], ...data}),
});

/** A Pagefind that answers `search` as given; its options and preloads do nothing. */
const fakePagefind = (search: Pagefind['search']): Pagefind => ({options: async () => {}, preload: async () => {}, search});

test('the docs set of an address: /v5/ and /en_US/v5/ are v5, the rest the main docs', () => {
  assert.equal(docsSetOf('/v5/config/overview'), 'v5');
  assert.equal(docsSetOf('/en_US/v5/config/router'), 'v5');
  assert.equal(docsSetOf('/v5'), 'v5');
  assert.equal(docsSetOf('/config/routing'), 'main');
  assert.equal(docsSetOf('/en_US/config/v5notes'), 'main');
  assert.equal(docsSetOf('/v50/x'), 'main');
  assert.equal(docsSetOf('/'), 'main');
});

test("the reader's docs set wins a close match, not a clear one", () => {
  const merged = mergeBySet([result('v4-page', 1.0)], [result('v5-close', 1.5), result('v5-clear', 2.5)], 2);
  assert.deepEqual(merged.map((r) => r.id), ['v5-clear', 'v4-page', 'v5-close']);
  assert.deepEqual(mergeBySet([], []), []);
});

test('excerpts keep <mark> and nothing else that could be markup', () => {
  assert.equal(safeExcerpt('a <mark>RuleObject</mark> b'), 'a <mark>RuleObject</mark> b');
  assert.equal(safeExcerpt('<img src=x onerror=alert(1)> <mark>x</mark>'), '&lt;img src=x onerror=alert(1)&gt; <mark>x</mark>');
  assert.equal(safeExcerpt('a &lt; b &amp; c'), 'a &lt; b &amp; c');
  assert.equal(safeExcerpt('<mark onclick=x>y</mark>'), '&lt;mark onclick=x&gt;y</mark>');
});

test('a section excerpt loses its own heading, marks included', () => {
  assert.equal(dropLeadingTitle('rules. Type: array', 'rules'), 'Type: array');
  assert.equal(dropLeadingTitle('<mark>RuleObject</mark>. One <mark>RuleObject</mark>', 'RuleObject'), 'One <mark>RuleObject</mark>');
  assert.equal(dropLeadingTitle('other text. rules.', 'rules'), 'other text. rules.');
  assert.equal(dropLeadingTitle('rules', 'rules'), 'rules');
});

test('build addresses lose .html and index', () => {
  assert.equal(cleanUrl('/config/routing.html#ruleobject'), '/config/routing#ruleobject');
  assert.equal(cleanUrl('/guide/index.html'), '/guide/');
  assert.equal(cleanUrl('/config/routing'), '/config/routing');
});

test('a page becomes its own hit and its best sections, grouped under its title', () => {
  const data: PagefindData = {
    url: '/config/routing',
    excerpt: `routing rules ${keywordsEnd} <mark>Routing</mark> decides`,
    meta: {title: 'Routing'},
    sub_results: [
      {title: 'Routing', url: '/config/routing', excerpt: `routing rules ${keywordsEnd} <mark>Routing</mark> decides`},
      {title: 'rules', url: '/config/routing#rules', excerpt: 'rules. the <mark>routing</mark> rules', weighted_locations: [{weight: 1}]},
      {title: 'RuleObject', url: '/config/routing#ruleobject', excerpt: 'RuleObject. one <mark>routing</mark> rule', weighted_locations: [{weight: 6}, {weight: 1}]},
      {title: 'A', url: '/config/routing#a', excerpt: 'a', weighted_locations: []},
      {title: 'B', url: '/config/routing#b', excerpt: 'b', weighted_locations: []},
    ],
  };
  const hits = pageHits(data, 0);
  assert.deepEqual(hits.map((h) => [h.url, h.page, h.section, h.hierarchy.lvl0, h.hierarchy.lvl1]), [
    ['/config/routing', 'Routing', null, 'Routing', 'Routing'],
    ['/config/routing#ruleobject', 'Routing', 'RuleObject', 'Routing', 'RuleObject'],
    ['/config/routing#rules', 'Routing', 'rules', 'Routing', 'rules'],
    ['/config/routing#a', 'Routing', 'A', 'Routing', 'A'],
  ]);
  // The keywords line never shows; the snippet starts at the page's own words.
  assert.equal(hits[0]!.content, '<mark>Routing</mark> decides');
  assert.equal(hits[1]!.content, 'one <mark>routing</mark> rule');
  assert.equal(hits[1]!._snippetResult.content.value, hits[1]!.content);
  assert.ok(hits.every((h) => h.type === 'lvl1'));
  assert.equal(new Set(hits.map((h) => h.objectID)).size, hits.length);
});

test('titles reach DocSearch escaped (it renders highlight values as HTML)', () => {
  const [hit] = pageHits({url: '/x', excerpt: '', meta: {title: '<b>x</b> & y'}, sub_results: []}, 0);
  assert.equal(hit!._highlightResult.hierarchy.lvl0?.value, '&lt;b&gt;x&lt;/b&gt; &amp; y');
  assert.equal(hit!.hierarchy.lvl0, '<b>x</b> & y');
});

test('searchHits asks both docs sets and lists the reader\'s set first on a tie', async () => {
  const asked: unknown[] = [];
  const pagefind = fakePagefind(async (query, options) => {
    asked.push([query, options?.filters]);
    const v5 = [result('v5/config/router', 1)];
    const main = [result('config/routing', 1)];
    return {results: options?.filters?.set === 'v5' ? v5 : options?.filters?.set === 'main' ? main : [...v5, ...main]};
  });
  const forV5 = await searchHits(pagefind, 'routing', 'v5');
  assert.equal(forV5[0]!.url, '/v5/config/router');
  const forMain = await searchHits(pagefind, 'routing', 'main');
  assert.equal(forMain[0]!.url, '/config/routing');
  // Whether the index has the word itself, then the word in each set, the reader's first.
  assert.deepEqual(asked.slice(0, 3), [['"routing"', undefined], ['routing', {set: 'v5'}], ['routing', {set: 'main'}]]);
  assert.deepEqual(await searchHits(pagefind, '   ', 'main'), []);
  assert.equal(asked.length, 6);
});

test('a query of more than queryMaxWords meaningful words is ranked by its first ones, not left to Pagefind\'s every-word search', async () => {
  // 20 words; the page has the first 12 and none of the rest, so no page has every word.
  const words = Array.from({length: 20}, (_, i) => `w${i}`);
  const asked: string[] = [];
  const preloaded: string[] = [];
  const pagefind = {...fakePagefind(async (query) => {
    asked.push(query);
    const plain = query.replace(/"/g, '');
    return {results: words.slice(0, 12).includes(plain) ? [result('/config/long', 1)] : []};
  }), preload: async (word: string) => { preloaded.push(word); }};
  const ranked = await rankedResults(pagefind, words.join(' '), 'main');
  assert.deepEqual(ranked.map((r) => r.id), ['/config/long']);
  // The words after the 16th are never searched: alone, in a pair, or in the whole query's search
  // (asked once a docs set: a page with all the first 16 would gain), and their index files are not
  // loaded, so a pasted paragraph downloads no more than a query of 16 words.
  const searchedWords = new Set(asked.flatMap((q) => q.replace(/"/g, '').split(' ')));
  assert.deepEqual(words.filter((w) => searchedWords.has(w)), words.slice(0, queryMaxWords));
  const wholeSearches = asked.filter((q) => q.includes(' ') && !q.startsWith('"'));
  assert.deepEqual(wholeSearches, Array(2).fill(words.slice(0, queryMaxWords).join(' ')));
  assert.deepEqual(words.filter((w) => preloaded.some((p) => p === `${w}${familyEnd}` || p === `${w}${latinFamilyEnd}`)), words.slice(0, queryMaxWords));
});

test('the modal takes a query of queryMaxLength characters, Algolia\'s limit, not DocSearch\'s 64', () => {
  // A pasted error line is often 70 to 100 characters (tests/e2e/search-relevance.spec.ts types one).
  assert.equal(queryMaxLength, 512);
});

test('a null answer from Pagefind (its search was superseded) is no results, not a crash', async () => {
  const pagefind = fakePagefind(async () => null);
  assert.deepEqual(await searchHits(pagefind, 'x', 'main'), []);
});

test('the indexer stores the objects a page\'s headings define, and its keywords, as searchable metadata', () => {
  const article = '<article><h1>Routing</h1><h2 id="r">RoutingObject<a class="hash-link">\u200b</a></h2><p>RuleObject in text</p>'
    + '<h3><code>RuleObject</code></h3><h3>domainStrategy</h3><h2>RoutingObject</h2><h4>Not an Object</h4></article>';
  assert.deepEqual(indexer.definedObjects(`<nav><h2>NavObject</h2></nav>${article}`), ['RoutingObject', 'RuleObject']);
  const marked = indexer.markArticle(`<head><meta name=keywords content="geosite,a, b"></head>${article}`, '/config/routing');
  assert.match(marked, /<span data-pagefind-meta="objects:RoutingObject RuleObject"><\/span>/);
  // Commas separate Pagefind's metadata fields, so the keywords are joined by spaces.
  assert.match(marked, /<span data-pagefind-meta="keywords:geosite a b"><\/span>/);
  assert.doesNotMatch(indexer.markArticle(article, '/config/routing'), /keywords:/);
});

test('rankedResults lists the merged results without downloading a fragment; searchPages downloads each', async () => {
  let fragments = 0;
  const counted = (url: string, score: number): PagefindResult => ({...result(url, score), data: async () => { fragments += 1; return result(url, score).data(); }});
  const pagefind = fakePagefind(async (_query, options) => ({results: [
    ...(options?.filters?.set !== 'main' ? [counted('v5/a', 2)] : []),
    ...(options?.filters?.set !== 'v5' ? [counted('b', 1), counted('c', 0.1)] : []),
  ]}));
  const ranked = await rankedResults(pagefind, 'x', 'main', 2);
  assert.equal(ranked.length, 2);
  assert.equal(fragments, 0);
  assert.deepEqual((await searchPages(pagefind, 'x', 'main')).map((d) => d.url), ['/b', '/v5/a', '/c']);
  assert.equal(fragments, 3);
});

test('a Chinese query is split into words as a reader\'s browser splits it; a word said twice counts once', () => {
  assert.deepEqual(queryWords('显示运营商的 DNS DNS'), ['显示', '运营', '商', '的', 'DNS']);
  assert.equal(queryMaxWords, 16);
});

test('a query word without a letter or a digit is no word: it never counts against a page', () => {
  // Pagefind drops punctuation, so `{}` and `>` found nothing, and each was a word no page could have.
  assert.deepEqual(queryWords('interface {} is nil, not *dokodemo.Config'), ['interface', 'is', 'nil,', 'not', '*dokodemo.Config']);
  assert.deepEqual(meaningfulWords('geosite: cn > unexpected EOF -'), ['geosite:', 'cn', 'unexpected', 'EOF']);
  assert.deepEqual(meaningfulWords('{} >>> ——'), []);
});

test('the indexer splits Chinese into the words a query is split into, so that 路由 is not found as 路径 is', () => {
  // The browser splits the query 路由 into 路 and 由; Pagefind's own segmenter indexed 路由 as one word,
  // which the query's 路 found only as the start of a longer word, as it finds 路径.
  for (const text of ['路由', '路由规则', '出站连接', '限制带宽', '时区不同有影响吗', '显示运营商的']) {
    assert.deepEqual(separateWords(text, ' ').split(' '), queryWords(text), text);
  }
  // Only beside Chinese, and never beside a space: the text reads the same without the separators.
  assert.equal(separateWords('，所以 ip 规则；路由 · routing rules', '|'), '，|所以 ip 规则|；|路|由 · routing rules');
  assert.equal(separateWords('a &amp; b', '|'), 'a &amp; b');
  const page = '<html lang=zh-CN><head><meta name=keywords content="路由规则,geosite"></head><body><article><h1>路由</h1>'
    + '<p>设置路由规则，所以 <code>ip</code> 规则</p><h2 id=x>完整示例</h2></article></body></html>';
  const marked = indexer.markArticle(page, '/config/routing');
  // The text, headings included, with zero-width spaces (Pagefind splits at them and drops them).
  assert.match(marked, /<h1>路\u200b由<\/h1><p>设置\u200b路\u200b由\u200b规则\u200b，\u200b所以 <code>ip<\/code> 规则<\/p><h2 id=x>完整\u200b示例<\/h2>/);
  // The keywords and the title searched as words, the title shown as written.
  assert.match(marked, /data-pagefind-meta="keywords:路 由 规则 geosite"/);
  assert.match(marked, /data-pagefind-meta="title\[data-title\], label\[data-label\]" data-title="路 由" data-label="路由"/);
  // English pages as they are.
  const english = indexer.markArticle(page.replace('zh-CN', 'en-US'), '/en_US/config/routing');
  assert.match(english, /<h1>路由<\/h1>/);
  assert.doesNotMatch(english, /label/);
});

test('a page is shown under its label, where the indexer searches its title as words, and its sections without zero-width spaces', () => {
  const [page, section] = pageHits({url: '/config/routing', excerpt: '', meta: {title: '路 由', label: '路由'},
    sub_results: [{title: '完整\u200b示例', url: '/config/routing#x', excerpt: '例'}]}, 0);
  assert.equal(page!.page, '路由');
  assert.equal(section!.section, '完整示例');
  assert.equal(pageHits({url: '/en_US/config/routing', excerpt: '', meta: {title: 'Routing'}, sub_results: []}, 0)[0]!.page, 'Routing');
});

test('the pairs of a query\'s words said one after the other: written together (split by the segmenter) or apart, not across a stop word', () => {
  assert.deepEqual(queryPairs('时区不同'), [{words: ['时', '区'], joined: true}, {words: ['区', '不同'], joined: true}]);
  assert.deepEqual(queryPairs('出站的带宽'), [{words: ['出', '站'], joined: true}, {words: ['带', '宽'], joined: true}]);
  assert.deepEqual(queryPairs('where are the unix socket logs'), [{words: ['unix', 'socket'], joined: false}, {words: ['socket', 'logs'], joined: false}]);
  assert.deepEqual(queryPairs('DNS DNS outbound'), [{words: ['DNS', 'outbound'], joined: false}]);
  assert.deepEqual(queryPairs('routing'), []);
});

test('rankByWords: a page that says a pair of the query\'s words together gains their weight, over the number of pairs', () => {
  const r = (id: string) => result(id, 0);
  const [a, b] = [r('a'), r('b')];
  const perWord = [[{result: a, score: 10}, {result: b, score: 12}], [{result: a, score: 10}, {result: b, score: 12}]];
  // b says both words, a says them one after the other.
  assert.deepEqual(rankByWords(perWord, []).map(({result: {id}}) => id), ['b', 'a']);
  const ranked = rankByWords(perWord, [], {phrases: [{pages: new Set(['a']), weight: 2}]});
  assert.deepEqual(ranked.map(({result: {id}, score}) => [id, score]), [['a', 60], ['b', 24]]);
  // Two pairs: one of them is half of the weight.
  assert.equal(rankByWords(perWord, [], {phrases: [{pages: new Set(['a']), weight: 1}, {pages: new Set(), weight: 2}]})[0]!.score, 30);
});

test('rankedResults searches each pair of words as a phrase, and the page that says 时区 comes before the one that says 时 and 区 apart', async () => {
  // The browser splits 时区 into 时 and 区; Pagefind finds a phrase where its words stand one after the other.
  const text: Record<string, string[]> = {faq: ['时', '区', '不同'], routing: ['区', '时', '规则', '不同']};
  const asked: string[] = [];
  const pagefind = fakePagefind(async (query) => {
    asked.push(query);
    const words = queryWords(query.replace(/"/g, ''));
    const phrase = query.startsWith('"');
    const pages = Object.keys(text).filter((id) => (phrase
      ? text[id]!.some((_, i) => words.every((w, j) => text[id]![i + j] === w))
      : words.every((w) => text[id]!.includes(w))));
    return {results: pages.map((id) => result(id, id === 'routing' ? 2 : 1))};
  });
  // Without the phrases the routing page, which says each word more, came first.
  assert.deepEqual((await rankedResults(pagefind, '时区不同', 'main')).map((r) => r.id), ['faq', 'routing']);
  assert.ok(asked.includes('"时 区"') && asked.includes('"区 不同"'), asked.join(', '));
});

test('rankByWords: a page scores its words\' summed scores times the share of the words it has; one with every word adds the whole query\'s score', () => {
  const r = (id: string) => result(id, 0);
  const [ss, ws, tr, faq] = [r('shadowsocks'), r('websocket'), r('transport'), r('faq')];
  // "shadowsocks websocket tls": the Shadowsocks page is about the rare word and lacks a common one;
  // the transport overview says all three in passing.
  const perWord = [
    [{result: ss, score: 160}, {result: tr, score: 2}],
    [{result: ws, score: 190}, {result: tr, score: 5}],
    [{result: ss, score: 1}, {result: tr, score: 50}, {result: ws, score: 3}],
  ];
  const whole = [{result: tr, score: 10}];
  const ranked = rankByWords(perWord, whole, {exponent: 1, wholeWeight: 4});
  // (160 + 1) * 2/3, (190 + 3) * 2/3, 2 + 5 + 50 + 4 * 10.
  assert.deepEqual(ranked.map(({result: {id}, score}) => [id, Math.round(score * 10) / 10]), [['websocket', 128.7], ['shadowsocks', 107.3], ['transport', 97]]);
  // A page with every word keeps the whole query's result (its excerpt marks every word).
  const transportWhole = result('transport', 10);
  assert.equal(rankByWords(perWord, [{result: transportWhole, score: 10}]).find(({result: {id}}) => id === 'transport')!.result, transportWhole);
  // The share counts more with a higher exponent: squared, the transport page comes first.
  assert.deepEqual(rankByWords(perWord, whole, {exponent: 2, wholeWeight: 4}).map(({result: {id}}) => id), ['transport', 'websocket', 'shadowsocks']);
  // Fewer than half of the words is no answer; a word the index lacks (null) still counts in the total.
  assert.deepEqual(rankByWords([[{result: faq, score: 9}], null, null], []), []);
  assert.deepEqual(rankByWords([[{result: faq, score: 9}], null], []).map(({result: {id}, score}) => [id, score]), [['faq', 4.5]]);
  // One word: its own scores, in order.
  assert.deepEqual(rankByWords([[{result: faq, score: 9}, {result: ss, score: 3}]]).map(({result: {id}, score}) => [id, score]), [['faq', 9], ['shadowsocks', 3]]);
  // The whole query's score tells apart two pages of the same summed scores: the one about both words.
  const stats = [[{result: r('stats'), score: 100}, {result: r('service/stats'), score: 37}], [{result: r('service/stats'), score: 39}, {result: r('stats'), score: 10}]];
  const both = [{result: r('service/stats'), score: 76}, {result: r('stats'), score: 29}];
  assert.deepEqual(rankByWords(stats, both, {exponent: 1, wholeWeight: 0}).map(({result: {id}}) => id), ['stats', 'service/stats']);
  assert.deepEqual(rankByWords(stats, both, {exponent: 1, wholeWeight: 4}).map(({result: {id}}) => id), ['service/stats', 'stats']);
});

test('rankedResults: a page need not have every word of a query; the reader\'s docs set is weighted up in each word\'s scores', async () => {
  const scores: Record<string, Record<string, number>> = {
    mKCP: {'config/transport/mkcp': 80, 'v5/config/stream/kcp': 40}, bandwidth: {'config/transport/mkcp': 20, 'v5/config/stream/kcp': 10}, limit: {'v5/config/stream/kcp': 5, 'config/policy': 4},
  };
  const sets: Record<string, string> = {'v5/config/stream/kcp': 'v5'};
  const pagefind = fakePagefind(async (query, options) => {
    const words = query.replace(/"/g, '').split(/\s+/);
    const pages = Object.keys(scores[words[0]!] ?? {}).filter((id) => words.every((w) => scores[w]?.[id] !== undefined));
    const set = options?.filters?.set;
    return {results: pages.filter((id) => !set || (sets[id] ?? 'main') === set).map((id) => result(id, words.reduce((sum, w) => sum + scores[w]![id]!, 0)))};
  });
  // Only the v5 page says all three words; the v4 page, which lacks "limit", comes first for a v4 reader.
  assert.deepEqual((await rankedResults(pagefind, 'limit mKCP bandwidth', 'main')).map((r) => r.id), ['config/transport/mkcp', 'v5/config/stream/kcp']);
  // A v5 reader gets the v5 page: (40 + 10 + 5) * 6 + 4 * 55 * 6 against 100 * 2/3.
  assert.deepEqual((await rankedResults(pagefind, 'limit mKCP bandwidth', 'v5')).map((r) => r.id), ['v5/config/stream/kcp', 'config/transport/mkcp']);
  // The policy page has one word of three: not listed.
  assert.ok(!(await rankedResults(pagefind, 'limit mKCP bandwidth', 'main')).some((r) => r.id === 'config/policy'));
  assert.deepEqual(await rankedResults(pagefind, 'nothing at all', 'main'), []);
});

test('the meaningful words of a query: its words without question and function words, in both languages', () => {
  assert.deepEqual(meaningfulWords('如何 退款'), ['退款']);
  assert.deepEqual(meaningfulWords('怎么配置'), ['配置']);
  assert.deepEqual(meaningfulWords('How to refund a purchase'), ['refund', 'purchase']);
  assert.deepEqual(meaningfulWords('what is the'), []);
  assert.deepEqual(meaningfulWords('为什么 可以 吗'), []);
  // A page must have at least half of them.
  assert.equal(answersQuery(1, 1), true);
  assert.equal(answersQuery(1, 2), true);
  assert.equal(answersQuery(1, 3), false);
  assert.equal(answersQuery(2, 3), true);
  assert.equal(answersQuery(0, 0), false);
  assert.equal(answersQuery(3, 7), false);
  // A long query (a pasted error line, a question in the reader's words): a third of its words.
  assert.equal(longQueryWords, 8);
  assert.equal(answersQuery(3, 8), true);
  assert.equal(answersQuery(2, 8), false);
  assert.equal(answersQuery(3, 9), true);
  assert.equal(answersQuery(5, 16), false);
  assert.equal(answersQuery(6, 16), true);
  // The query searched: its meaningful words when it had stop words, else as typed.
  assert.equal(searchedText('how to write routing rules'), 'write routing rules');
  assert.equal(searchedText('routing  rules'), 'routing  rules');
  assert.equal(exactQuery('routing'), '"routing"');
  assert.equal(exactQuery('HTTP/2'), null);
});

/**
 * A Pagefind that answers a query with the pages of its words (`pagesOf`), as Pagefind 1.6 does:
 * a page for every word, a word it does not know shortened until some word begins with what is
 * left (not in quotes), and in each set only that set's pages.
 */
function indexOf(pagesOf: Record<string, string[]>, sets: Record<string, string> = {}): {pagefind: Pagefind; asked: string[]} {
  const asked: string[] = [];
  const known = Object.keys(pagesOf);
  const marked = new Map<string, string>();
  const pages = (word: string, quoted: boolean): string[] => {
    if (pagesOf[word]) return pagesOf[word]!;
    if (quoted) return [];
    for (let n = word.length; n > 0; n -= 1) {
      const prefixed = known.filter((k) => k.startsWith(word.slice(0, n)));
      for (const k of prefixed) for (const id of pagesOf[k]!) marked.set(id, k);
      if (prefixed.length) return [...new Set(prefixed.flatMap((k) => pagesOf[k]!))];
    }
    return [];
  };
  const pagefind = fakePagefind(async (query, options) => {
    asked.push(query);
    const quoted = query.startsWith('"');
    const words = query.replace(/"/g, '').split(/\s+/);
    let ids = pages(words[0]!, quoted);
    for (const w of words.slice(1)) ids = ids.filter((id) => pages(w, quoted).includes(id));
    const set = options?.filters?.set;
    return {results: ids.filter((id) => !set || (sets[id] ?? 'main') === set).map((id) => result(id, 1, {excerpt: `a <mark>${marked.get(id) ?? ''}</mark> b`}))};
  });
  return {pagefind, asked};
}

test('rankedResults: a query of question and function words alone, or one whose pages have only a minority of its words, finds nothing', async () => {
  const {pagefind} = indexOf({
    如何: ['muxcool', 'routing'], 手机: ['shadowsocks'], 路由: ['routing'], 路: ['routing'], 由: ['routing'], 配置: ['routing', 'muxcool'],
    a: ['vmess', 'routing'], bo: ['command'], 're-enters': ['loopback'], routing: ['routing'], rules: ['routing'],
  });
  // Only a question word matches.
  assert.deepEqual(await rankedResults(pagefind, '如何 退款', 'main'), []);
  assert.deepEqual(await rankedResults(pagefind, '如何', 'main'), []);
  // One word of three.
  assert.deepEqual(await rankedResults(pagefind, '苹果 手机 越狱', 'main'), []);
  // Pagefind's shortened words ("bo" for book, "re-enters" for refund) and "a" are no match.
  assert.deepEqual(await rankedResults(pagefind, 'book a haircut', 'main'), []);
  assert.deepEqual(await rankedResults(pagefind, 'refund a purchase', 'main'), []);
  assert.deepEqual(await rankedResults(pagefind, 'refund', 'main'), []);
  // Queries with answers keep them: every word, half the words, a question word beside the topic.
  assert.deepEqual((await rankedResults(pagefind, '如何 配置 路由', 'main')).map((r) => r.id), ['routing']);
  assert.deepEqual((await rankedResults(pagefind, 'how to write routing rules', 'main')).map((r) => r.id), ['routing']);
  assert.deepEqual((await rankedResults(pagefind, '路由 越狱', 'main')).map((r) => r.id), ['routing']);
  // A word still being typed begins a word the index has.
  assert.deepEqual((await rankedResults(pagefind, 'rou', 'main')).map((r) => r.id), ['routing']);
  assert.deepEqual((await rankedResults(pagefind, 'routing ru', 'main')).map((r) => r.id), ['routing']);
  assert.equal(markedBeginWith('x <mark>(HAProxy,</mark> y', 'haircut'), false);
  assert.equal(markedBeginWith('x <mark>(HAProxy,</mark> y', 'hapro'), true);
});

test('the indexer: page addresses, docs sets and keywords', () => {
  assert.equal(indexer.pageUrl('config/routing.html'), '/config/routing');
  assert.equal(indexer.pageUrl('index.html'), '/');
  assert.equal(indexer.pageUrl('en_US/v5/config/index.html'), '/en_US/v5/config/');
  assert.equal(indexer.docsSetOf, docsSetOf, 'the indexer and the client share one docs-set rule');
  assert.deepEqual(indexer.pageKeywords('<meta data-rh=true name=keywords content="路由规则,routing rules"/>'), ['路由规则', 'routing rules']);
  assert.deepEqual(indexer.pageKeywords('<meta data-rh=true name=keywords content=入站,inbound,嗅探 />'), ['入站', 'inbound', '嗅探']);
  assert.deepEqual(indexer.pageKeywords('<meta name="description" content="x">'), []);
  assert.equal(indexer.keywordsEnd, keywordsEnd, 'the indexer and the client cut keywords at the same mark');
});

test('the indexer marks the article of doc pages only, with its set and its keywords', () => {
  const page = '<html><head><meta name=keywords content="a<b,c"></head><body><nav>x</nav><article class="y"><h1>T</h1></article></body></html>';
  const marked = indexer.markArticle(page, '/v5/config/x');
  assert.match(marked, /<article data-pagefind-body data-pagefind-filter="set:v5" class="y"><p data-pagefind-weight="\d+">a&lt;b · c \u2042<\/p><span data-pagefind-meta="keywords:a&lt;b c"><\/span><h1>T<\/h1>/);
  assert.equal(indexer.markArticle('<html><body><main>home</main></body></html>', '/'), null);
  assert.match(indexer.markArticle('<article><h1>T</h1></article>', '/config/x'), /^<article data-pagefind-body data-pagefind-filter="set:main"><h1>/);
});

test('with the list of index files, each word as Pagefind looks it up preloads itself and the term of each later file its family reaches', async () => {
  const files: IndexFile[] = [['a', 'd', 'b'], ['da', 'http', 'dns'], ['http2', 'httpupgrade', 'http2'], ['httpv', 'httpz', 'httpx'], ['i', 'z', 'k'],
    ['出', '出站', '出'], ['出站连接', '出站连接', '出站连接'], ['分', '龟', '分']];
  const preloaded: string[] = [];
  const pagefind = {...fakePagefind(async () => null), preload: async (query: string) => { preloaded.push(query); }};
  await loadWordFamilies(pagefind, ['HTTP', '.v5.json'], files, 'en-us');
  assert.deepEqual(preloaded.sort(), ['http', 'http2', 'httpx', 'v5json'].sort());
  preloaded.length = 0;
  // A Chinese page: 出 reaches the file of 出站连接 (one character, which no segmenter splits further).
  await loadWordFamilies(pagefind, ['出', 'VMess'], files, 'zh-cn');
  assert.deepEqual(preloaded.sort(), ['出', '出站连接', 'vmess'].sort());
});

test('the list of index files is fetched once from /pagefind/; a failed or malformed answer gives null, and the next query asks again', async () => {
  const asked: string[] = [];
  const answers: (() => Response)[] = [
    () => new Response('missing', {status: 404}),
    () => new Response('{"not": "a list"}', {status: 200}),
    () => new Response(JSON.stringify([['a', 'b', 'a'], ['c', 'd', null]]), {status: 200}),
  ];
  const saved = globalThis.fetch;
  globalThis.fetch = (async (url: string) => { asked.push(url); return answers[asked.length - 1]!(); }) as typeof fetch;
  try {
    assert.equal(await loadIndexFiles(null), null, 'no page language, nothing fetched');
    assert.equal(await loadIndexFiles('zh-cn'), null);
    assert.equal(await loadIndexFiles('zh-cn'), null);
    assert.deepEqual(await loadIndexFiles('zh-cn'), [['a', 'b', 'a'], ['c', 'd', null]]);
    assert.deepEqual(await loadIndexFiles('zh-cn'), [['a', 'b', 'a'], ['c', 'd', null]]);
    assert.deepEqual(asked, ['/pagefind/families-zh-cn.json', '/pagefind/families-zh-cn.json', '/pagefind/families-zh-cn.json']);
    // Another language's list is its own.
    answers.push(() => new Response('[]', {status: 200}));
    assert.deepEqual(await loadIndexFiles('en-us'), []);
    assert.equal(asked.at(-1), '/pagefind/families-en-us.json');
  } finally {
    globalThis.fetch = saved;
  }
});

test('the indexer refuses index files over its limit (Pagefind ignoring the chunk size), by name', async () => {
  const {mkdtempSync, writeFileSync} = await import('node:fs');
  const {tmpdir} = await import('node:os');
  const {join} = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'pagefind-index-'));
  writeFileSync(join(dir, 'zh-cn_small.pf_index'), Buffer.alloc(1024));
  writeFileSync(join(dir, 'zh-cn_edge.pf_index'), Buffer.alloc(indexer.maxChunkKB * 1024));
  writeFileSync(join(dir, 'en-us_big.pf_index'), Buffer.alloc(indexer.maxChunkKB * 1024 + 1));
  assert.deepEqual(indexer.oversizedChunks(dir), [`en-us_big.pf_index (${indexer.maxChunkKB} KB)`]);
  assert.ok(indexer.indexChunkSize < 20000, 'smaller than Pagefind\'s default, whose files are about 30 KB');
});

test('without the list of index files (here: no page), rankedResults first loads the index file where the words each query word begins end (the word + familyEnd), before any search', async () => {
  const calls: string[] = [];
  const pagefind: Pagefind = {
    options: async () => {},
    preload: async (query) => { calls.push(`preload ${query}`); },
    search: async (query) => { calls.push(`search ${query}`); return {results: [result('/config/a', 1)]}; },
  };
  await rankedResults(pagefind, 'http proxy', 'main');
  const firstSearch = calls.findIndex((c) => c.startsWith('search'));
  // Each word also with latinFamilyEnd, which a Chinese page's segmenter keeps where it cuts familyEnd off.
  assert.deepEqual(calls.slice(0, firstSearch).sort(),
    [`preload http${familyEnd}`, `preload http${latinFamilyEnd}`, `preload proxy${familyEnd}`, `preload proxy${latinFamilyEnd}`].sort());
  assert.ok(calls.slice(firstSearch).every((c) => c.startsWith('search')));
});

test('without the list of index files, a dotted word loads its parts\' families too (a Chinese page searches v2ray.location.asset as three words); a Chinese word only its own', async () => {
  const preloaded: string[] = [];
  await loadWordFamilies({...fakePagefind(async () => null), preload: async (query) => { preloaded.push(query); }}, ['v2ray.location.asset', '出站']);
  const ends = (word: string) => [`${word}${familyEnd}`, `${word}${latinFamilyEnd}`];
  assert.deepEqual(preloaded.sort(), [...ends('v2ray.location.asset'), ...ends('v2ray'), ...ends('location'), ...ends('asset'), `出站${familyEnd}`].sort());
  assert.ok(latinFamilyEnd > 'z'.repeat(15) && /^[a-z]+$/.test(latinFamilyEnd), 'sorts after any word of letters and digits it ends');
});
