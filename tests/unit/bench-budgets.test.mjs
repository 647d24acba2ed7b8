// scripts/bench/budgets.mjs: the budgets a benchmark run is held to.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {blockingOverBudget, budgetRows, firstQueryOverBudget, firstQuerySplit} from '../../scripts/bench/budgets.mjs';

const budgets = {performanceMin: 95, accessibilityMin: 100, renderBlockingMaxKB: 40, routingJsCssMaxKB: 200, firstVisitMaxKB: 250};
const page = (perf, renderBlocking, jsCss, total) => ({
  lighthouse: {performance: perf, accessibility: 100, browser: '156.0.1'},
  firstVisit: {renderBlocking: {gzipKB: renderBlocking}, jsCss: {gzipKB: jsCss}, total: {gzipKB: total}},
});
const run = (routingJsCss) => ({chromium: '156.0.1', results: {'/': page(99, 50, 150, 180), '/config/routing.html': page(93, 35, routingJsCss, 240)}});
const byName = (rows, re) => rows.find((r) => re.test(r.name));

test('each page gets its Lighthouse and first-visit rows, with the browser; docs pages their render-blocking row', () => {
  const rows = budgetRows(run(180), budgets, null, '', 0.5);
  assert.equal(byName(rows, /performance \/config\/routing\.html \(Chromium 156\.0\.1\)/).ok, false);
  assert.equal(byName(rows, /performance \/ \(/).ok, true);
  assert.equal(byName(rows, /render-blocking .* \/config\/routing\.html/).ok, true);
  assert.equal(rows.some((r) => /render-blocking .* of \/,/.test(r.name)), false, 'the home page is not a docs page');
  assert.equal(byName(rows, /JS\+CSS to a hydrated \/config\/routing\.html/).ok, true);
  // every page is held to the same JS+CSS budget
  assert.equal(byName(budgetRows(run(201), budgets, null, '', 0.5), /JS\+CSS to a hydrated \/config\/routing\.html/).ok, false);
  assert.equal(byName(rows, /JS\+CSS to a hydrated \/,/).value, '150 KB');
  assert.equal(byName(rows, /everything a first visit of \/config\/routing\.html/).value, '240 KB');
  assert.equal(rows.some((r) => /no growth/.test(r.name)), false, 'no previous figure, no growth row');
});

test('growth beyond the tolerance fails unless bench/growth.md names the new figure', () => {
  assert.equal(byName(budgetRows(run(180.3), budgets, 180, '', 0.5), /no growth/).ok, true);
  const grown = byName(budgetRows(run(185), budgets, 180, '', 0.5), /no growth/);
  assert.equal(grown.ok, false);
  assert.match(grown.value, /\+5 KB/);
  const explained = byName(budgetRows(run(185), budgets, 180, '- 2026-11-24, 185 KB: the schema checker link\n', 0.5), /no growth/);
  assert.equal(explained.ok, true);
  assert.match(explained.value, /explained/);
  assert.equal(byName(budgetRows(run(170), budgets, 180, '', 0.5), /no growth/).ok, true);
});

test('each language\'s first search gets a row against the 150 KB budget, fragments included', () => {
  const r = {...run(180), search: {firstQuery: {
    zh: {query: '路由', gzipKB: 149.9, codeAndIndexKB: 120, fragmentsKB: 29.9},
    en: {query: 'routing rules', gzipKB: 151, codeAndIndexKB: 131, fragmentsKB: 20},
  }}};
  const rows = budgetRows(r, {...budgets, firstQueryMaxKB: 150}, null, '', 0.5);
  assert.deepEqual([byName(rows, /first search .*zh/).ok, byName(rows, /first search .*en/).ok], [true, false]);
  assert.equal(byName(rows, /first search .*en, "routing rules"/).value, '151 KB (search code + index 131 KB, result fragments 20 KB)');
});

test('a first query\'s split sums bytes and rounds once (three 51-byte files are 0.1 KB, not 0 + 0 + 0)', () => {
  const split = firstQuerySplit([
    {url: '/assets/js/modal.js', gzipBytes: 51},
    {url: '/pagefind/pagefind.js', gzipBytes: 51},
    {url: '/pagefind/index/zh-cn_abc.pf_index', gzipBytes: 51},
    {url: '/pagefind/fragment/zh-cn_def.pf_fragment', gzipBytes: 2048},
  ]);
  assert.equal(split.codeAndIndexKB, 0.1);
  assert.equal(split.modalKB, 0);
  assert.equal(split.fragmentsKB, 2);
  assert.equal(split.gzipKB, 2.1);
  assert.deepEqual([split.fragments, split.indexChunks, split.requests], [1, 1, 4]);
});

test('the list of index files a query loads its words\' families by counts as index', () => {
  const split = firstQuerySplit([
    {url: '/pagefind/index/zh-cn_abc.pf_index', gzipBytes: 1024},
    {url: '/pagefind/families-zh-cn.json', gzipBytes: 1536},
  ]);
  assert.equal(split.indexKB, 2.5);
  assert.equal(split.gzipKB, 2.5);
});

test('--check-search names each language whose first query is over the budget, and only those', () => {
  const over = firstQueryOverBudget({zh: {query: '路由', gzipKB: 150.1}, en: {query: 'routing rules', gzipKB: 150}}, 150);
  assert.deepEqual(over, ['first search (zh, "路由") downloads 150.1 KB gzip, over the 150 KB budget']);
  assert.deepEqual(firstQueryOverBudget({zh: {query: '路由', gzipKB: 107}}, 150), []);
});

test('--check-blocking names each page whose render-blocking bytes are over the budget, and only those', () => {
  const over = blockingOverBudget({'/config/dns.html': {renderBlockingGzipKB: 40.1}, '/guide/start.html': {renderBlockingGzipKB: 40}}, 40);
  assert.deepEqual(over, ['/config/dns.html: render-blocking (HTML + CSS before first paint) 40.1 KB gzip, over the 40 KB budget']);
  assert.deepEqual(blockingOverBudget({'/guide/start.html': {renderBlockingGzipKB: 29.7}}, 40), []);
});

test('the checker\'s key and trace timings get rows against their budgets; a run without them gets none', () => {
  const b = {...budgets, keyWhileCheckingMaxMs: 50, traceMaxMs: 200};
  const rows = budgetRows({...run(180), checker: {keyWhileCheckingMs: 51, trace10kRulesMs: 199.6, traceRegexpMs: 12}}, b, null, '', 0.5);
  assert.equal(byName(rows, /median key typed while a check/).ok, false);
  assert.equal(byName(rows, /median key typed while a check/).value, '51 ms');
  assert.equal(byName(rows, /no rule of 10,000/).ok, true);
  assert.equal(byName(rows, /regexp/).limit, '<= 200 ms');
  assert.equal(budgetRows(run(180), b, null, '', 0.5).some((r) => /trace panel|checker:/.test(r.name)), false);
});
