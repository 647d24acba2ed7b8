import {test, expect, hydrated, addTextField, searchResultsMs} from '../fixtures';
import {fakeAlgolia, type Behaviour, type FakeHit} from './fake-algolia';

// These run against the build made with DOCSEARCH_APP_ID/DOCSEARCH_API_KEY (npm run build:docsearch),
// with every Algolia request answered by fakeAlgolia.

const routingHits = (): FakeHit[] => [
  {url: 'https://www.v2fly.org/config/routing.html#ruleobject', lvl0: '通用配置', lvl1: '路由', lvl2: 'RuleObject'},
];

async function openSearch(page: import('@playwright/test').Page) {
  await page.getByRole('button', {name: /搜索|Search/}).first().click();
  const input = page.getByRole('searchbox').or(page.locator('input.DocSearch-Input'));
  await expect(input.first()).toBeFocused();
  return input.first();
}

test('typing a word sends one query, after the 500 ms pause', async ({page}) => {
  const seen = await fakeAlgolia(page, {hits: routingHits});
  await page.goto('/config/overview');
  await hydrated(page);
  const input = await openSearch(page);
  await input.pressSequentially('routing', {delay: 60});
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await page.waitForTimeout(700);
  expect(seen.filter((r) => r.query !== '').map((r) => r.query)).toEqual(['routing']);
});

test('queries are filtered by the page language and cover v4 and v5 docs', async ({page}) => {
  const seen = await fakeAlgolia(page, {hits: routingHits});
  await page.goto('/config/overview');
  await hydrated(page);
  await (await openSearch(page)).fill('vmess');
  await expect.poll(() => seen.length).toBeGreaterThan(0);
  const zh = JSON.stringify(seen.at(-1)?.facetFilters);
  expect(zh).toContain('language:zh-CN');
  expect(zh).not.toContain('language:en');
  expect(zh).toContain('docusaurus_tag:docs-default-current');
  expect(zh).toContain('docusaurus_tag:docs-v5-current');
  expect(seen.at(-1)?.indexName).toBe('v2fly');

  const seenEn = await fakeAlgolia(page, {hits: routingHits});
  await page.goto('/en_US/config/overview');
  await hydrated(page);
  await (await openSearch(page)).fill('vmess');
  await expect.poll(() => seenEn.length).toBeGreaterThan(0);
  const en = JSON.stringify(seenEn.at(-1)?.facetFilters);
  expect(en).toContain('language:en');
  expect(en).not.toContain('language:zh-CN');
});

test('absolute result URLs become site-relative and Enter opens the result', async ({page}) => {
  await fakeAlgolia(page, {hits: routingHits});
  await page.goto('/config/overview');
  await hydrated(page);
  await (await openSearch(page)).fill('RuleObject');
  const hit = page.locator('.DocSearch-Hit a').first();
  await expect(hit).toHaveAttribute('href', '/config/routing#ruleobject');
  await expect(hit).toContainText('RuleObject');
  await expect(hit).toContainText('路由');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/config/routing#ruleobject');
  await expect(page.locator('article h1')).toHaveText('路由');
});

// When the hosted service is blocked, failing or slower than 2 s, the same box answers
// from the local index and says so in one line; the next query that the service answers in time
// brings hosted results back.
const hostedHits = (): FakeHit[] => [
  {url: 'https://www.v2fly.org/config/dns.html#hosted', lvl0: '通用配置', lvl1: 'HOSTED-RESULT'},
];
const offlineLine = (page: import('@playwright/test').Page) => page.getByRole('status').filter({hasText: '当前显示离线搜索结果'});

test.describe('when the search service is unreachable', () => {
  // The refused connections and HTTP errors themselves are reported on the console.
  test.use({allowedConsoleErrors: [/ERR_CONNECTION_REFUSED|status of 500|ERR_FAILED/]});

  const cases: [string, Behaviour][] = [
    ['blocked (connection refused)', {fail: true, hits: hostedHits}],
    ['failing (HTTP 500)', {status: 500, hits: hostedHits}],
    ['slow (3 s)', {delayMs: 3_000, hits: hostedHits}],
  ];
  for (const [how, behaviour] of cases) {
    test(`a ${how} service: the local index answers, and says so`, async ({page}) => {
      const seen = await fakeAlgolia(page, behaviour);
      await page.goto('/config/overview');
      await hydrated(page);
      await (await openSearch(page)).fill('RuleObject');
      await expect(page.locator('.DocSearch-Hit a[href="/config/routing#ruleobject"]')).toBeVisible({timeout: searchResultsMs});
      await expect(offlineLine(page)).toBeVisible();
      await expect(page.getByText('HOSTED-RESULT')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(seen.some((r) => r.query === 'RuleObject'), 'the hosted service was asked first').toBe(true);
    });
  }

  test('search goes back to the hosted service when it answers again', async ({page}) => {
    const behaviour: Behaviour = {fail: true, hits: hostedHits};
    await fakeAlgolia(page, behaviour);
    await page.goto('/config/overview');
    await hydrated(page);
    const input = await openSearch(page);
    await input.fill('RuleObject');
    await expect(offlineLine(page)).toBeVisible({timeout: searchResultsMs});
    behaviour.fail = false;
    await input.fill('dns');
    await expect(page.getByText('HOSTED-RESULT')).toBeVisible();
    await expect(offlineLine(page)).toHaveCount(0);
  });

  test('the English site says "Showing offline results"', async ({page}) => {
    await fakeAlgolia(page, {status: 500});
    await page.goto('/en_US/config/overview');
    await hydrated(page);
    await (await openSearch(page)).fill('RuleObject');
    await expect(page.locator('.DocSearch-Hit a[href="/en_US/config/routing#ruleobject"]')).toBeVisible({timeout: searchResultsMs});
    await expect(page.getByRole('status').filter({hasText: 'Showing offline results'})).toBeVisible();
  });

  test('with the local index unreachable too, the error screen', async ({page}) => {
    await fakeAlgolia(page, {fail: true});
    await page.route('**/pagefind/**', (route) => route.abort('connectionrefused'));
    await page.goto('/config/overview');
    await hydrated(page);
    await (await openSearch(page)).fill('routing');
    await expect(page.getByRole('alert')).toContainText('无法获取结果', {timeout: searchResultsMs});
    await expect(page.getByRole('alert')).toContainText('检查网络连接');
    await expect(page.getByText('没有结果')).toBeHidden();
  });
});

test('nothing of the local index loads while the hosted service answers', async ({page}) => {
  const pagefind: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/pagefind/')) pagefind.push(r.url()); });
  await fakeAlgolia(page, {hits: routingHits});
  await page.goto('/config/overview');
  await hydrated(page);
  await (await openSearch(page)).fill('RuleObject');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  expect(pagefind).toEqual([]);
  await expect(offlineLine(page)).toHaveCount(0);
});

test('no results offer suggested queries and a link to report missing content', async ({page}) => {
  const seen = await fakeAlgolia(page, {hits: (q) => (q === 'vmess' ? routingHits() : [])});
  await page.goto('/config/overview');
  await hydrated(page);
  const input = await openSearch(page);
  await input.fill('vmess');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await input.fill('zzzqqq');
  const screen = page.locator('.DocSearch-NoResults');
  await expect(screen).toContainText('没有结果');
  await expect(screen.getByRole('link', {name: /请告知我们/})).toHaveAttribute(
    'href', 'https://github.com/v2fly/v2fly-github-io/issues/new?title=Search%3A%20zzzqqq');
  await screen.getByRole('button', {name: '路由'}).click();
  await expect(page.locator('input.DocSearch-Input')).toHaveValue('路由');
  await expect.poll(() => seen.at(-1)?.query).toBe('路由');
});

test('the search code loads only when the reader opens search', async ({page}) => {
  const scripts: string[] = [];
  const algolia: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
    if (/algolia/.test(r.url())) algolia.push(r.url());
  });
  await fakeAlgolia(page, {hits: routingHits});
  await page.goto('/config/overview');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const atLoad = scripts.length;
  expect(await page.locator('.DocSearch-Modal').count()).toBe(0);
  expect(algolia).toEqual([]);
  await openSearch(page);
  await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(atLoad);
});

test('/ and Ctrl+K open search, but not while typing in a field', async ({page}) => {
  await fakeAlgolia(page, {hits: routingHits});
  await page.goto('/config/overview');
  await hydrated(page);
  await page.keyboard.press('/');
  await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  await page.keyboard.press('Escape');
  const field = await addTextField(page);
  await field.focus();
  await page.keyboard.press('/');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await expect(field).toHaveValue('/');
});
