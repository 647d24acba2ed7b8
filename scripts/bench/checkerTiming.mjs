// The configuration checker's timing, for the benchmark (run.mjs) and tests/schema/checker-timing.mjs:
// over `runs` cold loads, the time until the page's text box takes input (from navigation, and on
// the page's clock after its load event and after hydration), from the first click in it until the
// checker can check (its chunks are fetched then: src/components/ConfigChecker/index.tsx), and
// until the problems of a pasted file are listed (with the checker's 300 ms pause).

/** A v4 file with a misspelled protocol, so that the check has a problem to show. */
const broken = '{\n  "inbounds": [{"port": 1080, "protocol": "sock"}],\n  "outbounds": [{"protocol": "freedom"}]\n}\n';
const idle = /粘贴或输入配置后/;

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url the checker page (Chinese: the status text is matched in Chinese)
 * @param {number} runs
 * @returns {Promise<{ready: number[], afterLoad: number[], afterHydration: number[], started: number[], check: number[]}>} milliseconds
 */
export async function timeChecker(browser, url, runs) {
  const out = {ready: [], afterLoad: [], afterHydration: [], started: [], check: []};
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
    // the first click fetches the editor, the schemas and the workers: until the editor says it can check
    const t1 = performance.now();
    await page.locator('[data-testid="config-editor"]').click();
    await page.locator('.cm-content[data-testid="config-editor"]').waitFor();
    await page.getByTestId('check-status').filter({hasText: idle}).waitFor();
    out.started.push(performance.now() - t1);
    const t2 = performance.now();
    await page.keyboard.insertText(broken);
    await page.getByTestId('problems').waitFor();
    out.check.push(performance.now() - t2);
    await context.close();
  }
  return out;
}

/**
 * About 1 MB of inbounds (just under the checker's 1 MB limit), one misspelled protocol near the
 * end: the file tests/e2e/config-checker-typing.spec.ts pastes too.
 */
export function megabyteConfig() {
  const inbounds = Array.from({length: 8_100}, (_, i) =>
    `    {"tag": "in-${i}", "listen": "127.0.0.1", "port": ${10_000 + i}, "protocol": "${i === 7_000 ? 'sock' : 'socks'}", "settings": {"auth": "noauth", "udp": true}}`);
  return `{\n  "inbounds": [\n${inbounds.join(',\n')}\n  ],\n  "outbounds": [{"protocol": "freedom"}]\n}\n`;
}

/**
 * Keys typed while a check of 1 MB runs (the checker starts one 300 ms after the last change;
 * keys 400 ms apart, so each key after the first meets a running check): the median of the
 * keydown events' durations, from input to the next paint (Event Timing; the browser lists those
 * over 16 ms, so a key not listed counts as 16). Issue 37's figure: 50 ms.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url the English checker page
 * @returns {Promise<number>} milliseconds
 */
export async function timeKeysWhileChecking(browser, url) {
  const context = await browser.newContext({permissions: ['clipboard-read', 'clipboard-write']});
  const page = await context.newPage();
  try {
    await page.addInitScript(() => {
      const w = /** @type {any} */ (window);
      w.keyDurations = [];
      w.typingFrom = Infinity;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'keydown' && e.startTime >= w.typingFrom) w.keyDurations.push(e.duration);
      }).observe(/** @type {any} */ ({type: 'event', durationThreshold: 16, buffered: true}));
    });
    await page.goto(url);
    const status = page.getByTestId('check-status');
    await status.filter({hasText: /Paste or type a configuration/}).waitFor();
    await page.evaluate((t) => navigator.clipboard.writeText(t), megabyteConfig());
    await page.getByRole('textbox', {name: 'Configuration file'}).click();
    await page.keyboard.press('ControlOrMeta+V');
    await status.filter({hasText: 'Problems found: 1'}).waitFor({timeout: 60_000});
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('End');
    await page.evaluate(() => { /** @type {any} */ (window).typingFrom = performance.now(); });
    const keys = 8;
    await page.keyboard.type(' '.repeat(keys), {delay: 400});
    await status.filter({hasText: 'Problems found: 1'}).waitFor();
    const listed = await page.evaluate(() => /** @type {number[]} */ (/** @type {any} */ (window).keyDurations));
    const all = [...listed, ...Array(Math.max(0, keys - listed.length)).fill(16)].sort((a, b) => a - b);
    return all[Math.floor(all.length / 2)];
  } finally {
    await context.close();
  }
}

const twoOutbounds = [{tag: 'a', protocol: 'freedom'}, {tag: 'b', protocol: 'freedom'}];

/**
 * Issue 42's two worst cases for the trace panel (timed by timeTraces; tests/e2e/trace-scale.spec.ts
 * holds that they answer): a port that none of 10,000 rules has (one port per rule, 1 to 10,000:
 * all are tried, then the default), and a 30-letter name against regexp:(a+)+$. Each: the
 * configuration, the destination to fill first (or null), the field to change, the value before
 * and its result, the value after and its result.
 */
export const worstTraces = {
  rules10k: {config: {outbounds: twoOutbounds, routing: {rules: Array.from({length: 10000}, (_, i) => ({type: 'field', port: String(i + 1), outboundTag: i % 2 ? 'a' : 'b'}))}},
    destination: 'nowhere.test', label: 'Port', before: '1', beforeResult: 'Result: outbound b', value: '20000', expected: 'Result: outbound a'},
  regexp: {config: {outbounds: twoOutbounds, routing: {rules: [{type: 'field', domain: ['regexp:(a+)+$'], outboundTag: 'b'}]}}, destination: null,
    label: 'Destination (domain or IP)', before: 'aaaa', beforeResult: 'Result: outbound b', value: `${'a'.repeat(30)}x.test`, expected: 'Result: outbound a'},
};

/**
 * The trace panel on worstTraces, each timed in the page from the input event to the summary
 * naming the new outbound (the trace and React's rendering of it). Issue 42's figure: 200 ms each.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url the English checker page
 * @returns {Promise<{rules10kMs: number, regexpMs: number}>}
 */
export async function timeTraces(browser, url) {
  const cases = [worstTraces.rules10k, worstTraces.regexp];
  const out = [];
  for (const c of cases) {
    const page = await browser.newPage();
    try {
      await page.goto(url);
      await page.locator('html[data-has-hydrated="true"]').waitFor();
      await page.evaluate((hash) => { window.location.hash = hash; }, `trace=${encodeURIComponent(JSON.stringify(c.config))}`);
      await page.getByRole('heading', {name: 'Where does this connection go?'}).waitFor({timeout: 60_000});
      if (c.destination) await page.getByRole('textbox', {name: 'Destination (domain or IP)'}).fill(c.destination);
      const field = page.getByRole('textbox', {name: c.label});
      await field.fill(c.before);
      await page.getByTestId('trace-summary').filter({hasText: c.beforeResult}).waitFor();
      out.push(await field.evaluate(async (input, [v, text]) => {
        const summary = () => document.querySelector('[data-testid="trace-summary"]')?.textContent ?? '';
        const setter = /** @type {(v: string) => void} */ (Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set);
        const t0 = performance.now();
        setter.call(input, v);
        input.dispatchEvent(new Event('input', {bubbles: true}));
        while (!summary().includes(text) && performance.now() - t0 < 30_000) await new Promise((r) => requestAnimationFrame(r));
        return summary().includes(text) ? performance.now() - t0 : Infinity;
      }, [c.value, c.expected]));
    } finally {
      await page.close();
    }
  }
  return {rules10kMs: out[0], regexpMs: out[1]};
}
