import {test, expect, hydrated, localePath, searchResultsMs} from '../fixtures';
import {followAll, followMissingResultsLink, followSeeAll, linkQueries, noResultsScreen, openSearch, searchInput as input, shownHrefs} from '../search-links';
import {fakeAlgolia} from './fake-algolia';

// Every link DocSearch's modal shows leads to a real page, with the hosted service
// blocked so that the local index answers (the fallback), in both languages.
test.describe.configure({timeout: 240_000});
// The refused connections to the blocked service are reported on the console.
test.use({allowedConsoleErrors: [/ERR_CONNECTION_REFUSED|ERR_FAILED/]});

const offline = (page: import('@playwright/test').Page) => page.getByRole('status').filter({hasText: /当前显示离线搜索结果|Showing offline results/});

for (const locale of ['zh', 'en'] as const) {
  const {found, nothing} = linkQueries[locale];

  test(`hosted search, service blocked (${locale}): every result link opens a real page and section`, async ({page, context}) => {
    await fakeAlgolia(page, {fail: true});
    await page.goto(localePath('/guide/start', locale));
    await hydrated(page);
    await openSearch(page);
    const hrefs: string[] = [];
    for (const query of found) {
      await input(page).fill(query);
      await expect(page.locator(`.DocSearch-Hit a[href^="${locale === 'en' ? '/en_US/' : '/'}"]`).first()).toBeVisible({timeout: searchResultsMs});
      // The list of this query, not the one before it: the pending mark is gone.
      await expect(page.locator('.DocSearch-Dropdown[data-search-pending]')).toHaveCount(0, {timeout: searchResultsMs});
      hrefs.push(...await shownHrefs(page));
    }
    await expect(offline(page)).toBeVisible();
    expect(hrefs.length).toBeGreaterThan(4);
    await followAll(context, [...new Set(hrefs)]);
  });

  test(`hosted search, service blocked (${locale}): "see all results" opens the search page with the query`, async ({page}) => {
    await fakeAlgolia(page, {fail: true});
    await page.goto(localePath('/config/overview', locale));
    await hydrated(page);
    await openSearch(page);
    await input(page).fill(found[0]!);
    await shownHrefs(page);
    await expect(offline(page)).toBeVisible();
    await followSeeAll(page, page.locator('.DocSearch-HitsFooter a'), found[0]!, locale);
  });

  test(`hosted search, service blocked (${locale}): the no-results help link opens the issue form`, async ({page, context}) => {
    await fakeAlgolia(page, {fail: true});
    const screen = await noResultsScreen(page, '/guide/start', locale, nothing);
    await followMissingResultsLink(page, context, screen.locator('.DocSearch-Help a'), nothing);
  });
}
