import {test, expect, hydrated, recordRequests} from './fixtures';
import {afterTwoFrames, clipboardReader, refuseCopyCommand, withoutClipboardApi} from './clipboard';
import type {Page} from '@playwright/test';

// Uuid and Tool on the tools page (copied state 1500 ms).
const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const uuid = (page: Page) => page.getByRole('status', {name: '随机 UUID'});

test('Uuid shows a random version-4 UUID and a new one on each click', async ({page}) => {
  await page.goto('/awesome/tools');
  await hydrated(page);
  await expect(uuid(page)).toHaveText(v4);
  const first = await uuid(page).textContent();
  await page.getByRole('button', {name: '重新生成'}).click();
  await expect(uuid(page)).not.toHaveText(first!);
  await expect(uuid(page)).toHaveText(v4);
});

test('Uuid keeps regenerating while the button is held', async ({page}) => {
  await page.clock.install();
  await page.goto('/awesome/tools');
  await hydrated(page);
  await page.clock.pauseAt(Date.now() + 60_000);
  const button = page.getByRole('button', {name: '重新生成'});
  await button.hover();
  await page.mouse.down();
  const seen = new Set<string>();
  for (let i = 0; i < 5; i++) {
    await page.clock.runFor(200);
    seen.add((await uuid(page).textContent()) ?? '');
  }
  await page.mouse.up();
  expect(seen.size).toBe(5);
  const afterRelease = await uuid(page).textContent();
  await page.clock.runFor(1000);
  await expect(uuid(page)).toHaveText(afterRelease!);
});

test('Uuid copies its value and says 已复制 for 1500 ms', async ({page}) => {
  await page.clock.install();
  await page.goto('/awesome/tools');
  await hydrated(page);
  await page.clock.pauseAt(Date.now() + 60_000);
  const value = await uuid(page).textContent();
  await page.getByRole('button', {name: '复制', exact: true}).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  const copied = page.getByRole('button', {name: '已复制'});
  await expect(copied).toBeVisible();
  await page.clock.runFor(1400);
  await expect(copied).toBeVisible();
  await page.clock.runFor(200);
  await expect(copied).toHaveCount(0);
  await expect(page.getByRole('button', {name: '复制', exact: true})).toBeVisible();
});

// src/utils/clipboard.ts's fallback, as over plain HTTP where navigator.clipboard does not exist
// (copy-code.spec.ts covers the code blocks' button).
test.describe('Uuid without the clipboard API', () => {
  test.beforeEach(async ({page}) => {
    await withoutClipboardApi(page);
  });

  test('copies through the fallback and says 已复制', async ({page, context}) => {
    const readClipboard = await clipboardReader(context, page);
    await page.goto('/awesome/tools');
    await hydrated(page);
    await expect(uuid(page)).toHaveText(v4);
    const value = await uuid(page).textContent();
    await page.getByRole('button', {name: '复制', exact: true}).click();
    await expect(page.getByRole('button', {name: '已复制'})).toBeVisible();
    expect(await readClipboard()).toBe(value);
  });

  test('does not say 已复制 when the fallback cannot copy either', async ({page}) => {
    const copyAttempts = await refuseCopyCommand(page);
    await page.goto('/awesome/tools');
    await hydrated(page);
    await expect(uuid(page)).toHaveText(v4);
    const button = page.getByRole('button', {name: /^(复制|已复制)$/});
    await button.click();
    await expect.poll(copyAttempts).toBe(1);
    await afterTwoFrames(page);
    expect(await button.textContent()).toBe('复制');
  });
});

test('Tool shows the name linked to the project, platform icons and a description', async ({page}) => {
  await page.goto('/awesome/tools');
  await hydrated(page);
  const tool = page.getByRole('heading', {name: 'v2rayN', exact: true});
  await expect(tool.getByRole('link', {name: 'v2rayN', exact: true})).toHaveAttribute('href', 'https://github.com/2dust/v2rayN');
  const card = page.locator('section').filter({has: tool});
  for (const platform of ['Windows', 'macOS', 'Linux']) {
    const icon = card.getByRole('img', {name: platform});
    await expect(icon).toHaveAttribute('src', /^\/img\/platforms\/\w+\.svg$/);
    expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await expect(card.getByRole('paragraph')).toContainText('桌面客户端');
});

// The tools page marks Qv2ray, V2RayX and SagerNet discontinued (docs/awesome/tools.mdx).
const toolCard = (page: Page, name: string) =>
  page.locator('section').filter({has: page.getByRole('heading', {name: new RegExp(`^${name}\\b`)})});

for (const [path, badge] of [['/awesome/tools', '已停止维护'], ['/en_US/awesome/tools', 'Discontinued']] as const) {
  test(`Tool marks a discontinued project, and only such a one, with "${badge}"`, async ({page}) => {
    await page.goto(path);
    await hydrated(page);
    for (const name of ['Qv2ray', 'V2RayX', 'SagerNet']) {
      await expect(toolCard(page, name).getByRole('heading').getByText(badge, {exact: true})).toBeVisible();
      await expect(toolCard(page, name)).toHaveCSS('opacity', '0.75');
    }
    await expect(page.locator('article').getByText(badge, {exact: true})).toHaveCount(3);
    await expect(toolCard(page, 'v2rayN').getByText(badge)).toHaveCount(0);
    await expect(toolCard(page, 'v2rayN')).toHaveCSS('opacity', '1');
  });
}

test('the English tools page labels the same components in English', async ({page}) => {
  await page.goto('/en_US/awesome/tools');
  await hydrated(page);
  await expect(page.getByRole('status', {name: 'Random UUID'})).toHaveText(v4);
  const card = page.locator('section').filter({has: page.getByRole('heading', {name: 'v2rayNG', exact: true})});
  await expect(card.getByRole('img', {name: 'Android'})).toBeVisible();
});

test('the tools page requests nothing from another host while it loads', async ({page, baseURL}) => {
  const requests = recordRequests(page, baseURL);
  await page.goto('/awesome/tools');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(requests.foreign).toEqual([]);
});

test('Uuid and Tool are not in the main bundle', async ({page, request}) => {
  await page.goto('/guide/install');
  await hydrated(page);
  const main = await page.locator('script[src*="/main."]').getAttribute('src');
  const body = await (await request.get(main!)).text();
  expect(body).not.toContain('site.Uuid.regenerate');
  expect(body).not.toContain('site.Tool.discontinued');
});
