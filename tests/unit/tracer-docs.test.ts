import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {readConfig} from '../../src/tracer/config';
import type {Format} from '../../src/tracer/model';
import {emptyGeoData, readGeoIP, readGeoSite, type GeoData} from '../../src/tracer/geodata';
import {formatIP, parseIP} from '../../src/tracer/ip';
import {traceLookup} from '../../src/tracer/dns';
import {trace} from '../../src/tracer/trace';
import type {BalancerStep, Destination} from '../../src/tracer/types';
import {fragmentName, traceConfig, traceHref, traceName} from '../../src/plugins/traceLink';
import {buildSchema} from '../../builder/schema/generate.mjs';
import {pageFiles} from '../../builder/content/files.mjs';
import {checkConfig} from '../../src/configCheck/problems';
import {parseConfig} from '../../src/configCheck/parse';
import {tellVersion} from '../../src/configCheck/version';
import {makeValidator} from '../../src/configCheck/validate';
import {geoipDat, geositeDat, type SiteEntry} from '../toolkit/geo.mjs';
import {codeBlocks, parseJsonBlock} from '../content/blocks.mjs';
import {V4_WRAP, V5_WRAP} from '../../src/plugins/traceLink/wrap';

/**
 * What the v4 and v5 pages say their routing, DNS, Fake DNS and balancer examples do,
 * written as expectations (tests/unit/tracer/doc-examples.json) and checked by the tracer, so the
 * examples the lab does not run are checked too.
 */

const root = new URL('../../', import.meta.url).pathname;
type Expect = {
  trace: string; format: Format; pages: string[]; says: string;
  /** the fence's fragment=<Object> when the example is a fragment (the link wraps it) */
  kind?: string;
  routes?: {dest: Destination; outbound: string; why?: string}[];
  balancers?: {dest: Destination; balancer: string; candidates: string[]; strategy: string; fallbackTag: string}[];
  lookups?: {name: string; fake?: boolean; servers?: number[]; first?: number; notAsked?: number[]; fakeFirst?: boolean; ips?: string[]; routes?: Record<string, string>}[];
  noLookup?: string[];
};
const data = JSON.parse(readFileSync(join(root, 'tests/unit/tracer/doc-examples.json'), 'utf8')) as
  {geo: {site: Record<string, SiteEntry[]>; ip: Record<string, string[]>}; examples: Expect[]};

const geo: GeoData = emptyGeoData();
geo.sites.set('geosite.dat', readGeoSite('geosite.dat', geositeDat(data.geo.site)));
geo.ips.set('geoip.dat', readGeoIP('geoip.dat', geoipDat(data.geo.ip)));

type Block = {meta: string; code: string; line: number};

/** Every ```json block whose fence says trace="name", in one Markdown file. */
function tracedBlocks(file: string): Map<string, Block> {
  const out = new Map<string, Block>();
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^```json(.*)$/.exec(lines[i]!);
    const name = m ? traceName(m[1]) : null;
    if (!m || !name) continue;
    const line = i + 1;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
    out.set(name, {meta: m[1]!, code: body.join('\n'), line});
  }
  return out;
}

/** The configuration the block's link carries: its JSON, wrapped when it is a fragment. */
function linked(file: string, name: string): unknown {
  const b = tracedBlocks(file).get(name);
  assert.ok(b, `${file} has a trace="${name}" block`);
  return traceConfig(b.meta, b.code, file, b.line);
}

test('every trace= example has expectations, in both languages, with the same JSON', () => {
  const files = pageFiles().map((p) => p.file);
  const found = new Map<string, string[]>();
  for (const f of files) for (const name of tracedBlocks(f).keys()) found.set(name, [...(found.get(name) ?? []), f]);
  for (const e of data.examples) {
    assert.deepEqual((found.get(e.trace) ?? []).sort(), [...e.pages].sort(), `${e.trace}: the pages carrying it`);
    const [a, b] = e.pages.map((p) => JSON.parse(tracedBlocks(p).get(e.trace)?.code ?? 'null') as unknown);
    assert.deepEqual(a, b, `${e.trace}: the same example in both languages`);
    for (const p of e.pages) assert.equal(fragmentName(tracedBlocks(p).get(e.trace)?.meta), e.kind ?? null, `${e.trace} in ${p}: fragment= of the fence`);
  }
  assert.deepEqual([...found.keys()].sort(), data.examples.map((e) => e.trace).sort(), 'trace= names in the docs and in doc-examples.json');
});

/**
 * Which examples are routing, DNS, Fake DNS, balancer or observatory examples: every JSON example
 * on the pages that document those (not-config blocks aside), a fragment of an object the trace
 * link can wrap on any page, and a configuration (whole, partial or a skeleton) on any page with one of
 * those sections.
 */
const TRACED_PAGES = new Set(['/config/routing', '/config/dns', '/config/fakedns', '/config/observatory', '/config/protocols/dns',
  '/config/service/backgroundObservatory', '/config/service/burstObservatory', '/v5/config/router', '/v5/config/dns', '/v5/config/geo',
  '/v5/config/proxy/dns', '/v5/config/service/backgroundObservatory', '/v5/config/service/burstObservatory', '/v5/config/service/filesystemstorage']);
const TRACED_KEYS = new Set(['routing', 'router', 'dns', 'fakedns', 'fakeDns', 'fakeDnsMulti', 'observatory', 'burstObservatory', 'multiObservatory', 'backgroundObservatory']);
// Config and SimplifiedConfig name other services' objects too (tun, log...): on the pages above only
const GENERIC_KINDS = new Set(['Config', 'SimplifiedConfig']);
const untraced = (JSON.parse(readFileSync(join(root, 'tests/unit/tracer/untraced-examples.json'), 'utf8')) as
  {untraced: {page: string; meta: string; reason: string}[]}).untraced;

type Example = {file: string; page: string; line: number; meta: string};
/** Every routing, DNS, Fake DNS, balancer and observatory example of the given page files. */
function routingExamples(files: {file: string; page: string; v5: boolean}[]): Example[] {
  const out: Example[] = [];
  for (const f of files) {
    for (const b of codeBlocks(readFileSync(join(root, f.file), 'utf8'))) {
      if (!/^jsonc?$/.test(b.lang) || /(?:^|\s)not-config=/.test(b.meta)) continue;
      const kind = fragmentName(b.meta);
      let value: unknown = null;
      try { value = parseJsonBlock(b); } catch { /* the content check reports it */ }
      const top = typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : {};
      const services = typeof top.services === 'object' && top.services !== null ? Object.keys(top.services) : [];
      const counts = TRACED_PAGES.has(f.page)
        || (kind !== null && !GENERIC_KINDS.has(kind) && Object.hasOwn(f.v5 ? V5_WRAP : V4_WRAP, kind))
        || [...Object.keys(top), ...services].some((k) => TRACED_KEYS.has(k));
      if (counts) out.push({file: f.file, page: f.page, line: b.line, meta: b.meta});
    }
  }
  return out;
}

/** The examples without trace= and without a reason, and the reasons that find no unlinked example. */
function missingTraceLinks(examples: Example[], reasons: {page: string; meta: string}[]): {unlinked: string[]; stale: string[]} {
  const listed = (e: Example) => reasons.filter((r) => r.page === e.page && e.meta.includes(r.meta));
  const unlinked = examples.filter((e) => traceName(e.meta) === null && listed(e).length === 0).map((e) => `${e.file}:${e.line} (${e.meta})`);
  const stale = reasons.filter((r) => {
    const hits = examples.filter((e) => e.page === r.page && e.meta.includes(r.meta));
    // each listed example is on the page in both languages, once, and has no link
    return hits.length !== 2 || hits.some((e) => traceName(e.meta) !== null);
  }).map((r) => `${r.page} ${r.meta}`);
  return {unlinked, stale};
}

test('every routing, DNS, Fake DNS, balancer and observatory example, on every page in both languages, has a trace link or a listed reason', () => {
  const examples = routingExamples(pageFiles());
  assert.ok(examples.length >= 130, `found ${examples.length} examples: the reading of the pages is broken`);
  for (const u of untraced) assert.ok(u.reason.length > 20, `${u.page} ${u.meta}: says why`);
  const {unlinked, stale} = missingTraceLinks(examples, untraced);
  assert.deepEqual(unlinked, [], 'examples without a trace link (give the fence trace="name" or list it with a reason in tests/unit/tracer/untraced-examples.json)');
  assert.deepEqual(stale, [], 'entries of untraced-examples.json that match no unlinked example in both languages');
});

test('the example census fails on an example without a link, and on a listed example that has one', () => {
  const page = {file: 'docs/config/routing.md', page: '/config/routing', v5: false};
  const examples = routingExamples([page]);
  const linked = examples.find((e) => traceName(e.meta) === 'rule-object')!;
  const unlinked = {...linked, meta: linked.meta.replace(/\s*trace="[^"]*"/, '')};
  assert.deepEqual(missingTraceLinks([unlinked], []).unlinked, [`docs/config/routing.md:${linked.line} (fragment=RuleObject)`]);
  assert.deepEqual(missingTraceLinks([unlinked, {...unlinked, file: 'en'}], [{page: '/config/routing', meta: 'fragment=RuleObject'}]), {unlinked: [], stale: []});
  assert.deepEqual(missingTraceLinks([linked], [{page: '/config/routing', meta: 'trace="rule-object"'}]).stale, ['/config/routing trace="rule-object"']);
  // a whole configuration with a routing section counts on any page; one without does not
  const other = {file: 'docs/config/protocols/vmess.md', page: '/config/protocols/vmess', v5: false};
  assert.equal(routingExamples([other]).length, 0);
});

test('the trace link carries the example to the checker', () => {
  const {code} = tracedBlocks('docs/config/routing.md').get('routing-example')!;
  const href = traceHref(linked('docs/config/routing.md', 'routing-example'));
  assert.match(href, /^pathname:\/\/\/awesome\/config-checker#trace=/);
  assert.deepEqual(JSON.parse(decodeURIComponent(href.split('#trace=')[1]!)), JSON.parse(code));
});

test('every linked configuration, fragments wrapped, is told to be of its format and passes the checker\'s schema', () => {
  const built = {v4: buildSchema('v4').schema as Record<string, unknown>, v5: buildSchema('v5').schema as Record<string, unknown>};
  const validators = {v4: makeValidator(built.v4), v5: makeValidator(built.v5)};
  for (const e of data.examples) {
    for (const page of e.pages) {
      // laid out as the checker lays out a #trace= configuration (hashConfig.ts configFromHash)
      const text = JSON.stringify(linked(page, e.trace), null, 2);
      const version = tellVersion(parseConfig(text), built, validators);
      assert.equal(version, e.format, `${e.trace} (${page}): the checker tells ${e.format}`);
      const problems = checkConfig(text, validators[e.format], built[e.format]).problems;
      assert.deepEqual(problems.map((p) => `${p.path} ${p.kind}`), [], `${e.trace} (${page}): no schema problems`);
    }
  }
});

for (const e of data.examples) {
  test(`${e.trace} (${e.pages[0]}): ${e.says}`, () => {
    const value = linked(e.pages[0]!, e.trace);
    const model = readConfig(value, e.format);
    assert.deepEqual(model.errors, [], 'the configuration reads without errors');
    for (const r of e.routes ?? []) {
      const t = trace(model, r.dest, geo);
      assert.deepEqual(t.errors, [], `${r.dest.address}: no errors`);
      assert.deepEqual(t.route.alternatives, [], `${r.dest.address}: nothing undecided`);
      assert.equal(t.route.outbound, r.outbound, `${r.dest.address}:${r.dest.port} → ${r.outbound} (${r.why ?? ''})`);
      if (e.noLookup?.includes(r.dest.address)) assert.equal(t.lookups.length, 0, `${r.dest.address}: not looked up`);
    }
    for (const b of e.balancers ?? []) {
      const t = trace(model, b.dest, geo);
      const step = t.route.steps.find((s): s is BalancerStep => s.kind === 'balancer');
      assert.ok(step && step.balancer, `${b.dest.address}: goes to a balancer`);
      assert.equal(step.tag, b.balancer);
      assert.deepEqual(step.candidates, b.candidates);
      assert.equal(step.balancer.strategy, b.strategy);
      assert.equal(step.balancer.fallbackTag, b.fallbackTag);
    }
    for (const l of e.lookups ?? []) {
      const t = traceLookup(model, l.name, geo, {fake: l.fake ?? false});
      const what = `${l.name}${l.fake ? ' (a client query)' : ''}`;
      if (l.ips) {
        assert.deepEqual(t.ips, l.ips.map((s) => formatIP(parseIP(s)!)), `${what}: answered from hosts`);
        continue;
      }
      const order = t.servers.map((s) => s.server?.index);
      if (l.servers) assert.deepEqual(order, l.servers, `${what}: servers in order`);
      if (l.first !== undefined) assert.equal(t.servers[0]?.why, 'domain', `${what}: the first is asked for its domains`);
      for (const n of l.notAsked ?? []) assert.ok(!order.includes(n), `${what}: server ${n} is never asked`);
      if (l.fakeFirst) assert.equal(t.servers[0]?.fake, true, `${what}: a fake IP`);
      if (l.fakeFirst === false) assert.ok(!t.servers.some((s) => s.fake), `${what}: no server answers with a fake IP`);
      for (const [i, out] of Object.entries(l.routes ?? {})) {
        const s = t.servers.find((x) => x.server?.index === Number(i));
        assert.equal(s?.routed?.route.outbound, out, `${what}: server ${i}'s query goes through ${out}`);
      }
    }
  });
}
