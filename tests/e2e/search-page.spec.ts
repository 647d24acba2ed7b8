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

for (const locale of ['zh', 'en'] as const) {
  const searchPath = localePath('/search', locale);
  const searching = locale === 'zh' ? '正在搜索…' : 'Searching…';

  test(`${locale}: "searching" shows only once the search has started, not during the pause after typing`, async ({page}) => {
    await page.clock.install();
    await page.goto(searchPath);
    await hydrated(page);
    // Holds the index back until released, so that a started search stays visibly under way.
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/pagefind/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.clock.pauseAt(Date.now() + 60_000);
    await box(page).fill('vmess');
    // Within the 500 ms pause nothing is searched, and nothing says so.
    await page.clock.runFor(490);
    await expect(page.getByText(searching)).toHaveCount(0);
    // The pause ends: the search starts and says so until it is answered.
    await page.clock.runFor(20);
    await expect(page.getByText(searching)).toBeVisible();
    release();
    await page.clock.resume();
    await expect(page.locator(`main ol a[href^="${localePath('/config/protocols/vmess', locale)}"]`).first()).toBeVisible({timeout: searchResultsMs});
    await expect(page.getByText(searching)).toHaveCount(0);
  });

  test(`${locale}: a query too long for an address is written capped into it, and still searched whole`, async ({page}) => {
    await page.goto(searchPath);
    await hydrated(page);
    await mark(page);
    const query = 'vmess '.repeat(1500).trim(); // 8999 characters: an address of 9 KB would be refused
    await box(page).fill(query);
    await expect(page).toHaveURL(/\?q=vmess/);
    const address = page.url();
    const inAddress = new URL(address).searchParams.get('q') ?? '';
    // At most 2048 address characters of it, the start of what was typed.
    expect(new URLSearchParams({q: inAddress}).toString().length - 2).toBeLessThanOrEqual(2048);
    expect(inAddress.length).toBeGreaterThan(1000);
    expect(query.startsWith(inAddress.trim())).toBe(true);
    // The box keeps the whole query and the search answers it; nothing is said about the cap.
    await expect(box(page)).toHaveValue(query);
    await expect(page.locator(`main ol a[href^="${localePath('/config/protocols/vmess', locale)}"]`).first()).toBeVisible({timeout: searchResultsMs});
    await expect(page.locator('main [role="alert"]')).toHaveCount(0);
    expect(await stayed(page)).toBe(true);
    // Enter with the same query leaves the address as it is.
    await box(page).press('Enter');
    expect(page.url()).toBe(address);
    await expect(box(page)).toHaveValue(query);
  });
}
