import {test, expect, hydrated} from './fixtures';

async function switchTo(page: import('@playwright/test').Page, from: string, to: string) {
  await page.getByRole('navigation', {name: /main|主导航/i}).getByRole('button', {name: from}).hover();
  await page.getByRole('link', {name: to, exact: true}).click();
}

test('the language switcher keeps the page, zh to en', async ({page}) => {
  await page.goto('/config/routing.html#ruleobject');
  await hydrated(page);
  await switchTo(page, '简体中文', 'English');
  await expect(page).toHaveURL('/en_US/config/routing#ruleobject');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.locator('article h1')).toHaveText('Routing');
});

test('the language switcher keeps the page, en to zh', async ({page}) => {
  await page.goto('/en_US/v5/config/overview');
  await hydrated(page);
  await switchTo(page, 'English', '简体中文');
  await expect(page).toHaveURL('/v5/config/overview');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

// The switcher's links carry the current query string (LocaleDropdownNavbarItem), so a search
// result list opens in the other language with the same query.
test('the language switcher keeps the query string', async ({page}) => {
  await page.goto('/search?q=routing');
  await hydrated(page);
  await switchTo(page, '简体中文', 'English');
  await expect(page).toHaveURL('/en_US/search?q=routing');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});

test('the language switcher keeps the query string and the hash together', async ({page}) => {
  await page.goto('/en_US/config/routing?q=domain#ruleobject');
  await hydrated(page);
  await switchTo(page, 'English', '简体中文');
  await expect(page).toHaveURL('/config/routing?q=domain#ruleobject');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test.describe('where the page does not exist in the other language', () => {
  test.use({expectedNotFound: ['/only/here']});

  test('the switcher goes to that language\'s home', async ({page}) => {
    await page.goto('/only/here');
    await hydrated(page);
    await switchTo(page, '简体中文', 'English');
    await expect(page).toHaveURL('/en_US/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});
