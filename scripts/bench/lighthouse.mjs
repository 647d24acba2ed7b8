// Lighthouse mobile (its default config: Moto G Power viewport, simulated slow 4G and 4x CPU
// slowdown) against the local Chromium, each figure the median of `runs` runs.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

/** The middle value (the upper middle of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The figures each run gives and each summary reports (medians). */
export const figureKeys = ['performance', 'accessibility', 'bestPractices', 'seo', 'fcpMs', 'lcpMs', 'tbtMs', 'cls'];

/** What kept the main thread busy: the longest tasks and the scripts that cost the most CPU. */
function mainThread(audits) {
  const longTasks = (audits['long-tasks']?.details?.items ?? [])
    .map((t) => ({url: t.url, startMs: Math.round(t.startTime), durationMs: Math.round(t.duration)}))
    .sort((a, b) => b.durationMs - a.durationMs).slice(0, 8);
  const scripts = (audits['bootup-time']?.details?.items ?? [])
    .map((s) => ({url: s.url, totalMs: Math.round(s.total), scriptingMs: Math.round(s.scripting), parseMs: Math.round(s.scriptParseCompile)}))
    .sort((a, b) => b.totalMs - a.totalMs).slice(0, 8);
  const work = (audits['mainthread-work-breakdown']?.details?.items ?? [])
    .map((w) => ({group: w.groupLabel ?? w.group, ms: Math.round(w.duration)}));
  return {longTasks, scripts, work};
}

/** One Lighthouse run in a fresh browser (an empty cache, as on a first visit). */
export async function lighthouseOnce(url, chromePath, chromeFlags) {
  const chrome = await chromeLauncher.launch({chromePath, chromeFlags: ['--headless=new', ...chromeFlags]});
  try {
    const result = await lighthouse(url, {
      port: chrome.port, output: 'json', logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const {categories: c, audits: a} = result.lhr;
    return {
      performance: Math.round(c.performance.score * 100),
      accessibility: Math.round(c.accessibility.score * 100),
      bestPractices: Math.round(c['best-practices'].score * 100),
      seo: Math.round(c.seo.score * 100),
      fcpMs: Math.round(a['first-contentful-paint'].numericValue),
      lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(a['total-blocking-time'].numericValue),
      cls: Math.round(a['cumulative-layout-shift'].numericValue * 1000) / 1000,
      browser: result.lhr.environment?.hostUserAgent?.match(/Chrome\/([\d.]+)/)?.[1] ?? null,
      mainThread: mainThread(a),
      failing: Object.values(c).flatMap((cat) => cat.auditRefs)
        .map((ref) => a[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
        .map((audit) => audit.id),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * The medians of a page's runs, the browser they ran in, and the main-thread detail of the run
 * whose TBT is the median (where a page's blocking time goes).
 */
export function summarize(samples) {
  const figures = Object.fromEntries(figureKeys.map((key) => [key, median(samples.map((s) => s[key]))]));
  const medianRun = samples.find((s) => s.tbtMs === figures.tbtMs) ?? samples[0];
  return {
    ...figures,
    runs: samples.length,
    browser: medianRun?.browser ?? null,
    mainThread: medianRun?.mainThread ?? null,
    // Audits below full score in any run: where the points went.
    belowFullScore: [...new Set(samples.flatMap((s) => s.failing))].sort(),
  };
}

export async function lighthouseMedian(url, chromePath, chromeFlags, runs) {
  const samples = [];
  for (let i = 0; i < runs; i += 1) samples.push(await lighthouseOnce(url, chromePath, chromeFlags));
  return summarize(samples);
}
