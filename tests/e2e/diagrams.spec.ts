import {test, expect, hydrated, reachDiagram, recordScripts} from './fixtures';
import type {Page} from '@playwright/test';

// Mermaid diagrams render as inline SVG in both colour modes; the mermaid library itself loads
// only on pages that have a diagram, and only when a diagram comes near the viewport (about 190
// KB gzip a reader who never scrolls to it does not pay). "mermaidAPI" is a name only the
// library's code contains.
const diagram = (page: Page) => page.locator('article').locator('svg[aria-roledescription]').first();

const pages = [
  ['/developer/intro/design', 'core.Instance'],
  ['/en_US/developer/intro/design', 'core.Instance'],
  ['/config/dns', 'hosts'],
  ['/en_US/config/dns', 'hosts'],
] as const;

for (const [path, text] of pages) {
  test(`the diagram on ${path} renders as inline SVG in light and dark mode`, async ({page}) => {
    const fills: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      await page.goto(`${path}?docusaurus-theme=${mode}`);
      await hydrated(page);
      await reachDiagram(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const svg = diagram(page);
      await expect(svg).toBeVisible();
      await expect(svg).toContainText(text);
      const box = await svg.boundingBox();
      expect(box?.width).toBeGreaterThan(200);
      fills.push(await svg.locator('.node rect, .node polygon, .node path').first().evaluate((el) => getComputedStyle(el).fill));
    }
    // The dark theme's diagram has its own colours.
    expect(fills[0]).not.toBe(fills[1]);
  });
}

test('a page with a diagram loads the mermaid library', async ({page}) => {
  const scripts = recordScripts(page);
  await page.goto('/developer/intro/design');
  await hydrated(page);
  await expect(diagram(page)).toBeVisible();
  expect((await scripts.containing('mermaidAPI')).length > 0).toBe(true);
});

for (const path of ['/config/dns', '/en_US/config/dns']) {
  test(`${path}: the library loads only when the diagram, far down the page, comes near the viewport`, async ({page}) => {
    const scripts = recordScripts(page);
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await scripts.containing('mermaidAPI')).toHaveLength(0);
    await expect(diagram(page)).toHaveCount(0);
    await reachDiagram(page);
    await expect(diagram(page)).toBeVisible();
    await expect(diagram(page)).toContainText('hosts');
    expect((await scripts.containing('mermaidAPI')).length > 0).toBe(true);
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

// Mermaid's flowchart binds tooltip handlers to its nodes: moving the pointer off a node called
// d3's selection.transition(), which d3's bundle adds to its selection as a side effect that the
// bundler drops (d3 declares "sideEffects": false), and threw "e.transition is not a function".
// A diagram without tooltips (all of the docs') gets no such handlers (src/theme/Mermaid/Diagram).
// The fixture fails the test on any page error.
test('moving the pointer over and off a flowchart node throws nothing', async ({page}) => {
  await page.goto('/developer/intro/design');
  await hydrated(page);
  const node = diagram(page).locator('g.node').first();
  await expect(node).toBeVisible();
  await node.hover();
  await page.mouse.move(1, 1);
  await node.hover();
  await page.mouse.move(1, 1);
  // The mouseout handler runs synchronously; a round trip to the page lets an error reach the fixture.
  await expect(diagram(page)).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
});
