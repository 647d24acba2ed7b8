// Lighthouse mobile (its default config: Moto G Power viewport, simulated slow 4G and 4x CPU
// slowdown) against the local Chromium, each figure the median of `runs` runs.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

/** The middle value (the upper middle of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function lighthouseMedian(url, chromePath, chromeFlags, runs) {
  const samples = [];
  for (let i = 0; i < runs; i += 1) {
    // A fresh browser per run: an empty cache, as on a first visit.
    const chrome = await chromeLauncher.launch({chromePath, chromeFlags: ['--headless=new', ...chromeFlags]});
    try {
      const result = await lighthouse(url, {
        port: chrome.port, output: 'json', logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const {categories: c, audits: a} = result.lhr;
      samples.push({
        performance: Math.round(c.performance.score * 100),
        accessibility: Math.round(c.accessibility.score * 100),
        bestPractices: Math.round(c['best-practices'].score * 100),
        seo: Math.round(c.seo.score * 100),
        fcpMs: Math.round(a['first-contentful-paint'].numericValue),
        lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(a['total-blocking-time'].numericValue),
        cls: Math.round(a['cumulative-layout-shift'].numericValue * 1000) / 1000,
        failing: Object.values(c).flatMap((cat) => cat.auditRefs)
          .map((ref) => a[ref.id])
          .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
          .map((audit) => audit.id),
      });
    } finally {
      await chrome.kill();
    }
  }
  const figures = Object.fromEntries(['performance', 'accessibility', 'bestPractices', 'seo', 'fcpMs', 'lcpMs', 'tbtMs', 'cls']
    .map((key) => [key, median(samples.map((s) => s[key]))]));
  // Audits below full score in any run: where the points went.
  return {...figures, runs: samples.length, belowFullScore: [...new Set(samples.flatMap((s) => s.failing))].sort()};
}
