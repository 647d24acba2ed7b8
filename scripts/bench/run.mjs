#!/usr/bin/env node
// The benchmark (issue 6): builds the site, serves it like the production host and measures what
// a first visit costs, Lighthouse mobile scores and the local search. Writes bench/results.json
// and bench/results.md. Budgets are reported, never enforced: this is not a test.
//
//   npm run bench [-- --out DIR --port 4400 --runs 5 --skip-build --compare DIR]
//
// --out     where to build (default build/, as `npm run build`); --skip-build measures DIR as it is
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
import {fileCandidates} from '../serve.mjs';
import {compareMarkdown, interleave, medians, parseBenchArgs} from './compare.mjs';
import {budgetRows} from './budgets.mjs';

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

/** The pages issue 6 names: home, a long v4 reference page, an English v5 page. */
const pages = ['/', '/config/routing.html', '/en_US/v5/config/overview.html'];
/** Issue 21's budgets (issue 6 settled). */
const budgets = {performanceMin: 95, accessibilityMin: 100, renderBlockingMaxKB: 40, routingJsCssMaxKB: 200, firstVisitMaxKB: 250};
/** Growth of routing's JS+CSS below this is noise (gzip of a changed hash), not growth. */
const growthToleranceKB = 0.5;

const kb = (bytes) => Math.round(bytes / 102.4) / 10;

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

/** The local search index of each language: search-index*.json at the locale root. */
function searchIndexes(dir) {
  const result = {};
  for (const [locale, sub] of [['zh-CN', ''], ['en', 'en_US']]) {
    const files = readdirSync(join(dir, sub)).filter((f) => /^search-index.*\.json$/.test(f));
    const raw = files.reduce((n, f) => n + statSync(join(dir, sub, f)).size, 0);
    const gzip = files.reduce((n, f) => n + gzipSync(readFileSync(join(dir, sub, f))).length, 0);
    result[locale] = {files: files.map((f) => join(sub, f)), rawKB: kb(raw), gzipKB: kb(gzip)};
  }
  return result;
}

function kindOf(type, url) {
  if (type === 'document') return 'html';
  if (type === 'script') return 'js';
  if (type === 'stylesheet') return 'css';
  // <link rel="prefetch">: Docusaurus fetches the chunks of pages linked from the viewport.
  if (type === 'other' && /\.js$/.test(url)) return 'prefetched js';
  return /\.json$/.test(url) ? 'json' : type;
}

/** The file scripts/serve.mjs sends for a path. */
function fileFor(dir, pathname) {
  return fileCandidates(resolve(dir), decodeURIComponent(pathname)).find((f) => existsSync(f) && statSync(f).isFile());
}

/**
 * Everything a first visit (empty cache, mobile viewport) downloads until the network is idle,
 * per file; sizes from the built files (raw, and gzip as the production host sends them).
 */
async function firstVisit(browser, dir, path, site = origin) {
  const context = await browser.newContext({viewport: {width: 412, height: 823}, isMobile: true});
  const page = await context.newPage();
  const seen = new Map();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== site) return;
    const kind = kindOf(request.resourceType(), url.pathname);
    const key = `${url.pathname} ${kind.replace('prefetched ', '')}`;
    if (!seen.has(key)) seen.set(key, {url: url.pathname, kind});
  });
  await page.goto(site + path, {waitUntil: 'networkidle'});
  // Stylesheets in the server HTML block the first paint; the scripts are deferred.
  const blockingCss = await page.evaluate(() => [...document.querySelectorAll('head link[rel="stylesheet"]')].map((l) => new URL(l.href).pathname));
  await context.close();
  const files = [...seen.values()].flatMap((f) => {
    const file = fileFor(dir, f.url);
    if (!file) return [];
    const body = readFileSync(file);
    return [{...f, raw: body.length, gzip: gzipSync(body).length}];
  }).sort((a, b) => b.gzip - a.gzip);
  const sum = (list) => ({rawKB: kb(list.reduce((n, f) => n + f.raw, 0)), gzipKB: kb(list.reduce((n, f) => n + f.gzip, 0)), files: list.length});
  const byKind = {};
  for (const kind of new Set(files.map((f) => f.kind))) byKind[kind] = sum(files.filter((f) => f.kind === kind));
  return {
    total: sum(files),
    html: byKind.html, js: byKind.js, css: byKind.css,
    jsCss: sum(files.filter((f) => f.kind === 'js' || f.kind === 'css')),
    renderBlocking: sum(files.filter((f) => f.kind === 'html' || blockingCss.includes(f.url))),
    byKind,
    files: files.map(({url, kind, raw, gzip}) => ({url, kind, rawKB: kb(raw), gzipKB: kb(gzip)})),
  };
}

/** Local search on a warm page: the index is loaded by a first query, then timed queries. */
async function searchTimings(browser) {
  const page = await browser.newPage();
  const box = page.locator('input.navbar__search-input');
  const options = page.getByRole('listbox').getByRole('option');
  await page.goto(`${origin}/guide/start`);
  await page.locator('html[data-has-hydrated="true"]').waitFor();
  await box.fill('vmess');
  await options.first().waitFor();
  const typeToResults = [];
  const enterToPage = [];
  for (const [query, heading] of [['RuleObject', '路由'], ['domainStrategy', null], ['负载均衡', null], ['inbounds', null], ['路由', '路由']]) {
    await page.goto(`${origin}/guide/start`);
    await page.locator('html[data-has-hydrated="true"]').waitFor();
    await box.fill('');
    let t = performance.now();
    await box.fill(query);
    await options.first().waitFor();
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

/** scripts/serve.mjs on port: it gzips text as the production host does (it needed a gzip proxy in front before issue 21). */
async function serve(dir, at = port) {
  const server = spawn(process.execPath, [join(root, 'scripts/serve.mjs'), '--port', String(at), '--dir', dir], {stdio: ['ignore', 'pipe', 'inherit']});
  await new Promise((resolveServer, reject) => {
    server.stdout.once('data', resolveServer);
    server.once('exit', (code) => reject(new Error(`serve.mjs exited (${code}); is port ${at} free?`)));
  });
  return {kill: () => server.kill()};
}

function markdown(r) {
  const lines = [];
  const b = r.build;
  lines.push(`# Benchmark`, '', `${r.date}, commit ${r.commit}, Node ${r.node}, ${r.machine.cpus} CPUs, Chromium ${r.chromium}, `
    + `CJK font ${r.machine.cjkFont ?? '**none** (zh-CN layout figures are far too slow: scripts/bench/fonts.mjs)'}. `
    + `Made by \`npm run bench\` (scripts/bench/run.mjs); Lighthouse ${r.lighthouse.version}, mobile preset, median of ${r.lighthouse.runs} runs.`, '');
  if (b) lines.push(`Build (both locales${b.cacheWarm ? ', warm bundler cache' : ', cold cache'}): **${b.wallSeconds} s**, peak memory **${b.peakRssMB} MB** (${b.method}). `
    + `${r.pages.htmlFiles} HTML files (${r.pages.zh} zh-CN, ${r.pages.en} en).`, '');
  lines.push('JS and CSS are what the page itself loads; "prefetched" is what it fetches ahead for other pages '
    + '(none since links in view stopped prefetching: src/clientModules/noViewportPrefetch.ts).', '');
  lines.push('| page | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | HTML gz KB | JS KB raw / gz | CSS KB raw / gz | JS+CSS gz KB | everything gz KB |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [path, p] of Object.entries(r.results)) {
    const l = p.lighthouse;
    lines.push(`| ${path} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.fcpMs} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} `
      + `| ${p.firstVisit.html.gzipKB} | ${p.firstVisit.js.rawKB} / ${p.firstVisit.js.gzipKB} | ${p.firstVisit.css.rawKB} / ${p.firstVisit.css.gzipKB} `
      + `| ${p.firstVisit.jsCss.gzipKB} | ${p.firstVisit.total.gzipKB} (${p.firstVisit.byKind['prefetched js']?.gzipKB ?? 0} prefetched) |`);
  }
  lines.push('', `Local search: index ${Object.entries(r.search.index).map(([l, i]) => `${l} ${i.rawKB} KB raw / ${i.gzipKB} KB gzip`).join(', ')}; `
    + `on a warm page, typing to results ${r.search.timings.typeToResultsMs} ms, Enter to the result page ${r.search.timings.enterToResultPageMs} ms (median of ${r.search.timings.queries}).`, '');
  lines.push('## Budgets (issue 21; reported, not enforced)', '', '| budget | limit | measured | |', '|---|---|---|---|');
  for (const x of r.budgets) lines.push(`| ${x.name} | ${x.limit} | ${x.value} | ${x.ok ? 'ok' : '**over**'} |`);
  const tbt = r.results['/config/routing.html'].lighthouse.mainThread;
  if (tbt) {
    lines.push('', `## What blocks the main thread on /config/routing.html (the run with the median TBT, ${r.results['/config/routing.html'].lighthouse.tbtMs} ms)`, '',
      'Lighthouse\'s mobile throttling multiplies CPU time by 4; these are its figures.', '',
      '| longest tasks | start ms | ms |', '|---|---|---|');
    for (const t of tbt.longTasks) lines.push(`| ${t.url} | ${t.startMs} | ${t.durationMs} |`);
    lines.push('', '| script | total ms | scripting ms | parse/compile ms |', '|---|---|---|---|');
    for (const x of tbt.scripts) lines.push(`| ${x.url} | ${x.totalMs} | ${x.scriptingMs} | ${x.parseMs} |`);
    lines.push('', `Main-thread work: ${tbt.work.map((w) => `${w.group} ${w.ms} ms`).join(', ')}.`);
  }
  const routing = r.results['/config/routing.html'].firstVisit;
  lines.push('', '## Where the bytes of /config/routing.html go (first visit, largest first)', '', '| file | kind | KB raw | KB gzip |', '|---|---|---|---|');
  for (const f of routing.files) lines.push(`| ${f.url} | ${f.kind} | ${f.rawKB} | ${f.gzipKB} |`);
  if (r.bundle) {
    const {main, locale} = r.bundle;
    const shown = main.parts.slice(0, 20);
    const rest = main.parts.slice(20);
    lines.push('', `## What main.js holds (${locale} build, by package)`, '',
      `${main.file}: ${main.rawKB} KB minified, ${main.gzipKB} KB gzip. From webpack-bundle-analyzer's report `
      + '(src/plugins/bundleReport); each module is gzipped alone, so the parts add up to a little more than the file.', '',
      '| package or folder | KB minified | KB gzip |', '|---|---|---|');
    for (const p of shown) lines.push(`| ${p.owner} | ${p.rawKB} | ${p.gzipKB} |`);
    if (rest.length > 0) {
      const sum = (key) => Math.round(rest.reduce((n, p) => n + p[key], 0) * 10) / 10;
      lines.push(`| ${rest.length} others | ${sum('rawKB')} | ${sum('gzipKB')} |`);
    }
  }
  lines.push('');
  return lines.join('\n');
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
        const v = await firstVisit(browser, dir, path, at);
        bytes[site][path] = {htmlGzipKB: v.html?.gzipKB ?? 0, renderBlockingGzipKB: v.renderBlocking.gzipKB, jsCssGzipKB: v.jsCss.gzipKB, totalGzipKB: v.total.gzipKB};
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

async function main() {
  const results = {
    date: new Date().toISOString(),
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: root, encoding: 'utf8'}).stdout.trim(),
    node: process.version,
    machine: {cpus: cpus().length, memoryGB: Math.round(totalmem() / 2 ** 30), cjkFont: ensureCjkFont()},
  };
  if (!process.argv.includes('--skip-build')) {
    console.log(`bench: building into ${outDir} ...`);
    results.build = await measureBuild(root, outDir);
    console.log(`bench: build ${results.build.wallSeconds} s, peak ${results.build.peakRssMB} MB`);
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
      const visit = await firstVisit(browser, outDir, path);
      console.log(`bench: ${path}: lighthouse x${runs} ...`);
      results.results[path] = {firstVisit: visit, lighthouse: await lighthouseMedian(`${origin}${path}`, executablePath, chromiumArgs, runs)};
    }
    console.log('bench: search ...');
    results.search = {index: searchIndexes(outDir), timings: await searchTimings(browser)};
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
  writeFileSync(join(root, 'bench/results.md'), markdown(results));
  console.log(markdown(results));
}

(options.compare ? compareMain() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
