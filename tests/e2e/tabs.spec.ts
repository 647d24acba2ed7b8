import type {Locator} from '@playwright/test';
import {test, expect, hydrated} from './fixtures';

// The chosen tab is remembered per group id in local storage, with separate keys for
// code tabs (<Tabs code>) and plain tabs. /guide/install has several plain <Tabs groupId="os">.
const plainKey = 'docusaurus.tab.os';
const codeKey = 'docusaurus.tab.code.os';

/** Every tab of `tabs` is selected, and there are several: a loop over none would pass. */
async function expectAllSelected(tabs: Locator): Promise<void> {
  expect(await tabs.count(), 'tabs found').toBeGreaterThan(1);
  for (const tab of await tabs.all()) await expect(tab).toHaveAttribute('aria-selected', 'true');
}

test('choosing macOS switches every os group on the page and survives a reload', async ({page}) => {
  await page.goto('/guide/install');
  await hydrated(page);
  const macTabs = page.getByRole('tab', {name: 'macOS'});
  await macTabs.first().click();
  await expectAllSelected(macTabs);
  expect(await page.evaluate((k) => localStorage.getItem(k), plainKey)).toBe('macos');
  await page.reload();
  await hydrated(page);
  await expectAllSelected(macTabs);
});

test('a plain tab choice is stored apart from the code tab key', async ({page}) => {
  await page.goto('/guide/install');
  await hydrated(page);
  await page.getByRole('tab', {name: 'Windows'}).first().click();
  const stored = await page.evaluate(([p, c]) => [localStorage.getItem(p!), localStorage.getItem(c!)], [plainKey, codeKey]);
  expect(stored).toEqual(['windows', null]);
});

test('a code tab choice of the same group id does not switch plain tabs', async ({page}) => {
  await page.addInitScript((k) => localStorage.setItem(k, 'windows'), codeKey);
  await page.goto('/guide/install');
  await hydrated(page);
  const linux = page.getByRole('tab', {name: 'Linux'});
  await expectAllSelected(linux);
  await expect(page.getByRole('tab', {name: 'Windows', selected: true})).toHaveCount(0);
});

// No page has a code tab group yet (no /guide/install group holds only code blocks in every tab),
// so the remaining tests cover what exists: the plain key carries a choice across pages.
test('a tab choice carries over to the English page', async ({page}) => {
  await page.goto('/guide/install');
  await hydrated(page);
  await page.getByRole('tab', {name: 'macOS'}).first().click();
  await page.goto('/en_US/guide/install');
  await hydrated(page);
  await expectAllSelected(page.getByRole('tab', {name: 'macOS'}));
});

test('a tab choice is still selected after visiting another page and coming back', async ({page}) => {
  await page.goto('/guide/install');
  await hydrated(page);
  await page.getByRole('tab', {name: 'Windows'}).first().click();
  await page.getByRole('navigation', {name: '文档侧边栏'}).getByRole('link', {name: '命令行参数'}).click();
  await expect(page).toHaveURL(/\/guide\/command$/);
  await page.getByRole('navigation', {name: '文档侧边栏'}).getByRole('link', {name: '安装'}).click();
  await expect(page).toHaveURL(/\/guide\/install$/);
  const windowsTabs = page.getByRole('tab', {name: 'Windows'});
  await expect(windowsTabs.first()).toBeVisible();
  await expectAllSelected(windowsTabs);
});
