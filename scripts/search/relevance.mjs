#!/usr/bin/env node
/**
 * `npm run search:relevance`: how often the local search puts the page a reader wants
 * first (success@1) and in the first three (success@3), per language, on the committed query sets:
 * the concept names (scripts/search/queries.json: titles and object names) and the readers'
 * questions (scripts/search/queries-readers.json: issue and discussion titles and the FAQ), the
 * latter all tuned on, with scripts/search/queries-fresh.json (a blind held-out set apart, `--only fresh`). Drives the built
 * site (build/, `npm run build` first) in Chromium: each query is typed into the search modal of
 * /guide/start (or /en_US/guide/start, or its `from` page), and the pages its results link to are
 * read. Writes bench/search-relevance.{json,md}, every miss with what came first instead.
 * tests/e2e/search-relevance.spec.ts holds the limits with the same code.
 *
 * Usage: node scripts/search/relevance.mjs [--dir build] [--port 4580] [--only titles|readers|blind[,...]]
 * (`--only titles,readers,blind`: every set, the blind one with them, into one report)
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {commandOptions} from '../commandLine.mjs';
import core from './relevanceCore.cjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const {querySet, readerSetFile, freshSetFile, moreSetFile, firstBlindSetFile, secondBlindSetFile, thirdBlindSetFile, blindSetFile, runAll, score} = core;

/** The sets scored, each with the file and half it is read from. */
const sets = [
  {name: 'titles', title: 'Titles and object names', file: 'scripts/search/queries.json', half: undefined},
  {name: 'readers-tune', title: "Readers' questions, tuned on", file: readerSetFile, half: 'tune'},
  {name: 'readers-heldout', title: "Readers' questions, held-out half", file: readerSetFile, half: 'heldout'},
  {name: 'readers-fresh', title: "Readers' questions, fresh set, tuned on since its blind score", file: freshSetFile, half: 'tune'},
  {name: 'readers-more', title: "Readers' questions, more, tuned on since their blind score", file: moreSetFile, half: 'tune'},
  {name: 'readers-blind1', title: "Readers' questions, first blind set, tuned on since its second blind score", file: firstBlindSetFile, half: 'tune'},
  {name: 'readers-blind2', title: "Readers' questions, second blind set, tuned on since its third blind score", file: secondBlindSetFile, half: 'tune'},
  {name: 'readers-blind3', title: "Readers' questions, third blind set, tuned on since its second blind score", file: thirdBlindSetFile, half: 'tune'},
];

/**
 * The sets to score: those with queries (queries-readers.json has no held-out half since issue 41;
 * the fresh set is tuned on since its one blind score). The blind set,
 * scripts/search/queries-blind4.json, is scored apart, with `--only blind`: scoring it is reading it.
 */
function setsWithQueries() {
  const blind = {name: 'blind', title: "Readers' questions, blind held-out set", file: blindSetFile, half: 'heldout'};
  return [...sets, blind].filter((s) => {
    const queries = querySet(s.file, s.half);
    return queries.zh.length + queries.en.length > 0;
  });
}

async function main() {
  const {chromium} = await import('@playwright/test');
  const {default: chromiumModule} = await import('../chromium.cjs');
  const {startServer} = await import('../serve.mjs');
  const options = commandOptions('relevance.mjs', {dir: {type: 'string'}, port: {type: 'string'}, only: {type: 'string'}});
  const dir = resolve(root, options.dir ?? 'build');
  const port = Number(options.port ?? '4580');
  const only = options.only ?? '';
  const server = await startServer({root: dir, port, log: () => {}});
  const browser = await chromium.launch({executablePath: chromiumModule.findChromium(), args: chromiumModule.chromiumArgs});
  const report = {date: new Date().toISOString(), engine: 'Pagefind 1.6 (local index)', browser: browser.version(), sets: {}};
  try {
    const wanted = only ? only.split(',').filter(Boolean) : [];
    for (const set of setsWithQueries().filter((s) => (wanted.length ? wanted.some((w) => s.name.startsWith(w)) : s.name !== 'blind'))) {
      const queries = querySet(set.file, set.half);
      const languages = {};
      for (const lang of ['zh', 'en']) {
        const page = await browser.newPage();
        const results = await runAll(page, queries[lang], lang, (path) => `http://127.0.0.1:${port}${path}`);
        languages[lang] = {...score(queries[lang], results, lang), results};
        await page.close();
      }
      report.sets[set.name] = {title: set.title, file: set.file, half: set.half ?? null, languages};
    }
  } finally {
    await browser.close();
    server.close();
  }
  const lines = ['# Search relevance', '', `${report.date}, ${report.engine}, Chromium ${report.browser}; every query typed into the search modal (\`npm run search:relevance\`).`, '',
    '| query set | language | queries | success@1 | success@3 |', '|---|---|---|---|---|'];
  for (const set of Object.values(report.sets)) {
    for (const [lang, r] of Object.entries(set.languages)) lines.push(`| ${set.title} (${set.file}${set.half ? `, ${set.half}` : ''}) | ${lang} | ${r.queries} | ${r.successAt1} % | ${r.successAt3} % |`);
  }
  for (const set of Object.values(report.sets)) {
    for (const [lang, r] of Object.entries(set.languages)) {
      lines.push('', `## Not first: ${set.title} (${lang})`, '', '| query | kind | searched from | wanted | rank | first result |', '|---|---|---|---|---|---|');
      for (const m of r.misses) lines.push(`| ${m.q} | ${m.kind} | ${m.from ?? '/guide/start'} | ${m.want} | ${m.rank ?? '-'} | ${m.first ?? '(none)'} |`);
    }
  }
  mkdirSync(join(root, 'bench'), {recursive: true});
  writeFileSync(join(root, 'bench/search-relevance.json'), `${JSON.stringify(report, null, 1)}\n`);
  writeFileSync(join(root, 'bench/search-relevance.md'), `${lines.join('\n')}\n`);
  console.log(lines.slice(0, 6 + 2 * Object.keys(report.sets).length).join('\n'));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
