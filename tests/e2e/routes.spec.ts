import type {Page} from '@playwright/test';
import {test, expect, hydrated, docPages, localePath, type Locale} from './fixtures';

const langs: Record<Locale, string> = {zh: 'zh-CN', en: 'en-US'};

/**
 * Records, from before the first script runs, whether the page ever showed the 404 heading or
 * lost its article after showing it: the two flashes an .html address caused.
 */
async function watchForFlashes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as {__flash: string[]};
    w.__flash = [];
    let hadArticle = false;
    const check = () => {
      const article = document.querySelector('article');
      if (article) hadArticle = true;
      else if (hadArticle) w.__flash.push('article vanished');
      const h1 = document.querySelector('h1');
      if (h1?.textContent?.trim() === '404') w.__flash.push('404 heading shown');
    };
    new MutationObserver(check).observe(document, {childList: true, subtree: true});
  });
}

/** The text of an HTML fragment: tags dropped, the entities React writes decoded. */
function htmlText(html: string): string {
  const named: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0'};
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, code: string) => {
    if (code[0] === '#') return String.fromCodePoint(code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1)));
    return named[code.toLowerCase()] ?? all;
  }).trim();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Every page, as the server sends it, at both addresses (the browser adds nothing to
// these checks, and 432 page loads took a third of the suite). The old .html address is served
// as it is, without a redirect.
for (const locale of ['zh', 'en'] as const) {
  test(`every ${locale} page is served at its address and its .html address, with its language, heading and title`, async ({request}) => {
    const problems: string[] = [];
    for (const doc of docPages) {
      for (const address of [localePath(doc.path, locale), `${localePath(doc.path, locale)}.html`]) {
        const response = await request.get(address, {maxRedirects: 0});
        const html = await response.text();
        const lang = /<html[^>]*\slang="?([\w-]+)/.exec(html)?.[1];
        const h1 = /<article[\s\S]*?<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
        const title = /<title[^>]*>([\s\S]*?)<\/title>/.exec(html)?.[1];
        const found = `${response.status()} lang=${lang} h1=${h1 === undefined ? '-' : htmlText(h1)} title=${title === undefined ? '-' : htmlText(title)}`;
        const ok = response.status() === 200 && lang === langs[locale] && h1 !== undefined && htmlText(h1) === doc[locale]
          && title !== undefined && new RegExp(`^${escapeRegExp(doc[locale])} \\| `).test(htmlText(title));
        if (!ok) problems.push(`${address}: ${found}`);
      }
    }
    expect(problems).toEqual([]);
  });
}

// Every page in the browser, twenty-four to a test (one browser page each): it hydrates without a
// console error (the fixture fails the test on one) and shows its heading.
const batchSize = 24;
for (const locale of ['zh', 'en'] as const) {
  for (let first = 0; first < docPages.length; first += batchSize) {
    const docs = docPages.slice(first, first + batchSize);
    test(`${locale} pages ${first + 1}–${first + docs.length} (${docs[0]!.path} …) hydrate with their heading`, async ({page}) => {
      test.setTimeout(30_000 + docs.length * 10_000);
      for (const doc of docs) {
        const address = localePath(doc.path, locale);
        const response = await page.goto(address);
        expect(response?.status(), address).toBe(200);
        await hydrated(page);
        await expect(page.locator('article h1').first(), address).toHaveText(doc[locale]);
      }
    });
  }
}

// The .html address in the browser: the client router must not flash the 404 page or lose the
// article while it swaps to the address without .html. One mechanism for every page,
// so a page of each kind, in both languages.
const htmlSamples = ['/guide/start', '/config/routing', '/config/protocols/vmess', '/v5/config/overview', '/developer/intro/compile', '/awesome/tools'];
// One browser page a language (the watch starts afresh with each page load), each address a step.
for (const locale of ['zh', 'en'] as const) {
  test(`${locale} ${htmlSamples.map((path) => `${path}.html`).join(', ')} hydrate without a 404 flash and drop .html from the address`, async ({page}) => {
    test.setTimeout(30_000 + htmlSamples.length * 15_000);
    await watchForFlashes(page);
    for (const path of htmlSamples) {
      await test.step(`${path}.html`, async () => {
        const doc = docPages.find((d) => d.path === path);
        expect(doc, `${path} in facts/pages.json`).toBeDefined();
        await page.goto(`${localePath(path, locale)}.html`);
        await hydrated(page);
        await expect(page.locator('article h1').first()).toHaveText(doc![locale]);
        await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(doc![locale])} \\| `));
        expect(new URL(page.url()).pathname).toBe(localePath(path, locale));
        expect(await page.evaluate(() => (window as unknown as {__flash: string[]}).__flash)).toEqual([]);
      });
    }
  });
}

test('the home pages are / and /en_US/', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', {level: 1, name: 'Project V'})).toBeVisible();
  await page.goto('/en_US/');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', {level: 1, name: 'Project V'})).toBeVisible();
});

test('an address with #anchor scrolls to that heading', async ({page}) => {
  await page.goto('/config/routing.html#ruleobject');
  await hydrated(page);
  const heading = page.locator('#ruleobject');
  await expect(heading).toBeInViewport();
  expect(new URL(page.url()).hash).toBe('#ruleobject');
});

test('an English address with #anchor scrolls to that heading', async ({page}) => {
  await page.goto('/en_US/config/inbounds.html#inboundobject');
  await hydrated(page);
  await expect(page.locator('#inboundobject')).toBeInViewport();
});
