import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test as base, expect, type Locator, type Page} from '@playwright/test';

export type Locale = 'zh' | 'en';
export type DocPage = {path: string; zh: string; en: string};
export const docPages: DocPage[] = (
  JSON.parse(readFileSync(join(__dirname, '../../facts/pages.json'), 'utf8')) as {pages: DocPage[]}
).pages;

/** The address of a route in a locale: `/config/routing` -> `/en_US/config/routing`. */
export function localePath(path: string, locale: Locale): string {
  if (locale === 'zh') return path;
  return path === '/' ? '/en_US/' : `/en_US${path}`;
}

type Fixtures = {consoleErrors: string[]; allowedConsoleErrors: RegExp[]; expectedNotFound: string[]};

/**
 * The shared fixture (STYLE: Tests): grants clipboard access and fails a test on any browser
 * console error or uncaught page error, which is how hydration errors show up.
 */
export const test = base.extend<Fixtures>({
  // Console errors a test expects, e.g. the 404 status of a not-found page.
  allowedConsoleErrors: [[], {option: true}],
  // Paths expected to answer 404 (a not-found page's own address). Chromium's "status of 404"
  // error names no address in its text, only in its location: an allowance by text would also
  // let a missing chunk, image or schema pass, so 404s are allowed by path here instead.
  expectedNotFound: [[], {option: true}],
  consoleErrors: [async ({page, allowedConsoleErrors, expectedNotFound}, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      const text = msg.text();
      if (msg.type() !== 'error' || allowedConsoleErrors.some((re) => re.test(text))) return;
      const {url} = msg.location();
      if (/status of 404/.test(text) && url && expectedNotFound.includes(new URL(url).pathname)) return;
      errors.push(`console: ${text}${url ? ` (${url})` : ''}`);
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await use(errors);
    expect(errors, 'browser console errors').toEqual([]);
  }, {auto: true}],
  context: async ({context}, use) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await use(context);
  },
});

/** Waits until React has hydrated the server HTML. */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
}

/**
 * Scrolls the first diagram not yet drawn to the middle of the viewport: in a build without
 * Chromium, src/theme/Mermaid loads the mermaid library only when a diagram comes near the
 * viewport. Otherwise (diagrams drawn at build time) the first diagram.
 */
export async function reachDiagram(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelector('article [data-diagram-pending], article .docusaurus-mermaid-container')?.scrollIntoView({block: 'center'}));
}

/**
 * Records the page's http(s) requests from now on, split into those to the site itself
 * (`baseURL`'s host) and those to any other host (no page may ask another host).
 */
export function recordRequests(page: Page, baseURL: string | undefined): {own: string[]; foreign: string[]} {
  const ownHost = new URL(baseURL ?? '').host;
  const seen = {own: [] as string[], foreign: [] as string[]};
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!/^https?:$/.test(url.protocol)) return;
    (url.host === ownHost ? seen.own : seen.foreign).push(request.url());
  });
  return seen;
}

export type ScriptRecord = {
  /** How many scripts the page has loaded since recording began. */
  count: () => number;
  /** The paths of those scripts whose text includes `text` (waits until every text is read). */
  containing: (text: string) => Promise<string[]>;
};

/** Records every script the page loads from now on, to ask which of them hold a given text. */
export function recordScripts(page: Page): ScriptRecord {
  const scripts: Promise<{path: string; text: string}>[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    const path = new URL(response.url()).pathname;
    scripts.push(response.text().catch(() => '').then((text) => ({path, text})));
  });
  return {
    count: () => scripts.length,
    containing: async (text) => (await Promise.all(scripts)).filter((s) => s.text.includes(text)).map((s) => s.path),
  };
}

/** Scrolls by `px` at once and resolves after the scroll event has been handled (the zoom specs' 40 px rule). */
export async function scrollBy(page: Page, px: number): Promise<void> {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        window.addEventListener('scroll', () => resolve(), {once: true});
        window.scrollBy({top, behavior: 'instant'});
      }),
    px,
  );
}

/** Puts a text field into the page, for checking that shortcuts leave typing alone. */
export async function addTextField(page: Page): Promise<Locator> {
  await page.evaluate(() => {
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'test field');
    document.querySelector('article')?.prepend(field);
  });
  return page.getByLabel('test field');
}

export {expect};
/** How long a search may take to show its results (measured; the reason is beside it). */
export {searchResultsMs} from '../../scripts/search/relevanceCore.cjs';
