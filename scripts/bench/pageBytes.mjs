#!/usr/bin/env node
// Every page's JS+CSS (issue 39's budget: ≤ 200 KB gzip on every hydrated page). Serves a built site
// with scripts/serve.mjs, loads every HTML file of it (both languages) cold in Chromium at the
// bench's mobile viewport until the network is idle, exactly as the bench's first visit does
// (firstVisit.mjs), and prints each page's JS+CSS gzip, largest first. With --compare DIR, a second
// build is measured the same way and both columns are printed, with the change.
//
//   node scripts/bench/pageBytes.mjs [--dir build] [--compare DIR] [--port 5631] [--from 195] [--jobs 2] [--json FILE]
//
// --from     print only pages at or above this many KB in either build (all pages are in --json)
// --jobs     pages loaded at once (separate browser contexts; the figures do not depend on it)
// Exits 1 when a page of --dir is over the 200 KB budget.
import {spawn} from 'node:child_process';
import {readdirSync, writeFileSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from '@playwright/test';
import {commandOptions} from '../commandLine.mjs';
import chromiumModule from '../chromium.cjs';
import {firstVisit} from './firstVisit.mjs';

const {findChromium, chromiumArgs} = chromiumModule;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const budgetKB = 200;

/** The address of every page of a built site: /config/routing.html, / for index.html. @param {string} dir */
function pagesOf(dir) {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => `/${relative(dir, join(e.parentPath, e.name)).split('\\').join('/')}`.replace(/(^|\/)index\.html$/, '$1'))
    .sort();
}

/** scripts/serve.mjs on port, resolved once it listens. @param {string} dir @param {number} port */
async function serve(dir, port) {
  const server = spawn(process.execPath, [join(root, 'scripts/serve.mjs'), '--port', String(port), '--dir', dir], {stdio: ['ignore', 'pipe', 'inherit']});
  await new Promise((done, fail) => {
    server.stdout.once('data', done);
    server.once('exit', (code) => fail(new Error(`serve.mjs exited (${code}); is port ${port} free?`)));
  });
  return server;
}

/** JS+CSS gzip KB of each page, `jobs` pages at a time. @param {import('@playwright/test').Browser} browser */
async function measure(browser, dir, port, paths, jobs) {
  const site = `http://127.0.0.1:${port}`;
  /** @type {Record<string, number>} */
  const result = {};
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      result[path] = (await firstVisit(browser, dir, path, site)).jsCss.gzipKB;
    }
  };
  await Promise.all(Array.from({length: jobs}, worker));
  return result;
}

async function main() {
  const values = commandOptions('pageBytes', {dir: {type: 'string'}, compare: {type: 'string'}, port: {type: 'string'}, from: {type: 'string'}, jobs: {type: 'string'}, json: {type: 'string'}});
  const dir = resolve(values.dir ?? 'build');
  const other = values.compare === undefined ? undefined : resolve(values.compare);
  const port = Number(values.port ?? 5631);
  const from = Number(values.from ?? 195);
  const jobs = Number(values.jobs ?? 2);
  const paths = pagesOf(dir);
  const servers = [await serve(dir, port)];
  if (other) servers.push(await serve(other, port + 1));
  const browser = await chromium.launch({executablePath: findChromium(), args: chromiumArgs});
  let a;
  let b;
  try {
    a = await measure(browser, dir, port, paths, jobs);
    b = other ? await measure(browser, other, port + 1, pagesOf(other), jobs) : undefined;
  } finally {
    await browser.close();
    for (const s of servers) s.kill();
  }
  const all = [...new Set([...Object.keys(a), ...Object.keys(b ?? {})])].sort((x, y) => (a[y] ?? 0) - (a[x] ?? 0) || x.localeCompare(y));
  const shown = all.filter((p) => (a[p] ?? 0) >= from || (b?.[p] ?? 0) >= from);
  console.log(`JS+CSS gzip KB of a first visit, ${paths.length} pages of ${relative(root, dir) || '.'}${other ? ` (B: ${other})` : ''}; pages at or above ${from} KB:`);
  for (const p of shown) {
    const cells = b ? [b[p] ?? '-', a[p] ?? '-', a[p] !== undefined && b[p] !== undefined ? (a[p] - b[p]).toFixed(1) : '-'] : [a[p]];
    console.log(`  ${p}  ${cells.join('  ')}${(a[p] ?? 0) > budgetKB ? '  OVER' : ''}`);
  }
  const over = all.filter((p) => (a[p] ?? 0) > budgetKB);
  const largest = Math.max(...Object.values(a));
  console.log(`largest ${largest} KB; over ${budgetKB} KB: ${over.length}`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify({date: new Date().toISOString(), dir: relative(root, dir), compare: other, jsCssGzipKB: a, compareJsCssGzipKB: b}, null, 2)}\n`);
  if (over.length) process.exitCode = 1;
}

await main();
