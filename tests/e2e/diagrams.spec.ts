import {test, expect, hydrated, localePath, recordScripts} from './fixtures';
import type {Locator, Page} from '@playwright/test';

// Mermaid diagrams are drawn at build time (src/plugins/staticDiagrams): each is one SVG in the
// page for both colour modes, whose colours follow [data-theme] (tests/e2e/diagram-colours.spec.ts
// compares them with each mode's drawing); a diagram whose drawings differed in more than colour
// would be two, one shown per mode (none does: each page's count below is of SVGs). No diagram code is
// downloaded or run in the reader's browser: "mermaidAPI" is a name only the library's code
// contains.
const container = (page: Page): Locator => page.locator('article .docusaurus-mermaid-container');
/** The SVGs shown (one per diagram). */
const shown = (page: Page): Locator => container(page).locator(':scope > svg[aria-roledescription]:visible');

/** Every page with a diagram, how many it has and a label of its first. */
const pages = [
  {path: '/config/dns', count: 1, zh: 'hosts', en: 'hosts'},
  {path: '/v5/config/dns', count: 1, zh: 'staticHosts', en: 'staticHosts'},
  {path: '/developer/intro/design', count: 1, zh: 'core.Instance', en: 'core.Instance'},
  {path: '/developer/protocols/vmess', count: 1, zh: 'VMess', en: 'VMess'},
  {path: '/guide/start', count: 1, zh: 'SOCKS5', en: 'SOCKS5'},
  {path: '/guide/workflow', count: 2, zh: '路由', en: 'Routing'},
] as const;

/** Scrolls through the whole page at reading pace, so that anything loaded near the viewport would load. */
async function scrollThrough(page: Page): Promise<void> {
  for (;;) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy({top: window.innerHeight * 0.8, behavior: 'instant'});
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    if (atEnd) break;
  }
}

for (const {path, count, ...label} of pages) {
  for (const locale of ['zh', 'en'] as const) {
    const url = localePath(path, locale);
    test(`${url}: the diagram is SVG in the page, no diagram code loads, and the colour mode picks its drawing`, async ({page}) => {
      await page.emulateMedia({colorScheme: 'light'});
      const scripts = recordScripts(page);
      await page.goto(url);
      await hydrated(page);
      await scrollThrough(page);
      await page.waitForLoadState('networkidle');
      expect(scripts.count()).toBeGreaterThan(3);
      expect(await scripts.containing('mermaidAPI')).toHaveLength(0);
      await expect(page.locator('[data-diagram-pending]')).toHaveCount(0);

      await expect(container(page)).toHaveCount(count);
      await expect(container(page).locator(':scope > svg')).toHaveCount(count);
      await expect(shown(page)).toHaveCount(count);
      const svg = shown(page).first();
      await svg.scrollIntoViewIfNeeded();
      await expect(svg).toBeVisible();
      await expect(svg).toHaveAttribute('data-diagram-mode', 'both');
      await expect(svg).toContainText(label[locale]);
      expect((await svg.boundingBox())!.width).toBeGreaterThan(150);
      const fill = async () => shown(page).first().locator('.node rect, .node polygon, .node path, rect.actor').first()
        .evaluate((el) => getComputedStyle(el).fill);
      const light = await fill();

      // Auto mode follows the system: the same SVG takes the dark colours, with no script.
      await page.emulateMedia({colorScheme: 'dark'});
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(shown(page)).toHaveCount(count);
      await expect(shown(page).first()).toHaveAttribute('data-diagram-mode', 'both');
      await expect(shown(page).first()).toContainText(label[locale]);
      expect(await fill()).not.toBe(light);
      expect(await scripts.containing('mermaidAPI')).toHaveLength(0);
    });
  }
}

test('every id in the diagrams of a page is unique (two diagrams)', async ({page}) => {
  await page.goto('/guide/workflow');
  const ids = await page.locator('article .docusaurus-mermaid-container [id]').evaluateAll((els) => els.map((el) => el.id));
  expect(ids.length).toBeGreaterThan(20);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  // Each drawing's style is scoped to its own SVG.
  const scopes = await container(page).locator(':scope > svg').evaluateAll((svgs) =>
    svgs.map((svg) => svg.querySelector('style')!.textContent!.startsWith(`#${svg.id}{`)));
  expect(scopes).toEqual([true, true]);
});

// The labels were measured in the build machine's fonts, with room to spare; a reader's fonts
// may be wider. Drawn in a much wider font (a monospace one, spaced out), no label is cut off,
// and each stays within its node but for a few pixels.
for (const path of ['/config/dns', '/en_US/config/dns', '/en_US/developer/intro/design', '/guide/workflow']) {
  test(`${path}: in a wider font the labels still fit their nodes, and none is clipped`, async ({page}) => {
    await page.goto(path);
    await hydrated(page);
    await page.addStyleTag({content: `.docusaurus-mermaid-container foreignObject * {
      font-family: 'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', monospace !important; letter-spacing: 0.02em !important; }`});
    const labels = await shown(page).first().locator('g.node').evaluateAll((nodes) => nodes.map((node) => {
      const shape = node.querySelector(':scope > rect, :scope > polygon, :scope > path, :scope > g > path, :scope > circle')!.getBoundingClientRect();
      const object = node.querySelector('foreignObject')!;
      const content = object.querySelector('p, span')!.getBoundingClientRect();
      return {node: node.id, overflow: getComputedStyle(object).overflow, over: Math.max(shape.left - content.left, content.right - shape.right)};
    }));
    expect(labels.length).toBeGreaterThan(4);
    for (const label of labels) {
      expect(label.overflow, label.node).toBe('visible');
      expect(label.over, label.node).toBeLessThanOrEqual(2);
    }
  });
}

for (const path of ['/', '/config/routing', '/en_US/guide/install']) {
  test(`${path} has no diagram and does not load the mermaid library`, async ({page}) => {
    const scripts = recordScripts(page);
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.count()).toBeGreaterThan(3);
    expect(await scripts.containing('mermaidAPI')).toHaveLength(0);
  });
}

// Mermaid's flowchart bound tooltip handlers to its nodes in the browser, which threw when the
// pointer left a node (bench/README.md); a diagram drawn at build time has no handlers at all.
// The fixture fails the test on any page error.
test('moving the pointer over and off a flowchart node throws nothing', async ({page}) => {
  await page.goto('/developer/intro/design');
  await hydrated(page);
  const node = shown(page).first().locator('g.node').first();
  await expect(node).toBeVisible();
  await node.hover();
  await page.mouse.move(1, 1);
  await node.hover();
  await page.mouse.move(1, 1);
  await expect(shown(page).first()).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
});
