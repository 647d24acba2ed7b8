// The configuration checker's timing, for the benchmark (run.mjs) and tests/schema/checker-timing.mjs:
// over `runs` cold loads, the time until the page can check (from navigation, and on the page's
// clock after its load event and after hydration), and until the problems of a pasted file are
// listed (with the checker's 300 ms pause).

/** A v4 file with a misspelled protocol, so that the check has a problem to show. */
const broken = '{\n  "inbounds": [{"port": 1080, "protocol": "sock"}],\n  "outbounds": [{"protocol": "freedom"}]\n}\n';
const idle = /粘贴或输入配置后/;

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url the checker page (Chinese: the status text is matched in Chinese)
 * @param {number} runs
 * @returns {Promise<{ready: number[], afterLoad: number[], afterHydration: number[], check: number[]}>} milliseconds
 */
export async function timeChecker(browser, url, runs) {
  const out = {ready: [], afterLoad: [], afterHydration: [], check: []};
  for (let i = 0; i < runs; i += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // the page's own clock: when the status first says it can check, and when React has hydrated
    await page.addInitScript((pattern) => {
      const re = new RegExp(pattern);
      const w = /** @type {any} */ (window);
      new MutationObserver((_, o) => {
        const el = document.querySelector('[data-testid="check-status"]');
        if (el && re.test(el.textContent ?? '')) { w.__readyAt = performance.now(); o.disconnect(); }
      }).observe(document, {subtree: true, childList: true, characterData: true});
      new MutationObserver((_, o) => {
        if (document.documentElement.dataset.hasHydrated === 'true') { w.__hydratedAt = performance.now(); o.disconnect(); }
      }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-has-hydrated']});
    }, idle.source);
    const t0 = performance.now();
    await page.goto(url);
    await page.getByTestId('check-status').filter({hasText: idle}).waitFor();
    out.ready.push(performance.now() - t0);
    const clock = await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
      return {load: nav.loadEventEnd, readyAt: w.__readyAt, hydratedAt: w.__hydratedAt};
    });
    out.afterLoad.push(clock.readyAt - clock.load);
    out.afterHydration.push(clock.readyAt - clock.hydratedAt);
    await page.locator('[data-testid="config-editor"]').click();
    const t1 = performance.now();
    await page.keyboard.insertText(broken);
    await page.getByTestId('problems').waitFor();
    out.check.push(performance.now() - t1);
    await context.close();
  }
  return out;
}
