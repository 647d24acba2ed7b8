import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect, hydrated} from './fixtures';

// builder/css/purge.mjs drops from the site stylesheet the rules no page can match. Every element
// of these pages, in these states, must be styled exactly as with the stylesheet Docusaurus wrote
// (kept beside the build in <build>.unpurged/): each case is loaded twice, once with the published
// stylesheet and once with the original served in its place, and every computed property of every
// element and of its ::before and ::after is compared.

const buildDir = process.env.E2E_BUILD_DIR ?? 'build';
const aside = `${buildDir}.unpurged`;
const manifestFile = join(aside, 'manifest.json');

/** The published stylesheet's address -> the original's, as the purge wrote them. */
function manifest(): Record<string, string> {
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build with \`npm run build\` (which runs builder/css/purge.mjs)`);
  }
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, string>;
}

/**
 * Every rendered element's computed style (and its pseudo-elements'), keyed by its place in the
 * document: the root and the body's subtree (the head's links and scripts change from one load to
 * the next and render nothing). A style is sent as a digest; `detail` lists the values of the
 * boxes named, to say what differs.
 */
async function styles(page: Page, detail: string[] = []): Promise<[string, string][]> {
  return page.evaluate((detail) => {
    const out: [string, string][] = [];
    const path = (el: Element): string => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.documentElement; e = e.parentElement) {
        const parent: Element | null = e.parentElement;
        parts.unshift(`${e.tagName.toLowerCase()}${parent ? `:${Array.prototype.indexOf.call(parent.children, e)}` : ''}`);
      }
      return parts.join('>');
    };
    const flat = (s: CSSStyleDeclaration): string => {
      const values: string[] = [];
      for (let i = 0; i < s.length; i++) {
        const name = s.item(i);
        values.push(`${name}:${s.getPropertyValue(name)}`);
      }
      return values.join('\n');
    };
    // FNV-1a over the UTF-16 units: enough to tell two styles apart, and 8 characters to send.
    const digest = (text: string): string => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) {
        h ^= text.charCodeAt(i);
        h = Math.imul(h, 0x01000193);
      }
      return (h >>> 0).toString(16);
    };
    const add = (at: string, style: CSSStyleDeclaration) => {
      const text = flat(style);
      out.push([at, detail.includes(at) ? text : digest(text)]);
    };
    for (const el of [document.documentElement, document.body, ...Array.from(document.body.querySelectorAll('*'))]) {
      const at = path(el);
      add(at, getComputedStyle(el));
      for (const pseudo of ['::before', '::after']) {
        const s = getComputedStyle(el, pseudo);
        if (s.content !== 'none' && s.content !== 'normal') add(`${at}${pseudo}`, s);
      }
    }
    return out;
  }, detail);
}

/** The boxes whose styles differ between two snapshots, or are in one only (the first few). */
function differing(published: [string, string][], original: [string, string][]): string[] {
  const out: string[] = [];
  const byPath = new Map(original);
  const paths = new Set(published.map(([at]) => at));
  for (const [at, style] of published) {
    if (byPath.get(at) !== style) out.push(at);
    if (out.length >= 8) return out;
  }
  for (const [at] of original) {
    if (!paths.has(at)) out.push(at);
    if (out.length >= 8) break;
  }
  return out;
}

/**
 * What differs in those boxes, property by property; a box whose values agree in these two
 * snapshots is left out (it differed in the first two only while the page was still changing).
 */
function differences(boxes: string[], published: [string, string][], original: [string, string][]): string[] {
  const a = new Map(published);
  const b = new Map(original);
  return boxes.flatMap((at) => {
    const mine = a.get(at);
    const theirs = b.get(at);
    if (mine === undefined) return [`${at}: only with the original stylesheet`];
    if (theirs === undefined) return [`${at}: only with the published stylesheet`];
    const values = new Map(mine.split('\n').map((d) => [d.slice(0, d.indexOf(':')), d] as const));
    const props = theirs.split('\n').filter((d) => values.get(d.slice(0, d.indexOf(':'))) !== d);
    if (props.length === 0 && mine.split('\n').length === theirs.split('\n').length) return [];
    return [`${at}: ${props.slice(0, 3).map((d) => `${d} (published: ${values.get(d.slice(0, d.indexOf(':'))) ?? 'none'})`).join(', ')}`];
  });
}

/**
 * Waits until the page's markup has not changed for half a second (search results and their
 * fragments arrive one after another; on a busy machine the last may come after the first is
 * shown): the snapshots must all see the same page.
 */
async function settled(page: Page): Promise<void> {
  let last = '';
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => {
        const html = document.body.innerHTML;
        let h = 0x811c9dc5;
        for (let i = 0; i < html.length; i++) h = Math.imul(h ^ html.charCodeAt(i), 0x01000193);
        return `${html.length}:${(h >>> 0).toString(16)}`;
      });
      const same = now === last;
      last = now;
      return same;
    }, {intervals: [500], timeout: 60_000})
    .toBe(true);
}

type Case = {
  name: string;
  path: string;
  dark?: boolean;
  mobile?: boolean;
  /** Brings the page into the state compared (after hydration). */
  act?: (page: Page) => Promise<void>;
};

const cases: Case[] = [
  {name: 'home', path: '/'},
  {name: 'a long reference page', path: '/config/routing'},
  {name: 'a long reference page on a phone', path: '/en_US/config/routing', mobile: true},
  {
    name: 'the phone sidebar open, dark',
    path: '/config/transport',
    mobile: true,
    dark: true,
    act: async (page) => {
      await page.getByRole('button', {name: /切换导航栏|Toggle navigation bar/}).click();
      await expect(page.getByRole('button', {name: '关闭导航栏'})).toBeVisible();
    },
  },
  {name: 'a diagram page, dark', path: '/config/dns', dark: true},
  {name: 'tabs, admonitions and a v5 page', path: '/en_US/v5/config/overview'},
  {
    name: 'the language menu open',
    path: '/guide/start',
    act: async (page) => {
      const toggle = page.getByRole('navigation', {name: /main|主导航/i}).getByRole('button', {name: '简体中文'});
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    },
  },
  {
    name: 'the search modal with results',
    path: '/en_US/guide/start',
    act: async (page) => {
      await page.locator('button.DocSearch-Button').click();
      await page.locator('.DocSearch-Input').fill('routing');
      await expect(page.locator('.DocSearch-Dropdown:not([data-search-pending]) .DocSearch-Hit a').first()).toBeVisible();
    },
  },
  {
    name: 'the search page',
    path: '/search?q=dns',
    // Its results come after hydration (the index loads first): compare the page once they are
    // shown and nothing is pending, or the two snapshots would see two different pages.
    act: async (page) => {
      await expect(page.locator('main ol a').first()).toBeVisible({timeout: 30_000});
      await expect(page.locator('main [aria-live="polite"] p')).toHaveCount(0);
    },
  },
  {name: 'the configuration checker', path: '/en_US/awesome/config-checker'},
  {name: 'a page that does not exist', path: '/no/such/page'},
];

for (const c of cases) {
  test.describe(() => {
    test.use({
      colorScheme: c.dark ? 'dark' : 'light',
      reducedMotion: 'reduce',
      ...(c.mobile ? {viewport: {width: 375, height: 740}, hasTouch: true, isMobile: true} : {}),
    });
    if (c.path.startsWith('/no/')) test.use({expectedNotFound: [c.path]});

    test(`the purged stylesheet styles ${c.name} as the original does`, async ({page}) => {
      // A few thousand computed styles, four times: a minute or more on a busy 2-core machine.
      test.setTimeout(180_000);
      const sheets = manifest();
      await page.route('**/__unpurged__/**', (route) => {
        const published = new URL(route.request().url()).pathname.replace('/__unpurged__', '');
        const original = sheets[published];
        if (original === undefined) return route.fulfill({status: 404, body: `no original for ${published}`});
        return route.fulfill({path: join(aside, ...original.split('/')), contentType: 'text/css'});
      });
      await page.goto(c.path);
      await hydrated(page);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // The zoom of images and diagrams is attached 300 ms after a navigation, with its own classes.
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              Array.from(document.querySelectorAll('article .docusaurus-mermaid-container')).every((d) => d.querySelector('.diagram-zoom-button')) &&
              Array.from(document.querySelectorAll('.markdown img[src]')).every((i) => i.closest('a') !== null || i.classList.contains('medium-zoom-image')),
          ),
        )
        .toBe(true);
      if (c.act) await c.act(page);
      await settled(page);
      // Blocks far from the screen keep an estimated height until laid out (content-visibility:
      // auto, src/css/custom.css), which would move every height above them while the stylesheet
      // is swapped: lay out the whole page.
      await page.addStyleTag({content: '* { content-visibility: visible !important; }'});
      // The same page, in the same state, styled by one stylesheet and then by the other: the
      // site stylesheet's <link> is replaced in place, so the order of the cascade is kept.
      const swap = (to: 'original' | 'published') =>
        page.evaluate(async (to) => {
          const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href*="/assets/css/styles."]');
          if (!link) throw new Error('the page has no site stylesheet');
          const href = new URL(link.href).pathname;
          const next = document.createElement('link');
          next.rel = 'stylesheet';
          next.href = to === 'original' ? `/__unpurged__${href}` : href.replace('/__unpurged__', '');
          await new Promise<void>((resolve, reject) => {
            next.onload = () => resolve();
            next.onerror = () => reject(new Error(`${next.href} did not load`));
            link.before(next);
          });
          link.remove();
          return next.href;
        }, to);
      const published = await styles(page);
      expect(await swap('original')).toContain('/__unpurged__/');
      const original = await styles(page);
      expect(published.length).toBeGreaterThan(50);
      const boxes = differing(published, original);
      if (boxes.length === 0) return;
      // Take the values of the boxes that differ, to name what differs.
      const originalDetail = await styles(page, boxes);
      await swap('published');
      const publishedDetail = await styles(page, boxes);
      expect(differences(boxes, publishedDetail, originalDetail)).toEqual([]);
    });
  });
}

test('the published stylesheet is smaller than the original and names no unused class', async ({request}) => {
  const sheets = manifest();
  expect(Object.keys(sheets).length, 'one purged stylesheet per locale').toBe(2);
  for (const [published, original] of Object.entries(sheets)) {
    const res = await request.get(published);
    expect(res.status()).toBe(200);
    const text = await res.text();
    expect(text.length).toBeLessThan(readFileSync(join(aside, ...original.split('/')), 'utf8').length);
    // Infima's avatar component, which no page uses, is gone.
    expect(text).not.toContain('.avatar__photo');
  }
});
