import {test, expect, hydrated} from './fixtures';

// The word-wrap button of a code block shows where its code overflows (theme-classic). A block in
// a part of the article the browser skips (content-visibility: auto) is measured once that part is
// laid out, not while the page hydrates (src/theme/CodeBlock/wordWrap.ts, issue 39).
test.use({viewport: {width: 412, height: 823}});

const wrapButton = 'button[title="切换自动换行"]';

test('no skipped block is measured while the page hydrates', async ({page}) => {
  await page.addInitScript(() => {
    const reads: boolean[] = [];
    (window as unknown as {__reads: boolean[]}).__reads = reads;
    for (const prop of ['scrollWidth', 'clientWidth'] as const) {
      const own = Object.getOwnPropertyDescriptor(Element.prototype, prop)!;
      Object.defineProperty(Element.prototype, prop, {
        configurable: true,
        get(this: Element) {
          // skipped: laid out by this very read
          if (this.tagName === 'PRE') reads.push(this.checkVisibility() && !this.checkVisibility({contentVisibilityAuto: true}));
          return own.get!.call(this) as number;
        },
      });
    }
  });
  await page.goto('/config/routing');
  await hydrated(page);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), {timeout: 5000})));
  const reads = await page.evaluate(() => (window as unknown as {__reads: boolean[]}).__reads);
  expect(reads.length, 'the blocks near the screen are measured').toBeGreaterThan(0);
  expect(reads.filter(Boolean), 'reads of skipped blocks').toEqual([]);
});

test('a block far down the page gets its word-wrap button when the reader reaches it, and wraps', async ({page}) => {
  await page.goto('/config/routing');
  await hydrated(page);
  // the last block of the page that overflows at this width, skipped until reached
  const block = page.locator('.theme-code-block').last();
  const pre = block.locator('pre');
  expect(await pre.evaluate((el) => !el.checkVisibility({contentVisibilityAuto: true})), 'skipped at first').toBe(true);
  await block.scrollIntoViewIfNeeded();
  const overflows = await pre.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(overflows, 'this block overflows at 412 px').toBe(true);
  const button = block.locator(wrapButton);
  await expect(button).toBeAttached();
  await button.click({force: true});
  await expect(pre.locator('code')).toHaveCSS('white-space', 'pre-wrap');
  await expect.poll(() => pre.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

test('a block near the top that overflows has its button at once', async ({page}) => {
  await page.goto('/config/routing');
  await hydrated(page);
  const first = page.locator('.theme-code-block').first();
  await first.scrollIntoViewIfNeeded();
  if (await first.locator('pre').evaluate((el) => el.scrollWidth > el.clientWidth)) await expect(first.locator(wrapButton)).toBeAttached();
  else await expect(first.locator(wrapButton)).toHaveCount(0);
});
