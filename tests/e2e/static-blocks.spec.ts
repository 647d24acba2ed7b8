import {test, expect, hydrated, localePath, type Locale} from './fixtures';
import type {Page} from '@playwright/test';

// Static blocks (src/plugins/staticBlocks, src/components/StaticBlock): a plain paragraph, list,
// table or quote is one element whose inside React keeps from the server without hydrating it,
// and whose links behave as Docusaurus's Link (core 3.10.2) makes them behave.

/**
 * Before any script: records every node removed from the document, and every attribute or text
 * change, from the parser's first node on (the parser only adds nodes), and, once the HTML is
 * parsed (before the bundle, which is fetched after the first paint, can run), the article's
 * blocks as the parser made them.
 */
const watchHydration = () => {
  const w = window as unknown as {__removed: Node[]; __changed: Node[]; __parsed: Element[]};
  w.__removed = [];
  w.__changed = [];
  w.__parsed = [];
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList') w.__removed.push(...Array.from(r.removedNodes), ...(r.removedNodes.length ? [r.target] : []));
      else w.__changed.push(r.target);
    }
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') w.__parsed = Array.from(document.querySelectorAll('article :is(p, ul, ol, table, blockquote)'));
  });
};

/** What hydration did to the article's static blocks (found by their React props). */
async function staticBlocksAfterHydration(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as {__removed: Node[]; __changed: Node[]; __parsed: Element[]};
    const props = (el: Element) => {
      const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
      return key ? (el as unknown as Record<string, {dangerouslySetInnerHTML?: unknown}>)[key] : undefined;
    };
    const blocks = Array.from(document.querySelectorAll('article :is(p, ul, ol, table, blockquote)')).filter((el) => props(el)?.dangerouslySetInnerHTML);
    const inside = (n: Node) => blocks.some((b) => b.contains(n));
    return {
      blocks: blocks.length,
      links: blocks.reduce((sum, b) => sum + b.querySelectorAll('a[href]').length, 0),
      notFromParser: blocks.filter((b) => !w.__parsed.includes(b)).length,
      removedInside: w.__removed.filter(inside).length,
      articleRemoved: w.__removed.filter((n) => n instanceof Element && (n.matches('article') || n.querySelector('article'))).length,
      // the block's own attributes may change (Table adds tabindex when it overflows), not its inside
      changedInside: w.__changed.filter((n) => inside(n) && !blocks.includes(n as Element)).length,
    };
  });
}

/** Whether the first element the selector finds is inside a static block (by its React props). */
async function inStaticBlock(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((selector) => {
    const block = document.querySelector(selector)?.closest('article :is(p, ul, ol, table, blockquote)');
    const key = block && Object.keys(block).find((k) => k.startsWith('__reactProps$'));
    return Boolean(key && (block as unknown as Record<string, {dangerouslySetInnerHTML?: unknown}>)[key]!.dangerouslySetInnerHTML);
  }, selector);
}

/** Whether a click with these properties on the link was taken over (default prevented). */
type ClickInit = {button: number; ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean; altKey?: boolean};

async function clickPrevented(page: Page, selector: string, init: ClickInit): Promise<boolean> {
  return page.evaluate(({selector, init}) => {
    const link = document.querySelector(selector)!;
    let prevented: boolean | null = null;
    // after React's listener on the root: what it did, then keep the browser from leaving
    const after = (e: Event) => { prevented = e.defaultPrevented; e.preventDefault(); };
    document.addEventListener('click', after, {once: true});
    link.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, ...init}));
    return prevented === true;
  }, {selector, init});
}

const cases: Array<{locale: Locale; page: string}> = [
  {locale: 'zh', page: '/config/routing'},
  {locale: 'en', page: '/config/routing'},
];

for (const {locale, page: path} of cases) {
  const url = localePath(path, locale);
  const outbounds = localePath('/config/outbounds', locale);
  // the first paragraph's link to the outbound list (a static block)
  const internal = `article p a[href="${outbounds}#outboundobject"]`;

  test(`${url}: hydration keeps every node of the static blocks as the server wrote it`, async ({page}) => {
    await page.addInitScript(watchHydration);
    await page.goto(url);
    await hydrated(page);
    const r = await staticBlocksAfterHydration(page);
    expect(r.blocks).toBeGreaterThan(100);
    expect(r.links).toBeGreaterThan(40);
    expect(r).toEqual({blocks: r.blocks, links: r.links, notFromParser: 0, removedInside: 0, articleRemoved: 0, changedInside: 0});
  });

  test(`${url}: hovering a link in a static block loads its page code ahead, as Link does`, async ({page}) => {
    await page.goto(url);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    // a link with a #fragment preloads nothing, with Link too: Docusaurus matches the route on the whole address
    const selector = `article p a[href="${localePath('/config/dns', locale)}"]`;
    expect(await inStaticBlock(page, selector)).toBe(true);
    const link = page.locator(selector).first();
    const scripts: string[] = [];
    page.on('request', (r) => { if (r.url().endsWith('.js')) scripts.push(r.url()); });
    await link.hover();
    await expect.poll(() => scripts.length, {message: 'hovering loads the page code ahead'}).toBeGreaterThan(0);
  });

  test(`${url}: a link in a static block navigates in the page and lands on its anchor`, async ({page}) => {
    await page.goto(url);
    await hydrated(page);
    const link = page.locator(internal).first();
    expect(await inStaticBlock(page, internal)).toBe(true);
    await page.evaluate(() => { (window as unknown as {__stay: number}).__stay = 1; });
    await link.click();
    await expect(page).toHaveURL(`${outbounds}#outboundobject`);
    await expect(page.locator('#outboundobject')).toBeInViewport();
    expect(await page.evaluate(() => (window as unknown as {__stay?: number}).__stay), 'no full page load').toBe(1);
  });

  test(`${url}: modified and middle clicks, external links and anchors are left to the browser`, async ({page}) => {
    await page.goto(url);
    await hydrated(page);
    expect(await clickPrevented(page, internal, {button: 0}), 'a plain click is taken over').toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(url);
    await hydrated(page);
    for (const init of [{ctrlKey: true}, {metaKey: true}, {shiftKey: true}, {altKey: true}, {button: 1}]) {
      expect(await clickPrevented(page, internal, {button: 0, ...init}), JSON.stringify(init)).toBe(false);
    }
    const external = 'article p a[href^="https://"]';
    expect(await inStaticBlock(page, external)).toBe(true);
    expect(await inStaticBlock(page, 'article p a[href^="#"]')).toBe(true);
    await expect(page.locator(external).first()).toHaveAttribute('target', '_blank');
    await expect(page.locator(external).first()).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await clickPrevented(page, external, {button: 0}), 'external').toBe(false);
    expect(await clickPrevented(page, 'article p a[href^="#"]', {button: 0}), 'anchor').toBe(false);
    await expect(page).toHaveURL(url);
  });
}

test.describe('the bench\'s phone viewport', () => {
  test.use({viewport: {width: 412, height: 823}, isMobile: true});

  // measured as scripts/bench/run.mjs counts (2026-11-28): 1,158 hydrated elements before static
  // blocks, 538 after (bench/README.md "What costs /config/routing its blocking time")
  test('/config/routing.html hydrates fewer than 700 elements', async ({page}) => {
    await page.goto('/config/routing.html');
    await hydrated(page);
    const hydratedElements = await page.evaluate(() => Array.from(document.getElementsByTagName('*'))
      .filter((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'))).length);
    expect(hydratedElements).toBeLessThan(700);
  });
});

// src/theme/TOCItems/Tree: the table of contents is one <ul> whose inside React keeps from the
// server (upstream: a Link per heading, about 300 fibers on routing, hydrated on a phone too).
test('the table of contents is one element to React, and its links still jump and follow the reading', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 720});
  await page.goto('/config/routing.html');
  await hydrated(page);
  const toc = page.locator('.theme-doc-toc-desktop');
  const fibers = await toc.evaluate((t) => {
    const hasFiber = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
    return {links: t.querySelectorAll('a').length, hydratedLinks: Array.from(t.querySelectorAll('a')).filter(hasFiber).length, root: hasFiber(t.querySelector('ul')!)};
  });
  expect(fibers.links).toBeGreaterThan(40);
  expect(fibers).toEqual({links: fibers.links, hydratedLinks: 0, root: true});
  await toc.getByRole('link', {name: 'BalancerObject', exact: true}).click();
  await expect(page).toHaveURL(/#balancerobject$/);
  await expect(toc.getByRole('link', {name: 'BalancerObject', exact: true})).toHaveClass(/table-of-contents__link--active/);
});
