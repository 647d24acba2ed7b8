// `npm run bench -- --compare DIR`: the same measurements of two built sites, A (this
// one, built into --out) and B (any static folder, e.g. the old site's build or the previous
// commit's), each served by scripts/serve.mjs, with the Lighthouse runs interleaved A, B, A, B…
// so that a machine that slows down part-way slows both alike. Writes bench/compare.{json,md}.
// The pure parts are exported for tests/unit/bench-compare.test.mjs.
import {parseOptions} from '../commandLine.mjs';
import {figureKeys, median} from './lighthouse.mjs';

/**
 * The benchmark's options. Unknown options and options without a value are errors (a typo must
 * not silently measure something else).
 * @param {string[]} argv process.argv.slice(2)
 */
export function parseBenchArgs(argv) {
  const given = parseOptions('bench', {
    out: {type: 'string'}, port: {type: 'string'}, runs: {type: 'string'}, compare: {type: 'string'},
    'skip-build': {type: 'boolean'},
    // The search figures alone, on the site as built; the rest stays from the last run.
    'only-search': {type: 'boolean'},
    // The configuration checker's figures alone, on the site as built; the rest stays from the last run.
    'only-checker': {type: 'boolean'},
    // The first query's bytes against the budget, on the site as built; exits 1 when over.
    'check-search': {type: 'boolean'},
    // The render-blocking bytes of the diagram pages against the budget, on the site as built; exits 1 when over.
    'check-blocking': {type: 'boolean'},
  }, argv);
  const onlySearch = given['only-search'] ?? false;
  const onlyChecker = given['only-checker'] ?? false;
  const checkSearch = given['check-search'] ?? false;
  const checkBlocking = given['check-blocking'] ?? false;
  const options = {
    out: given.out ?? 'build', port: Number(given.port ?? 4400), runs: Number(given.runs ?? 5),
    skipBuild: (given['skip-build'] ?? false) || onlySearch || onlyChecker || checkSearch || checkBlocking, compare: given.compare ?? null,
    onlySearch, onlyChecker, checkSearch, checkBlocking,
  };
  if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65534) throw new Error(`bench: --port must be 1-65534, not ${given.port}`);
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('bench: --runs must be a positive whole number');
  if ([onlySearch, onlyChecker, checkSearch, checkBlocking, options.compare !== null].filter(Boolean).length > 1) {
    throw new Error('bench: --only-search, --only-checker, --check-search, --check-blocking and --compare are each a run of their own: give one');
  }
  return options;
}

/** The order of the Lighthouse runs: per page, A then B, `runs` times (A, B, A, B…). */
export function interleave(pages, runs) {
  const order = [];
  for (const page of pages) {
    for (let run = 0; run < runs; run += 1) {
      order.push({page, site: 'A', run}, {page, site: 'B', run});
    }
  }
  return order;
}

/** B / A to two decimals; '-' when A is zero or either is missing. */
export function ratio(a, b) {
  if (typeof a !== 'number' || typeof b !== 'number' || a === 0) return '-';
  return (b / a).toFixed(2);
}

/** Medians per site and page from the interleaved samples. */
export function medians(samples) {
  const out = {A: {}, B: {}};
  for (const site of ['A', 'B']) {
    const pages = [...new Set(samples.filter((s) => s.site === site).map((s) => s.page))];
    for (const page of pages) {
      const runs = samples.filter((s) => s.site === site && s.page === page).map((s) => s.result);
      out[site][page] = Object.fromEntries(figureKeys.map((k) => [k, median(runs.map((r) => r[k]))]));
      out[site][page].runs = runs.length;
    }
  }
  return out;
}

/**
 * The comparison as Markdown: one table per page, a row per figure, columns A, B and B/A.
 * @param {{a: string, b: string, browser: string, runs: number, pages: string[],
 *   bytes: Record<'A'|'B', Record<string, Record<string, number>>>, lighthouse: ReturnType<typeof medians>}} c
 */
export function compareMarkdown(c) {
  const lines = ['# Benchmark comparison', '',
    `A: \`${c.a}\`; B: \`${c.b}\`. Same server (scripts/serve.mjs, gzip), Chromium ${c.browser}, Lighthouse mobile, `
    + `median of ${c.runs} runs each, interleaved A, B, A, B.`, ''];
  const byteRows = [['HTML gz KB', 'htmlGzipKB'], ['render-blocking gz KB', 'renderBlockingGzipKB'], ['JS+CSS gz KB', 'jsCssGzipKB'], ['everything gz KB', 'totalGzipKB'],
    ['DOM elements', 'domElements'], ['React-hydrated elements', 'hydratedElements']];
  const lhRows = [['performance', 'performance'], ['accessibility', 'accessibility'], ['FCP ms', 'fcpMs'], ['LCP ms', 'lcpMs'], ['TBT ms', 'tbtMs'], ['CLS', 'cls']];
  for (const page of c.pages) {
    lines.push(`## ${page}`, '', '| figure | A | B | B/A |', '|---|---|---|---|');
    for (const [label, key] of byteRows) {
      const a = c.bytes.A[page]?.[key];
      const b = c.bytes.B[page]?.[key];
      lines.push(`| ${label} | ${a ?? '-'} | ${b ?? '-'} | ${ratio(a, b)} |`);
    }
    for (const [label, key] of lhRows) {
      const a = c.lighthouse.A[page]?.[key];
      const b = c.lighthouse.B[page]?.[key];
      lines.push(`| ${label} | ${a ?? '-'} | ${b ?? '-'} | ${ratio(a, b)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
