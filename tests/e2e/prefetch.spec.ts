import {test, expect, hydrated} from './fixtures';

// A first visit downloads the code of the page it shows, not of every page linked from
// it (src/clientModules/noViewportPrefetch.ts). A page's code still loads ahead on hover.

test('links in view do not prefetch the code of their pages', async ({page}) => {
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script' || r.url().endsWith('.js')) scripts.push(r.url()); });
  await page.goto('/config/routing');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  // The sidebar shows a dozen internal links or more, and the footer and pagination more.
  expect(await page.locator('nav.menu a.menu__link[href^="/"]').count()).toBeGreaterThan(10);
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
  const onLoad = scripts.length;
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
  expect(scripts.length).toBe(onLoad);
});

test('hovering a link loads its page code ahead, and the link then opens the page', async ({page}) => {
  const scripts: string[] = [];
  await page.goto('/config/routing');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  page.on('request', (r) => { if (r.url().endsWith('.js')) scripts.push(r.url()); });
  const link = page.locator('nav.menu a.menu__link[href="/config/policy"]');
  await link.hover();
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL('/config/policy');
  await expect(page.locator('article h1')).toBeVisible();
});
