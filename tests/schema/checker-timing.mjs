#!/usr/bin/env node
// The checker page's figures without the whole bench: first-visit bytes (each file the
// page fetched, gzipped from disk, as scripts/bench/run.mjs counts them, waiting for the lazy
// chunks), and over N cold loads the time until it can check: from navigation, from the load
// event and from hydration (page clock), and problems listed after a paste (with the 300 ms pause).
// Usage: node tests/schema/checker-timing.mjs [buildDir] [runs]   (serves buildDir on port 4223)
import {readFileSync, existsSync, statSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {gzipSync} from 'node:zlib';
import {createRequire} from 'node:module';
const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(join(root, 'package.json'));
const {chromium} = require('@playwright/test');
const {findChromium, chromiumArgs} = require(join(root, 'scripts/chromium.cjs'));
const {startServer} = await import(pathToFileURL(join(root, 'scripts/serve.mjs')).href);
const dir = resolve(process.argv[2] ?? join(root, 'build'));
const port = 4223;
const server = await startServer({root: dir, port, host: '127.0.0.1'});
const origin = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({executablePath: findChromium(), args: chromiumArgs});
const path = '/awesome/config-checker.html';
const fileFor = (p) => { for (const f of [join(dir, p), join(dir, p, 'index.html'), join(dir, `${p}.html`)]) if (existsSync(f) && statSync(f).isFile()) return f; return null; };
{
  const context = await browser.newContext({viewport: {width: 412, height: 823}, isMobile: true});
  const page = await context.newPage();
  const seen = new Set();
  page.on('request', (r) => { const u = new URL(r.url()); if (u.origin === origin) seen.add(u.pathname); });
  await page.goto(origin + path, {waitUntil: 'networkidle'});
  // under load the lazy chunks can come after the first quiet moment: wait for the checker itself
  await page.getByTestId('check-status').filter({hasText: /粘贴或输入配置后/}).waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  let total = 0; let js = 0; const own = [];
  for (const p of seen) { const f = fileFor(p); if (!f) continue; const g = gzipSync(readFileSync(f)).length; total += g; if (f.endsWith('.js')) js += g; if (/config-(checker-ui|schema-v[45])/.test(p)) own.push(`${p.replace(/^.*\//, '')} ${(g / 1024).toFixed(1)}`); }
  console.log(`first visit: ${(total / 1024).toFixed(1)} KB gzip (JS ${(js / 1024).toFixed(1)} KB); own chunks: ${own.join(', ')}`);
}
const ready = []; const check = []; const afterLoad = [];
const text = readFileSync(join(root, 'tests/schema/broken/v4/protocol-misspelled.jsonc'), 'utf8');
for (let i = 0; i < Number(process.argv[3] ?? 5); i += 1) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen = () => { const el = document.querySelector('[data-testid="check-status"]'); return !!el && /粘贴或输入配置后/.test(el.textContent ?? ''); };
    new MutationObserver((_, o) => { if (seen()) { window.__readyAt = performance.now(); o.disconnect(); } }).observe(document, {subtree: true, childList: true, characterData: true});
    new MutationObserver((_, o) => { if (document.documentElement.dataset.hasHydrated === 'true') { window.__hydratedAt = performance.now(); o.disconnect(); } }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-has-hydrated']});
  });
  const t0 = performance.now();
  await page.goto(origin + path);
  await page.getByTestId('check-status').filter({hasText: /粘贴或输入配置后/}).waitFor();
  ready.push(performance.now() - t0);
  // after load: from the load event to the status saying it can check (page clock, recorded by the init script)
  const since = await page.evaluate(() => ({load: performance.getEntriesByType('navigation')[0].loadEventEnd, readyAt: window.__readyAt, hydratedAt: window.__hydratedAt}));
  afterLoad.push(since);
  await page.locator('[data-testid="config-editor"]').click();
  const t1 = performance.now();
  await page.keyboard.insertText(text);
  await page.getByTestId('problems').waitFor();
  check.push(performance.now() - t1);
  await context.close();
}
const median = (l) => l.sort((a, b) => a - b)[Math.floor(l.length / 2)];
console.log('load event end / hydrated / ready (page ms):', afterLoad.map((a) => `${Math.round(a.load)}/${Math.round(a.hydratedAt)}/${Math.round(a.readyAt)}`).join(', '));
console.log(`ready ${ready.map(Math.round).join(', ')} ms (median ${Math.round(median(ready))}); problems after paste ${check.map(Math.round).join(', ')} ms (median ${Math.round(median(check))}, with the 300 ms pause)`);

const ms = afterLoad.map((a) => ({afterLoad: a.readyAt - a.load, afterHydration: a.readyAt - a.hydratedAt}));
const med = (k) => Math.round(ms.map((m) => m[k]).sort((a, b) => a - b)[Math.floor(ms.length / 2)]);
console.log(`ready after the load event: median ${med('afterLoad')} ms; after hydration: median ${med('afterHydration')} ms`);
await browser.close();
server.close();
