import {test, expect, hydrated} from './fixtures';
import type {Page} from '@playwright/test';

// The table of contents and the address follow the heading in view, 300 ms after
// scrolling, with a 5 px offset; the address changes by replaceState (no history entries).
async function openPaused(page: Page, path: string): Promise<void> {
  await page.clock.install();
  await page.goto(path);
  await hydrated(page);
  await page.clock.pauseAt(Date.now() + 60_000);
}

const toc = (page: Page) => page.locator('.table-of-contents');
const hash = (page: Page) => page.evaluate(() => decodeURIComponent(location.hash));

/** Scrolls at once (no smooth scrolling) and waits for the browser's scroll event. */
function scrolled(page: Page, how: string): Promise<void> {
  return page.evaluate((body) => new Promise<void>((resolve) => {
    window.addEventListener('scroll', () => resolve(), {once: true});
    new Function(body)();
  }), how);
}

const toHeading = (name: string) => `document.getElementById(${JSON.stringify(name)}).scrollIntoView({behavior: 'instant'})`;
const by = (dy: number) => `window.scrollBy({top: ${dy}, behavior: 'instant'})`;

test('300 ms after scrolling to a heading the address shows its anchor', async ({page}) => {
  await openPaused(page, '/config/routing');
  const before = await page.evaluate(() => history.length);
  await expect(page.getByRole('heading', {name: 'RuleObject', level: 2})).toHaveAttribute('id', 'ruleobject');
  await scrolled(page, toHeading('ruleobject'));
  await page.clock.runFor(290);
  expect(await hash(page)).toBe('');
  await page.clock.runFor(20);
  await expect.poll(() => hash(page)).toBe('#ruleobject');
  await expect(toc(page).getByRole('link', {name: 'RuleObject', exact: true})).toHaveClass(/table-of-contents__link--active/);
  await scrolled(page, toHeading('routingobject'));
  await page.clock.runFor(310);
  await expect.poll(() => hash(page)).toBe('#routingobject');
  expect(await page.evaluate(() => history.length)).toBe(before);
});

test('a heading counts as reached within 5 px of its place under the navbar', async ({page}) => {
  await openPaused(page, '/config/routing');
  await scrolled(page, toHeading('ruleobject'));
  // 6 px short of the anchor position: still the previous heading.
  await scrolled(page, by(-6));
  await page.clock.runFor(310);
  await expect.poll(() => hash(page)).toBe('#settings');
  await scrolled(page, by(2));
  await page.clock.runFor(310);
  await expect.poll(() => hash(page)).toBe('#ruleobject');
});

test('back at the top the anchor is dropped, and opening an anchor keeps it', async ({page}) => {
  await openPaused(page, '/en_US/config/routing#ruleobject');
  await page.clock.runFor(1000);
  expect(await hash(page)).toBe('#ruleobject');
  await scrolled(page, `window.scrollTo({top: 0, behavior: 'instant'})`);
  await page.clock.runFor(310);
  await expect.poll(() => hash(page)).toBe('');
  await expect(page).toHaveURL('/en_US/config/routing');
});

test('after scrolling, the back button still leaves the page', async ({page}) => {
  await page.goto('/config/overview');
  await hydrated(page);
  await page.getByRole('article').getByRole('link', {name: '路由', exact: true}).first().click();
  await expect(page).toHaveURL(/\/config\/routing/);
  // The address changes before the routing page has rendered (its code loads on the click).
  await expect(page.locator('#ruleobject')).toBeAttached();
  await scrolled(page, toHeading('ruleobject'));
  await expect.poll(() => hash(page)).toBe('#ruleobject');
  await page.goBack();
  // The overview's own entry (its address may carry the heading read there), not another #anchor.
  await expect(page).toHaveURL(/\/config\/overview(#[\w-]+)?$/);
});
