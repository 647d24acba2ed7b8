// scripts/bench/compare.mjs: the benchmark's options, the interleaved run order and
// the A/B table.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {compareMarkdown, interleave, medians, parseBenchArgs, ratio} from '../../scripts/bench/compare.mjs';

test('options: defaults, values, --compare, and clear errors', () => {
  assert.deepEqual(parseBenchArgs([]), {out: 'build', port: 4400, runs: 5, skipBuild: false, compare: null, onlySearch: false, onlyChecker: false, checkSearch: false, checkBlocking: false});
  assert.deepEqual(parseBenchArgs(['--compare', '/tmp/old', '--runs', '3', '--skip-build', '--port', '4700']),
    {out: 'build', port: 4700, runs: 3, skipBuild: true, compare: '/tmp/old', onlySearch: false, onlyChecker: false, checkSearch: false, checkBlocking: false});
  // The search figures alone never build.
  assert.deepEqual(parseBenchArgs(['--only-search']), {out: 'build', port: 4400, runs: 5, skipBuild: true, compare: null, onlySearch: true, onlyChecker: false, checkSearch: false, checkBlocking: false});
  assert.deepEqual(parseBenchArgs(['--only-checker']), {out: 'build', port: 4400, runs: 5, skipBuild: true, compare: null, onlySearch: false, onlyChecker: true, checkSearch: false, checkBlocking: false});
  // two runs of their own in one command are refused
  assert.throws(() => parseBenchArgs(['--only-search', '--only-checker']), /each a run of their own/);
  assert.throws(() => parseBenchArgs(['--check-search', '--compare', '/tmp/old']), /each a run of their own/);
  // nor do the size checks
  assert.deepEqual(parseBenchArgs(['--check-blocking', '--out', '/tmp/main']),
    {out: '/tmp/main', port: 4400, runs: 5, skipBuild: true, compare: null, onlySearch: false, onlyChecker: false, checkSearch: false, checkBlocking: true});
  assert.throws(() => parseBenchArgs(['--compare']), /--compare needs a value/);
  assert.throws(() => parseBenchArgs(['--compare', '--runs', '3']), /--compare needs a value/);
  assert.throws(() => parseBenchArgs(['--comapre', 'x']), /unknown option --comapre/);
  assert.throws(() => parseBenchArgs(['--runs', '0']), /--runs must be a positive whole number/);
  assert.throws(() => parseBenchArgs(['--port', '99999']), /--port must be 1-65534/);
});

test('runs alternate between the sites, page by page', () => {
  assert.deepEqual(interleave(['/a', '/b'], 2).map((r) => `${r.page} ${r.site}${r.run}`),
    ['/a A0', '/a B0', '/a A1', '/a B1', '/b A0', '/b B0', '/b A1', '/b B1']);
  assert.deepEqual(interleave(['/a'], 0), []);
});

test('ratios and medians', () => {
  assert.equal(ratio(100, 50), '0.50');
  assert.equal(ratio(0, 5), '-');
  assert.equal(ratio(undefined, 5), '-');
  const fig = (tbtMs) => ({performance: 90, accessibility: 100, bestPractices: 100, seo: 100, fcpMs: 1000, lcpMs: 2000, tbtMs, cls: 0});
  const m = medians([
    {page: '/', site: 'A', result: fig(100)}, {page: '/', site: 'B', result: fig(400)},
    {page: '/', site: 'A', result: fig(300)}, {page: '/', site: 'B', result: fig(200)},
    {page: '/', site: 'A', result: fig(200)}, {page: '/', site: 'B', result: fig(600)},
  ]);
  assert.equal(m.A['/'].tbtMs, 200);
  assert.equal(m.B['/'].tbtMs, 400);
  assert.equal(m.B['/'].runs, 3);
});

test('the table has a row per figure with A, B and B/A', () => {
  const md = compareMarkdown({
    a: 'build', b: '/tmp/old', browser: '156.0', runs: 3, pages: ['/'],
    bytes: {A: {'/': {htmlGzipKB: 10, renderBlockingGzipKB: 20, jsCssGzipKB: 100, totalGzipKB: 130, domElements: 1800, hydratedElements: 900}},
      B: {'/': {htmlGzipKB: 5, renderBlockingGzipKB: 40, jsCssGzipKB: 200, totalGzipKB: 260, domElements: 1800, hydratedElements: 1800}}},
    lighthouse: {A: {'/': {performance: 98, tbtMs: 100}}, B: {'/': {performance: 49, tbtMs: 800}}},
  });
  assert.match(md, /\| JS\+CSS gz KB \| 100 \| 200 \| 2\.00 \|/);
  assert.match(md, /\| performance \| 98 \| 49 \| 0\.50 \|/);
  assert.match(md, /\| TBT ms \| 100 \| 800 \| 8\.00 \|/);
  assert.match(md, /\| DOM elements \| 1800 \| 1800 \| 1\.00 \|/);
  assert.match(md, /\| React-hydrated elements \| 900 \| 1800 \| 2\.00 \|/);
  assert.match(md, /\| LCP ms \| - \| - \| - \|/);
  assert.match(md, /Chromium 156\.0/);
});

test('a size check given a folder with no built site fails at once, saying so', () => {
  const empty = mkdtempSync(join(tmpdir(), 'bench-empty-'));
  try {
    for (const check of ['--check-search', '--check-blocking']) {
      const run = spawnSync(process.execPath, ['scripts/bench/run.mjs', check, '--out', empty, '--port', '4797'],
        {cwd: new URL('../..', import.meta.url), encoding: 'utf8', timeout: 60_000});
      assert.notEqual(run.status, 0, `${check}: ${run.stdout}`);
      assert.equal(run.signal, null, `${check} was still running after a minute`);
      assert.match(run.stderr, /holds no built site \(no index\.html\)/, check);
    }
  } finally {
    rmSync(empty, {recursive: true, force: true});
  }
});
