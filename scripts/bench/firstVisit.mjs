// What a first visit of one page downloads, file by file: the bench's byte figures (run.mjs) and
// every page's JS+CSS (pageBytes.mjs) come from here, so both count alike.
import {existsSync, readFileSync, statSync} from 'node:fs';
import {resolve} from 'node:path';
import {gzipSync} from 'node:zlib';
import {fileCandidates} from '../serve.mjs';
import {kb} from './budgets.mjs';

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
 * per file; sizes from the built files (raw, and gzip as the production host sends them). site:
 * the origin serving dir (scripts/serve.mjs).
 */
export async function firstVisit(browser, dir, path, site) {
  const context = await browser.newContext({viewport: {width: 412, height: 823}, isMobile: true});
  const page = await context.newPage();
  const seen = new Map();
  let pending = 0;
  let lastActivity = Date.now();
  const settled = () => {
    pending -= 1;
    lastActivity = Date.now();
  };
  page.on('request', (request) => {
    pending += 1;
    lastActivity = Date.now();
    const url = new URL(request.url());
    if (url.origin !== site) return;
    const kind = kindOf(request.resourceType(), url.pathname);
    const key = `${url.pathname} ${kind.replace('prefetched ', '')}`;
    if (!seen.has(key)) seen.set(key, {url: url.pathname, kind});
  });
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await page.goto(site + path, {waitUntil: 'networkidle'});
  // The bundle starts after the first paint (config/ssgTemplate.ts): on a loaded machine the network
  // can idle before it. So: until the page has hydrated, then 500 ms without a request.
  if (await page.locator('#__docusaurus').count()) await page.locator('html[data-has-hydrated="true"]').waitFor();
  while (pending > 0 || Date.now() - lastActivity < 500) await page.waitForTimeout(100);
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
    // gzipBytes: sums of files are rounded once, from bytes (the checker's chunks below)
    files: files.map(({url, kind, raw, gzip}) => ({url, kind, rawKB: kb(raw), gzipKB: kb(gzip), gzipBytes: gzip})),
  };
}
