// What layoutTrace.mjs and scriptTrace.mjs share: trace event nesting, the median (min–max)
// of each figure over the runs, and the loop that loads each page cold N times.
import {writeFileSync} from 'node:fs';
import {chromium} from '@playwright/test';
import {findChromium, chromiumArgs} from '../chromium.cjs';

/** Whether trace event b lies inside a. */
export const within = (a, b) => b.ts >= a.ts && b.ts + b.dur <= a.ts + a.dur;

/** The median of numbers (the mean of the middle two for an even count). @param {number[]} xs */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** median (min–max) of each field over the runs. @param {string[]} fields @param {Record<string, number>[]} runs */
export function summarise(fields, runs) {
  return Object.fromEntries(fields.map((f) => {
    const xs = runs.map((r) => r[f]);
    return [f, {median: median(xs), min: Math.min(...xs), max: Math.max(...xs)}];
  }));
}

/** `field median (min–max), …` in whole milliseconds. */
export const show = (fields, s) => fields.map((f) => `${f} ${Math.round(s[f].median)} (${Math.round(s[f].min)}–${Math.round(s[f].max)})`).join(', ');

const taskNames = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The page's main thread in a trace: its complete events, its outermost tasks in order (RunTask
 * wraps ThreadControllerImpl::RunTask), and the parses of the page's HTML.
 * @param {any[]} events @param {string} url
 */
export function mainThread(events, url) {
  const parses = events.filter((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  if (parses.length === 0) throw new Error(`no ParseHTML of ${url} in the trace`);
  const {pid, tid} = parses[0];
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number');
  const all = main.filter((e) => taskNames.has(e.name)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  for (const t of all) if (!tasks.length || !within(tasks[tasks.length - 1], t)) tasks.push(t);
  return {main, tasks, parses};
}

/**
 * The pages, runs and server of a run from its command-line values (`--base`, `--runs`, `--pages`).
 * @param {{base?: string, runs?: string, pages?: string}} values
 * @param {string[]} defaultPages
 */
export function pageOptions(values, defaultPages) {
  return {
    base: values.base ?? 'http://127.0.0.1:5621',
    runs: Number(values.runs ?? 5),
    paths: values.pages ? values.pages.split(',') : defaultPages,
  };
}

/**
 * Loads each page of `paths` (on `base`) `runs` times in one Chromium, `load(browser, url)` each
 * time, then hands the page's loads to `report(path, samples, browser, url)`, whose value is the
 * page's entry in `--json` (written to `json` when given).
 * @template S
 * @param {{base: string, runs: number, paths: string[], json?: string,
 *   load: (browser: import('@playwright/test').Browser, url: string) => Promise<S>,
 *   report: (path: string, samples: S[], browser: import('@playwright/test').Browser, url: string) => Promise<object> | object}} options
 */
export async function eachPage({base, runs, paths, json, load, report}) {
  const browser = await chromium.launch({executablePath: findChromium(), args: chromiumArgs});
  /** @type {Record<string, object>} */
  const results = {};
  try {
    for (const path of paths) {
      const url = new URL(path, base).href;
      const samples = [];
      for (let i = 0; i < runs; i += 1) samples.push(await load(browser, url));
      results[path] = await report(path, samples, browser, url);
    }
  } finally {
    await browser.close();
  }
  if (json) writeFileSync(json, `${JSON.stringify({date: new Date().toISOString(), base, results}, null, 2)}\n`);
}
