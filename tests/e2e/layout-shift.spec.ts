import {test, expect, hydrated, localePath} from './fixtures';

/**
 * The home page jumped while loading (both hero logos were shown until React
 * hydrated, then one vanished). Core Web Vitals call a cumulative layout shift under 0.1 good;
 * we want none at all from the server HTML to the hydrated page.
 */

for (const locale of ['zh', 'en'] as const) {
  for (const mode of ['light', 'dark'] as const) {
    test(`the ${locale} home page does not shift while it loads in ${mode} mode (mobile)`, async ({page}) => {
      await page.setViewportSize({width: 412, height: 823});
      await page.emulateMedia({colorScheme: mode});
      await page.addInitScript(() => {
        const w = window as unknown as {__shift: number};
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {value: number; hadRecentInput: boolean})[]) {
            if (!entry.hadRecentInput) w.__shift += entry.value;
          }
        }).observe({type: 'layout-shift', buffered: true});
      });
      await page.goto(localePath('/', locale), {waitUntil: 'networkidle'});
      await hydrated(page);
      // Exactly one hero logo is shown, the one of the colour mode.
      await expect(page.locator('header img:visible')).toHaveCount(1);
      expect(await page.evaluate(() => (window as unknown as {__shift: number}).__shift)).toBeLessThan(0.01);
    });
  }
}
