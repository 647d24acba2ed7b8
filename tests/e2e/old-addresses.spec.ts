import {execFileSync} from 'node:child_process';
import {join} from 'node:path';
import {test, expect, hydrated, docPages, localePath} from './fixtures';

/**
 * The old site's addresses keep working. Every object heading of the v4 reference
 * (/config/**) was linked from elsewhere as /config/<page>.html#<objectname>, in both languages,
 * so each such address must open the right page and scroll to the element with that id. Chinese
 * pages keep the English object-name ids (WRITING.md), so the list is the same for both.
 * One page load per page and language; the other anchors are reached by changing the hash.
 */

/** Page -> anchors, from builder/facts/facts.mjs (an ES module, which Playwright cannot import). */
const objectAnchors: Record<string, string[]> = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', `
  import {facts, objectHeadings} from ${JSON.stringify(join(__dirname, '../../builder/facts/facts.mjs'))};
  const pages = Object.keys(facts).filter((path) => path.startsWith('/config/'));
  console.log(JSON.stringify(Object.fromEntries(pages.map((p) => [p, objectHeadings(p).map((h) => h.anchor)]))));
`], {encoding: 'utf8'}));

// Eight pages to a test (one browser page each), each page a step.
const batchSize = 8;
const pageAnchors = Object.entries(objectAnchors);
for (const locale of ['zh', 'en'] as const) {
  for (let first = 0; first < pageAnchors.length; first += batchSize) {
    const batch = pageAnchors.slice(first, first + batchSize);
    test(`${locale} ${batch[0]![0]} … ${batch.at(-1)![0]}: the old .html#object addresses resolve`, async ({page}) => {
      test.setTimeout(30_000 + batch.length * 20_000);
      for (const [path, anchors] of batch) {
        const title = docPages.find((d) => d.path === path)?.[locale];
        const oldAddress = `${localePath(path, locale)}.html`;
        await test.step(`${oldAddress}#${anchors.join(', #')} resolve`, async () => {
          expect(title, `${path} in facts/pages.json`).toBeDefined();
          expect(anchors.length, `object headings of ${path}`).toBeGreaterThan(0);
          const response = await page.goto(`${oldAddress}#${anchors[0]}`);
          expect(response?.status()).toBe(200);
          await hydrated(page);
          await expect(page.locator('article h1').first()).toHaveText(title!);
          for (const [i, anchor] of anchors.entries()) {
            // The first anchor came with the page load; the others change only the hash.
            if (i > 0) await page.evaluate((hash) => { window.location.hash = hash; }, anchor);
            const target = page.locator(':target');
            await expect(target, `#${anchor}`).toHaveAttribute('id', anchor);
            await expect(target, `#${anchor} scrolled into view`).toBeInViewport();
          }
        });
      }
    });
  }
}

// src/clientModules/keepHashTarget.ts: the DNS page's diagram (about 1 300 px) sits above
// DnsObject. Drawn at build time (src/plugins/staticDiagrams), it is in the server's HTML with its
// height, so nothing drawn later pushes the target away: the diagram is there before the page
// hydrates, and the target stays in view once the page has loaded.
test.describe(() => {
  test.use({viewport: {width: 1280, height: 960}});
  for (const locale of ['zh', 'en'] as const) {
    const address = `${localePath('/config/dns', locale)}.html#dnsobject`;
    test(`${address} keeps DnsObject in view after the diagram above it has drawn`, async ({page}) => {
      // In the server's HTML, before any script has run.
      const html = await (await page.request.get(localePath('/config/dns', locale))).text();
      expect(html).toMatch(/<svg [^>]*data-diagram-mode=/);
      await page.goto(address);
      const diagram = page.locator('.docusaurus-mermaid-container > svg:visible').first();
      const target = page.locator('#dnsobject');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const [diagramBox, targetBox] = [await diagram.boundingBox(), await target.boundingBox()];
      expect(diagramBox!.height, 'the diagram is tall enough to push the target away').toBeGreaterThan(700);
      expect(diagramBox!.y + diagramBox!.height, 'the diagram is above the target').toBeLessThanOrEqual(targetBox!.y);
      await expect(target).toBeInViewport();
    });
  }
});
