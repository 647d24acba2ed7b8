import {test, expect, hydrated} from './fixtures';
import {afterTwoFrames, clipboardReader, refuseCopyCommand, withoutClipboardApi} from './clipboard';

const clipboard = (page: import('@playwright/test').Page) => page.evaluate(() => navigator.clipboard.readText());

test('every code block has a copy button labelled 复制代码', async ({page}) => {
  await page.goto('/guide/install');
  await hydrated(page);
  const blocks = page.locator('article pre');
  const count = await blocks.count();
  expect(count).toBeGreaterThan(3);
  await expect(page.getByRole('button', {name: '复制代码', includeHidden: true})).toHaveCount(count);
});

test('copy button says 已复制 for 2000 ms', async ({page}) => {
  await page.clock.install();
  await page.goto('/config/routing');
  await hydrated(page);
  // Stop the clock, so only runFor moves it (install alone lets it run with real time).
  await page.clock.pauseAt(Date.now() + 60_000);
  const block = page.locator('article pre').first();
  await block.hover();
  await page.getByRole('button', {name: '复制代码'}).first().click();
  const copied = page.getByRole('button', {name: '已复制'});
  await expect(copied).toHaveCount(1);
  await page.clock.runFor(1900);
  await expect(copied).toHaveCount(1);
  await page.clock.runFor(200);
  await expect(copied).toHaveCount(0);
});

test('copying a bash block removes the $ prompts', async ({page}) => {
  await page.goto('/guide/install');
  await hydrated(page);
  // The first Linux block: three commands, each written after a "$ " prompt.
  const block = page.getByRole('tabpanel').filter({hasText: 'sha256sum'}).locator('.theme-code-block').first();
  await expect(block).toContainText('$ sha256sum v2ray-linux-64.zip');
  await block.hover();
  await block.getByRole('button', {name: '复制代码'}).click();
  const text = await clipboard(page);
  expect(text).toContain('sha256sum v2ray-linux-64.zip');
  expect(text).not.toMatch(/^\$ /m);
  expect(text.split('\n')[0]).toBe('curl -LO https://github.com/v2fly/v2ray-core/releases/latest/download/v2ray-linux-64.zip');
});

test('copying a json block keeps it as written', async ({page}) => {
  await page.goto('/config/routing');
  await hydrated(page);
  const block = page.locator('.theme-code-block').filter({hasText: '"domainStrategy"'}).first();
  const shown = (await block.locator('code').innerText()).replace(/\n+/g, '\n').trim();
  await block.hover();
  await block.getByRole('button', {name: '复制代码'}).click();
  const copied = await clipboard(page);
  expect(copied.startsWith('{\n')).toBe(true);
  // innerText doubles the line breaks between line elements; the text itself must be the same.
  expect(copied.replace(/\n+/g, '\n').trim()).toBe(shown);
});

test('copy buttons are labelled Copy code / Copied in English', async ({page}) => {
  await page.goto('/en_US/config/routing');
  await hydrated(page);
  await page.locator('article pre').first().hover();
  await page.getByRole('button', {name: 'Copy code'}).first().click();
  await expect(page.getByRole('button', {name: 'Copied'})).toHaveCount(1);
});

test('no copy button on a screen 419 px wide, one at 420 px', async ({page}) => {
  await page.setViewportSize({width: 419, height: 800});
  await page.goto('/config/routing');
  await hydrated(page);
  await expect(page.locator('article pre').first()).toBeVisible();
  const button = page.getByRole('button', {name: '复制代码'}).first();
  await expect(button).toBeHidden();
  await page.setViewportSize({width: 420, height: 800});
  await page.locator('article pre').first().hover();
  await expect(button).toBeVisible();
});

test('copying a powershell block removes the PS> prompts', async ({page}) => {
  await page.goto('/guide/install');
  await hydrated(page);
  await page.getByRole('tab', {name: 'Windows'}).first().click();
  const block = page.getByRole('tabpanel').locator('.theme-code-block').filter({hasText: 'PS> cd C:\\v2ray'});
  await block.hover();
  await block.getByRole('button', {name: '复制代码'}).click();
  expect(await clipboard(page)).toMatch(/^cd C:\\v2ray\n\.\\v2ray\.exe run -c config\.json\n?$/);
});

// src/utils/clipboard.ts: over plain HTTP (not a secure context) navigator.clipboard does not
// exist, and the copy-text-to-clipboard fallback (a selected textarea and execCommand('copy')) is
// loaded on first use. If that fails too, the button must not claim it copied.
test.describe('without the clipboard API, as over plain HTTP', () => {
  test.beforeEach(async ({page}) => {
    await withoutClipboardApi(page);
  });

  const jsonBlock = (page: import('@playwright/test').Page) =>
    page.locator('.theme-code-block').filter({hasText: '"domainStrategy"'}).first();

  test('the copy button copies through the fallback and says 已复制', async ({page, context}) => {
    const readClipboard = await clipboardReader(context, page);
    await page.goto('/config/routing');
    await hydrated(page);
    expect(await page.evaluate(() => 'clipboard' in navigator)).toBe(false);
    const block = jsonBlock(page);
    const shown = (await block.locator('code').innerText()).replace(/\n+/g, '\n').trim();
    await block.hover();
    await block.getByRole('button', {name: '复制代码'}).click();
    await expect(block.getByRole('button', {name: '已复制'})).toBeVisible();
    const copied = await readClipboard();
    expect(copied.replace(/\n+/g, '\n').trim()).toBe(shown);
  });

  test('when the fallback cannot copy either, the button does not say 已复制', async ({page}) => {
    const copyAttempts = await refuseCopyCommand(page);
    await page.goto('/config/routing');
    await hydrated(page);
    const block = jsonBlock(page);
    await block.hover();
    await block.getByRole('button', {name: '复制代码'}).click();
    await expect.poll(copyAttempts).toBe(1);
    await afterTwoFrames(page);
    const copyButton = block.getByRole('button', {name: /^(复制代码|已复制)$/});
    expect(await copyButton.getAttribute('aria-label')).toBe('复制代码');
  });
});
