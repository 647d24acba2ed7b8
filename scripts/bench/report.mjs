// bench/results.md from the figures of a run (bench/results.json): the pages' table, the checker,
// the local search, the budgets, and where routing's main-thread time and bytes go.

/** @param {any} r a run's results, as scripts/bench/run.mjs writes them to bench/results.json */
export function resultsMarkdown(r) {
  const lines = [];
  const b = r.build;
  lines.push(`# Benchmark`, '', `${r.date}, commit ${r.commit}, Node ${r.node}, ${r.machine.cpus} CPUs, Chromium ${r.chromium}, `
    + `CJK font ${r.machine.cjkFont ?? '**none** (zh-CN layout figures are far too slow: scripts/bench/fonts.mjs)'}. `
    + `Made by \`npm run bench\` (scripts/bench/run.mjs); Lighthouse ${r.lighthouse.version}, mobile preset, median of ${r.lighthouse.runs} runs.`, '');
  if (b) lines.push(`Build (both locales${b.cacheWarm ? ', warm bundler cache' : ', cold cache'}): **${b.wallSeconds} s**, peak memory **${b.peakRssMB} MB** (${b.method}); then the search index ${b.searchIndexSeconds ?? '?'} s. `
    + `${r.pages.htmlFiles} HTML files (${r.pages.zh} zh-CN, ${r.pages.en} en).`, '');
  lines.push('JS and CSS are what the page itself loads; "prefetched" is what it fetches ahead for other pages '
    + '(none since links in view stopped prefetching: src/clientModules/noViewportPrefetch.ts).', '');
  lines.push('"DOM / hydrated" are the page\'s elements once hydrated and those React hydrated (they carry a React fiber).', '');
  lines.push('| page | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | DOM / hydrated | HTML gz KB | JS KB raw / gz | CSS KB raw / gz | JS+CSS gz KB | everything gz KB |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [path, p] of Object.entries(r.results)) {
    const l = p.lighthouse;
    lines.push(`| ${path} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.fcpMs} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} `
      + `| ${p.dom ? `${p.dom.domElements} / ${p.dom.hydratedElements}` : '-'} | ${p.firstVisit.html.gzipKB} | ${p.firstVisit.js.rawKB} / ${p.firstVisit.js.gzipKB} | ${p.firstVisit.css.rawKB} / ${p.firstVisit.css.gzipKB} `
      + `| ${p.firstVisit.jsCss.gzipKB} | ${p.firstVisit.total.gzipKB} (${p.firstVisit.byKind['prefetched js']?.gzipKB ?? 0} prefetched) |`);
  }
  if (r.checker) {
    const c = r.checker;
    lines.push('', `Configuration checker (${c.path}): a first visit downloads ${c.totalGzipKB} KB gzip (JS ${c.jsGzipKB} KB), `
      + (c.startedMs === undefined
        ? `of which ${c.onlyHereGzipKB ?? '?'} KB of JS no page above loads: its own lazy chunks ${c.ownGzipKB} KB (${c.ownChunks.map((f) => `${f.url} ${f.gzipKB}`).join(', ')}), `
          + 'its page chunk and the vendor chunk with CodeMirror and jsonc-parser; '
          + `ready to check ${c.readyMs} ms after navigation (${c.readyAfterLoadMs ?? '?'} ms after the load event); `
        // since issue 39 the checker's own chunks wait for the reader's first click
        : `of which ${c.onlyHereGzipKB ?? '?'} KB of JS no page above loads (its page chunk); its own lazy chunks, ${c.ownGzipKB} KB `
          + `(${c.ownChunks.map((f) => `${f.url} ${f.gzipKB}`).join(', ')}), and the vendor chunk with CodeMirror and jsonc-parser are fetched when the reader starts using it; `
          + `its box takes input ${c.readyMs} ms after navigation (${c.readyAfterLoadMs ?? '?'} ms after the load event), and it can check ${c.startedMs} ms after the first click in the box; `)
      + `problems listed ${c.checkMs} ms after pasting a broken file (with the 300 ms pause; median of 3).`
      + (c.keyWhileCheckingMs === undefined ? '' : ` With 1 MB pasted, a key typed while a check runs is painted ${c.keyWhileCheckingMs} ms after its input (median of 3 runs of 8 keys);`
        + ` the trace panel answers a port none of 10,000 rules has in ${c.trace10kRulesMs} ms and a 30-letter name against regexp:(a+)+$ in ${c.traceRegexpMs} ms (median of 3).`));
    if (c.measured) lines.push('', `Checker figures measured ${c.measured.date}, commit ${c.measured.commit} (\`--only-checker\`); the rest as dated above.`);
  }
  const si = r.search.index;
  lines.push('', `Local search (Pagefind): whole index zh-CN ${si['zh-CN'].gzipKB} KB gzip (${si['zh-CN'].files} files), en ${si.en.gzipKB} KB (${si.en.files} files), `
    + `shared code ${si.code.gzipKB} KB gzip; on a warm page, typing to results ${r.search.timings.typeToResultsMs} ms (with the 500 ms pause), `
    + `Enter to the result page ${r.search.timings.enterToResultPageMs} ms (median of ${r.search.timings.queries}).`, '');
  if (r.search.measured) lines.push(`Search figures measured ${r.search.measured.date}, commit ${r.search.measured.commit} (\`--only-search\`); the rest as dated above.`, '');
  lines.push('| first query on a cold page (KB gzip) | everything | search code + index | modal code | Pagefind code | index | result fragments | fragments | requests |', '|---|---|---|---|---|---|---|---|---|');
  for (const q of Object.values(r.search.firstQuery)) {
    lines.push(`| ${q.path} "${q.query}" | **${q.gzipKB}** | ${q.codeAndIndexKB} | ${q.modalKB} | ${q.engineKB} | ${q.indexKB} | ${q.fragmentsKB} | ${q.fragments ?? '?'} | ${q.requests} |`);
  }
  lines.push('', '| relevance (scripts/search/queries.json) | queries | success@1 | success@3 |', '|---|---|---|---|');
  for (const [lang, x] of Object.entries(r.search.relevance)) lines.push(`| ${lang} | ${x.queries} | ${x.successAt1} % | ${x.successAt3} % |`);
  lines.push('');
  lines.push('## Budgets (reported, not enforced)', '', '| budget | limit | measured | |', '|---|---|---|---|');
  for (const x of r.budgets) lines.push(`| ${x.name} | ${x.limit} | ${x.value} | ${x.ok ? 'ok' : '**over**'} |`);
  const tbt = r.results['/config/routing.html'].lighthouse.mainThread;
  if (tbt) {
    lines.push('', `## What blocks the main thread on /config/routing.html (the run with the median TBT, ${r.results['/config/routing.html'].lighthouse.tbtMs} ms)`, '',
      'Lighthouse\'s mobile throttling multiplies CPU time by 4; these are its figures.', '',
      '| longest tasks | start ms | ms |', '|---|---|---|');
    for (const t of tbt.longTasks) lines.push(`| ${t.url} | ${t.startMs} | ${t.durationMs} |`);
    lines.push('', '| script | total ms | scripting ms | parse/compile ms |', '|---|---|---|---|');
    for (const x of tbt.scripts) lines.push(`| ${x.url} | ${x.totalMs} | ${x.scriptingMs} | ${x.parseMs} |`);
    lines.push('', `Main-thread work: ${tbt.work.map((w) => `${w.group} ${w.ms} ms`).join(', ')}.`);
  }
  const routing = r.results['/config/routing.html'].firstVisit;
  lines.push('', '## Where the bytes of /config/routing.html go (first visit, largest first)', '', '| file | kind | KB raw | KB gzip |', '|---|---|---|---|');
  for (const f of routing.files) lines.push(`| ${f.url} | ${f.kind} | ${f.rawKB} | ${f.gzipKB} |`);
  if (r.bundle) {
    const {main, locale} = r.bundle;
    const shown = main.parts.slice(0, 20);
    const rest = main.parts.slice(20);
    lines.push('', `## What main.js holds (${locale} build, by package)`, '',
      `${main.file}: ${main.rawKB} KB minified, ${main.gzipKB} KB gzip. From webpack-bundle-analyzer's report `
      + '(src/plugins/bundleReport); each module is gzipped alone, so the parts add up to a little more than the file.', '',
      '| package or folder | KB minified | KB gzip |', '|---|---|---|');
    for (const p of shown) lines.push(`| ${p.owner} | ${p.rawKB} | ${p.gzipKB} |`);
    if (rest.length > 0) {
      const sum = (key) => Math.round(rest.reduce((n, p) => n + p[key], 0) * 10) / 10;
      lines.push(`| ${rest.length} others | ${sum('rawKB')} | ${sum('gzipKB')} |`);
    }
  }
  lines.push('');
  return lines.join('\n');
}
