import {test, expect, hydrated} from './fixtures';
import type {Locator, Page} from '@playwright/test';

// Collapsed code blocks toggle collapsed/expanded. The balancer example on /config/routing
// (```json ... collapsed) is a long complete file readers rarely need in full.

function balancerExample(page: Page): Locator {
  return page.locator('.theme-code-block').filter({hasText: '"balancerTag": "fastest"'});
}

/** Lines of code hidden below the block's visible height, in pixels. */
function hiddenPx(block: Locator): Promise<number> {
  return block.evaluate((el) => el.scrollHeight - el.clientHeight);
}

test('a collapsed code block starts collapsed under a 展开代码 button', async ({page}) => {
  await page.goto('/config/routing');
  await hydrated(page);
  const block = balancerExample(page);
  await expect(block).toHaveCount(1);
  const expand = page.getByRole('button', {name: '展开代码'});
  await expect(expand).toHaveCount(1);
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  expect(await hiddenPx(block)).toBeGreaterThan(200);
});

test('展开代码 shows the whole block', async ({page}) => {
  await page.goto('/config/routing');
  await hydrated(page);
  const block = balancerExample(page);
  await page.getByRole('button', {name: '展开代码'}).click();
  const collapse = page.getByRole('button', {name: '收起代码'});
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => hiddenPx(block)).toBe(0);
});

test('收起代码 collapses the block again', async ({page}) => {
  await page.goto('/config/routing');
  await hydrated(page);
  const block = balancerExample(page);
  await page.getByRole('button', {name: '展开代码'}).click();
  await page.getByRole('button', {name: '收起代码'}).click();
  await expect(page.getByRole('button', {name: '展开代码'})).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(() => hiddenPx(block)).toBeGreaterThan(200);
});

test('copying a collapsed block copies all of it', async ({page}) => {
  await page.goto('/config/routing');
  await hydrated(page);
  const block = balancerExample(page);
  await block.hover();
  await block.getByRole('button', {name: '复制代码'}).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // The whole file: it parses, and ends with the routing rule hidden while collapsed.
  const config = JSON.parse(copied) as {routing: {rules: {balancerTag: string}[]}};
  expect(config.routing.rules[0]?.balancerTag).toBe('fastest');
  expect(copied.replace(/\n+/g, '\n').trim()).toBe((await block.locator('code').innerText()).replace(/\n+/g, '\n').trim());
});

test('the toggle says Expand code / Collapse code in English', async ({page}) => {
  await page.goto('/en_US/config/routing');
  await hydrated(page);
  await page.getByRole('button', {name: 'Expand code'}).click();
  await expect(page.getByRole('button', {name: 'Collapse code'})).toHaveAttribute('aria-expanded', 'true');
});
