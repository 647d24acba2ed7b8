// What layoutTrace.mjs and scriptTrace.mjs share: trace event nesting, and the median (min–max)
// of each figure over the runs.

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
