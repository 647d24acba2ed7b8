import {test, expect, hydrated} from './fixtures';

// The chosen tab is remembered per group id in local storage, with separate keys for
// code tabs (<Tabs code>) and plain tabs. /guide/install has several plain <Tabs groupId="os">.
const plainKey = 'docusaurus.tab.os';
const codeKey = 'docusaurus.tab.code.os';

test('choosing macOS switches every os group on the page and survives a reload', async ({page}) => {
  await page.goto('/guide/install');
  await hydrated(page);
  const macTabs = page.getByRole('tab', {name: 'macOS'});
  expect(await macTabs.count()).toBeGreaterThan(1);
  await macTabs.first().click();
  for (const tab of await macTabs.all()) await expect(tab).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate((k) => localStorage.getItem(k), plainKey)).toBe('macos');
  await page.reload();
  await hydrated(page);
  for (const tab of await macTabs.all()) await expect(tab).toHaveAttribute('aria-selected', 'true');
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
  for (const tab of await linux.all()) await expect(tab).toHaveAttribute('aria-selected', 'true');
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
  const macTabs = page.getByRole('tab', {name: 'macOS'});
  expect(await macTabs.count()).toBeGreaterThan(1);
  for (const tab of await macTabs.all()) await expect(tab).toHaveAttribute('aria-selected', 'true');
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
  for (const tab of await windowsTabs.all()) await expect(tab).toHaveAttribute('aria-selected', 'true');
});
