import type {Page} from '@playwright/test';
import {test, expect, hydrated, localePath, searchResultsMs, type Locale} from './fixtures';
import {expectStrictScripts, policyOf, recordCsp} from './csp';

/**
 * The Content-Security-Policy meta tag (builder/csp/csp.mjs, written after the build): every kind of
 * page carries it first in <head>, and loading and using the page breaks none of its rules: no
 * `securitypolicyviolation` event and no console message about the policy. Each page is used as a
 * reader would (the checker checks and traces, search answers a query, a diagram draws and zooms),
 * so that what loads late (workers, Pagefind's WebAssembly, Mermaid) is judged too.
 */
test.describe.configure({timeout: 120_000});
test.use({expectedNotFound: ['/no/such/page', '/en_US/no/such/page']});

const texts = {
  zh: {editor: '配置文件内容', none: '没有发现问题', address: '目标（域名或 IP）', result: '结论：走出站 direct'},
  en: {editor: 'Configuration file', none: 'no problems found', address: 'Destination (domain or IP)', result: 'Result: outbound direct'},
} as const;

const config = JSON.stringify({
  inbounds: [{tag: 'socks-in', listen: '127.0.0.1', port: 1080, protocol: 'socks'}],
  outbounds: [{tag: 'proxy', protocol: 'freedom'}, {tag: 'direct', protocol: 'freedom'}],
  routing: {rules: [{type: 'field', domain: ['domain:example.com'], outboundTag: 'direct'}]},
}, null, 2);

type Use = (page: Page, locale: Locale) => Promise<void>;

const pages: [string, string, Use][] = [
  ['home page', '/', async () => {}],
  ['doc page', '/config/routing', async () => {}],
  ['v5 page', '/v5/config/overview', async () => {}],
  ['404 page', '/no/such/page', async () => {}],
  ['page with a diagram, zoomed', '/guide/workflow', async (page) => {
    const diagram = page.locator('article .docusaurus-mermaid-container').first();
    await expect(diagram.locator(':scope > svg:visible')).toBeVisible();
    await expect(diagram.locator('.diagram-zoom-button')).toBeAttached();
    // a corner, as diagram-zoom.spec.ts clicks: not on a node
    await diagram.locator(':scope > svg:visible').click({position: {x: 4, y: 4}});
    await expect(page.locator('.diagram-zoom-overlay svg')).toBeVisible();
  }],
  ['configuration checker, with a check and a trace', '/awesome/config-checker', async (page, locale) => {
    await page.getByRole('textbox', {name: texts[locale].editor}).click();
    await page.keyboard.insertText(config);
    await expect(page.getByTestId('check-status')).toContainText(texts[locale].none);
    await page.getByRole('textbox', {name: texts[locale].address}).fill('www.example.com');
    await expect(page.getByTestId('trace-summary')).toContainText(texts[locale].result);
  }],
  ['search page, with a query', '/search?q=routing', async (page, locale) => {
    await expect(page.locator(`main ol a[href^="${localePath('/config/routing', locale)}"]`).first()).toBeVisible({timeout: searchResultsMs});
  }],
  ['search modal, with a query', '/guide/start', async (page) => {
    await page.locator('button.DocSearch-Button').click();
    await page.locator('input.DocSearch-Input').fill('RuleObject');
    await expect(page.locator('.DocSearch-Dropdown:not([data-search-pending]) .DocSearch-Hit a').first()).toBeVisible({timeout: searchResultsMs});
  }],
];

for (const locale of ['zh', 'en'] as const) {
  for (const [kind, path, use] of pages) {
    const address = localePath(path, locale);
    test(`${locale}: the ${kind} (${address}) carries the policy and breaks none of it`, async ({page}) => {
      const csp = await recordCsp(page);
      const response = await page.goto(address);
      await hydrated(page);
      const policy = await policyOf(page, await response!.text());
      expectStrictScripts(policy);
      expect(policy).not.toContain('algolia');
      await use(page, locale);
      await page.waitForLoadState('networkidle');
      expect(csp.violations).toEqual([]);
      expect(csp.console).toEqual([]);
    });
  }
}

test.describe('a wrong hash', () => {
  // The page with a broken hash is meant to be refused, which the browser reports on the console.
  test.use({allowedConsoleErrors: [/Content Security Policy/]});

  test('every inline script of a page is allowed by its hash, and a changed hash is refused', async ({page}) => {
    // The same page with its policy as the build wrote it, then with one hash changed.
    const html = await (await page.request.get('/config/routing')).text();
    const broken = html.replace(/'sha256-[A-Za-z0-9+/]{4}/, "'sha256-AAAA");
    expect(broken).not.toBe(html);
    const csp = await recordCsp(page);
    for (const [body, blocked] of [[html, false], [broken, true]] as const) {
      csp.violations.length = 0;
      await page.route('**/config/routing', (route) => route.fulfill({contentType: 'text/html', body}));
      await page.goto('/config/routing');
      if (blocked) {
        await expect.poll(() => csp.violations.length).toBeGreaterThan(0);
        expect(csp.violations.join('\n')).toMatch(/script-src(-elem)? blocked inline/);
      } else {
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        expect(csp.violations).toEqual([]);
      }
      await page.unrouteAll();
    }
  });
});
