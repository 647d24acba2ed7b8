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
import {buildSchema} from '../../scripts/schema/generate.mjs';
import {pageFiles} from '../../scripts/content/files.mjs';
import {checkConfig, parseConfig, tellVersion} from '../../src/configCheck/check';
import {makeValidator} from '../../src/configCheck/validate';
import {geoipDat, geositeDat, type SiteEntry} from '../toolkit/geo.mjs';

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
