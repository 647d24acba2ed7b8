import type {BrowserContext, Locator, Page} from '@playwright/test';
import {expect, hydrated, localePath, searchResultsMs, type Locale} from './fixtures';

/**
 * Every link the search modal shows leads to a real page. Shared by the local-search spec
 * (search-links.spec.ts) and the hosted-search spec with its local fallback (docsearch/).
 */

/** Queries whose results are followed, with a query that finds nothing, per language. */
export const linkQueries: Record<Locale, {found: string[]; nothing: string}> = {
  zh: {found: ['路由', 'RuleObject'], nothing: '龘龘龘'},
  en: {found: ['routing rules', 'sniffing'], nothing: '龘龘龘'},
};

/** Headings of the 404 page in both languages (src/theme/NotFound/Content). */
const notFound = /^404$|找不到页面|Page Not Found/;

/** The search box of the open modal (local modal and DocSearch's draw the same markup). */
export const searchInput = (page: Page): Locator => page.locator('input.DocSearch-Input');

/** Opens the search modal from the navbar's button and waits for its box to take the focus. */
export async function openSearch(page: Page): Promise<void> {
  await page.getByRole('button', {name: /搜索|Search/}).first().click();
  await expect(searchInput(page)).toBeFocused();
}

/**
 * Opens `path` in the reader's language, searches `query` (one that finds nothing) and waits for
 * the answered "no results" screen, which it returns.
 */
export async function noResultsScreen(page: Page, path: string, locale: Locale, query: string): Promise<Locator> {
  await page.goto(localePath(path, locale));
  await hydrated(page);
  await openSearch(page);
  await searchInput(page).fill(query);
  const screen = page.locator('.DocSearch-Dropdown:not([data-search-pending]) .DocSearch-NoResults');
  await expect(screen).toBeVisible({timeout: searchResultsMs});
  return screen;
}

/** The result links in the open modal (local modal and DocSearch's draw the same markup). */
export const resultLinks = (page: Page): Locator => page.locator('.DocSearch-Hit a');

/**
 * Opens every address in a fresh tab of the same browser, straight from the server: the document
 * answers 200, is not the 404 page, and holds the element its #fragment names.
 */
export async function followAll(context: BrowserContext, hrefs: string[]): Promise<void> {
  const byPage = new Map<string, Set<string>>();
  for (const href of hrefs) {
    const [path, hash = ''] = href.split('#');
    expect(path, `${href} is a path on this site`).toMatch(/^\/(?!\/)/);
    if (!byPage.has(path!)) byPage.set(path!, new Set());
    if (hash) byPage.get(path!)!.add(decodeURIComponent(hash));
  }
  const tab = await context.newPage();
  try {
    for (const [path, ids] of byPage) {
      const response = await tab.goto(path);
      expect(response?.status(), `${path} answers 200`).toBe(200);
      await hydrated(tab);
      await expect(tab.getByRole('heading', {level: 1}).first(), `${path} is not the 404 page`).not.toHaveText(notFound);
      for (const id of ids) {
        expect(await tab.evaluate((x) => document.getElementById(x) !== null, id), `${path}#${id} exists`).toBe(true);
      }
    }
  } finally {
    await tab.close();
  }
}

/** The hrefs of the result links now shown, once there is at least one. */
export async function shownHrefs(page: Page): Promise<string[]> {
  await expect(resultLinks(page).first()).toBeVisible({timeout: 60_000});
  return resultLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/**
 * Clicks the "see all results" link and checks where it leads, in the app (client-side routing
 * renders the 404 page for an unknown address without asking the server): the search page of the
 * same language, with the query in the box and its results listed.
 */
export async function followSeeAll(page: Page, seeAll: Locator, query: string, locale: Locale): Promise<void> {
  const prefix = locale === 'en' ? '/en_US' : '';
  await expect(seeAll).toHaveAttribute('href', `${prefix}/search?q=${encodeURIComponent(query)}`);
  await seeAll.click();
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/search`);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(locale === 'en' ? 'Search' : '搜索');
  await expect(page.getByRole('searchbox')).toHaveValue(query);
  await expect(page.locator('main ol li a').first()).toBeVisible({timeout: 60_000});
  // And the same address loaded from the server.
  const response = await page.reload();
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(locale === 'en' ? 'Search' : '搜索');
}

/**
 * The no-results help link opens the docs repository's new-issue form with the query as title, in
 * a new tab. GitHub is not contacted: the tab's request is answered here, which shows it was followed.
 */
export async function followMissingResultsLink(page: Page, context: BrowserContext, link: Locator, query: string): Promise<void> {
  const expected = `https://github.com/v2fly/v2fly-github-io/issues/new?title=${encodeURIComponent(`Search: ${query}`)}`;
  await expect(link).toHaveAttribute('href', expected);
  await context.route(/^https:\/\/github\.com\//, (route) =>
    route.fulfill({status: 200, contentType: 'text/html', body: '<title>issue form</title>'}));
  const opened = context.waitForEvent('page');
  await link.click();
  const tab = await opened;
  await tab.waitForLoadState('domcontentloaded');
  expect(tab.url()).toBe(expected);
  await expect(tab).toHaveTitle('issue form');
  await tab.close();
}
