import type {Page} from '@playwright/test';
import {test, expect, hydrated, addTextField, recordRequests, recordScripts} from './fixtures';

// The default build: the local index (no search keys in the environment).
// Two minutes a test: most load a whole index on a machine that may be busy (issue 21).
test.describe.configure({timeout: 120_000});

const searchBox = (page: Page) => page.getByRole('combobox').or(page.locator('input.navbar__search-input')).first();

async function search(page: Page, query: string) {
  await searchBox(page).fill(query);
  const results = page.getByRole('listbox').getByRole('option');
  // The first search downloads and parses the language's whole index (about 1 MB): on a busy
  // 2-core machine that took over 15 s (issue 21). The wait ends as soon as a result shows.
  await expect(results.first()).toBeVisible({timeout: 60_000});
  return results;
}

for (const [start, query, expected] of [
  ['/guide/start', '路由', /^\/config\/routing/],
  ['/guide/start', '负载均衡', /^\/config\/routing|^\/v5\/config\/router/],
  ['/guide/start', 'RuleObject', /^\/config\/routing#ruleobject/],
  ['/guide/start', 'vmess', /\/protocols\/vmess|\/proxy\/vmess/],
  ['/en_US/guide/start', 'domainStrategy', /^\/en_US\/config\/.*#domainstrategy$|^\/en_US\/config\/routing/],
  ['/en_US/guide/start', 'RuleObject', /^\/en_US\/config\/routing#ruleobject/],
  ['/en_US/guide/start', 'load balancing', /^\/en_US\/config\/routing|^\/en_US\/v5\/config\/router/],
] as const) {
  test(`local search for "${query}" from ${start} finds ${expected.source}`, async ({page}) => {
    await page.goto(start);
    await hydrated(page);
    await search(page, query);
    // The first result is preselected; Enter opens it.
    await page.keyboard.press('Enter');
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname + new URL(page.url()).hash)).toMatch(expected);
  });
}

test('local results show the page title and the matched heading, and Enter opens the first', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  const results = await search(page, 'RuleObject');
  await expect(results.first()).toContainText('RuleObject');
  await expect(results.first()).toContainText('路由');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/config\/routing#ruleobject$/);
  await expect(page.locator('article h1')).toHaveText('路由');
});

test('the local index of a language downloads only when the reader starts a search', async ({page}) => {
  const indexRequests: string[] = [];
  page.on('request', (r) => { if (/search-index.*\.json/.test(r.url())) indexRequests.push(new URL(r.url()).pathname); });
  await page.goto('/en_US/config/overview');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(indexRequests).toEqual([]);
  await searchBox(page).focus();
  await expect.poll(() => indexRequests.length).toBeGreaterThan(0);
  expect(indexRequests.every((p) => p.startsWith('/en_US/'))).toBe(true);
});

test('the search engine (lunr) is not part of a page load; it comes with the first search', async ({page}) => {
  const scripts = recordScripts(page);
  // A message only lunr.js contains (lunr.Pipeline.registerFunction).
  const lunr = () => scripts.containing('Overwriting existing registered function');
  await page.goto('/config/routing');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.count()).toBeGreaterThan(0);
  expect(await lunr()).toEqual([]);
  await search(page, 'vmess');
  await expect.poll(async () => (await lunr()).length).toBeGreaterThan(0);
});

test('local search makes no request to another host', async ({page, baseURL}) => {
  const requests = recordRequests(page, baseURL);
  await page.goto('/guide/start');
  await hydrated(page);
  await search(page, '路由');
  expect(requests.foreign).toEqual([]);
});

test('/ and Ctrl+K focus the local search box, but not while typing in a field', async ({page}) => {
  await page.goto('/config/overview');
  await hydrated(page);
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  // Let the index finish loading: the plugin (0.55.3) focuses its box again once it has, even if
  // the reader has moved on meanwhile, which would race with the checks below.
  await search(page, 'vmess');
  await searchBox(page).fill('');
  await page.keyboard.press('Escape');
  await page.locator('article h1').click();
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
  // Leave the search box for good (its suggestions closed) before typing elsewhere.
  await page.keyboard.press('Escape');
  await page.locator('article h1').click();
  await expect(searchBox(page)).not.toBeFocused();
  const field = await addTextField(page);
  await field.focus();
  await page.keyboard.press('/');
  await expect(field).toHaveValue('/');
  await expect(field).toBeFocused();
  await expect(searchBox(page)).not.toBeFocused();
});

// Issue 19: results are links. Each result carries the address Enter opens; a plain click opens it
// in this tab without reloading the site; Ctrl-click and the middle button open a new tab and
// leave this one where it was.
test.describe('local search results are links', () => {
  test('each result links to its page and section, and a plain click opens it in the app', async ({page}) => {
    await page.goto('/guide/start');
    await hydrated(page);
    const results = await search(page, 'RuleObject');
    const links = results.locator('a.search-result-link');
    await expect(links.first()).toHaveAttribute('href', '/config/routing#ruleobject');
    expect(await links.count()).toBe(await results.count());
    // A marker on window survives an in-app navigation and dies with a reload.
    await page.evaluate(() => { (window as unknown as {stayed: boolean}).stayed = true; });
    await links.first().click();
    await expect(page).toHaveURL(/\/config\/routing#ruleobject$/);
    await expect(page.locator('article h1')).toHaveText('路由');
    expect(await page.evaluate(() => (window as unknown as {stayed?: boolean}).stayed)).toBe(true);
  });

  const clicks: [string, Parameters<import('@playwright/test').Locator['click']>[0]][] = [
    ['Ctrl-click', {modifiers: ['ControlOrMeta']}],
    ['a middle click', {button: 'middle'}],
  ];
  for (const [how, click] of clicks) {
    test(`${how} opens the result in a new tab and leaves this one as it was`, async ({page, context}) => {
      await page.goto('/en_US/guide/start');
      await hydrated(page);
      const results = await search(page, 'RuleObject');
      const link = results.locator('a.search-result-link').first();
      await expect(link).toHaveAttribute('href', '/en_US/config/routing#ruleobject');
      const opened = context.waitForEvent('page');
      await link.click(click);
      const tab = await opened;
      await tab.waitForLoadState('domcontentloaded');
      expect(new URL(tab.url()).pathname + new URL(tab.url()).hash).toBe('/en_US/config/routing#ruleobject');
      await expect(page).toHaveURL(/\/en_US\/guide\/start$/);
      await tab.close();
    });
  }
});
