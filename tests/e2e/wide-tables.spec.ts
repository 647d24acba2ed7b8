import AxeBuilder from '@axe-core/playwright';
import {test, expect, hydrated} from './fixtures';
import type {Page} from '@playwright/test';

/**
 * A Markdown table scrolls sideways inside itself when it is wider than the article (Infima), and
 * a reader without a mouse scrolls it by focusing it: a table that overflows is focusable, one
 * that fits is not (src/theme/MDXComponents/Table.tsx). Tables far from the screen are not laid
 * out on load (content-visibility: auto, src/css/custom.css), so the server's markup makes every
 * table focusable and each is measured once it is laid out, never before (a measurement would lay
 * it out, the cost the rule saves).
 */

const phone = {width: 412, height: 823};

/** For each table of the article: whether its content is skipped, its tabindex, and whether it overflows (read only when laid out). */
const tables = (page: Page) => page.evaluate(() => Array.from(document.querySelectorAll('article .markdown table')).map((table) => {
  const skipped = !table.firstElementChild!.checkVisibility({contentVisibilityAuto: true});
  return {skipped, tabindex: table.getAttribute('tabindex'), overflows: skipped ? null : table.scrollWidth > table.clientWidth};
}));

test.describe('on a phone', () => {
  test.use({viewport: phone});

  test('a table far from the screen is not laid out on load, and the keyboard can reach it', async ({page}) => {
    await page.goto('/config/routing');
    await hydrated(page);
    const last = (await tables(page)).at(-1)!;
    expect(last).toEqual({skipped: true, tabindex: '0', overflows: null});
    await page.locator('article .markdown table').last().focus();
    await expect(page.locator('article .markdown table').last()).toBeFocused();
  });

  // Each read of a skipped table's size lays it out on the spot; /v5/config/dns has one in a list far down.
  for (const path of ['/config/routing', '/v5/config/dns', '/config/dns']) {
    test(`hydrating ${path} reads the size of no table the browser skips`, async ({page}) => {
      await page.addInitScript(() => {
        const w = window as unknown as {__skippedReads: number};
        w.__skippedReads = 0;
        for (const property of ['scrollWidth', 'clientWidth'] as const) {
          const own = Object.getOwnPropertyDescriptor(Element.prototype, property)!;
          Object.defineProperty(Element.prototype, property, {
            configurable: true,
            get(this: Element) {
              const probe = this.firstElementChild;
              if (this instanceof HTMLTableElement && probe && !probe.checkVisibility({contentVisibilityAuto: true})) w.__skippedReads += 1;
              return own.get!.call(this) as number;
            },
          });
        }
      });
      await page.goto(path);
      await hydrated(page);
      expect((await tables(page)).filter((t) => t.skipped).length).toBeGreaterThan(0);
      // the mount effects and the ResizeObservers' first calls have run two frames after hydration
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await page.evaluate(() => (window as unknown as {__skippedReads: number}).__skippedReads)).toBe(0);
    });
  }

  test('axe finds no scrollable region the keyboard cannot reach while the tables are skipped', async ({page}) => {
    test.setTimeout(120_000);
    for (const path of ['/config/routing', '/config/dns', '/v5/config/dns']) {
      await page.goto(path);
      await hydrated(page);
      expect((await tables(page)).filter((t) => t.skipped).length, path).toBeGreaterThan(0);
      const {violations} = await new AxeBuilder({page}).withRules(['scrollable-region-focusable']).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`), path).toEqual([]);
    }
  });
});

for (const viewport of [phone, {width: 1280, height: 720}]) {
  test(`at ${viewport.width} px, a table laid out is focusable exactly when it overflows`, async ({page}) => {
    await page.setViewportSize(viewport);
    await page.goto('/config/dns');
    await hydrated(page);
    const count = await page.locator('article .markdown table').count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i += 1) {
      await page.locator('article .markdown table').nth(i).scrollIntoViewIfNeeded();
      await expect.poll(async () => {
        const t = (await tables(page))[i]!;
        return !t.skipped && (t.tabindex === '0') === t.overflows;
      }, `table ${i}`).toBe(true);
    }
  });
}

test('a table the keyboard reaches before it was measured keeps the focus until it leaves, then loses its tab stop when it fits', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 720});
  await page.goto('/config/routing');
  await hydrated(page);
  const table = page.locator('article .markdown table').last();
  expect((await tables(page)).at(-1)).toEqual({skipped: true, tabindex: '0', overflows: null});
  await table.focus();
  // focused, it is laid out and measured: it fits at this width
  await expect.poll(async () => (await tables(page)).at(-1)).toEqual({skipped: false, tabindex: '0', overflows: false});
  await expect(table).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(table).not.toBeFocused();
  await expect(table).not.toHaveAttribute('tabindex');
});

test('without JavaScript, every table can take the focus', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false, viewport: phone});
  try {
    const page = await context.newPage();
    await page.goto('/config/dns');
    const all = page.locator('article .markdown table');
    expect(await all.count()).toBeGreaterThan(1);
    await expect(page.locator('article .markdown table:not([tabindex="0"])')).toHaveCount(0);
    await all.last().focus();
    await expect(all.last()).toBeFocused();
  } finally {
    await context.close();
  }
});

// Each table is named after its section (src/plugins/tableNames): a screen reader that reaches
// one says which it is. The name is the text of the nearest heading before the table, without the
// heading's "#" link.
for (const [path, first] of [['/config/routing', '域名匹配'], ['/en_US/config/routing', 'Domain matching'], ['/en_US/config/dns', null]] as const) {
  test(`${path}: every table after a heading is named after it`, async ({page}) => {
    await page.goto(path);
    await hydrated(page);
    const found = await page.evaluate(() => {
      const headings = Array.from(document.querySelectorAll('article .markdown :is(h2, h3, h4, h5, h6)'));
      return Array.from(document.querySelectorAll('article .markdown table')).map((table) => {
        const before = headings.filter((h) => h.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).at(-1);
        const text = before ? Array.from(before.childNodes).filter((n) => !(n instanceof HTMLElement && n.classList.contains('hash-link')))
          .map((n) => n.textContent ?? '').join('').replace(/[\s\u200b]+/g, ' ').trim() : null;
        return {label: table.getAttribute('aria-label'), heading: text};
      });
    });
    expect(found.length).toBeGreaterThan(1);
    for (const {label, heading} of found) expect(label).toBe(heading);
    if (first) await expect(page.getByRole('table', {name: first, exact: true}).first()).toBeAttached();
  });
}
