import type {Page} from '@playwright/test';
import {test, expect, hydrated, localePath, type Locale, searchResultsMs} from './fixtures';
import {showAll} from '../../scripts/search/relevanceCore.cjs';

// The local search modal's own controls (src/theme/SearchBar/LocalSearchBar.tsx and
// LocalSearchModal.tsx): clearing, closing, the arrow keys at the ends of the list, Ctrl/Cmd+Enter,
// where focus goes, typing on the button, and a modal stylesheet that cannot be loaded. Searching,
// Enter, / and Ctrl+K are in search-local.spec.ts. Waits end as soon as their condition holds.
test.describe.configure({timeout: 120_000});

const input = (page: Page) => page.locator('input.DocSearch-Input');
const modal = (page: Page) => page.locator('.DocSearch-Modal');
const options = (page: Page) => page.getByRole('option');
const searchButton = (page: Page) => page.locator('button.DocSearch-Button');

/** The modal's texts in each language (Docusaurus's translations of DocSearch's labels). */
const labels: Record<Locale, {clear: string; close: string}> = {
  zh: {clear: '清除查询', close: '取消'},
  en: {clear: 'Clear the query', close: 'Cancel'},
};

async function openSearch(page: Page) {
  await searchButton(page).click();
  await expect(input(page)).toBeFocused();
}

/** Fills the box of the open modal and waits for the results of that query. */
async function fill(page: Page, query: string) {
  await input(page).fill(query);
  // Results for this query, not those of an earlier one still on screen while it runs.
  await expect(page.locator('.DocSearch-Dropdown:not([data-search-pending]) .DocSearch-Hit a').first()).toBeVisible({timeout: searchResultsMs});
}

async function search(page: Page, query: string) {
  await openSearch(page);
  await fill(page, query);
}

const pathAndHash = (url: string) => decodeURIComponent(new URL(url).pathname + new URL(url).hash);

for (const locale of ['zh', 'en'] as const) {
  const start = localePath('/guide/start', locale);

  test(`${locale}: the clear button empties the box, drops the results and keeps the modal open`, async ({page}) => {
    await page.goto(start);
    await hydrated(page);
    await openSearch(page);
    const clear = page.getByRole('button', {name: labels[locale].clear});
    // Nothing to clear yet: no button.
    await expect(clear).toBeHidden();
    await fill(page, 'RuleObject');
    await expect(clear).toBeVisible();
    await clear.click();
    await expect(input(page)).toHaveValue('');
    await expect(input(page)).toBeFocused();
    await expect(options(page)).toHaveCount(0);
    await expect(clear).toBeHidden();
    await expect(modal(page)).toBeVisible();
  });

  // Every way of closing puts focus back on the search button, so a keyboard reader can go on
  // from where they were (and Enter reopens search).
  const closers: [string, (page: Page) => Promise<void>][] = [
    [`the close button ("${labels[locale].close}")`, (page) => page.getByRole('button', {name: labels[locale].close, exact: true}).click()],
    ['Escape', (page) => page.keyboard.press('Escape')],
  ];
  for (const [how, close] of closers) {
    test(`${locale}: ${how} closes the modal and focus returns to the search button`, async ({page}) => {
      await page.goto(start);
      await hydrated(page);
      await search(page, 'vmess');
      await close(page);
      await expect(modal(page)).toHaveCount(0);
      await expect(searchButton(page)).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`${start}$`));
      await page.keyboard.press('Enter');
      await expect(input(page)).toBeFocused();
    });
  }
}

// The backdrop is the container around the dialog; its top left corner is outside the dialog.
const clickBackdrop = (page: Page) => page.locator('.DocSearch-Container').click({position: {x: 5, y: 5}});

test('a click on the backdrop closes the modal and leaves the page where it was', async ({page}) => {
  await page.goto('/en_US/guide/start');
  await hydrated(page);
  await search(page, 'vmess');
  await clickBackdrop(page);
  await expect(modal(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/en_US\/guide\/start$/);
  await openSearch(page);
});

// closeModal focuses the search button; the modal closes on mousedown, whose default action (focus
// what was pressed) would take focus away again unless the modal prevents it.
test('after a click on the backdrop, focus is back on the search button', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  await search(page, 'vmess');
  await clickBackdrop(page);
  await expect(modal(page)).toHaveCount(0);
  await expect(searchButton(page)).toBeFocused({timeout: 10_000});
});

test('a click inside the dialog does not close it', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  await search(page, 'vmess');
  for (const part of ['.DocSearch-Footer', '.DocSearch-SearchBar', '.DocSearch-Hit-source']) {
    await page.locator(part).first().click({position: {x: 2, y: 2}});
    await expect(modal(page), `after a click on ${part}`).toBeVisible();
  }
  await expect(input(page)).toHaveValue('vmess');
});

test('ArrowUp moves up, and the selection wraps around at both ends of the list', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  await search(page, 'RuleObject');
  // The list shows its later pages as they are scrolled to (data-search-more): going up from the first
  // option to the last scrolled the end into view, the next pages came in below it, and the last
  // option was no longer the one counted. Every page is shown first, so the list's end stays put.
  await showAll(page);
  const count = await options(page).count();
  expect(count).toBeGreaterThan(2);
  const selected = (i: number) => expect(options(page).nth(i)).toHaveAttribute('aria-selected', 'true');
  const activeIs = async (i: number) =>
    expect(input(page)).toHaveAttribute('aria-activedescendant', (await options(page).nth(i).getAttribute('id'))!);
  await selected(0);
  // Up from the first: the last.
  await page.keyboard.press('ArrowUp');
  await selected(count - 1);
  await activeIs(count - 1);
  await expect(page.locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
  // Scrolled into view, however long the list.
  await expect(options(page).nth(count - 1)).toBeInViewport();
  await page.keyboard.press('ArrowUp');
  await selected(count - 2);
  // Down past the last: the first.
  await page.keyboard.press('ArrowDown');
  await selected(count - 1);
  await page.keyboard.press('ArrowDown');
  await selected(0);
  await activeIs(0);
  await expect(options(page).nth(0)).toBeInViewport();
  // Enter opens the one chosen after the round trip.
  await page.keyboard.press('ArrowUp');
  const last = await options(page).nth(count - 1).getAttribute('href');
  await page.keyboard.press('Enter');
  await expect.poll(() => pathAndHash(page.url())).toBe(decodeURIComponent(last!));
});

for (const chord of ['Control+Enter', 'Meta+Enter']) {
  test(`${chord} opens the chosen result in a new tab and leaves this one as it was`, async ({page, context}) => {
    await page.goto('/en_US/guide/start');
    await hydrated(page);
    await search(page, 'RuleObject');
    await page.keyboard.press('ArrowDown');
    const href = await options(page).nth(1).getAttribute('href');
    expect(href).toMatch(/^\/en_US\//);
    const opened = context.waitForEvent('page', {timeout: searchResultsMs});
    await page.keyboard.press(chord);
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(pathAndHash(tab.url())).toBe(decodeURIComponent(href!));
    // Opened without a way back to this tab (noopener).
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await expect(page).toHaveURL(/\/en_US\/guide\/start$/);
    await expect(input(page)).toHaveValue('RuleObject');
    await tab.close();
  });
}

// @docsearch/react 4.7.1's useDocSearchKeyboardEvents handles only Escape, Ctrl/Cmd+K and /, so
// LocalSearchBar listens for letters on the focused button itself.
test('a letter typed on the focused search button opens search with that letter in the box', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  await searchButton(page).focus();
  await expect(searchButton(page)).toBeFocused();
  await page.keyboard.press('v');
  await expect(input(page)).toBeFocused({timeout: 10_000});
  await expect(input(page)).toHaveValue('v');
  await page.keyboard.type('mess');
  await expect(input(page)).toHaveValue('vmess');
});

test.describe('when the modal stylesheet cannot be loaded', () => {
  test.use({allowedConsoleErrors: [/ERR_FAILED|ERR_CONNECTION_REFUSED|Failed to load resource/i]});
  const sheet = '**/assets/css/docsearch-modal.css';

  // The click must not silently do nothing: the reader gets a clear message (and the next click
  // tries again, below).
  test('a click on the search button still gives the reader search, or a clear message', async ({page}) => {
    await page.route(sheet, (route) => route.abort('connectionrefused'));
    await page.goto('/guide/start');
    await hydrated(page);
    const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/docsearch-modal.css'));
    await searchButton(page).click();
    await failed;
    await expect(page.getByRole('alert')).toContainText('搜索没能加载');
  });

  test('the next click tries again, and search opens styled once the sheet is reachable', async ({page}) => {
    await page.route(sheet, (route) => route.abort('connectionrefused'));
    await page.goto('/guide/start');
    await hydrated(page);
    const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/docsearch-modal.css'));
    await searchButton(page).click();
    await failed;
    // The failed <link> is removed, not left to break the next try.
    await expect(page.locator('link[href$="/docsearch-modal.css"]')).toHaveCount(0);
    await page.unroute(sheet);
    await openSearch(page);
    await expect(page.locator('link[rel="stylesheet"][href$="/assets/css/docsearch-modal.css"]')).toHaveCount(1);
    await expect(page.locator('.DocSearch-Container')).toHaveCSS('position', 'fixed');
    await input(page).fill('vmess');
    await expect(page.locator('.DocSearch-Hit a').first()).toBeVisible({timeout: searchResultsMs});
  });
});
