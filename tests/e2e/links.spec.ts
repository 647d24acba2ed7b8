import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test, expect} from '@playwright/test';
import {docPages, localePath} from './fixtures';

/**
 * A crawl of the whole built site, both languages and both docs instances, finds no
 * broken internal link, #anchor or image. This is the served site as a reader gets it, on top of
 * Docusaurus's own build-time checks (which see Markdown links, not the theme's or the head's).
 * linkinator is ESM-only, hence the dynamic import.
 */

/** The production host: canonical and hreflang addresses are checked against the local copy. */
const productionOrigin = 'https://www.v2fly.org';

type Crawl = {internal: {url: string; status?: number; parent?: string; state: string}[]; external: Set<string>; traceLinks: Set<string>};

/**
 * "Trace this example" links carry a configuration in the checker's address (#trace=<JSON>),
 * which the page reads; it names no element. linkinator sometimes looks for an element with that
 * id and sometimes does not report such links at all (it varies from run to run), so one counts
 * as broken only when the checker page itself does not answer 200.
 */
const traceLink = /\/awesome\/config-checker(\.html)?#trace=/;

async function crawl(origin: string, starts: string[], recurse = true): Promise<Crawl> {
  const {LinkChecker} = await import('linkinator');
  const external = new Set<string>();
  const traceLinks = new Set<string>();
  const result = await new LinkChecker().check({
    path: starts.map((p) => origin + p),
    recurse,
    // Anchors are checked against the ids in the server-rendered HTML.
    checkFragments: true,
    // Off, linkinator resolves "#x" on /guide/start as /guide/start/#x (a directory).
    cleanUrls: true,
    concurrency: 8,
    timeout: 20_000,
    urlRewriteExpressions: [{pattern: new RegExp(`^${productionOrigin.replace(/\./g, '\\.')}(?=/|$)`), replacement: origin}],
    // We do not reach the internet here: other hosts are only counted.
    linksToSkip: async (link) => {
      const skip = /^https?:/.test(link) && new URL(link).origin !== origin;
      if (skip) external.add(link.replace(/#.*$/, ''));
      return skip;
    },
  });
  const internal = result.links.filter((l) => l.url.startsWith(origin));
  for (const l of internal) if (traceLink.test(l.url)) traceLinks.add(l.url);
  return {internal: internal.map((l) => ({url: l.url, status: l.status, parent: l.parent, state: l.state})), external, traceLinks};
}

test('a crawl of the whole site finds no broken internal link, anchor or image', async ({baseURL}) => {
  test.setTimeout(300_000);
  const origin = new URL(baseURL!).origin;
  // One start address: linkinator recurses only into links under the start address the link was
  // found from, and remembers a page the first time it sees it. With several starts, a page first
  // found from /404.html (under which nothing lies) was never opened, so the reach depended on
  // which start answered first (it once reached 42 addresses on a busy machine). Everything is
  // linked from the home page (the English home through the language menu); the 404 pages,
  // which nothing links to, are checked one level deep on their own.
  const site = await crawl(origin, ['/']);
  const notFound = await crawl(origin, ['/404.html', '/en_US/404.html'], false);
  const internal = [...site.internal, ...notFound.internal];
  const external = new Set([...site.external, ...notFound.external]);
  const broken = internal.filter((l) => l.state === 'BROKEN' && !(traceLink.test(l.url) && l.status === 200))
    .map((l) => `${l.url} (${l.status ?? 'no status'}) on ${l.parent}`);
  const checked = new Set(internal.filter((l) => l.state === 'OK').map((l) => l.url.replace(/#.*$/, '')));
  console.log(`links: ${internal.length} internal checked, ${checked.size} distinct addresses, ${site.traceLinks.size} trace links reported; `
    + `${external.size} distinct external addresses skipped`);
  expect(broken, 'broken internal links').toEqual([]);
  // the page the trace links open is there (the links themselves: tracer-docs.test.ts and trace-panel.spec.ts)
  expect(checked.has(`${origin}/awesome/config-checker`), 'the checker page').toBe(true);
  // The crawl reached every documentation page of both languages (v4 and v5 instances).
  const missed = (['zh', 'en'] as const).flatMap((locale) =>
    docPages.map((d) => origin + localePath(d.path, locale)).filter((url) => !checked.has(url)));
  expect(missed, 'pages the crawl never reached').toEqual([]);
});

test('the crawl reports a link to a missing anchor on a built page as broken', async ({baseURL}) => {
  // Guards the test above: linkinator checks the anchors of links it finds in a page (not of the
  // addresses it starts from), against the ids in Docusaurus's HTML. A scratch page links to ours.
  test.setTimeout(60_000);
  const origin = new URL(baseURL!).origin;
  const links = ['/config/routing#ruleobject', '/en_US/config/routing.html#ruleobject', '/config/routing#no-such-anchor', '/no/such/page'];
  const dir = mkdtempSync(join(tmpdir(), 'links-'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>t</title>${links.map((l) => `<a href="${origin}${l}">x</a>`).join('')}`);
  const {LinkChecker} = await import('linkinator');
  const result = await new LinkChecker().check({path: dir, checkFragments: true});
  rmSync(dir, {recursive: true, force: true});
  const state = Object.fromEntries(result.links.filter((l) => l.url.startsWith(origin)).map((l) => [l.url.replace(origin, ''), l.state]));
  // A good link is reported without its anchor, a missing anchor with it.
  expect(state).toEqual({
    '/config/routing': 'OK',
    '/en_US/config/routing.html': 'OK',
    '/config/routing#no-such-anchor': 'BROKEN',
    '/no/such/page': 'BROKEN',
  });
});
