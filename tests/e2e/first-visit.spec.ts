import {test, expect, hydrated, recordScripts} from './fixtures';

// Issue 6: a first visit loads what the page needs. The docs version metadata every docs page
// loads no longer carries every other page's description (src/plugins/leanDocsMetadata).

test('a docs page does not download the descriptions of the other pages', async ({page, request}) => {
  // Another page's description, as its own <meta name="description"> states it.
  const other = await (await request.get('/en_US/awesome/tools')).text();
  const description = /<meta[^>]+name="?description"?[^>]+content="([^"]+)"/.exec(other)?.[1];
  expect(description, 'the tools page has a meta description').toBeTruthy();
  const probe = description!.slice(0, 40);

  const scripts = recordScripts(page);
  await page.goto('/en_US/config/routing');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.count()).toBeGreaterThan(2);
  expect(await scripts.containing(probe)).toEqual([]);
  // The page's own description is still in its head.
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /\S/);
});
