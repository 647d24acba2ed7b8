#!/usr/bin/env node
// What the page's scripts cost the main thread, from main.js on (issue 39): the sibling of
// layoutTrace.mjs, which covers the tasks before it. Loads each page cold (a new browser context)
// N times in Chromium at Lighthouse's mobile settings (412×823, 4× CPU slowdown by CDP), traces
// it from navigation until the page has hydrated and gone idle, and reports, from the first task
// that runs a script file on, the main thread's CPU time (which the machine's other load moves far
// less than the wall clock: compare builds by it), median (min–max) of the runs: all those tasks,
// their time over 50 ms each (what Lighthouse counts as blocking, here by CPU time), the longest,
// and inside them script evaluation (each file's top level), compilation, function calls (React's
// hydration, effects, event handlers), garbage collection, and style + layout. `--profile` adds a
// V8 CPU profile of as many more loads and lists where the time went: self time by script file and
// by bundler module (found in the built file from the sampled column; the module's first string is
// printed to recognise it) and by function.
// Serve a build first: `node scripts/serve.mjs --port 5621 --dir build`.
// Usage: node scripts/bench/scriptTrace.mjs [--base http://127.0.0.1:5621] [--runs 5] [--pages /a.html,/b.html]
//   [--profile] [--top 25] [--json FILE] [--init FILE]
// --init FILE runs FILE's script in each page before its own scripts, to try a change before building
// it (compare with a run given an empty FILE).
import {readFileSync} from 'node:fs';
import {commandOptions} from '../commandLine.mjs';
import {eachPage, mainThread, pageOptions, median, show as showFields, summarise as summariseFields, within} from './traceStats.mjs';

const defaultPages = ['/config/routing.html', '/config/dns.html'];
const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'disabled-by-default-v8.gc'].join(',');
/** Trace event names by kind of work (Chromium 14x). */
const kinds = {
  evaluate: ['EvaluateScript', 'v8.evaluateModule'],
  compile: ['v8.compile', 'v8.compileModule', 'CompileScript', 'v8.parseOnBackground'],
  call: ['v8.callFunction', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'FireIdleCallback', 'EventDispatch', 'RunMicrotasks', 'V8.RunMicrotasks'],
  gc: ['MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GCFinalizeMC', 'BlinkGC.AtomicPhase', 'ThreadState::performIdleLazySweep'],
  style: ['UpdateLayoutTree', 'RecalculateStyles'],
  layout: ['Layout'],
};

const urlOf = (e) => e.args?.data?.url ?? e.args?.beginData?.url ?? e.args?.fileName ?? '';
const scriptFile = (e) => /\.js(\?|$)/.test(urlOf(e));
const cpu = (e) => (e.tdur ?? e.dur) / 1000;

/** @param {any[]} events @param {string} url */
function analyse(events, url) {
  const {main, tasks} = mainThread(events, url);
  const scripted = (t) => main.some((e) => (e.name === 'EvaluateScript' || e.name === 'FunctionCall') && scriptFile(e) && within(t, e));
  const startAt = tasks.find((t) => scripted(t))?.ts;
  if (startAt === undefined) throw new Error(`no task of ${url} runs a script file`);
  const window = tasks.filter((t) => t.ts >= startAt);
  const out = {total: 0, blocking: 0, longest: 0, evaluate: 0, compile: 0, call: 0, gc: 0, style: 0, layout: 0, tasks50: 0};
  /** @type {Record<string, number>} */
  const evaluateByFile = {};
  for (const t of window) {
    out.total += cpu(t);
    out.blocking += Math.max(0, cpu(t) - 50);
    out.longest = Math.max(out.longest, cpu(t));
    if (cpu(t) >= 50) out.tasks50 += 1;
    const inside = main.filter((e) => e !== t && within(t, e)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    for (const [kind, names] of Object.entries(kinds)) {
      // outermost events of the kind only, so that nesting is not counted twice
      let reach = -1;
      for (const e of inside) {
        if (!names.includes(e.name) || e.ts < reach) continue;
        out[kind] += cpu(e);
        reach = e.ts + e.dur;
        if (kind === 'evaluate') {
          const file = urlOf(e).replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{8}\.js$/, '.js');
          evaluateByFile[file] = (evaluateByFile[file] ?? 0) + cpu(e);
        }
      }
    }
  }
  return {...out, evaluateByFile};
}

async function loadOnce(browser, url, profile, init) {
  const context = await browser.newContext({viewport: {width: 412, height: 823}, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true});
  const page = await context.newPage();
  if (init !== undefined) await page.addInitScript(init);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
  const events = [];
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', {interval: 200});
    await cdp.send('Profiler.start');
  } else {
    cdp.on('Tracing.dataCollected', ({value}) => events.push(...value));
    await cdp.send('Tracing.start', {traceConfig: {includedCategories: categories.split(',')}, transferMode: 'ReportEvents'});
  }
  await page.goto(url, {waitUntil: 'load'});
  await page.locator('html[data-has-hydrated="true"]').waitFor();
  // what hydration scheduled (effects, idle work) and the frames after it
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), {timeout: 10_000})));
  let result;
  if (profile) {
    result = (await cdp.send('Profiler.stop')).profile;
  } else {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    result = analyse(events, url);
  }
  await context.close();
  return result;
}

/** Module starts in a built chunk: `,12345(e,t,n){` → offset and id. */
function moduleStarts(text) {
  const starts = [];
  for (const m of text.matchAll(/[{,](\d+)\((?:[\w$]+(?:,[\w$]+)*)?\)\{/g)) starts.push({at: m.index + 1, id: m[1]});
  return starts;
}

/** The first string literal of a module but "use strict", to recognise it by. */
function firstString(text, at) {
  const m = /"(?!use strict")([^"\\]{4,60})"/.exec(text.slice(at, at + 4000));
  return m ? m[1] : '';
}

/** Self time (ms) by file and by module over the given CPU profiles. */
async function whereTimeWent(profiles, base) {
  const byFile = new Map();
  const byModule = new Map();
  const byFunction = new Map();
  const texts = new Map();
  const textOf = async (url) => {
    if (!texts.has(url)) texts.set(url, fetch(url).then((r) => r.text()).then((t) => ({text: t, starts: moduleStarts(t)})).catch(() => null));
    return texts.get(url);
  };
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    for (const [id, ms] of self) {
      const {callFrame} = nodes.get(id);
      const file = callFrame.url ? callFrame.url.replace(base, '').replace(/\.[0-9a-f]{8}\.js$/, '.js') : `(${callFrame.functionName || 'program'})`;
      byFile.set(file, (byFile.get(file) ?? 0) + ms / profiles.length);
      if (!callFrame.url.endsWith('.js')) continue;
      const built = await textOf(callFrame.url);
      if (!built) continue;
      // one-line files: the column is the offset (a few chunks have a line of their own per module)
      const lines = built.text.split('\n');
      const offset = lines.slice(0, callFrame.lineNumber).reduce((n, l) => n + l.length + 1, 0) + callFrame.columnNumber;
      let module = null;
      for (const s of built.starts) if (s.at <= offset) module = s; else break;
      const key = `${file} ${module ? `${module.id} "${firstString(built.text, module.at)}"` : '(runtime)'}`;
      byModule.set(key, (byModule.get(key) ?? 0) + ms / profiles.length);
      const fn = `${callFrame.functionName || '(anonymous)'} ${file}:${callFrame.lineNumber + 1}:${callFrame.columnNumber + 1} in ${module?.id ?? 'runtime'}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms / profiles.length);
    }
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  return {byFile: sorted(byFile), byModule: sorted(byModule), byFunction: sorted(byFunction)};
}

const fields = ['total', 'blocking', 'longest', 'tasks50', 'evaluate', 'compile', 'call', 'gc', 'style', 'layout'];
const summarise = (runs) => summariseFields(fields, runs);
const show = (s) => showFields(fields, s);

async function main() {
  const values = commandOptions('scriptTrace', {base: {type: 'string'}, runs: {type: 'string'}, pages: {type: 'string'}, profile: {type: 'boolean'}, top: {type: 'string'}, json: {type: 'string'}, init: {type: 'string'}});
  const init = values.init === undefined ? undefined : readFileSync(values.init, 'utf8');
  const {base, runs, paths} = pageOptions(values, defaultPages);
  const top = Number(values.top ?? 25);
  await eachPage({
    base,
    runs,
    paths,
    json: values.json,
    load: (browser, url) => loadOnce(browser, url, false, init),
    report: async (path, samples, browser, url) => {
      const summary = summarise(samples);
      const files = [...new Set(samples.flatMap((s) => Object.keys(s.evaluateByFile)))];
      const evaluateByFile = Object.fromEntries(files.map((f) => [f, median(samples.map((s) => s.evaluateByFile[f] ?? 0))]).sort((a, b) => b[1] - a[1]));
      const result = {runs, cpu: summary, evaluateByFile};
      console.log(`${path} (${runs} cold loads; main-thread CPU ms from the first script task on, median (min–max))`);
      console.log(`  ${show(summary)}`);
      console.log(`  top-level evaluation by file: ${Object.entries(evaluateByFile).filter(([, ms]) => ms >= 1).map(([f, ms]) => `${f} ${Math.round(ms)}`).join(', ')}`);
      if (values.profile) {
        const profiles = [];
        for (let i = 0; i < runs; i += 1) profiles.push(await loadOnce(browser, url, true, init));
        const where = await whereTimeWent(profiles, new URL(base).origin);
        result.profile = where;
        console.log(`  CPU profile, self time per load (mean of ${runs}), by file: ${where.byFile.slice(0, 12).map(([f, ms]) => `${f} ${Math.round(ms)}`).join(', ')}`);
        console.log('  by module:');
        for (const [k, ms] of where.byModule.slice(0, top)) console.log(`    ${ms.toFixed(1)}  ${k}`);
        console.log('  by function (minified names; the module it lies in):');
        for (const [k, ms] of where.byFunction.slice(0, top)) console.log(`    ${ms.toFixed(1)}  ${k}`);
      }
      return result;
    },
  });
}

await main();
