import {test, expect, hydrated} from './fixtures';
import type {Page, Route} from '@playwright/test';

// A progress bar runs while navigating to a page not yet visited in this session
// (minimum 0.08, speed 200 ms, trickle 0.02 every 800 ms); theme-classic starts it 200 ms into a
// navigation that is still loading.

/** Holds every script requested after the current page loaded, until release() is called. */
async function holdNewScripts(page: Page): Promise<() => Promise<void>> {
  const loaded = new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name)));
  const held: Route[] = [];
  let releasing = false;
  await page.route('**/assets/js/*.js', async (route) => {
    if (releasing || loaded.has(route.request().url())) return route.continue();
    held.push(route);
  });
  return async () => {
    releasing = true;
    await Promise.all(held.map((r) => r.continue()));
  };
}

const bar = (page: Page) => page.locator('#nprogress .bar');
const barPercent = (page: Page) => bar(page).evaluate((el) => {
  const m = /translate(?:3d)?\((-?[\d.]+)%/.exec((el as HTMLElement).style.transform);
  return m ? Number(m[1]) : NaN;
});

test('the bar starts 200 ms into a slow navigation, at 8 %, with 200 ms transitions', async ({page}) => {
  await page.clock.install();
  await page.goto('/guide/install');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await page.clock.pauseAt(Date.now() + 60_000);
  const release = await holdNewScripts(page);
  await page.getByRole('complementary').getByRole('link', {name: '命令行参数'}).click();
  await page.clock.runFor(150);
  await expect(bar(page)).toHaveCount(0);
  await page.clock.runFor(60);
  await expect(bar(page)).toHaveCount(1);
  expect(await barPercent(page)).toBe(-92);
  // "all 200ms ease", as the browser normalises it.
  expect(await bar(page).evaluate((el) => (el as HTMLElement).style.transition)).toBe('200ms');
  await page.clock.runFor(790);
  const afterTrickle = await barPercent(page);
  expect(afterTrickle).toBeGreaterThanOrEqual(-92);
  expect(afterTrickle).toBeLessThanOrEqual(-90);
  await release();
  await expect(page.locator('article h1')).toHaveText('命令行参数');
  await page.clock.runFor(1000);
  await expect(bar(page)).toHaveCount(0);
});

test('no bar when going back to a page already visited', async ({page}) => {
  await page.clock.install();
  await page.goto('/guide/install');
  await hydrated(page);
  await page.getByRole('complementary').getByRole('link', {name: '命令行参数'}).click();
  await expect(page.locator('article h1')).toHaveText('命令行参数');
  await page.waitForLoadState('networkidle');
  await page.clock.pauseAt(Date.now() + 60_000);
  const seen = page.evaluate(() => new Promise<boolean>((resolve) => {
    const observer = new MutationObserver(() => {
      if (document.getElementById('nprogress')) resolve(true);
    });
    observer.observe(document.body, {childList: true});
    setTimeout(() => resolve(false), 1000);
  }));
  await holdNewScripts(page);
  await page.getByRole('complementary').getByRole('link', {name: '安装'}).click();
  await expect(page.locator('article h1')).toHaveText('安装');
  await page.clock.runFor(1000);
  expect(await seen).toBe(false);
});
