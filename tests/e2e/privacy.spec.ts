import {test, expect, hydrated, localePath, reachDiagram, recordRequests} from './fixtures';

/**
 * Loading a page asks no host but the site's own (readers behind filtered networks, and
 * no third party learns who reads what). Every kind of page, both languages, until the network
 * is idle, before any interaction.
 */

// The 404 page's own address answers 404, which Chromium reports on the console; nothing else may.
test.use({expectedNotFound: ['/no/such/page', '/en_US/no/such/page']});

const pages = [
  ['home', '/'],
  ['guide page', '/guide/install'],
  ['v4 reference page', '/config/routing'],
  ['v5 page', '/v5/config/overview'],
  ['tools page', '/awesome/tools'],
  ['404 page', '/no/such/page'],
  ['DNS page with its diagram', '/config/dns'],
] as const;

for (const locale of ['zh', 'en'] as const) {
  for (const [kind, path] of pages) {
    const address = localePath(path, locale);
    test(`the ${kind} ${address} requests nothing from another host while it loads`, async ({page, baseURL}) => {
      const requests = recordRequests(page, baseURL);
      await page.goto(address, {waitUntil: 'networkidle'});
      await hydrated(page);
      if (kind === 'DNS page with its diagram') {
        // The diagram is drawn in the browser when it nears the viewport; wait for it before judging.
        await reachDiagram(page);
        await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible();
      }
      await page.waitForLoadState('networkidle');
      expect(requests.own.length, 'requests to the site itself were seen').toBeGreaterThan(0);
      expect(requests.foreign).toEqual([]);
    });
  }
}
