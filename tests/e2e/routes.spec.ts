import type {Page} from '@playwright/test';
import {test, expect, hydrated, docPages, localePath, type Locale} from './fixtures';

const langs: Record<Locale, string> = {zh: 'zh-CN', en: 'en-US'};

/**
 * Records, from before the first script runs, whether the page ever showed the 404 heading or
 * lost its article after showing it: the two flashes an .html address caused (probe §2).
 */
async function watchForFlashes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as {__flash: string[]};
    w.__flash = [];
    let hadArticle = false;
    const check = () => {
      const article = document.querySelector('article');
      if (article) hadArticle = true;
      else if (hadArticle) w.__flash.push('article vanished');
      const h1 = document.querySelector('h1');
      if (h1?.textContent?.trim() === '404') w.__flash.push('404 heading shown');
    };
    new MutationObserver(check).observe(document, {childList: true, subtree: true});
  });
}

for (const locale of ['zh', 'en'] as const) {
  for (const doc of docPages) {
    test(`${locale} ${doc.path} loads with and without .html`, async ({page}) => {
      await watchForFlashes(page);
      for (const address of [`${localePath(doc.path, locale)}.html`, localePath(doc.path, locale)]) {
        const response = await page.goto(address);
        expect(response?.status(), address).toBe(200);
        await hydrated(page);
        await expect(page.locator('html')).toHaveAttribute('lang', langs[locale]);
        await expect(page.locator('article h1').first()).toHaveText(doc[locale]);
        await expect(page).toHaveTitle(new RegExp(`^${doc[locale].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));
        // The .html address is shown without the extension once the page is up.
        expect(new URL(page.url()).pathname).toBe(localePath(doc.path, locale));
        expect(await page.evaluate(() => (window as unknown as {__flash: string[]}).__flash)).toEqual([]);
      }
    });
  }
}

test('the home pages are / and /en_US/', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', {level: 1, name: 'Project V'})).toBeVisible();
  await page.goto('/en_US/');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', {level: 1, name: 'Project V'})).toBeVisible();
});

test('an address with #anchor scrolls to that heading', async ({page}) => {
  await page.goto('/config/routing.html#ruleobject');
  await hydrated(page);
  const heading = page.locator('#ruleobject');
  await expect(heading).toBeInViewport();
  expect(new URL(page.url()).hash).toBe('#ruleobject');
});

test('an English address with #anchor scrolls to that heading', async ({page}) => {
  await page.goto('/en_US/config/inbounds.html#inboundobject');
  await hydrated(page);
  await expect(page.locator('#inboundobject')).toBeInViewport();
});
