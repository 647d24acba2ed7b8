import type {Page} from '@playwright/test';
import {test, expect, hydrated} from './fixtures';

// A hash a reader can type is not always valid percent-encoding. `#100%` or `#%` made
// decodeURIComponent throw in our client modules, and the page crashed ("This page crashed",
// URI malformed). Any hash must leave the page working: it renders, and links still navigate.

const addresses = ['/config/routing#100%', '/#%', '/guide/start#%E0%A4%A', '/en_US/config/routing#%zz%'];

/** The page is not the crash screen, and a navbar link still leads to another page. */
async function stillWorks(page: Page, tools: string): Promise<void> {
  await expect(page.getByText(/This page crashed|页面已崩溃/)).toHaveCount(0);
  await page.getByRole('link', {name: tools, exact: true}).first().click();
  await expect(page).toHaveURL(/\/awesome\/tools$/);
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.getByText(/This page crashed|页面已崩溃/)).toHaveCount(0);
}

const toolsLink = (path: string) => (path.startsWith('/en_US/') ? 'Tools' : '工具列表');

for (const address of addresses) {
  test(`opening ${address} renders the page, and it still navigates`, async ({page}) => {
    await page.goto(address);
    await hydrated(page);
    await expect(page.getByRole('main').first()).toBeVisible();
    await expect(page.getByRole('banner').or(page.getByRole('navigation')).first()).toBeVisible();
    await stillWorks(page, toolsLink(address));
  });
}

test('typing a malformed hash into the address of an open page leaves it working', async ({page}) => {
  await page.goto('/config/routing');
  await hydrated(page);
  // Same-document navigation, as when the reader edits only the hash in the address bar.
  await page.goto('/config/routing#100%');
  await expect(page).toHaveURL(/#100%(25)?$/);
  await expect(page.getByRole('heading', {name: 'RuleObject', level: 2})).toBeVisible();
  await page.evaluate(() => { window.location.hash = '%E0%A4%A'; });
  await expect(page.getByRole('heading', {name: 'RuleObject', level: 2})).toBeVisible();
  await stillWorks(page, '工具列表');
});

test('scrolling after opening a malformed hash moves the address to the heading in view', async ({page}) => {
  await page.goto('/config/routing#100%');
  await hydrated(page);
  await page.evaluate(() => document.getElementById('ruleobject')?.scrollIntoView({behavior: 'instant'}));
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#ruleobject');
});
