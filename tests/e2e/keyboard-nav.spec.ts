import {test, expect, hydrated} from './fixtures';

// Alt+Right goes to the next page, Alt+Left to the previous one (docs pagination).
test('Alt+Right opens the next page and Alt+Left the previous one', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  const next = await page.getByRole('navigation', {name: /文档分页导航/}).getByRole('link', {name: /下一页/}).getAttribute('href');
  const prev = await page.getByRole('navigation', {name: /文档分页导航/}).getByRole('link', {name: /上一页/}).getAttribute('href');
  expect(next).toMatch(/^\/guide\//);
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page).toHaveURL(next!);
  // The address changes before the next page has rendered; wait for its own pagination.
  await expect(page.locator('a.pagination-nav__link--prev')).toHaveAttribute('href', '/guide/start');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page).toHaveURL('/guide/start');
  await expect(page.locator('a.pagination-nav__link--prev')).toHaveAttribute('href', prev!);
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page).toHaveURL(prev!);
});

test('Alt+Left pressed before the next page renders goes back, not two pages back', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  const next = await page.locator('a.pagination-nav__link--next').getAttribute('href');
  // Hold back the page data so the old page stays on screen after the address changes.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page).toHaveURL(next!);
  // Still the old page: its "previous" link would lead to /guide/install.
  await expect(page.locator('a.pagination-nav__link--next')).toHaveAttribute('href', next!);
  await page.keyboard.press('Alt+ArrowLeft');
  release();
  await expect(page).toHaveURL('/guide/start');
  await expect(page.locator('a.pagination-nav__link--next')).toHaveAttribute('href', next!);
  await page.waitForTimeout(300);
  await expect(page).toHaveURL('/guide/start');
});

test('Alt+Right does nothing while typing in the search box', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  await page.getByRole('button', {name: '搜索'}).first().click();
  const search = page.locator('input.DocSearch-Input');
  await expect(search).toBeFocused();
  await search.pressSequentially('vmess');
  await page.keyboard.press('Alt+ArrowRight');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page).toHaveURL('/guide/start');
  await expect(search).toBeFocused();
});

test('Alt+Right works on English pages', async ({page}) => {
  await page.goto('/en_US/guide/start');
  await hydrated(page);
  const next = await page.locator('a.pagination-nav__link--next').getAttribute('href');
  expect(next).toMatch(/^\/en_US\/guide\//);
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page).toHaveURL(next!);
});
