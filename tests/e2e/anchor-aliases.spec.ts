import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {readFragments} from './pagefind-index';
import {test as plain} from '@playwright/test';
import {test, expect, hydrated, localePath, type Locale} from './fixtures';
import rehypeAnchorAliases, {aliasClassName, readAliases} from '../../src/plugins/anchorAliases';

/**
 * Every section address the old site published (facts/old-anchors.json) and every
 * heading id this site has published (facts/current-anchors.json) lands on its section:
 * the id is in the built HTML once, either as a heading's own id or as an alias span at the start
 * of the heading that documents the same thing (src/plugins/anchorAliases), and an alias shows
 * up neither in the table of contents nor in the search index. A browser sample checks that old
 * addresses scroll the section into view, with and without JavaScript.
 */

const root = join(__dirname, '../..');
const buildDir = resolve(root, process.env.E2E_BUILD_DIR ?? 'build');
type AnchorList = {pages: Record<string, Partial<Record<Locale, string[]>>>};
const lists: Record<string, AnchorList> = Object.fromEntries(['old-anchors.json', 'current-anchors.json']
  .map((f) => [f, JSON.parse(readFileSync(join(root, 'facts', f), 'utf8')) as AnchorList]));

function htmlFile(path: string, locale: Locale): string {
  const address = localePath(path, locale);
  return join(buildDir, address.endsWith('/') ? `${address}index.html` : `${address}.html`);
}

/** An attribute of a start tag, quoted or not (the built HTML is minified: `id=apiobject`). */
function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`).exec(tag);
  const value = m ? (m[1] ?? m[2] ?? m[3]) : undefined;
  return value?.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

type PageIds = {count: Map<string, number>; headings: Set<string>; aliases: Set<string>; links: Set<string>};

/** Every id of a page, which of them are headings' own ids and which are alias spans at a heading's start. */
function pageIds(html: string): PageIds {
  const ids: PageIds = {count: new Map(), headings: new Set(), aliases: new Set(), links: new Set()};
  for (const [tag] of html.matchAll(/<[a-zA-Z][^>]*>/g)) {
    const id = attribute(tag, 'id');
    if (id !== undefined) ids.count.set(id, (ids.count.get(id) ?? 0) + 1);
    const href = attribute(tag, 'href');
    if (href?.startsWith('#')) ids.links.add(decodeURIComponent(href.slice(1)));
  }
  for (const m of html.matchAll(/<h[2-6]\b[^>]*>((?:<span\b[^>]*><\/span>)*)/g)) {
    const own = attribute(m[0].slice(0, m[0].indexOf('>') + 1), 'id');
    if (own !== undefined) ids.headings.add(own);
    for (const [span] of m[1]!.matchAll(/<span\b[^>]*>/g)) {
      const id = attribute(span, 'id');
      if (id !== undefined && attribute(span, 'class')?.split(/\s+/).includes(aliasClassName)) ids.aliases.add(id);
    }
  }
  return ids;
}

/** Where an id stands in a page: 'heading', 'alias' (at the start of a heading), or a problem. */
function placement(ids: PageIds, id: string): string {
  const count = ids.count.get(id) ?? 0;
  if (count === 0) return 'missing';
  if (count > 1) return `present ${count} times`;
  if (ids.headings.has(id)) return 'heading';
  if (ids.aliases.has(id)) return 'alias';
  return 'not on a heading';
}

plain.describe('section ids in the built HTML', () => {
  for (const [file, list] of Object.entries(lists)) {
    plain(`every id of ${file} is on its section`, () => {
      const problems: string[] = [];
      let checked = 0;
      for (const [path, langs] of Object.entries(list.pages)) {
        for (const [locale, ids] of Object.entries(langs) as [Locale, string[]][]) {
          const html = htmlFile(path, locale);
          if (!existsSync(html)) { problems.push(`${localePath(path, locale)}: no built page`); continue; }
          const found = pageIds(readFileSync(html, 'utf8'));
          for (const id of ids) {
            checked += 1;
            const where = placement(found, id);
            if (where !== 'heading' && where !== 'alias') problems.push(`${localePath(path, locale)}.html#${id}: ${where}`);
          }
        }
      }
      expect(checked).toBeGreaterThan(600);
      expect(problems).toEqual([]);
    });
  }

  plain('an alias is not a table-of-contents entry, a link or a search section', () => {
    const pages = new Map<string, PageIds>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, {withFileTypes: true})) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.html')) pages.set(full, pageIds(readFileSync(full, 'utf8')));
      }
    };
    walk(buildDir);
    const withAliases = [...pages].filter(([, ids]) => ids.aliases.size > 0);
    expect(withAliases.length, 'pages with alias spans').toBeGreaterThan(100);
    const problems: string[] = [];
    for (const [file, ids] of withAliases) {
      for (const alias of ids.aliases) if (ids.links.has(alias)) problems.push(`${file}: a link to alias #${alias}`);
    }
    // The local search index (Pagefind) makes a section of every heading with an id.
    const allAliases = new Set(withAliases.flatMap(([, ids]) => [...ids.aliases]));
    const allHeadings = new Set([...pages.values()].flatMap((ids) => [...ids.headings]));
    const fragments = readFragments(buildDir);
    expect(fragments.length, 'pages in the local search index').toBeGreaterThan(100);
    for (const fragment of fragments) {
      for (const anchor of fragment.anchors) {
        if (/^h[1-6]$/.test(anchor.element) && allAliases.has(anchor.id) && !allHeadings.has(anchor.id)) {
          problems.push(`${fragment.url}: a search section #${anchor.id}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

plain.describe('the anchorAliases plugin', () => {
  type Node = {type: string; tagName?: string; properties?: Record<string, unknown>; children?: Node[]};
  const tree = (): Node => ({type: 'root', children: [
    {type: 'element', tagName: 'h2', properties: {id: 'ruleobject'}, children: [{type: 'text'}]},
    {type: 'element', tagName: 'p', properties: {id: 'para'}, children: []},
  ]});
  const run = (frontMatter: Record<string, unknown>, t = tree()): Node => {
    rehypeAnchorAliases()(t as never, {path: 'page.md', data: {frontMatter}});
    return t;
  };

  plain('puts each alias as an empty span at the start of its heading', () => {
    const t = run({anchorAliases: {ruleobject: ['规则', 'rule-object']}});
    const h2 = t.children![0]!;
    expect(h2.children!.map((c) => c.properties?.id ?? c.type)).toEqual(['规则', 'rule-object', 'text']);
    expect(h2.children![0]).toEqual({type: 'element', tagName: 'span', properties: {id: '规则', className: [aliasClassName]}, children: []});
  });

  plain('leaves a page without aliases alone', () => {
    expect(run({})).toEqual(tree());
    expect(run({anchorAliases: null})).toEqual(tree());
  });

  plain('refuses an alias that points at no heading, or at a non-heading', () => {
    expect(() => run({anchorAliases: {gone: ['old']}})).toThrow(/page\.md: anchor alias #old points at #gone, which no heading/);
    expect(() => run({anchorAliases: {para: ['old']}})).toThrow(/#old points at #para/);
  });

  plain('refuses an alias that repeats an id, and malformed values', () => {
    expect(() => run({anchorAliases: {ruleobject: ['para']}})).toThrow(/#para repeats an id/);
    expect(() => readAliases({anchorAliases: {a: ['x'], b: ['x']}}, 'p.md')).toThrow(/#x is listed twice/);
    expect(() => readAliases({anchorAliases: ['x']}, 'p.md')).toThrow(/must map a heading id/);
    expect(() => readAliases({anchorAliases: {a: 'x'}}, 'p.md')).toThrow(/anchorAliases\.a must be a list/);
    expect(() => readAliases({anchorAliases: {a: ['']}}, 'p.md')).toThrow(/non-empty ids/);
  });
});

/** Old addresses readers have, as they appear in old links, and one per kind of id. */
const sample: {address: string; heading: RegExp}[] = [
  {address: '/config/protocols/freedom.html#outboundconfigurationobject', heading: /Freedom|Outbound/i},
  {address: '/config/routing.html#预定义域名列表', heading: /域名/},
  {address: '/config/api.html#handlerservice', heading: /services/},
  {address: '/en_US/config/routing#predefined-domain-lists', heading: /domain/i},
  {address: '/en_US/guide/install.html#download-v2ray', heading: /download/i},
  {address: '/developer/protocols/vmess#aead-认证格式', heading: /AuthID/},
];

test.describe('old addresses land on their section', () => {
  for (const {address, heading} of sample) {
    const id = decodeURIComponent(address.split('#')[1]!);
    test(`${address} scrolls to its section`, async ({page}) => {
      const response = await page.goto(address);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      const target = page.locator(':target');
      await expect(target).toHaveAttribute('id', id);
      const section = page.locator(`h2:has([id="${id}"]), h3:has([id="${id}"]), h2[id="${id}"], h3[id="${id}"]`);
      await expect(section).toHaveText(heading);
      await expect(section).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    });
  }

  test('without JavaScript too', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    try {
      for (const {address} of sample) {
        const id = decodeURIComponent(address.split('#')[1]!);
        await page.goto(address);
        await expect(page.locator(`[id="${id}"]`), address).toBeInViewport();
        await expect.poll(() => page.evaluate(() => window.scrollY), {message: address}).toBeGreaterThan(0);
      }
    } finally {
      await context.close();
    }
  });
});
