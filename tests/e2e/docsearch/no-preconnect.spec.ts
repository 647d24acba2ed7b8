import {test, expect, hydrated} from '../fixtures';

// Hosted search contacts Algolia only when the reader searches. DocSearch's own SearchBar adds a
// <link rel="preconnect"> to the Algolia host to every page, which opened a connection to a
// third-party host (blocked for many readers) on every page load; src/plugins/localSearchUi
// leaves it out. A preconnect fires no request event, so the page's head itself is checked.

const hints = 'link[rel="preconnect"], link[rel="dns-prefetch"], link[rel="preload"], link[rel="prefetch"]';

for (const path of ['/config/routing', '/en_US/guide/start']) {
  test(`${path}: no connection hint to another host, in the served page or after hydration`, async ({page, request, baseURL}) => {
    const own = new URL(baseURL ?? '').origin;
    const html = await (await request.get(path)).text();
    const inHtml = [...html.matchAll(/<link\b[^>]*\brel="?(preconnect|dns-prefetch|preload|prefetch)"?[^>]*>/g)].map((m) => m[0]);
    expect(inHtml.filter((tag) => /href="?https?:\/\//.test(tag) && !tag.includes(own))).toEqual([]);

    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('button', {name: /搜索|Search/}).first()).toBeVisible();
    const hrefs = await page.locator(hints).evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    expect(hrefs.filter((h) => new URL(h).origin !== own)).toEqual([]);
  });
}
