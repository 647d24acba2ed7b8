// The benchmark's budgets, reported in bench/results.md, never
// enforced by a test. Pure: tests/unit/bench-budgets.test.mjs.

/**
 * @param {{results: Record<string, {firstVisit: any, lighthouse: any}>, chromium: string, search?: {firstQuery?: Record<string, {query: string, codeAndIndexKB: number, fragmentsKB: number}>}, checker?: {keyWhileCheckingMs?: number, trace10kRulesMs?: number, traceRegexpMs?: number}}} r this run
 * @param {{performanceMin: number, accessibilityMin: number, renderBlockingMaxKB: number, routingJsCssMaxKB: number, firstVisitMaxKB: number, firstQueryMaxKB?: number, keyWhileCheckingMaxMs?: number, traceMaxMs?: number}} b
 * @param {number | null} previousRoutingJsCssKB routing's JS+CSS in the previous bench/results.json
 * @param {string} growthNotes bench/growth.md: a line naming the new figure ("187.3 KB") explains growth
 * @param {number} toleranceKB growth below this is noise
 */
export function budgetRows(r, b, previousRoutingJsCssKB, growthNotes, toleranceKB) {
  const rows = [];
  const docsPages = Object.keys(r.results).filter((p) => p !== '/' && p !== '/en_US/');
  for (const [path, {firstVisit, lighthouse}] of Object.entries(r.results)) {
    // The browser Lighthouse drove (the same executable; its user agent rounds the version down).
    const browser = `Chromium ${r.chromium ?? lighthouse.browser}`;
    rows.push({name: `Lighthouse performance ${path} (${browser})`, limit: `>= ${b.performanceMin}`, value: lighthouse.performance, ok: lighthouse.performance >= b.performanceMin});
    rows.push({name: `Lighthouse accessibility ${path} (${browser})`, limit: `= ${b.accessibilityMin}`, value: lighthouse.accessibility, ok: lighthouse.accessibility >= b.accessibilityMin});
    rows.push({name: `everything a first visit of ${path} downloads, gzip`, limit: `<= ${b.firstVisitMaxKB} KB`, value: `${firstVisit.total.gzipKB} KB`, ok: firstVisit.total.gzipKB <= b.firstVisitMaxKB});
    rows.push({name: `JS+CSS to a hydrated ${path}, gzip`, limit: `<= ${b.routingJsCssMaxKB} KB`, value: `${firstVisit.jsCss.gzipKB} KB`, ok: firstVisit.jsCss.gzipKB <= b.routingJsCssMaxKB});
    if (docsPages.includes(path)) {
      rows.push({name: `render-blocking (HTML + CSS before first paint) of ${path}, gzip`, limit: `<= ${b.renderBlockingMaxKB} KB`, value: `${firstVisit.renderBlocking.gzipKB} KB`, ok: firstVisit.renderBlocking.gzipKB <= b.renderBlockingMaxKB});
    }
  }
  const routing = r.results['/config/routing.html']?.firstVisit;
  if (routing) {
    const now = routing.jsCss.gzipKB;
    if (previousRoutingJsCssKB !== null) {
      const delta = Math.round((now - previousRoutingJsCssKB) * 10) / 10;
      const explained = growthNotes.split('\n').some((line) => line.includes(`${now} KB`));
      const grew = delta > toleranceKB;
      rows.push({
        name: 'no growth of that JS+CSS without a line in bench/growth.md naming the new figure',
        limit: `<= ${previousRoutingJsCssKB} KB + ${toleranceKB}`,
        value: `${now} KB (${delta >= 0 ? '+' : ''}${delta} KB)${grew && explained ? ', explained in bench/growth.md' : ''}`,
        ok: !grew || explained,
      });
    }
  }
  // Everything (once only the code and index) a first query downloads, the result
  // fragments (the text of each listed page, for its snippets) included; the split beside it.
  for (const [lang, q] of Object.entries(r.search?.firstQuery ?? {})) {
    rows.push({name: `first search on a cold page (${lang}, "${q.query}"): everything it downloads, gzip`, limit: `<= ${b.firstQueryMaxKB} KB`,
      value: `${q.gzipKB} KB (search code + index ${q.codeAndIndexKB} KB, result fragments ${q.fragmentsKB} KB)`, ok: q.gzipKB <= b.firstQueryMaxKB});
  }
  // The checker's speed (issues 37 and 42): measured here, not by a timed browser test
  const c = r.checker;
  const ms = (name, value, max) => {
    if (typeof value === 'number' && typeof max === 'number') rows.push({name, limit: `<= ${max} ms`, value: `${Math.round(value)} ms`, ok: value <= max});
  };
  ms('checker: median key typed while a check of 1 MB runs, input to next paint', c?.keyWhileCheckingMs, b.keyWhileCheckingMaxMs);
  ms('trace panel: a port no rule of 10,000 has, input to the new result', c?.trace10kRulesMs, b.traceMaxMs);
  ms('trace panel: a 30-letter name against regexp:(a+)+$, input to the new result', c?.traceRegexpMs, b.traceMaxMs);
  return rows;
}

/** Bytes to KB with one decimal: applied once to a sum of bytes, never to a sum of rounded figures. */
export const kb = (bytes) => Math.round(bytes / 102.4) / 10;

/**
 * What a first query downloaded, by part: the modal (the site's own assets), Pagefind's code, the
 * index (its entry, the language's metadata, filter and index chunks, and the site's list of index
 * files, builder/search/families.mjs) and the result fragments.
 * Each figure is the sum of the files' bytes, rounded once.
 * @param {{url: string, gzipBytes: number}[]} files every request of the query, as transferred
 */
export function firstQuerySplit(files) {
  const bytes = (re) => files.filter((f) => re.test(f.url)).reduce((n, f) => n + f.gzipBytes, 0);
  const modal = bytes(/^\/(en_US\/)?assets\//);
  const engine = bytes(/^\/pagefind\/(pagefind\.js|pagefind-worker\.js|wasm\.)/);
  const index = bytes(/^\/pagefind\/(index\/|filter\/|pagefind\.[^/]+\.pf_meta|pagefind-entry\.json|families-[^/]+\.json)/);
  const fragments = bytes(/^\/pagefind\/fragment\//);
  const total = files.reduce((n, f) => n + f.gzipBytes, 0);
  return {
    gzipKB: kb(total), codeAndIndexKB: kb(modal + engine + index), modalKB: kb(modal), engineKB: kb(engine), indexKB: kb(index),
    fragmentsKB: kb(fragments), fragments: files.filter((f) => /^\/pagefind\/fragment\//.test(f.url)).length,
    indexChunks: files.filter((f) => /^\/pagefind\/index\//.test(f.url)).length, requests: files.length,
  };
}

/**
 * `--check-search`: the first-query rows that are over budget, as lines to print; empty when all fit.
 * @param {Record<string, {query: string, gzipKB: number}>} firstQuery
 * @param {number} maxKB
 */
export function firstQueryOverBudget(firstQuery, maxKB) {
  return Object.entries(firstQuery).filter(([, q]) => q.gzipKB > maxKB)
    .map(([lang, q]) => `first search (${lang}, "${q.query}") downloads ${q.gzipKB} KB gzip, over the ${maxKB} KB budget`);
}

/**
 * `--check-blocking`: the pages whose render-blocking bytes are over budget, as lines to print;
 * empty when all fit.
 * @param {Record<string, {renderBlockingGzipKB: number}>} byPage
 * @param {number} maxKB
 */
export function blockingOverBudget(byPage, maxKB) {
  return Object.entries(byPage).filter(([, v]) => v.renderBlockingGzipKB > maxKB)
    .map(([path, v]) => `${path}: render-blocking (HTML + CSS before first paint) ${v.renderBlockingGzipKB} KB gzip, over the ${maxKB} KB budget`);
}
