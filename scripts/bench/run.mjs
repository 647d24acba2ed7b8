#!/usr/bin/env node
// The benchmark (issue 6): builds the site, serves it like the production host and measures what
// a first visit costs, Lighthouse mobile scores and the local search. Writes bench/results.json
// and bench/results.md. Budgets are reported, never enforced: this is not a test.
//
//   npm run bench [-- --out DIR --port 4400 --runs 5 --skip-build]
//
// --out     where to build (default build/, as `npm run build`); --skip-build measures DIR as it is
// --port    where to serve it while measuring (scripts/serve.mjs, which gzips text like the production host)
// --runs    Lighthouse runs per page, 5 unless given (the median of each figure is reported)
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {cpus, totalmem} from 'node:os';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import {chromium} from '@playwright/test';
import {measureBuild} from './build.mjs';
import {lighthouseMedian, median} from './lighthouse.mjs';
import chromiumModule from '../chromium.cjs';
import {bundleReport} from './bundle.mjs';
import {ensureCjkFont} from './fonts.mjs';
import {fileCandidates} from '../serve.mjs';

const {findChromium, chromiumArgs} = chromiumModule;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const outDir = resolve(root, arg('out', 'build'));
const port = Number(arg('port', '4400'));
const runs = Number(arg('runs', '5'));
const origin = `http://127.0.0.1:${port}`;

/** The pages issue 6 names: home, a long v4 reference page, an English v5 page. */
const pages = ['/', '/config/routing.html', '/en_US/v5/config/overview.html'];
const budgets = {performanceMin: 95, accessibilityMin: 100, routingJsCssGzipMaxKB: 150};

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
async function firstVisit(browser, dir, path) {
  const context = await browser.newContext({viewport: {width: 412, height: 823}, isMobile: true});
  const page = await context.newPage();
  const seen = new Map();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin) return;
    const kind = kindOf(request.resourceType(), url.pathname);
    const key = `${url.pathname} ${kind.replace('prefetched ', '')}`;
    if (!seen.has(key)) seen.set(key, {url: url.pathname, kind});
  });
  await page.goto(origin + path, {waitUntil: 'networkidle'});
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
async function serve(dir) {
  const server = spawn(process.execPath, [join(root, 'scripts/serve.mjs'), '--port', String(port), '--dir', dir], {stdio: ['ignore', 'pipe', 'inherit']});
  await new Promise((resolveServer, reject) => {
    server.stdout.once('data', resolveServer);
    server.once('exit', (code) => reject(new Error(`serve.mjs exited (${code}); is port ${port} free?`)));
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
  lines.push('## Budgets (reported, not enforced)', '', '| budget | limit | measured | |', '|---|---|---|---|');
  for (const x of r.budgets) lines.push(`| ${x.name} | ${x.limit} | ${x.value} | ${x.ok ? 'ok' : '**over**'} |`);
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
  const routing = results.results['/config/routing.html'].firstVisit;
  results.budgets = [
    ...pages.flatMap((p) => [
      {name: `Lighthouse performance ${p}`, limit: `>= ${budgets.performanceMin}`, value: results.results[p].lighthouse.performance, ok: results.results[p].lighthouse.performance >= budgets.performanceMin},
      {name: `Lighthouse accessibility ${p}`, limit: `= ${budgets.accessibilityMin}`, value: results.results[p].lighthouse.accessibility, ok: results.results[p].lighthouse.accessibility >= budgets.accessibilityMin},
    ]),
    {name: 'JS+CSS gzip, first visit of /config/routing.html (all of it, until the network is idle)', limit: `<= ${budgets.routingJsCssGzipMaxKB} KB`, value: `${routing.jsCss.gzipKB} KB`, ok: routing.jsCss.gzipKB <= budgets.routingJsCssGzipMaxKB},
    {name: 'render-blocking (HTML + head CSS) gzip, /config/routing.html', limit: `<= ${budgets.routingJsCssGzipMaxKB} KB`, value: `${routing.renderBlocking.gzipKB} KB`, ok: routing.renderBlocking.gzipKB <= budgets.routingJsCssGzipMaxKB},
  ];
  mkdirSync(join(root, 'bench'), {recursive: true});
  writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 1)}\n`);
  writeFileSync(join(root, 'bench/results.md'), markdown(results));
  console.log(markdown(results));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
