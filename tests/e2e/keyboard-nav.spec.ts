import {test, expect, hydrated} from './fixtures';

// Spec §4: Alt+Right goes to the next page, Alt+Left to the previous one (docs pagination).
test('Alt+Right opens the next page and Alt+Left the previous one', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  const next = await page.getByRole('navigation', {name: /文档分页导航/}).getByRole('link', {name: /下一页/}).getAttribute('href');
  const prev = await page.getByRole('navigation', {name: /文档分页导航/}).getByRole('link', {name: /上一页/}).getAttribute('href');
  expect(next).toMatch(/^\/guide\//);
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page).toHaveURL(next!);
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page).toHaveURL('/guide/start');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page).toHaveURL(prev!);
});

test('Alt+Right does nothing while typing in the search box', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  const search = page.getByRole('combobox').or(page.locator('input.navbar__search-input')).first();
  await search.click();
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
