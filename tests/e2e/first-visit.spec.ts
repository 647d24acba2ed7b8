import type {Page} from '@playwright/test';
import {bundleFallbackMs} from '../../config/ssgTemplate';
import {test, expect, hydrated, recordRequests, recordScripts} from './fixtures';

/** The paths of the scripts a page's HTML preloads (<link rel=preload as=script>). */
function preloadedScripts(html: string): string[] {
  return [...html.matchAll(/<link[^>]+rel="?preload"?[^>]+as="?script"?[^>]+href="?([^" >]+\.js)/g)].map((m) => m[1] ?? '');
}

// A first visit loads what the page needs. The docs version metadata every docs page
// loads no longer carries every other page's description (src/plugins/leanDocsMetadata).

test('a docs page does not download the descriptions of the other pages', async ({page, request}) => {
  // Another page's description, as its own <meta name="description"> states it.
  const other = await (await request.get('/en_US/awesome/tools')).text();
  const description = /<meta[^>]+name="?description"?[^>]+content="([^"]+)"/.exec(other)?.[1];
  expect(description, 'the tools page has a meta description').toBeTruthy();
  const probe = description!.slice(0, 40);

  const scripts = recordScripts(page);
  await page.goto('/en_US/config/routing');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.count()).toBeGreaterThan(2);
  expect(await scripts.containing(probe)).toEqual([]);
  // The page's own description is still in its head.
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /\S/);
});

// @docusaurus/utils-common takes one helper from tslib; the page gets that helper, not all of
// tslib (src/plugins/leanTslib). "__addDisposableResource" is a name only tslib's code contains.
test('a docs page does not download the whole of tslib', async ({page}) => {
  const scripts = recordScripts(page);
  await page.goto('/config/routing');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.count()).toBeGreaterThan(2);
  expect(await scripts.containing('__addDisposableResource')).toEqual([]);
  // What the helper serves still works: the address without a trailing slash, on navigation.
  await page.locator('article a[href="/config/dns"]').first().click();
  await expect(page).toHaveURL(/\/config\/dns$/);
});

// The page paints before the bundle runs (config/ssgTemplate.ts). The head only preloads
// runtime~main.js and main.js; a script at the end of the body adds them after the first paint, or
// after a frame without paint timing, or when its fallback timer fires, whichever comes first.
test.describe('the bundle starts after the first paint', () => {
  type Marks = {paintedBeforeBundle?: boolean; bundleStartMs?: number; firstFrameMs?: number};

  /** Serves main.js with a first line noting when it ran and whether the page had painted by then. */
  async function markBundleStart(page: Page): Promise<void> {
    await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
      const text = await (await route.fetch()).text();
      const mark = `window.__marks={paintedBeforeBundle:performance.getEntriesByName('first-contentful-paint').length>0,bundleStartMs:performance.now(),firstFrameMs:window.__firstFrameMs};\n`;
      await route.fulfill({status: 200, contentType: 'application/javascript', body: mark + text});
    });
  }
  const marks = (page: Page) => page.evaluate(() => (window as unknown as {__marks?: Marks}).__marks ?? {});

  /**
   * Notes when the first animation frame callback the page asked for ran (window.__firstFrameMs).
   * Before main.js only the page's own inline scripts can ask for one, so a bundle started
   * without waiting for a frame finds it unset.
   */
  async function noteFirstFrame(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const w = window as unknown as {__firstFrameMs?: number};
      const requestFrame = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => requestFrame((time) => {
        w.__firstFrameMs ??= performance.now();
        callback(time);
      });
    });
  }

  /** Drops the page's fallback timer (set while the page parses), so only the path under test can start the bundle. */
  async function dropFallbackTimer(page: Page): Promise<void> {
    await page.addInitScript((fallbackMs) => {
      const setTimeoutOriginal = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) =>
        document.readyState === 'loading' && ms === fallbackMs ? 0 : setTimeoutOriginal(handler, ms, ...args)) as typeof setTimeout;
    }, bundleFallbackMs);
  }

  test('main.js runs after the first contentful paint, and the page hydrates', async ({page, request}) => {
    const html = await (await request.get('/config/routing')).text();
    expect(html, 'no script tag loads the bundle').not.toMatch(/<script[^>]+src=[^>]*main\.[0-9a-f]+\.js/);
    expect(preloadedScripts(html), 'the head preloads the bundle').toContainEqual(expect.stringMatching(/^\/assets\/js\/main\.[0-9a-f]+\.js$/));

    await dropFallbackTimer(page);
    await markBundleStart(page);
    await page.goto('/config/routing');
    await hydrated(page);
    expect((await marks(page)).paintedBeforeBundle).toBe(true);
  });

  for (const [what, stub] of [
    ['no PerformanceObserver', 'delete window.PerformanceObserver;'],
    // As in a browser without paint timing: 'paint' is not listed, and observing it reports nothing.
    ['an observer without paint entries',
      "window.PerformanceObserver = class { static supportedEntryTypes = ['mark', 'measure']; observe() {} disconnect() {} };"],
  ] as const) {
    test(`without paint timing (${what}), the bundle starts after a frame`, async ({page}) => {
      await page.addInitScript({content: stub});
      await noteFirstFrame(page);
      await dropFallbackTimer(page);
      await markBundleStart(page);
      await page.goto('/en_US/config/routing');
      await hydrated(page);
      const {bundleStartMs, firstFrameMs} = await marks(page);
      expect(firstFrameMs, 'an animation frame callback ran before main.js').toBeDefined();
      expect(bundleStartMs).toBeGreaterThanOrEqual(firstFrameMs!);
    });
  }

  test('if no paint is ever reported, the fallback timer starts the bundle', async ({page}) => {
    await page.addInitScript(() => {
      // Paint timing that never reports, as in a tab that is never shown.
      (window as unknown as {PerformanceObserver: unknown}).PerformanceObserver = class {
        static supportedEntryTypes = ['paint'];
        observe(): void {}
        disconnect(): void {}
      };
    });
    await markBundleStart(page);
    await page.goto('/guide/start');
    await hydrated(page);
    expect((await marks(page)).bundleStartMs).toBeGreaterThanOrEqual(bundleFallbackMs);
  });

  test('the bundle is added once when both the paint and the fallback timer come', async ({page}) => {
    await page.goto('/guide/install');
    await hydrated(page);
    await page.waitForTimeout(bundleFallbackMs + 200);
    await expect(page.locator('script[src*="/assets/js/main."]')).toHaveCount(1);
    await expect(page.locator('script[src*="/assets/js/runtime~main."]')).toHaveCount(1);
  });
});
