import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {codeBlocks} from '../content/blocks.mjs';
// link.ts, not the plugin's index: the index reads the page map (an .mjs file), which Playwright's
// loader cannot take from a TypeScript module
import {traceConfigFor, traceName} from '../../src/plugins/traceLink/link';
import {readConfig} from '../../src/tracer/config';
import type {Format} from '../../src/tracer/model';
import {emptyGeoData} from '../../src/tracer/geodata';
import {trace} from '../../src/tracer/trace';
import type {Destination} from '../../src/tracer/types';
import {test, expect, hydrated, localePath, type Locale} from './fixtures';

/**
 * Every "trace this example" link of the built site, on every page in both languages: the page
 * has one link per trace= fence, each carrying that fence's configuration (a fragment wrapped);
 * opened, the checker loads it, tells its format, finds no problem, and the trace panel answers for
 * a destination the page's expectations name (tests/unit/tracer/doc-examples.json), with the
 * outbound the tracer gives in Node for that configuration without geo files (the reader has
 * none loaded; a geosite:/geoip: condition is then undecided, and only the summary's presence is
 * checked). Which examples must have a link at all: tracer-docs.test.ts.
 */

const root = join(__dirname, '../../');
type Expect = {trace: string; format: Format; pages: string[];
  routes?: {dest: Destination}[]; balancers?: {dest: Destination}[]};
const examples = (JSON.parse(readFileSync(join(root, 'tests/unit/tracer/doc-examples.json'), 'utf8')) as {examples: Expect[]}).examples;
/** A page file's route and language (WRITING.md "Where a page lives"). */
function pageOf(file: string): {page: string; lang: Locale} {
  const m = /^(docs|versioned_docs\/v5|i18n\/en\/docusaurus-plugin-content-docs(-v5)?\/current)\/(.+)\.mdx?$/.exec(file);
  if (!m) throw new Error(`${file}: not a page file`);
  const v5 = m[1] === 'versioned_docs/v5' || m[2] === '-v5';
  return {page: `${v5 ? '/v5' : ''}/${m[3]}`, lang: m[1]!.startsWith('i18n') ? 'en' : 'zh'};
}

const texts = {
  zh: {editor: '配置文件内容', address: '目标（域名或 IP）', port: '端口', answer: 'DNS 返回的 IP（可选，用逗号分隔）', inbound: '入站标记（可选）',
    title: '这个连接会去哪里？', noProblems: '没有发现问题', detected: (v: string) => `看起来是 ${v} 配置`, result: (t: string) => `结论：走出站 ${t}`},
  en: {editor: 'Configuration file', address: 'Destination (domain or IP)', port: 'Port', answer: 'IPs the DNS answers (optional, comma-separated)', inbound: 'Inbound tag (optional)',
    title: 'Where does this connection go?', noProblems: 'no problems found', detected: (v: string) => `Looks like a ${v} configuration`, result: (t: string) => `Result: outbound ${t}`},
} as const;

type Link = {name: string; config: string; format: Format; dest: Destination; outbound: string | null};

/** The trace links a page file should show, in page order. */
function linksOf(file: string): Link[] {
  const out: Link[] = [];
  for (const b of codeBlocks(readFileSync(join(root, file), 'utf8'))) {
    const name = traceName(b.meta);
    if (name === null) continue;
    const e = examples.find((x) => x.trace === name);
    if (!e) throw new Error(`${file}: trace="${name}" has no expectations`);
    const config = traceConfigFor(b.meta, b.code, file, pageOf(file).page.startsWith('/v5/'), b.line);
    const d = e.routes?.[0]?.dest ?? e.balancers?.[0]?.dest ?? {address: 'www.example.com', port: 443, network: 'tcp'};
    // only what this test types into the panel
    const dest: Destination = {address: d.address, port: d.port, network: d.network, inboundTag: d.inboundTag ?? '', dnsAnswer: d.dnsAnswer ?? []};
    const t = trace(readConfig(config, e.format), dest, emptyGeoData());
    out.push({name, config: JSON.stringify(config), format: e.format, dest, outbound: t.route.alternatives.length === 0 ? t.route.outbound : null});
  }
  return out;
}

const pages = [...new Set(examples.flatMap((e) => e.pages))].sort();

// The pages of a language in batches, one browser page each: every page is loaded for its links,
// then the checker is loaded once and each link after the first only changes the address's
// #trace= (as a second link of the same page always did). Each page and link is a step.
const batchSize = 6;
for (const locale of ['zh', 'en'] as const) {
  const files = pages.filter((file) => pageOf(file).lang === locale);
  for (let first = 0; first < files.length; first += batchSize) {
    const batch = files.slice(first, first + batchSize).map((file) => ({page: pageOf(file).page, links: linksOf(file)}));
    const count = batch.reduce((n, b) => n + b.links.length, 0);
    test(`${locale} ${batch.map((b) => `${b.page} (${b.links.length})`).join(', ')}: ${count} trace links, each opens the checker and traces`, async ({page}) => {
      test.setTimeout(60_000 + batch.length * 15_000 + count * 20_000);
      const t = texts[locale];
      const prefix = `${localePath('/awesome/config-checker', locale)}#trace=`;
      const opened: {page: string; link: Link; href: string}[] = [];
      for (const b of batch) {
        await test.step(`${b.page}: one link per trace= fence`, async () => {
          await page.goto(localePath(b.page, locale));
          await hydrated(page);
          const anchors = page.locator('a[data-trace-link]');
          const hrefs = await anchors.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
          for (const h of hrefs) expect(h.startsWith(prefix), `${h.slice(0, 80)} starts with ${prefix}`).toBe(true);
          const carried = hrefs.map((h) => JSON.stringify(JSON.parse(decodeURIComponent(h.slice(prefix.length)))));
          expect(carried, 'one link per trace= fence, each carrying its configuration').toEqual(b.links.map((l) => l.config));
          opened.push(...b.links.map((link, i) => ({page: b.page, link, href: hrefs[i]!})));
        });
      }
      for (const {page: from, link: l, href} of opened) {
        await test.step(`${from}: ${l.name}`, async () => {
          await page.goto(href);
          await hydrated(page);
          await expect(page.getByRole('heading', {name: t.title})).toBeVisible();
          await expect(page.getByTestId('detected')).toHaveText(t.detected(l.format));
          await expect(page.getByTestId('check-status')).toContainText(t.noProblems);
          await expect(page.getByTestId('problems')).toHaveCount(0);
          await page.getByTestId('trace-network').selectOption(l.dest.network);
          await page.getByRole('combobox', {name: t.inbound}).fill(l.dest.inboundTag!);
          await page.getByRole('textbox', {name: t.port}).fill(String(l.dest.port));
          await page.getByRole('textbox', {name: t.answer}).fill(l.dest.dnsAnswer!.join(','));
          await page.getByRole('textbox', {name: t.address}).fill(l.dest.address);
          const summary = page.getByTestId('trace-summary');
          if (l.outbound !== null) await expect(summary).toContainText(t.result(l.outbound));
          else await expect(summary).toBeVisible();
        });
      }
    });
  }
}
