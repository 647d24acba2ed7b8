import {test, expect, hydrated} from './fixtures';
import type {Page} from '@playwright/test';

/**
 * The article's blocks far from the screen are not laid out on load (content-visibility: auto,
 * src/css/custom.css), which halves the first layout of a long page; their heights are estimates
 * until they come near. A jump must still put its heading exactly under the navbar (within 2 px, as without
 * the estimates), and keep it there once the blocks around it are laid out, on a phone and on a computer.
 */

/**
 * How far a heading's top is from where a jump to it puts it (its scroll-margin-top), once that
 * has stopped moving (the same in two polls; the page's timers may be paused, so no frame callbacks).
 */
async function offFromLanding(page: Page, id: string): Promise<number> {
  const off = () => page.evaluate((target) => {
    const element = document.getElementById(target)!;
    const heading = element.closest<HTMLElement>('h2, h3') ?? element;
    return heading.getBoundingClientRect().top - parseFloat(getComputedStyle(heading).scrollMarginTop);
  }, id);
  let last = Number.NaN;
  await expect.poll(async () => {
    const now = await off();
    const settled = Math.abs(now - last) < 0.5;
    last = now;
    return settled;
  }, {intervals: [100, 250, 500]}).toBe(true);
  return last;
}

/** Whether the content of the article's last block with elements in it is skipped (neither styled nor laid out). */
const endSkipped = (page: Page) => page.evaluate(() => {
  const blocks = Array.from(document.querySelectorAll('article .markdown > :is(p, ul, ol, table, div)')).filter((b) => b.firstElementChild);
  return !blocks[blocks.length - 1]!.firstElementChild!.checkVisibility({contentVisibilityAuto: true});
});

for (const viewport of [{width: 412, height: 823}, {width: 1280, height: 720}]) {
  test.describe(`${viewport.width} px wide`, () => {
    test.use({viewport});

    test('the end of a long article is not laid out until it comes near', async ({page}) => {
      await page.goto('/config/routing');
      await hydrated(page);
      expect(await endSkipped(page)).toBe(true);
      await page.evaluate(() => window.scrollTo({top: document.documentElement.scrollHeight, behavior: 'instant'}));
      await expect.poll(() => endSkipped(page)).toBe(false);
    });

    for (const id of ['strategyobject', '预定义域名列表']) {
      test(`the old address #${id} lands exactly under the navbar`, async ({page}) => {
        await page.goto(`/config/routing.html#${id}`);
        await hydrated(page);
        expect(Math.abs(await offFromLanding(page, id))).toBeLessThanOrEqual(2);
      });
    }

    // Not a heading near the end: there the page's end, once it is laid out, limits the scroll, as without estimates.
    test('a jump by script to a heading far down the page stays put, and the tracker names it', async ({page}) => {
      await page.clock.install();
      await page.goto('/config/routing');
      await hydrated(page);
      await page.clock.pauseAt(Date.now() + 60_000);
      // No #section in the address: the blocks above keep their estimates until they come near.
      await page.evaluate(() => document.getElementById('balancerobject')!.scrollIntoView({behavior: 'instant'}));
      expect(Math.abs(await offFromLanding(page, 'balancerobject'))).toBeLessThanOrEqual(2);
      // The heading tracker runs 300 ms after the last scroll and names the heading reached.
      await page.clock.runFor(310);
      await expect.poll(() => page.evaluate(() => decodeURIComponent(location.hash))).toBe('#balancerobject');
    });

    test('reading upwards from there, what is on screen moves by the scroll only', async ({page}) => {
      await page.goto('/config/routing');
      await hydrated(page);
      await page.evaluate(() => document.getElementById('balancerobject')!.scrollIntoView({behavior: 'instant'}));
      let top = await offFromLanding(page, 'balancerobject');
      for (let step = 0; step < 8; step += 1) {
        await page.evaluate(() => window.scrollBy({top: -300, behavior: 'instant'}));
        // Blocks above come near and replace their estimates; the heading must be 300 px lower, not more or less.
        const now = await offFromLanding(page, 'balancerobject');
        expect(Math.abs(now - top - 300), `step ${step}`).toBeLessThanOrEqual(2);
        top = now;
      }
    });
  });
}

// A diagram drawn at build time is a large block (on /config/dns about 250 layout objects, 4 screens down on a phone).
test('a diagram drawn at build time far from the screen is not laid out until it comes near, then zooms as before', async ({page}) => {
  await page.setViewportSize({width: 412, height: 823});
  await page.goto('/config/dns');
  await hydrated(page);
  const diagram = page.locator('article .markdown > .docusaurus-mermaid-container[data-diagram]').first();
  const drawingSkipped = () => diagram.evaluate((d) => !d.querySelector('svg')!.checkVisibility({contentVisibilityAuto: true}));
  expect(await drawingSkipped()).toBe(true);
  await diagram.scrollIntoViewIfNeeded();
  await expect.poll(drawingSkipped).toBe(false);
  await diagram.getByRole('button', {name: '放大图表'}).click();
  await expect(page.getByRole('dialog').locator('svg[aria-roledescription]')).toBeVisible();
});
