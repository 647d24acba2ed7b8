#!/usr/bin/env node
/**
 * A fast look at the local search's ranking: ranks every query of scripts/search/queries.json
 * straight through Pagefind in a browser page of the built site (relevanceCore.cjs `rankAll`: no
 * modal, no 500 ms pause), with the modal's own ranking code (`rankedResults`, bundled; the reader's docs set weighted
 * up), and prints success@1/@3 per language and the misses. tests/e2e/search-relevance.spec.ts
 * holds the same figures to their limits and checks on a sample that the modal lists the same;
 * `npm run search:relevance` types every query into the modal, as readers do.
 *
 * Usage: node --import tsx scripts/search/rank.mjs [--dir build] [--port 4590] [--ranking '{"pageLength":0.1}'] [--boost 3]
 *   [--lang zh] [--queries scripts/search/queries-readers.json] [--half tune|heldout]
 */
import {resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {commandOptions} from '../commandLine.mjs';
import core from './relevanceCore.cjs';
import {docsSetOf} from '../../src/search/indexContract.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

async function main() {
  const {chromium} = await import('@playwright/test');
  const {default: chromiumModule} = await import('../chromium.cjs');
  const {startServer} = await import('../serve.mjs');
  const {ranking: defaultRanking, currentSetBoost, pagesPerQuery} = await import('../../src/search/localSearch.ts');
  const options = commandOptions('rank.mjs', Object.fromEntries(['dir', 'port', 'ranking', 'boost', 'lang', 'queries', 'half'].map((n) => [n, {type: 'string'}])));
  const dir = resolve(root, options.dir ?? 'build');
  const port = Number(options.port ?? '4590');
  const ranking = options.ranking ? JSON.parse(options.ranking) : defaultRanking;
  const boost = Number(options.boost ?? currentSetBoost);
  const server = await startServer({root: dir, port, log: () => {}});
  const browser = await chromium.launch({executablePath: chromiumModule.findChromium(), args: chromiumModule.chromiumArgs});
  const set = core.querySet(options.queries, options.half);
  try {
    for (const lang of (options.lang ? [options.lang] : ['zh', 'en'])) {
      const page = await browser.newPage();
      const results = await core.rankAll(page, set[lang], lang,
        {address: (path) => `http://127.0.0.1:${port}${path}`, setOf: docsSetOf, ranking, boost, limit: pagesPerQuery});
      const scored = core.score(set[lang], results, lang);
      console.log(`${lang}: ${scored.queries} queries, success@1 ${scored.successAt1} %, success@3 ${scored.successAt3} %`);
      for (const m of scored.misses) console.log(`  ${m.q} [${m.kind}${m.half ? ` ${m.half}` : ''}${m.from ? ` from ${m.from}` : ''}] want ${m.want}: rank ${m.rank ?? '-'}, first ${m.first}`);
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
