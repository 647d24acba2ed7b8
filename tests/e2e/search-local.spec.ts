import type {Page} from '@playwright/test';
import {test, expect, hydrated, addTextField, recordRequests, searchResultsMs} from './fixtures';

// The default build: the local Pagefind index (no search keys in the environment), shown in the
// DocSearch modal. Limits for a busy 2-core machine: a wait ends as soon as
// its condition holds.
test.describe.configure({timeout: 120_000});

const input = (page: Page) => page.locator('input.DocSearch-Input');
const hits = (page: Page) => page.locator('.DocSearch-Hit a');

async function openSearch(page: Page) {
  await page.getByRole('button', {name: /搜索|Search/}).first().click();
  await expect(input(page)).toBeFocused();
}

async function search(page: Page, query: string) {
  await openSearch(page);
  await input(page).fill(query);
  await expect(hits(page).first()).toBeVisible({timeout: searchResultsMs});
  return hits(page);
}

const pathAndHash = (url: string) => decodeURIComponent(new URL(url).pathname + new URL(url).hash);

for (const [start, query, expected] of [
  ['/guide/start', '路由', /^\/config\/routing$/],
  ['/guide/start', '负载均衡', /^\/config\/routing|^\/v5\/config\/router/],
  ['/guide/start', '反向代理', /^\/config\/reverse/],
  ['/guide/start', 'RuleObject', /^\/config\/routing/],
  ['/guide/start', 'vmess', /^\/config\/protocols\/vmess/],
  ['/v5/config/overview', 'vmess', /^\/v5\/config\/proxy\/vmess/],
  ['/en_US/guide/start', 'domainStrategy', /^\/en_US\/config\//],
  ['/en_US/guide/start', 'environment variables', /^\/en_US\/config\/env/],
  ['/en_US/guide/start', 'routing rules', /^\/en_US\/config\/routing/],
  ['/en_US/v5/config/overview', 'routing', /^\/en_US\/v5\/config\/router/],
] as const) {
  test(`local search for "${query}" from ${start}: Enter opens ${expected.source}`, async ({page}) => {
    await page.goto(start);
    await hydrated(page);
    await search(page, query);
    // The first result is preselected; Enter opens it.
    await page.keyboard.press('Enter');
    await expect.poll(() => pathAndHash(page.url())).toMatch(expected);
  });
}

test('a result shows the page title, the section and a snippet with the match marked', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  await search(page, 'balancerTag');
  // Results are grouped under their page's title; the page comes first, then its sections.
  const group = page.locator('.DocSearch-Hits').first();
  await expect(group.locator('.DocSearch-Hit-source')).toHaveText('路由');
  await expect(group.locator('.DocSearch-Hit a').first()).toHaveAttribute('href', '/config/routing');
  const section = group.locator('.DocSearch-Hit', {has: page.locator('a[href^="/config/routing#"]')}).first();
  await expect(section.locator('.DocSearch-Hit-title')).toHaveText(/\S/);
  await expect(group.locator('.DocSearch-Hit-path mark').first()).toHaveText(/balancerTag/i);
  // Local search is not by Algolia: no logo in the footer.
  await expect(page.locator('.DocSearch-Logo')).toBeHidden();
});

test('the index downloads only when the reader searches, in the page\'s language only', async ({page}) => {
  const pagefind: string[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/pagefind/')) pagefind.push(new URL(r.url()).pathname); });
  await page.goto('/en_US/config/overview');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(pagefind).toEqual([]);
  await search(page, 'routing');
  expect(pagefind.some((p) => /\/pagefind\/index\/en-us_/.test(p))).toBe(true);
  expect(pagefind.filter((p) => /zh-cn/.test(p))).toEqual([]);
});

test('local search makes no request to another host, and the page has no Algolia preconnect', async ({page, baseURL}) => {
  const requests = recordRequests(page, baseURL);
  await page.goto('/guide/start');
  await hydrated(page);
  expect(await page.locator('link[rel="preconnect"]').count()).toBe(0);
  await search(page, '路由');
  await page.waitForLoadState('networkidle');
  expect(requests.foreign).toEqual([]);
});

test('/ and Ctrl+K open search, but not while typing in a field', async ({page}) => {
  await page.goto('/config/overview');
  await hydrated(page);
  await page.keyboard.press('/');
  await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  await expect(input(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await expect(input(page)).toBeFocused();
  await page.keyboard.press('Escape');
  const field = await addTextField(page);
  await field.focus();
  await page.keyboard.press('/');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await expect(field).toHaveValue('/');
});

test('no results: the no-results screen with suggested queries, which search when chosen', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  await openSearch(page);
  await input(page).fill('龘龘龘');
  const screen = page.locator('.DocSearch-Dropdown:not([data-search-pending]) .DocSearch-NoResults');
  await expect(screen).toContainText('没有结果');
  await screen.getByRole('button', {name: '路由'}).click();
  await expect(input(page)).toHaveValue('路由');
  await expect(hits(page).first()).toHaveAttribute('href', '/config/routing');
});

// The modal and the search page, offline: the failed requests of the index are the only console
// errors these tests allow.
test.describe('when the index cannot be loaded', () => {
  test.use({allowedConsoleErrors: [/ERR_FAILED|Failed to fetch|pagefind|ERR_CONNECTION_REFUSED/i]});

  test('the modal shows the error screen, and search works once the index is reachable again', async ({page}) => {
    await page.route('**/pagefind/**', (route) => route.abort('connectionrefused'));
    await page.goto('/guide/start');
    await hydrated(page);
    await openSearch(page);
    await input(page).fill('routing');
    await expect(page.getByRole('alert')).toContainText('无法获取结果', {timeout: searchResultsMs});
    await page.unroute('**/pagefind/**');
    await input(page).fill('RuleObject');
    await expect(hits(page).first()).toBeVisible({timeout: searchResultsMs});
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the search page gets a clear message', async ({page}) => {
    await page.route('**/pagefind/**', (route) => route.abort('connectionrefused'));
    await page.goto('/search?q=routing');
    await hydrated(page);
    await expect(page.getByRole('alert')).toContainText('无法获取结果');
  });
});

// Results are links: a plain click opens the result in the app; Ctrl-click and the middle button
// open a new tab and leave this one where it was.
test.describe('local search results are links', () => {
  test('a plain click opens the section in the app, without reloading the site', async ({page}) => {
    await page.goto('/guide/start');
    await hydrated(page);
    await search(page, 'RuleObject');
    const link = page.locator('.DocSearch-Hit a[href="/config/routing#ruleobject"]');
    await expect(link).toBeVisible();
    await page.evaluate(() => { (window as unknown as {stayed: boolean}).stayed = true; });
    await link.click();
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
      await search(page, 'RuleObject');
      const link = page.locator('.DocSearch-Hit a[href="/en_US/config/routing#ruleobject"]');
      await expect(link).toBeVisible();
      const opened = context.waitForEvent('page');
      await link.click(click);
      const tab = await opened;
      await tab.waitForLoadState('domcontentloaded');
      expect(pathAndHash(tab.url())).toBe('/en_US/config/routing#ruleobject');
      await expect(page).toHaveURL(/\/en_US\/guide\/start$/);
      await tab.close();
    });
  }
});

test.describe('the search page', () => {
  test('/search?q= lists every result as a link, and typing updates the address', async ({page}) => {
    await page.goto('/search?q=RuleObject');
    await hydrated(page);
    const results = page.locator('main ol li a');
    await expect(results.first()).toBeVisible({timeout: searchResultsMs});
    await expect(page.locator('main ol a[href="/config/routing#ruleobject"]')).toBeVisible();
    await expect(page.locator('main ol mark').first()).toBeVisible();
    const box = page.getByRole('searchbox');
    await box.fill('负载均衡');
    await expect(page).toHaveURL(/\/search\?q=%E8%B4%9F%E8%BD%BD%E5%9D%87%E8%A1%A1$/);
    await expect(page.locator('main ol a[href^="/config/routing"]').first()).toBeVisible();
    await page.locator('main ol a[href^="/config/routing"]').first().click();
    await expect(page.locator('article h1')).toHaveText('路由');
  });

  test('the English search page searches the English index and says when nothing matches', async ({page}) => {
    await page.goto('/en_US/search?q=sniffing');
    await hydrated(page);
    await expect(page.locator('main ol a[href^="/en_US/config/inbounds"]').first()).toBeVisible({timeout: searchResultsMs});
    await page.getByRole('searchbox').fill('龘龘龘');
    await expect(page.getByText('No results for "龘龘龘".')).toBeVisible();
  });
});

test('the stylesheet every page waits for has no search modal styles; they come with the modal', async ({page, request}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  const sheets = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(sheets.length).toBeGreaterThan(0);
  for (const sheet of sheets) expect(await (await request.get(sheet)).text()).not.toContain('.DocSearch-Modal');
  await search(page, 'vmess');
  await expect(page.locator('link[rel="stylesheet"][href$="/assets/css/docsearch-modal.css"]')).toHaveCount(1);
  // Styled: the modal is a box over the page, not text in the flow.
  await expect(page.locator('.DocSearch-Container')).toHaveCSS('position', 'fixed');
});

test('the arrow keys move through the results, and Enter opens the chosen one', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  await search(page, 'RuleObject');
  const options = page.getByRole('option');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  const second = await options.nth(1).getAttribute('href');
  expect(second).toMatch(/^\//);
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(input(page)).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect.poll(() => pathAndHash(page.url())).toBe(decodeURIComponent(second!));
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
});

// A first query downloads the fragment (the page's text, for its snippets) of the pages
// in view only; the others load as the list is scrolled or the arrow keys reach its end.
test('a listed page\'s fragment downloads only when its place in the list comes into view', async ({page}) => {
  const fragments: string[] = [];
  page.on('requestfinished', (r) => { if (new URL(r.url()).pathname.startsWith('/pagefind/fragment/')) fragments.push(r.url()); });
  await page.goto('/guide/start');
  await hydrated(page);
  await search(page, '路由');
  // One hit per listed page has the page's own address (no #).
  const groups = page.locator('.DocSearch-Hit a:not([href*="#"])');
  const more = page.locator('[data-search-more]');
  await expect(more).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const shown = await groups.count();
  expect(shown).toBeLessThan(6);
  expect(fragments.length).toBe(shown);
  // Moving down the list with the arrow keys brings the next pages (the chosen hit is scrolled into
  // view, and past the last one the next page loads).
  await expect.poll(async () => {
    await page.keyboard.press('ArrowDown');
    return groups.count();
  }, {timeout: searchResultsMs}).toBeGreaterThan(shown);
  // Scrolled to its end, the list shows all six pages, each with its own fragment.
  await expect.poll(async () => {
    if (await more.count()) await more.scrollIntoViewIfNeeded({timeout: 5_000}).catch(() => {});
    return groups.count();
  }, {timeout: searchResultsMs}).toBe(6);
  await expect(more).toHaveCount(0);
  expect(new Set(fragments).size).toBe(6);
});
