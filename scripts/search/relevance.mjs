#!/usr/bin/env node
/**
 * `npm run search:relevance`: how often the local search puts the page a reader wants
 * first (success@1) and in the first three (success@3), per language, on the committed query set
 * scripts/search/queries.json. Drives the built site (build/, `npm run build` first) in
 * Chromium: each query is typed into the search modal of /guide/start (or /en_US/guide/start),
 * and the pages its results link to are read. Writes bench/search-relevance.{json,md}.
 * tests/e2e/search-relevance.spec.ts holds the thresholds with the same code.
 *
 * Usage: node scripts/search/relevance.mjs [--dir build] [--port 4580]
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import core from './relevanceCore.cjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const {querySet, runAll, score} = core;

async function main() {
  const {chromium} = await import('@playwright/test');
  const {default: chromiumModule} = await import('../chromium.cjs');
  const {startServer} = await import('../serve.mjs');
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const dir = resolve(root, arg('dir', 'build'));
  const port = Number(arg('port', '4580'));
  const server = await startServer({root: dir, port, log: () => {}});
  const browser = await chromium.launch({executablePath: chromiumModule.findChromium(), args: chromiumModule.chromiumArgs});
  const set = querySet();
  const report = {date: new Date().toISOString(), engine: 'Pagefind 1.6 (local index)', browser: browser.version(), languages: {}};
  try {
    for (const lang of ['zh', 'en']) {
      const page = await browser.newPage();
      const results = await runAll(page, set[lang], lang, (path) => `http://127.0.0.1:${port}${path}`);
      report.languages[lang] = {...score(set[lang], results, lang), results};
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  const lines = ['# Search relevance', '', `${report.date}, ${report.engine}, Chromium ${report.browser}; query set scripts/search/queries.json (\`npm run search:relevance\`).`, '',
    '| language | queries | success@1 | success@3 |', '|---|---|---|---|'];
  for (const [lang, r] of Object.entries(report.languages)) lines.push(`| ${lang} | ${r.queries} | ${r.successAt1} % | ${r.successAt3} % |`);
  for (const [lang, r] of Object.entries(report.languages)) {
    lines.push('', `## Not first (${lang})`, '', '| query | kind | searched from | wanted | rank | first result |', '|---|---|---|---|---|---|');
    for (const m of r.misses) lines.push(`| ${m.q} | ${m.kind} | ${m.from ?? '/guide/start'} | ${m.want} | ${m.rank ?? '-'} | ${m.first ?? '(none)'} |`);
  }
  mkdirSync(join(root, 'bench'), {recursive: true});
  writeFileSync(join(root, 'bench/search-relevance.json'), `${JSON.stringify(report, null, 1)}\n`);
  writeFileSync(join(root, 'bench/search-relevance.md'), `${lines.join('\n')}\n`);
  console.log(lines.slice(0, 8).join('\n'));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
