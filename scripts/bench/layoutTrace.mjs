#!/usr/bin/env node
// What the browser's first task on a page's HTML costs, phase by phase (issue 39). Loads each page
// cold (a new browser context, so no cache) N times in Chromium at Lighthouse's mobile settings
// (412×823, 4× CPU slowdown by CDP), traces it, and reports the median and spread of the longest
// main-thread task that parses the page's HTML, split into parse HTML, recalculate style, layout,
// pre-paint + paint and the rest, with the layout objects and the elements styled in it; and the
// same phases summed over every task before main.js runs, by the wall clock and by the main
// thread's CPU time (which the machine's other load moves far less: compare builds by it).
// Serve a build first: `node scripts/serve.mjs --port 5621 --dir build`.
// Usage: node scripts/bench/layoutTrace.mjs [--base http://127.0.0.1:5621] [--runs 5] [--pages /a.html,/b.html] [--json FILE]
//   [--css FILE] (adds FILE's CSS to each page's head, to try a rule without a build; the HTML then
//   arrives through Playwright in one piece, so compare only with a run given an empty FILE)
import {readFileSync} from 'node:fs';
import {commandOptions} from '../commandLine.mjs';
import {eachPage, mainThread, pageOptions, show as showFields, summarise as summariseFields, within} from './traceStats.mjs';

const defaultPages = ['/config/routing.html', '/en_US/config/routing.html', '/config/transport.html', '/v5/config/router.html'];
const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing'].join(',');
/** Trace event names by phase (Chromium 14x). */
const phases = {
  parse: ['ParseHTML'],
  style: ['UpdateLayoutTree', 'RecalculateStyles'],
  layout: ['Layout'],
  paint: ['PrePaint', 'Paint', 'PaintImage', 'Layerize', 'UpdateLayer', 'CompositeLayers'],
};

const scriptFile = (e) => /\.js(\?|$)/.test(e.args?.data?.url ?? e.args?.beginData?.url ?? '');

/**
 * The tasks from the first HTML parse until the first task that runs a script file (main.js): the
 * tasks Lighthouse lays at the HTML's door. @param {any[]} events @param {string} url
 */
function analyse(events, url) {
  const {main, tasks, parses} = mainThread(events, url);
  const first = Math.min(...parses.map((p) => p.ts));
  const scripted = (t) => main.some((e) => (e.name === 'EvaluateScript' || e.name === 'FunctionCall') && scriptFile(e) && within(t, e));
  const end = tasks.find((t) => t.ts >= first && scripted(t))?.ts ?? Infinity;
  const window = tasks.filter((t) => t.ts + t.dur >= first && t.ts < end);
  /**
   * Time of each phase inside the given tasks (outermost events only, so nesting is not counted
   * twice), by the wall clock (key 'dur') or by the main thread's CPU time ('tdur').
   */
  const split = (chosen, key = 'dur') => {
    const time = (e) => (e[key] ?? e.dur) / 1000;
    const out = {total: 0, blocking: 0, parse: 0, style: 0, layout: 0, paint: 0, layoutObjects: 0, styledElements: 0};
    for (const t of chosen) {
      out.total += time(t);
      out.blocking += Math.max(0, time(t) - 50);
      const inside = main.filter((e) => e !== t && within(t, e));
      for (const [phase, names] of Object.entries(phases)) {
        let reach = -1;
        for (const e of inside.filter((x) => names.includes(x.name))) {
          if (e.ts < reach) continue;
          out[phase] += time(e);
          reach = e.ts + e.dur;
        }
      }
      for (const e of inside) {
        if (e.name === 'Layout') out.layoutObjects += e.args?.beginData?.dirtyObjects ?? 0;
        if (e.name === 'UpdateLayoutTree') out.styledElements += e.args?.elementCount ?? e.args?.beginData?.elementCount ?? 0;
      }
    }
    out.other = out.total - out.parse - out.style - out.layout - out.paint;
    return out;
  };
  const longest = [...window].sort((a, b) => b.dur - a.dur)[0];
  return {
    htmlTask: split(longest ? [longest] : []),
    beforeScripts: split(window),
    beforeScriptsCpu: split(window, 'tdur'),
    tasks: window.filter((t) => t.dur >= 50_000).map((t) => Math.round(t.dur / 1000)),
  };
}

/** Trying a rule before building it: `--css FILE` puts FILE's CSS at the end of each page's head. */
async function injectCss(page, url, css) {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('</head>', `<style>${css}</style></head>`);
    await route.fulfill({response, body});
  });
}

async function traceOnce(browser, url, css) {
  const context = await browser.newContext({viewport: {width: 412, height: 823}, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true});
  const page = await context.newPage();
  if (css !== undefined) await injectCss(page, url, css);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
  const events = [];
  cdp.on('Tracing.dataCollected', ({value}) => events.push(...value));
  await cdp.send('Tracing.start', {traceConfig: {includedCategories: categories.split(',')}, transferMode: 'ReportEvents'});
  await page.goto(url, {waitUntil: 'load'});
  // Hydration and the first frames after it: wait for two animation frames after an idle callback.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), {timeout: 10_000})));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  return analyse(events, url);
}

const fields = ['total', 'blocking', 'parse', 'style', 'layout', 'paint', 'other', 'layoutObjects', 'styledElements'];
const summarise = (runs) => summariseFields(fields, runs);
const show = (s) => showFields(fields, s);

async function main() {
  const values = commandOptions('layoutTrace', {base: {type: 'string'}, runs: {type: 'string'}, pages: {type: 'string'}, json: {type: 'string'}, css: {type: 'string'}});
  const css = values.css === undefined ? undefined : readFileSync(values.css, 'utf8');
  const {base, runs, paths} = pageOptions(values, defaultPages);
  await eachPage({
    base,
    runs,
    paths,
    json: values.json,
    load: (browser, url) => traceOnce(browser, url, css),
    report: (path, samples) => {
      const html = summarise(samples.map((s) => s.htmlTask));
      const before = summarise(samples.map((s) => s.beforeScripts));
      const cpu = summarise(samples.map((s) => s.beforeScriptsCpu));
      console.log(`${path} (${runs} cold loads, ms: median (min–max))`);
      console.log(`  longest task: ${show(html)}`);
      console.log(`  all tasks before scripts: ${show(before)}`);
      console.log(`  the same in main-thread CPU time: ${show(cpu)}`);
      console.log(`  tasks ≥ 50 ms before scripts, each run: ${samples.map((s) => `[${s.tasks.join(' ')}]`).join(' ')}`);
      return {runs, htmlTask: html, beforeScripts: before, beforeScriptsCpu: cpu, longTasks: samples.map((s) => s.tasks)};
    },
  });
}

await main();
