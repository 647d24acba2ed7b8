#!/usr/bin/env node
// The benchmark: builds the site, serves it like the production host and measures what
// a first visit costs, Lighthouse mobile scores and the local search. Writes bench/results.json
// and bench/results.md. Budgets are reported, never enforced: this is not a test.
//
//   npm run bench [-- --out DIR --port 4400 --runs 5 --skip-build --only-search --only-checker --check-search --check-blocking --compare DIR]
//
// --out     where to build (default build/, as `npm run build`); --skip-build measures DIR as it is
// --only-search  measures the local search alone on DIR as built (no build, Lighthouse, checker or
//           bundle report) and replaces only the search figures of bench/results.*, which then
//           say when each part was measured
// --only-checker  the same for the configuration checker's figures
// --check-search  measures only the bytes of a first query in each language on DIR as built and
//           exits 1 when one is over the 150 KB budget; writes nothing
// --check-blocking  measures only the first visit's bytes of the pages with a diagram (both
//           languages) on DIR as built and exits 1 when one's render-blocking bytes are over the
//           40 KB budget; writes nothing
// --port    where to serve it while measuring (scripts/serve.mjs, which gzips text like the production host)
// --runs    Lighthouse runs per page, 5 unless given (the median of each figure is reported)
// --compare measure another built site too (port + 1), interleaved, into bench/compare.{json,md}
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {cpus, totalmem} from 'node:os';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import {chromium} from '@playwright/test';
import {measureBuild} from './build.mjs';
import {lighthouseMedian, lighthouseOnce, median} from './lighthouse.mjs';
import chromiumModule from '../chromium.cjs';
import {bundleReport} from './bundle.mjs';
import {ensureCjkFont} from './fonts.mjs';
import {firstVisit as visitOnce} from './firstVisit.mjs';
import {compareMarkdown, interleave, medians, parseBenchArgs} from './compare.mjs';
import {blockingOverBudget, budgetRows, firstQueryOverBudget, firstQuerySplit, kb} from './budgets.mjs';
import {timeChecker, timeKeysWhileChecking, timeTraces} from './checkerTiming.mjs';
import {resultsMarkdown} from './report.mjs';
import relevance from '../search/relevanceCore.cjs';

const {findChromium, chromiumArgs} = chromiumModule;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
let options;
try {
  options = parseBenchArgs(process.argv.slice(2));
} catch (err) {
  console.error(err.message);
  process.exit(2);
}
const outDir = resolve(root, options.out);
const {port, runs} = options;
const origin = `http://127.0.0.1:${port}`;

/**
 * The pages measured: home, the longest v4 reference page, an English v5 page, and the five next
 * longest reference pages by elements in their HTML (2026-11-28: transport 1,629, v5 rrpit 1,501,
 * dns 1,500, v5 router 1,473, v5 dns 1,239; routing 1,913), alternating zh-CN and English.
 */
const pages = ['/', '/config/routing.html', '/en_US/v5/config/overview.html',
  '/config/transport.html', '/en_US/v5/config/stream/rrpit.html', '/config/dns.html', '/en_US/v5/config/router.html', '/v5/config/dns.html'];
/** The pages with a Mermaid diagram, in both languages (`--check-blocking`: their HTML carries the drawings). */
const diagramPages = ['/config/dns', '/v5/config/dns', '/developer/intro/design', '/developer/protocols/vmess', '/guide/start', '/guide/workflow']
  .flatMap((path) => [`${path}.html`, `/en_US${path}.html`]);
/** The budgets (bench/README.md "Budgets"). */
const budgets = {performanceMin: 95, accessibilityMin: 100, renderBlockingMaxKB: 40, routingJsCssMaxKB: 200, firstVisitMaxKB: 250, firstQueryMaxKB: 150,
  keyWhileCheckingMaxMs: 50, traceMaxMs: 200};
/** Growth of routing's JS+CSS below this is noise (gzip of a changed hash), not growth. */
const growthToleranceKB = 0.5;

function filesUnder(dir) {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

function countPages(dir) {
  const html = filesUnder(dir).filter((f) => f.endsWith('.html'));
  const en = html.filter((f) => relative(dir, f).startsWith('en_US/'));
  return {htmlFiles: html.length, zh: html.length - en.length, en: en.length};
}

/**
 * The local search index (Pagefind): what each language's whole index weighs (already
 * gzip on disk), and the code every language shares. A query loads only some of it.
 */
function searchIndexes(dir) {
  const bundle = join(dir, 'pagefind');
  const files = filesUnder(bundle).map((f) => relative(bundle, f));
  const size = (list) => kb(list.reduce((n, f) => n + statSync(join(bundle, f)).size, 0));
  const result = {};
  for (const [locale, tag] of [['zh-CN', 'zh-cn'], ['en', 'en-us']]) {
    const own = files.filter((f) => f.includes(`${tag}_`));
    result[locale] = {files: own.length, gzipKB: size(own)};
  }
  const code = files.filter((f) => /^(pagefind\.js|pagefind-worker\.js|wasm\..*)$/.test(f));
  result.code = {files: code, rawKB: size(code), gzipKB: kb(code.reduce((n, f) => n + gzipSync(readFileSync(join(bundle, f))).length, 0))};
  return result;
}

/**
 * How much a page is for the browser and for React once it has hydrated (mobile viewport): its
 * DOM elements, and those React hydrated (the elements carrying a React fiber; markup React
 * writes as an HTML string, such as code lines, has none).
 */
async function domCounts(browser, url) {
  const context = await browser.newContext({viewport: {width: 412, height: 823}, isMobile: true});
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('html[data-has-hydrated="true"]').waitFor();
  const counts = await page.evaluate(() => {
    const all = [...document.getElementsByTagName('*')];
    return {domElements: all.length, hydratedElements: all.filter((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'))).length};
  });
  await context.close();
  return counts;
}

/**
 * What a reader's first search costs on a cold page (budget: at most 150 KB gzip of search code
 * and index): every byte the page downloads from opening the search modal to the results of one
 * query, as transferred (the server's gzip; Pagefind's files are gzip already).
 */
async function firstQueryBytes(browser, path, query) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}${path}`);
  await page.locator('html[data-has-hydrated="true"]').waitFor();
  await page.waitForLoadState('networkidle');
  const files = [];
  page.on('requestfinished', (request) => {
    files.push(request.sizes().then((s) => ({url: new URL(request.url()).pathname, gzipBytes: s.responseBodySize + s.responseHeadersSize})));
  });
  await page.keyboard.press('Control+k');
  await page.locator('input.DocSearch-Input').fill(query);
  await page.locator('.DocSearch-Hit').first().waitFor();
  await page.waitForLoadState('networkidle');
  const list = await Promise.all(files);
  await context.close();
  return {path, query, ...firstQuerySplit(list)};
}

/**
 * The configuration checker: what its page downloads, its own lazy chunks (fetched when the reader
 * starts using it, not with the page: src/components/ConfigChecker/index.tsx), how long until its
 * box takes input and from the first click until it can check, and how long a check takes after
 * the last keystroke (with its 300 ms pause), median of 3 cold loads. The other pages' bytes above
 * are where "adds nothing" shows.
 */
async function checkerFigures(browser, dir, otherVisits) {
  const path = '/awesome/config-checker.html';
  const visit = await visitOnce(browser, dir, path, origin);
  // the named chunks in the build (the vendor chunk with CodeMirror and jsonc-parser has a number)
  const own = readdirSync(join(dir, 'assets/js')).filter((name) => /^(config-checker-ui|config-check-worker|config-schema-v[45]|trace-panel)\.[0-9a-f]+\.js$/.test(name))
    .sort().map((name) => ({url: name, gzipBytes: gzipSync(readFileSync(join(dir, 'assets/js', name))).length}));
  // everything no other measured page loads: the page's own chunk (the plain box and the checker's CSS)
  const elsewhere = new Set(otherVisits.flatMap((v) => v.files.map((f) => f.url)));
  const only = visit.files.filter((f) => f.kind === 'js' && !elsewhere.has(f.url));
  const timing = await timeChecker(browser, origin + path, 3);
  const english = `${origin}/en_US/awesome/config-checker.html`;
  const keys = [];
  for (let i = 0; i < 3; i += 1) keys.push(await timeKeysWhileChecking(browser, english));
  const traces = [];
  for (let i = 0; i < 3; i += 1) traces.push(await timeTraces(browser, english));
  return {
    path, totalGzipKB: visit.total.gzipKB, jsGzipKB: visit.js.gzipKB,
    ownChunks: own.map((f) => ({url: f.url, gzipKB: kb(f.gzipBytes)})),
    ownGzipKB: kb(own.reduce((n, f) => n + f.gzipBytes, 0)),
    onlyHereGzipKB: kb(only.reduce((n, f) => n + f.gzipBytes, 0)),
    readyMs: Math.round(median(timing.ready)), readyAfterLoadMs: Math.round(median(timing.afterLoad)), startedMs: Math.round(median(timing.started)),
    checkMs: Math.round(median(timing.check)),
    keyWhileCheckingMs: Math.round(median(keys)),
    trace10kRulesMs: Math.round(median(traces.map((t) => t.rules10kMs))), traceRegexpMs: Math.round(median(traces.map((t) => t.regexpMs))),
  };
}

/** Local search on a warm page: the index is loaded by a first query, then timed queries. */
async function searchTimings(browser) {
  const page = await browser.newPage();
  const box = page.locator('input.DocSearch-Input');
  const hits = page.locator('.DocSearch-Hit');
  const open = async () => {
    await page.goto(`${origin}/guide/start`);
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    await page.keyboard.press('Control+k');
    await box.waitFor();
  };
  await open();
  await box.fill('vmess');
  await hits.first().waitFor();
  const typeToResults = [];
  const enterToPage = [];
  for (const [query, heading] of [['RuleObject', '路由'], ['domainStrategy', null], ['负载均衡', null], ['inbounds', null], ['路由', '路由']]) {
    await open();
    let t = performance.now();
    await box.fill(query);
    await hits.first().waitFor();
    // Includes the modal's 500 ms pause in typing.
    typeToResults.push(performance.now() - t);
    const before = page.url();
    t = performance.now();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.href !== before);
    await page.locator('article h1').first().waitFor();
    if (heading) await page.locator('article h1', {hasText: heading}).first().waitFor();
    enterToPage.push(performance.now() - t);
  }
  await page.close();
  return {
    queries: typeToResults.length,
    typeToResultsMs: Math.round(median(typeToResults)),
    enterToResultPageMs: Math.round(median(enterToPage)),
  };
}

/** The relevance figures of `npm run search:relevance` (scripts/search/relevanceCore.cjs). */
async function searchRelevance(browser) {
  const set = relevance.querySet();
  const out = {};
  for (const lang of ['zh', 'en']) {
    const page = await browser.newPage();
    const {queries, successAt1, successAt3} = relevance.score(set[lang], await relevance.runAll(page, set[lang], lang, (path) => `${origin}${path}`), lang);
    out[lang] = {queries, successAt1, successAt3};
    await page.close();
  }
  return out;
}

/** scripts/serve.mjs on port: it gzips text as the production host does (it once needed a gzip proxy in front). */
async function serve(dir, at = port) {
  // Without this, a folder with no site was served as 404s and the bench waited for a page that never came.
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`bench: ${dir} holds no built site (no index.html): build it first (npm run build writes build/), and give the built site's folder as --out`);
  }
  const server = spawn(process.execPath, [join(root, 'scripts/serve.mjs'), '--port', String(at), '--dir', dir], {stdio: ['ignore', 'pipe', 'inherit']});
  await new Promise((resolveServer, reject) => {
    server.stdout.once('data', resolveServer);
    server.once('exit', (code) => reject(new Error(`serve.mjs exited (${code}); is port ${at} free?`)));
  });
  return {kill: () => server.kill()};
}

/** --compare DIR: both sites measured alike, Lighthouse runs interleaved (scripts/bench/compare.mjs). */
async function compareMain() {
  const other = resolve(options.compare);
  ensureCjkFont();
  if (!existsSync(join(other, 'index.html'))) throw new Error(`bench: --compare ${options.compare}: no index.html there; give a built site's folder`);
  if (!options.skipBuild) {
    console.log(`bench: building into ${outDir} ...`);
    await measureBuild(root, outDir);
  }
  const originB = `http://127.0.0.1:${port + 1}`;
  const serverA = await serve(outDir, port);
  const serverB = await serve(other, port + 1);
  const executablePath = findChromium();
  const browser = await chromium.launch({executablePath, args: chromiumArgs});
  const version = browser.version();
  const bytes = {A: {}, B: {}};
  const samples = [];
  try {
    for (const path of pages) {
      for (const [site, dir, at] of [['A', outDir, origin], ['B', other, originB]]) {
        const v = await visitOnce(browser, dir, path, at);
        bytes[site][path] = {htmlGzipKB: v.html?.gzipKB ?? 0, renderBlockingGzipKB: v.renderBlocking.gzipKB, jsCssGzipKB: v.jsCss.gzipKB, totalGzipKB: v.total.gzipKB,
          ...await domCounts(browser, at + path)};
      }
    }
    for (const {page, site, run} of interleave(pages, runs)) {
      console.log(`bench: ${site} ${page} lighthouse ${run + 1}/${runs} ...`);
      samples.push({page, site, result: await lighthouseOnce(`${site === 'A' ? origin : originB}${page}`, executablePath, chromiumArgs)});
    }
  } finally {
    await browser.close();
    serverA.kill();
    serverB.kill();
  }
  const comparison = {date: new Date().toISOString(), a: relative(root, outDir) || '.', b: other, browser: version, runs, pages, bytes, lighthouse: medians(samples)};
  mkdirSync(join(root, 'bench'), {recursive: true});
  writeFileSync(join(root, 'bench/compare.json'), `${JSON.stringify(comparison, null, 1)}\n`);
  writeFileSync(join(root, 'bench/compare.md'), compareMarkdown(comparison));
  console.log(compareMarkdown(comparison));
}

/**
 * A part of the figures measured alone on the site as built (--only-search, --only-checker), into the
 * last full run's results: that part and its budget rows anew, dated (`measured`), the rest as the
 * full run left them.
 * @param {string} flag the option, for the message
 * @param {'search'|'checker'} key the part of the results
 * @param {(browser: import('@playwright/test').Browser, results: any) => Promise<any>} measure
 * @param {(row: {name: string}) => boolean} isRow the part's budget rows
 */
async function partOnlyMain(flag, key, measure, isRow) {
  const previousFile = join(root, 'bench/results.json');
  if (!existsSync(previousFile)) throw new Error(`bench: ${flag} needs a bench/results.json from a full run`);
  const results = JSON.parse(readFileSync(previousFile, 'utf8'));
  const server = await serve(outDir);
  const browser = await chromium.launch({executablePath: findChromium(), args: chromiumArgs});
  try {
    results[key] = await measure(browser, results);
  } finally {
    await browser.close();
    server.kill();
  }
  results[key].measured = {date: new Date().toISOString(), commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: root, encoding: 'utf8'}).stdout.trim()};
  results.budgets = [...(results.budgets ?? []).filter((row) => !isRow(row)),
    ...budgetRows(results, budgets, null, '', growthToleranceKB).filter(isRow)];
  writeFileSync(previousFile, `${JSON.stringify(results, null, 1)}\n`);
  writeFileSync(join(root, 'bench/results.md'), resultsMarkdown(results));
  console.log(resultsMarkdown(results));
}

/** --only-search: the search figures of the site as built, into the last run's results. */
const searchOnlyMain = () => partOnlyMain('--only-search', 'search', (browser) => searchFigures(browser), (row) => row.name.startsWith('first search'));

/**
 * --only-checker: the checker's figures of the site as built, into the last run's results. "No page
 * above loads" is measured against the same pages visited again on this build (their bytes only, no
 * Lighthouse): the last run's files have another build's hashed names.
 */
const checkerOnlyMain = () => partOnlyMain('--only-checker', 'checker', async (browser) => {
  const visits = [];
  for (const path of pages) visits.push(await visitOnce(browser, outDir, path, origin));
  return checkerFigures(browser, outDir, visits);
},
  (row) => row.name.startsWith('checker:') || row.name.startsWith('trace panel:'));

/**
 * --check-search: the bytes of a first query in each language on the site as built, against the
 * budget; exits 1 when one is over it (a check of bytes, not of time, so it does not flake).
 * Writes nothing.
 */
async function checkSearchMain() {
  const server = await serve(outDir);
  const browser = await chromium.launch({executablePath: findChromium(), args: chromiumArgs});
  let firstQuery;
  try {
    firstQuery = await firstQueries(browser);
  } finally {
    await browser.close();
    server.kill();
  }
  for (const [lang, q] of Object.entries(firstQuery)) {
    console.log(`bench: first search (${lang}, "${q.query}"): ${q.gzipKB} KB gzip (modal ${q.modalKB}, Pagefind ${q.engineKB}, `
      + `index ${q.indexKB} in ${q.indexChunks} chunks, fragments ${q.fragmentsKB} in ${q.fragments}; ${q.requests} requests)`);
  }
  const over = firstQueryOverBudget(firstQuery, budgets.firstQueryMaxKB);
  for (const line of over) console.error(`bench: ${line}`);
  if (over.length) process.exit(1);
  console.log(`bench: both first searches within ${budgets.firstQueryMaxKB} KB gzip`);
}

/**
 * --check-blocking: the first visit's bytes of each diagram page on the site as built (the
 * bench's own measure, firstVisit), against the render-blocking budget.
 */
async function checkBlockingMain() {
  const server = await serve(outDir);
  const browser = await chromium.launch({executablePath: findChromium(), args: chromiumArgs});
  const byPage = {};
  try {
    for (const path of diagramPages) {
      const v = await visitOnce(browser, outDir, path, origin);
      byPage[path] = {renderBlockingGzipKB: v.renderBlocking.gzipKB};
      console.log(`bench: ${path}: HTML ${v.html?.gzipKB ?? 0} KB gzip, render-blocking ${v.renderBlocking.gzipKB} KB, JS+CSS ${v.jsCss.gzipKB} KB, everything ${v.total.gzipKB} KB`);
    }
  } finally {
    await browser.close();
    server.kill();
  }
  const over = blockingOverBudget(byPage, budgets.renderBlockingMaxKB);
  for (const line of over) console.error(`bench: ${line}`);
  if (over.length) process.exit(1);
  console.log(`bench: every diagram page within ${budgets.renderBlockingMaxKB} KB gzip render-blocking`);
}

/** The first query of each language on a cold page (the budget's measure). */
async function firstQueries(browser) {
  return {zh: await firstQueryBytes(browser, '/guide/start', '路由'), en: await firstQueryBytes(browser, '/en_US/guide/start', 'routing rules')};
}

/** Everything the bench says about the local search. */
async function searchFigures(browser) {
  return {
    index: searchIndexes(outDir),
    firstQuery: await firstQueries(browser),
    timings: await searchTimings(browser),
    relevance: await searchRelevance(browser),
  };
}

async function main() {
  const results = {
    date: new Date().toISOString(),
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: root, encoding: 'utf8'}).stdout.trim(),
    node: process.version,
    machine: {cpus: cpus().length, memoryGB: Math.round(totalmem() / 2 ** 30), cjkFont: ensureCjkFont()},
  };
  if (!options.skipBuild) {
    console.log(`bench: building into ${outDir} ...`);
    results.build = await measureBuild(root, outDir);
    console.log(`bench: build ${results.build.wallSeconds} s, peak ${results.build.peakRssMB} MB, search index ${results.build.searchIndexSeconds} s`);
  }
  results.pages = countPages(outDir);
  const server = await serve(outDir);
  const executablePath = findChromium();
  const browser = await chromium.launch({executablePath, args: chromiumArgs});
  results.chromium = browser.version();
  try {
    results.results = {};
    for (const path of pages) {
      console.log(`bench: ${path}: bytes ...`);
      const visit = await visitOnce(browser, outDir, path, origin);
      console.log(`bench: ${path}: lighthouse x${runs} ...`);
      results.results[path] = {firstVisit: visit, dom: await domCounts(browser, `${origin}${path}`),
        lighthouse: await lighthouseMedian(`${origin}${path}`, executablePath, chromiumArgs, runs)};
    }
    console.log('bench: search ...');
    results.search = await searchFigures(browser);
    console.log('bench: configuration checker ...');
    results.checker = await checkerFigures(browser, outDir, Object.values(results.results).map((p) => p.firstVisit));
  } finally {
    await browser.close();
    server.kill();
  }
  console.log('bench: bundle report (one more zh-CN build) ...');
  results.bundle = bundleReport(root);
  const {version} = JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8'));
  results.lighthouse = {version, runs, formFactor: 'mobile', throttling: 'simulated (Lighthouse default)'};
  const previousFile = join(root, 'bench/results.json');
  const previous = existsSync(previousFile) ? JSON.parse(readFileSync(previousFile, 'utf8')) : null;
  const previousKB = previous?.results?.['/config/routing.html']?.firstVisit?.jsCss?.gzipKB ?? null;
  const growthFile = join(root, 'bench/growth.md');
  const growthNotes = existsSync(growthFile) ? readFileSync(growthFile, 'utf8') : '';
  results.budgets = budgetRows(results, budgets, previousKB, growthNotes, growthToleranceKB);
  mkdirSync(join(root, 'bench'), {recursive: true});
  writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 1)}\n`);
  writeFileSync(join(root, 'bench/results.md'), resultsMarkdown(results));
  console.log(resultsMarkdown(results));
}

(options.compare ? compareMain() : options.checkSearch ? checkSearchMain() : options.checkBlocking ? checkBlockingMain()
  : options.onlySearch ? searchOnlyMain() : options.onlyChecker ? checkerOnlyMain() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
