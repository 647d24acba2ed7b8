import {test, expect, hydrated} from './fixtures';
import type {Page} from '@playwright/test';

// The "failed lazy load" screen: when a page's code cannot be loaded (e.g. after a new
// deployment), the reader is not left with a blank or dead page: it reloads by itself, and when
// that does not help, a message with a reload link appears; no reload loop.
// A short window: links below the fold (the next page's sidebar entry) are not prefetched.
test.use({allowedConsoleErrors: [/Failed to load resource/], viewport: {width: 1280, height: 400}});

/** Fails every script not loaded yet, as if a new deployment had replaced them. */
async function breakNewChunks(page: Page): Promise<void> {
  const loaded = new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name)));
  await page.route('**/assets/js/*.js', (route) => (loaded.has(route.request().url()) ? route.continue() : route.abort()));
}

/**
 * Opens the last page of the general config group; its "next" link leads to the first protocol
 * page, linked elsewhere only far down the sidebar, so link prefetching has not loaded it yet.
 */
async function openBeforeUnvisited(page: Page, prefix: string): Promise<void> {
  await page.goto(`${prefix}/config/service`);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await breakNewChunks(page);
}

test('a page whose code cannot load shows its text and a reload link, without a loop', async ({page}) => {
  await openBeforeUnvisited(page, '');
  let loads = 0;
  page.on('load', () => { loads += 1; });
  await page.getByRole('link', {name: /^下一页/}).click();
  const alert = page.getByRole('alert').filter({hasText: '页面未能完整加载'});
  await expect(alert).toBeVisible({timeout: 15_000});
  // The message can show before the one allowed reload has run: let that happen first.
  await page.waitForLoadState('networkidle');
  await expect(alert).toBeVisible({timeout: 15_000});
  await expect(page).toHaveURL(/\/config\/protocols\/blackhole(#[\w-]+)?$/);
  await expect(page.locator('article h1')).toHaveText('Blackhole');
  const settled = loads;
  expect(settled).toBeLessThanOrEqual(2);
  // No further reloads happen on their own.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await expect(alert).toBeVisible();
  expect(loads).toBe(settled);

  await page.unroute('**/assets/js/*.js');
  await alert.getByRole('link', {name: '重新加载'}).click();
  await hydrated(page);
  await expect(page.locator('article h1')).toHaveText('Blackhole');
  await expect(page.getByRole('alert').filter({hasText: '页面未能完整加载'})).toHaveCount(0);
});

test('the message is in English on English pages', async ({page}) => {
  await openBeforeUnvisited(page, '/en_US');
  await page.getByRole('link', {name: /^Next/}).click();
  const alert = page.getByRole('alert').filter({hasText: 'did not load completely'});
  await expect(alert).toBeVisible({timeout: 15_000});
  await expect(alert.getByRole('link', {name: 'Reload'})).toBeVisible();
});
