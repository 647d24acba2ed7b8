import type {Page} from '@playwright/test';
import {test, expect, hydrated, localePath, searchResultsMs} from './fixtures';

// The search page (src/pages/search.tsx): Enter in its box, and the browser's back and forward
// buttons bringing back the query and its results, in both languages. Listing results, typing and
// the offline message are in search-local.spec.ts. Waits end as soon as their condition holds.
test.describe.configure({timeout: 120_000});

const box = (page: Page) => page.locator('main').getByRole('searchbox');

/** Marks the window, to tell later whether the page was reloaded (the mark is then gone). */
const mark = (page: Page) => page.evaluate(() => { (window as unknown as {stayed: boolean}).stayed = true; });
const stayed = (page: Page) => page.evaluate(() => (window as unknown as {stayed?: boolean}).stayed === true);

for (const locale of ['zh', 'en'] as const) {
  const searchPath = localePath('/search', locale);
  const doc = (path: string) => `main ol a[href^="${localePath(path, locale)}"]`;

  test(`${locale}: Enter searches at once, without waiting for the pause in typing`, async ({page}) => {
    await page.clock.install();
    await page.goto(searchPath);
    await hydrated(page);
    await mark(page);
    // From now on no timer fires until the clock is resumed: not the pause after typing either,
    // so only Enter can put the query into the address.
    await page.clock.pauseAt(Date.now() + 60_000);
    await box(page).fill('  RuleObject  ');
    await box(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`${searchPath}\\?q=RuleObject$`));
    // The form was not sent to the server: the same page, not a reload.
    expect(await stayed(page)).toBe(true);
    await page.clock.resume();
    await expect(page.locator(`${doc('/config/routing')}`).first()).toBeVisible({timeout: searchResultsMs});
    await expect(box(page)).toBeFocused();
  });

  test(`${locale}: back and forward bring back each query with its results`, async ({page}) => {
    await page.goto(`${searchPath}?q=vmess`);
    await hydrated(page);
    await expect(page.locator(doc('/config/protocols/vmess')).first()).toBeVisible({timeout: searchResultsMs});
    await mark(page);
    // A second address of the search page opened inside the app, as the modal's "see all
    // results" link does: a new history entry on the same page, which only the router hears of.
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `${searchPath}?q=RuleObject`);
    const ruleObject = page.locator(`main ol a[href="${localePath('/config/routing', locale)}#ruleobject"]`);
    const showsVmess = async () => {
      await expect(page).toHaveURL(new RegExp(`${searchPath}\\?q=vmess$`));
      await expect(box(page)).toHaveValue('vmess');
      await expect(page.locator(doc('/config/protocols/vmess')).first()).toBeVisible({timeout: searchResultsMs});
      await expect(ruleObject).toHaveCount(0);
    };
    const showsRuleObject = async () => {
      await expect(page).toHaveURL(new RegExp(`${searchPath}\\?q=RuleObject$`));
      await expect(box(page)).toHaveValue('RuleObject');
      await expect(ruleObject).toBeVisible({timeout: searchResultsMs});
    };
    await showsRuleObject();
    await page.goBack();
    await showsVmess();
    await page.goForward();
    await showsRuleObject();
    // Out to a result and back again.
    await ruleObject.click();
    await expect(page).toHaveURL(new RegExp(`${localePath('/config/routing', locale)}#ruleobject$`));
    await expect(page.locator('article h1')).toBeVisible();
    await page.goBack();
    await showsRuleObject();
    await page.goBack();
    await showsVmess();
    // All of it inside the app: the page never reloaded.
    expect(await stayed(page)).toBe(true);
    // A query typed in the box replaces the entry rather than adding one: back leaves the page.
    await box(page).fill('routing');
    await expect(page).toHaveURL(new RegExp(`${searchPath}\\?q=routing$`));
    await page.goForward();
    await showsRuleObject();
  });
}
