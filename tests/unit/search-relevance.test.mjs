// scripts/search/relevanceCore.cjs: how a query's results are scored.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import core from '../../scripts/search/relevanceCore.cjs';

const {byStart, localized, pageOf, querySet, resultKey, score} = core;

test('a result is compared by its page: hash, query, .html and a trailing slash do not matter', () => {
  assert.equal(pageOf('/config/routing#ruleobject'), '/config/routing');
  assert.equal(pageOf('/config/routing.html?_highlight=x'), '/config/routing');
  assert.equal(pageOf('/en_US/'), '/en_US');
  assert.equal(pageOf('/'), '/');
  assert.equal(localized('/config/dns', 'en'), '/en_US/config/dns');
  assert.equal(localized('/config/dns', 'zh'), '/config/dns');
});

test('success@1 and @3 count the rank of the first wanted page; any listed page counts', () => {
  const queries = [
    {q: 'a', want: ['/config/routing'], kind: 'x'},
    {q: 'b', want: ['/config/dns'], kind: 'x'},
    {q: 'c', want: ['/config/env', '/config/overview'], kind: 'x'},
    {q: 'd', want: ['/config/stats'], kind: 'x'},
  ];
  const results = {
    a: ['/en_US/config/routing#ruleobject'],
    b: ['/en_US/config/routing', '/en_US/config/fakedns', '/en_US/config/dns#servers'],
    c: ['/en_US/config/overview'],
    d: [],
  };
  const r = score(queries, results, 'en');
  assert.equal(r.successAt1, 50);
  assert.equal(r.successAt3, 75);
  assert.deepEqual(r.misses.map((m) => [m.q, m.rank]), [['b', 3], ['d', null]]);
  // The Chinese site has no prefix: the same results miss there.
  assert.equal(score(queries, results, 'zh').successAt3, 0);
});

test('the committed query set has at least 40 queries per language, each with a wanted page', () => {
  const set = querySet();
  for (const lang of ['zh', 'en']) {
    assert.ok(set[lang].length >= 40, lang);
    for (const q of set[lang]) assert.ok(q.q && Array.isArray(q.want) && q.want.length > 0 && q.want.every((p) => p.startsWith('/')), JSON.stringify(q));
  }
});

test('queries searched from the v5 docs are grouped by their start page and scored apart', () => {
  const queries = [
    {q: 'DNS', want: ['/config/dns'], kind: 'title'},
    {q: 'DNS', want: ['/v5/config/dns'], kind: 'title', from: '/v5/config/overview'},
    {q: 'TCP', want: ['/config/transport/tcp'], kind: 'title'},
  ];
  assert.deepEqual([...byStart(queries)].map(([start, group]) => [start, group.length]), [['/guide/start', 2], ['/v5/config/overview', 1]]);
  const results = {[resultKey(queries[0])]: ['/config/dns'], [resultKey(queries[1])]: ['/v5/config/dns#x'], TCP: ['/config/transport']};
  const r = score(queries, results, 'zh');
  assert.equal(r.successAt1, 66.7);
  assert.deepEqual(r.misses.map((m) => [m.q, m.from]), [['TCP', undefined]]);
});

test('the grown set names every reference page: each /config and /v5/config page of facts/pages.json is wanted by a query in both languages', () => {
  const set = querySet();
  const pages = JSON.parse(readFileSync(new URL('../../facts/pages.json', import.meta.url), 'utf8')).pages
    .map((p) => p.path).filter((p) => /^\/(v5\/)?config\//.test(p));
  for (const lang of ['zh', 'en']) {
    const wanted = new Set(set[lang].flatMap((q) => q.want));
    assert.deepEqual(pages.filter((p) => !wanted.has(p)), [], lang);
  }
});

test('the held-out set is kept apart: none of its queries is in the committed set', () => {
  const set = querySet();
  const held = querySet('scripts/search/queries-heldout.json');
  for (const lang of ['zh', 'en']) {
    const committed = new Set(set[lang].map((q) => q.q.toLowerCase()));
    assert.deepEqual(held[lang].filter((q) => committed.has(q.q.toLowerCase())).map((q) => q.q), [], lang);
  }
});

test("the readers', fresh, more, first, second and third blind questions are all tuned on; the held-out ones are the fourth blind set's, at least 129 a language, none of them in another set", () => {
  const tuned = [core.readerSetFile, core.freshSetFile, core.moreSetFile, core.firstBlindSetFile, core.secondBlindSetFile, core.thirdBlindSetFile];
  for (const file of tuned) {
    const set = querySet(file);
    for (const lang of ['zh', 'en']) assert.ok(set[lang].length >= 60 && set[lang].every((q) => q.half === 'tune'), `${file} ${lang}`);
  }
  const heldOut = core.heldOutSet();
  assert.equal(heldOut?.file, core.blindSetFile);
  const others = [...tuned, 'scripts/search/queries.json', 'scripts/search/queries-heldout.json'];
  for (const lang of ['zh', 'en']) {
    assert.ok(heldOut.set[lang].length >= 129, `${lang}: ${heldOut.set[lang].length} held out`);
    assert.equal(new Set(heldOut.set[lang].map((q) => q.q.toLowerCase())).size, heldOut.set[lang].length, `${lang}: a held-out query twice`);
    const seen = new Set(others.flatMap((file) => querySet(file)[lang].map((q) => q.q.toLowerCase())));
    const sources = new Set(others.flatMap((file) => querySet(file)[lang].map((q) => q.source)).filter((x) => x && x !== 'faq'));
    assert.deepEqual(heldOut.set[lang].filter((q) => seen.has(q.q.toLowerCase())).map((q) => q.q), [], `${lang}: held-out queries found in a tuning set`);
    assert.deepEqual(heldOut.set[lang].filter((q) => sources.has(q.source)).map((q) => q.q), [], `${lang}: held-out queries from a source a tuning set cites`);
  }
});

test("rankAll runs the modal's own ranking code: localSearch.ts with indexContract.mjs, in one script for a page", async () => {
  const {runInNewContext} = await import('node:vm');
  const page = {Intl};
  runInNewContext(core.rankingCode(), page);
  const ranking = page.__searchRanking;
  assert.equal(typeof ranking.rankedResults, 'function');
  assert.equal(ranking.currentSetBoost, 6);
  // It ranks (tests/unit/local-search.test.ts tests the ranking itself): a word's pages by score, a
  // query of question words alone finds nothing.
  const result = (id, score) => ({id, score, data: async () => ({url: `/${id}`})});
  const pagefind = {
    options: async () => {}, preload: async () => {},
    search: async (query, options) => ({results: options?.filters?.set === 'v5' ? [] : query.includes('dns') || query.includes('fake') ? [result('dns', 2), result('fakedns', query.includes('fake') ? 9 : 1)] : []}),
  };
  // Arrays of the page's realm, compared as this one's.
  const ids = async (q) => Array.from(await ranking.rankedResults(pagefind, q, 'main'), (r) => r.id);
  assert.deepEqual(await ids('dns'), ['dns', 'fakedns']);
  assert.deepEqual(await ids('fake'), ['fakedns', 'dns']);
  assert.deepEqual(await ids('how to'), []);
});
