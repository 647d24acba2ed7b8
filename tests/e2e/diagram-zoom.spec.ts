import {test, expect, hydrated, localePath, recordScripts, scrollBy} from './fixtures';
import type {Locator, Page} from '@playwright/test';

// Mermaid diagrams zoom as images do (image-zoom.spec.ts): a click on a diagram, or Enter on its
// zoom button (reached with the keyboard), shows it large over the page; a click, Escape or a
// scroll of 40 px puts it back. The zoom is attached 300 ms after each navigation, in both
// languages and both colour modes; pages without a diagram load nothing for it.
const diagramPage = '/guide/workflow';

const diagram = (page: Page): Locator => page.locator('article .docusaurus-mermaid-container').first();
/** The diagram's SVG shown in the page (one per colour mode is drawn at build time: the current mode's). */
const diagramSvg = (page: Page): Locator => diagram(page).locator(':scope > svg:visible');
const zoomButton = (page: Page): Locator => diagram(page).locator('.diagram-zoom-button');
const overlay = (page: Page): Locator => page.locator('.diagram-zoom-overlay');
const zoomedSvg = (page: Page): Locator => overlay(page).locator('svg[aria-roledescription]');

async function openDiagramPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await expect(zoomButton(page)).toBeAttached();
}

for (const locale of ['zh', 'en'] as const) {
  for (const mode of ['light', 'dark'] as const) {
    const path = localePath(diagramPage, locale);
    test(`${path} (${mode}): a click zooms the diagram in, a click on the overlay zooms it out`, async ({page}) => {
      await page.emulateMedia({colorScheme: mode});
      await openDiagramPage(page, path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const before = await diagramSvg(page).boundingBox();
      await diagramSvg(page).click({position: {x: 4, y: 4}});
      await expect(zoomedSvg(page)).toBeVisible();
      const after = await zoomedSvg(page).boundingBox();
      // Larger than in the page: as large as the window, or, for a diagram wider than the window
      // (this flowchart is about 2140 px wide), its own size, the overlay scrolling to the rest.
      expect(after!.width * after!.height).toBeGreaterThan(1.5 * before!.width * before!.height);
      const viewport = page.viewportSize()!;
      const fits = after!.width <= viewport.width && after!.height <= viewport.height;
      const scrolls = await overlay(page).evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
      expect(fits || scrolls).toBe(true);
      // The overlay follows the colour mode, as the image zoom's background does.
      const background = await overlay(page).evaluate((el) => getComputedStyle(el).backgroundColor);
      const surface = await page.evaluate(() => {
        const probe = document.createElement('div');
        probe.style.background = 'var(--ifm-background-surface-color)';
        document.body.append(probe);
        const colour = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return colour;
      });
      expect(background).toBe(surface);
      // While zoomed, the diagram is in the overlay only, not twice in the page.
      await expect(page.locator('svg[aria-roledescription]')).toHaveCount(await page.locator('article svg[aria-roledescription]').count() + 1);
      // The top-left corner, beside the diagram: a click outside it.
      await page.mouse.click(3, 3);
      await expect(overlay(page)).toHaveCount(0);
      await expect(diagramSvg(page)).toBeVisible();
    });

    test(`${path} (${mode}): the keyboard reaches the zoom button; Enter zooms, Escape zooms out`, async ({page}) => {
      await page.emulateMedia({colorScheme: mode});
      await openDiagramPage(page, path);
      // Tab from the heading before the diagram until the zoom button has the focus.
      await page.locator('article h1').first().focus();
      for (let i = 0; i < 40 && !(await zoomButton(page).evaluate((el) => el === document.activeElement)); i += 1) {
        await page.keyboard.press('Tab');
      }
      await expect(zoomButton(page)).toBeFocused();
      await expect(zoomButton(page)).toHaveAccessibleName(locale === 'zh' ? '放大图表' : 'Zoom in on the diagram');
      await page.keyboard.press('Enter');
      await expect(zoomedSvg(page)).toBeVisible();
      await expect(overlay(page)).toHaveAttribute('role', 'dialog');
      await page.keyboard.press('Escape');
      await expect(overlay(page)).toHaveCount(0);
      await expect(zoomButton(page)).toBeFocused();
    });
  }
}

test('on a phone, a wide diagram zooms to a size its text can be read at, and the overlay scrolls to the rest', async ({page}) => {
  await page.setViewportSize({width: 390, height: 800});
  await openDiagramPage(page, diagramPage);
  const inPage = await diagramSvg(page).boundingBox();
  await zoomButton(page).click();
  await expect(zoomedSvg(page)).toBeVisible();
  const zoomed = await zoomedSvg(page).boundingBox();
  // The workflow page's first diagram is a left-to-right flowchart, far wider than a phone.
  expect(zoomed!.width).toBeGreaterThan(2 * inPage!.width);
  const scrollable = await overlay(page).evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(scrollable).toBe(true);
  await page.keyboard.press('Escape');
  await expect(overlay(page)).toHaveCount(0);
});

test('scrolling 40 px while a diagram is zoomed zooms it out; 39 px does not', async ({page}) => {
  await openDiagramPage(page, diagramPage);
  await diagramSvg(page).click({position: {x: 4, y: 4}});
  await expect(zoomedSvg(page)).toBeVisible();
  await scrollBy(page, 39);
  await expect(zoomedSvg(page)).toBeVisible();
  await scrollBy(page, 1);
  await expect(overlay(page)).toHaveCount(0);
  await expect(diagramSvg(page)).toBeVisible();
});

test('after navigating away and back, the diagram zooms again once 300 ms have passed', async ({page}) => {
  await page.clock.install();
  await openDiagramPage(page, diagramPage);
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('navigation', {name: '文档侧边栏'}).getByRole('link', {name: '安装', exact: true}).click();
  await expect(page).toHaveURL(/\/guide\/install$/);
  await expect(page.getByRole('heading', {level: 1, name: '安装'})).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/guide\/workflow$/);
  await expect(diagramSvg(page)).toBeVisible();
  await page.clock.runFor(290);
  await expect(zoomButton(page)).toHaveCount(0);
  await diagramSvg(page).click({position: {x: 4, y: 4}});
  await expect(overlay(page)).toHaveCount(0);
  await page.clock.runFor(20);
  await expect(zoomButton(page)).toBeAttached();
  await page.clock.resume();
  await diagramSvg(page).click({position: {x: 4, y: 4}});
  await expect(zoomedSvg(page)).toBeVisible();
});

test('navigating away closes a zoomed diagram', async ({page}) => {
  await openDiagramPage(page, diagramPage);
  await zoomButton(page).click();
  await expect(zoomedSvg(page)).toBeVisible();
  // A navigation inside the app, as the browser's back button or a link would make.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/guide/install');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', {level: 1, name: '安装'})).toBeVisible();
  await expect(overlay(page)).toHaveCount(0);
});

for (const path of ['/config/routing', '/en_US/guide/install']) {
  test(`${path} has no diagram and loads nothing for diagram zoom`, async ({page}) => {
    await page.clock.install();
    const scripts = recordScripts(page);
    await page.goto(path);
    await hydrated(page);
    // Past the 300 ms after the navigation at which zoom is attached.
    await page.clock.runFor(1000);
    await page.waitForLoadState('networkidle');
    expect(scripts.count()).toBeGreaterThan(3);
    expect(await scripts.containing('diagram-zoom-overlay')).toHaveLength(0);
  });
}
