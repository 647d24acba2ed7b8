// scripts/search/relevanceCore.cjs: how a query's results are scored.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import core from '../../scripts/search/relevanceCore.cjs';

const {localized, pageOf, querySet, score} = core;

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
