#!/usr/bin/env node
// The checker page's figures without the whole bench: first-visit bytes (each file the page
// fetched, gzipped from disk, as scripts/bench/run.mjs counts them; the checker's own chunks wait
// for the reader's first click), and over N cold loads the bench's timing
// (scripts/bench/checkerTiming.mjs): until its box takes input from navigation, after the load
// event and after hydration, from the first click until it can check, and problems listed after a paste.
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
const {timeChecker} = await import(pathToFileURL(join(root, 'scripts/bench/checkerTiming.mjs')).href);
const {median} = await import(pathToFileURL(join(root, 'scripts/bench/lighthouse.mjs')).href);
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
  await page.getByTestId('check-status').filter({hasText: /粘贴或输入配置后/}).waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  let total = 0; let js = 0; const own = [];
  for (const p of seen) { const f = fileFor(p); if (!f) continue; const g = gzipSync(readFileSync(f)).length; total += g; if (f.endsWith('.js')) js += g; if (/config-(checker-ui|schema-v[45])|trace-panel/.test(p)) own.push(`${p.replace(/^.*\//, '')} ${(g / 1024).toFixed(1)}`); }
  console.log(`first visit: ${(total / 1024).toFixed(1)} KB gzip (JS ${(js / 1024).toFixed(1)} KB); own chunks: ${own.join(', ')}`);
}
const t = await timeChecker(browser, origin + path, Number(process.argv[3] ?? 5));
const ms = (l) => l.map(Math.round).join(', ');
console.log(`ready after navigation: ${ms(t.ready)} ms (median ${Math.round(median(t.ready))})`);
console.log(`ready after the load event: ${ms(t.afterLoad)} ms (median ${Math.round(median(t.afterLoad))}); after hydration: median ${Math.round(median(t.afterHydration))} ms`);
console.log(`ready to check after the first click: ${ms(t.started)} ms (median ${Math.round(median(t.started))})`);
console.log(`problems after a paste: ${ms(t.check)} ms (median ${Math.round(median(t.check))}, with the 300 ms pause)`);
await browser.close();
server.close();
