#!/usr/bin/env node
/**
 * A fast look at the local search's ranking, for tuning: runs every query of
 * scripts/search/queries.json straight against Pagefind in a browser page (no modal, no 500 ms
 * pause), with the modal's own merge of both docs sets (src/search/localSearch.ts: the reader's set
 * weighted up), and prints success@1/@3 per language and the misses. `npm run search:relevance`
 * (the modal, as readers use it) is the measurement of record; this one answers in seconds.
 *
 * Usage: node --import tsx scripts/search/rank.mjs [--dir build] [--port 4590] [--ranking '{"pageLength":0.1}'] [--boost 3]
 *   [--lang zh] [--queries scripts/search/queries-heldout.json]
 */
import {resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import core from './relevanceCore.cjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

async function main() {
  const {chromium} = await import('@playwright/test');
  const {default: chromiumModule} = await import('../chromium.cjs');
  const {startServer} = await import('../serve.mjs');
  const {ranking: defaultRanking, currentSetBoost, pagesPerQuery} = await import('../../src/search/localSearch.ts').catch(() => ({}));
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const dir = resolve(root, arg('dir', 'build'));
  const port = Number(arg('port', '4590'));
  const ranking = JSON.parse(arg('ranking', JSON.stringify(defaultRanking ?? {pageLength: 0.1})));
  const boost = Number(arg('boost', String(currentSetBoost ?? 3)));
  const server = await startServer({root: dir, port, log: () => {}});
  const browser = await chromium.launch({executablePath: chromiumModule.findChromium(), args: chromiumModule.chromiumArgs});
  const set = core.querySet(arg('queries', undefined));
  try {
    for (const lang of (arg('lang', '') ? [arg('lang', '')] : ['zh', 'en'])) {
      const page = await browser.newPage();
      const results = {};
      for (const [start, queries] of core.byStart(set[lang])) {
        await page.goto(`http://127.0.0.1:${port}${core.localized(start, lang)}`);
        const found = await page.evaluate(async ({queries, ranking, boost, limit}) => {
          const pagefind = await import('/pagefind/pagefind.js');
          await pagefind.options({ranking});
          const mine = /^(\/en_US)?\/v5(\/|$)/.test(location.pathname) ? 'v5' : 'main';
          const other = mine === 'v5' ? 'main' : 'v5';
          const out = {};
          for (const q of queries) {
            const [a, b] = await Promise.all([pagefind.search(q, {filters: {set: mine}}), pagefind.search(q, {filters: {set: other}})]);
            const merged = [...(a?.results ?? []).map((r) => ({r, s: r.score * boost})), ...(b?.results ?? []).map((r) => ({r, s: r.score}))]
              .sort((x, y) => y.s - x.s).slice(0, limit);
            out[q] = await Promise.all(merged.map(async ({r}) => (await r.data()).url));
          }
          return out;
        }, {queries: queries.map((q) => q.q), ranking, boost, limit: pagesPerQuery ?? 6});
        for (const query of queries) results[core.resultKey(query)] = found[query.q];
      }
      const scored = core.score(set[lang], Object.fromEntries(Object.entries(results).map(([q, hrefs]) => [q, core.pagesOf(hrefs)])), lang);
      console.log(`${lang}: ${scored.queries} queries, success@1 ${scored.successAt1} %, success@3 ${scored.successAt3} %`);
      for (const m of scored.misses) console.log(`  ${m.q} [${m.kind}${m.from ? ` from ${m.from}` : ''}] want ${m.want}: rank ${m.rank ?? '-'}, first ${m.first}`);
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
