import {test, expect, hydrated, localePath, searchResultsMs} from './fixtures';
import {followAll, followMissingResultsLink, followSeeAll, linkQueries, noResultsScreen, openSearch, searchInput as input, shownHrefs} from './search-links';
import {showAll} from '../../scripts/search/relevanceCore.cjs';

// Every link the local search modal shows leads to a real page (the "see all results"
// link went to /false?q=…, a 404), in both languages. The hosted mode's links, answered by the
// local index when the service is blocked, are checked in docsearch/search-links.spec.ts.
test.describe.configure({timeout: 240_000});


for (const locale of ['zh', 'en'] as const) {
  const {found, nothing} = linkQueries[locale];

  test(`local search (${locale}): every result link opens a real page and section`, async ({page, context}) => {
    await page.goto(localePath('/guide/start', locale));
    await hydrated(page);
    await openSearch(page);
    const hrefs: string[] = [];
    for (const query of found) {
      await input(page).fill(query);
      await expect(page.locator('.DocSearch-Dropdown[data-search-pending]')).toHaveCount(0, {timeout: searchResultsMs});
      // Every listed page: each loads as its place in the list comes into view.
      await shownHrefs(page);
      await showAll(page);
      hrefs.push(...await shownHrefs(page));
    }
    expect(hrefs.length).toBeGreaterThan(4);
    await followAll(context, [...new Set(hrefs)]);
  });

  test(`local search (${locale}): "see all results" opens the search page with the query`, async ({page}) => {
    await page.goto(localePath('/config/overview', locale));
    await hydrated(page);
    await openSearch(page);
    await input(page).fill(found[0]!);
    await shownHrefs(page);
    await followSeeAll(page, page.getByRole('link', {name: locale === 'en' ? 'See all results' : '查看全部结果'}), found[0]!, locale);
  });

  test(`local search (${locale}): the no-results help link opens the issue form`, async ({page, context}) => {
    const screen = await noResultsScreen(page, '/guide/start', locale, nothing);
    await followMissingResultsLink(page, context, screen.getByRole('link'), nothing);
  });
}
