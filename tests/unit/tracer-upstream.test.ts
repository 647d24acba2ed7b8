import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {readConfig} from '../../src/tracer/config';
import {emptyGeoData, readGeoSite, readGeoIP, type GeoData} from '../../src/tracer/geodata';
import {formatIP, parseIP} from '../../src/tracer/ip';
import {LinearIndexMatcher, MphIndexMatcher, type MatcherType, newMatcher, toDomain} from '../../src/tracer/strmatcher';
import {traceLookup} from '../../src/tracer/dns';
import {route} from '../../src/tracer/route';
import type {Destination} from '../../src/tracer/types';
import {geoipDat, geositeDat, type SiteEntry} from '../toolkit/geo.mjs';

/**
 * Oracle 1: v2ray-core v5.52.0's table-driven Go tests of app/router, app/dns and
 * common/strmatcher, ported as data (tests/unit/tracer/upstream-cases.json), run through the tracer.
 */

type Case = {goTest: string; note?: string};
const data = JSON.parse(readFileSync(new URL('./tracer/upstream-cases.json', import.meta.url), 'utf8')) as {
  matcher: (Case & {type: MatcherType; pattern: string; input: string; match: boolean})[];
  toDomain: (Case & {input: string; output?: string; error?: boolean})[];
  indexMatcher: (Case & {index?: 'mph'; matchers: {type: MatcherType; pattern: string; value?: number}[]; input: string; output: number[]; unordered?: boolean})[];
  geoipMatcher: (Case & {cidrs: string[]; inverse: boolean; input: string; match: boolean})[];
  routingRule: (Case & {rule: Record<string, unknown>; dest: Destination; match: boolean; geosite?: Record<string, SiteEntry[]>})[];
  router: (Case & {config: Record<string, unknown>; dest: Destination; outbound: string})[];
  hosts: (Case & {format: 'v4' | 'v5'; dns: unknown; name: string; want: 'v4' | 'v6' | 'both'; ips?: string[]; replacedBy?: string})[];
  dns: (Case & {format: 'v4' | 'v5'; dns: unknown; unreachable?: number[]; lookups: {name: string; answer?: string[]; want?: 'v4' | 'v6'; ips: string[]; order?: number[]; asked?: string; clientIp?: string}[]})[];
};

const wantOf = (w?: string): {v4: boolean; v6: boolean} => ({v4: w !== 'v6', v6: w !== 'v4'});
const label = (c: Case, extra: string): string => `${c.goTest}: ${extra}`;
const norm = (ips: string[]): string[] => ips.map((s) => formatIP(parseIP(s)!));

export const counts: Record<string, number> = {};

test('strmatcher: TestMatcher and TestToDomain', () => {
  for (const c of data.matcher) {
    assert.equal(newMatcher(c.type, c.pattern).match(c.input), c.match, label(c, `${c.type}:${c.pattern} on ${c.input}`));
  }
  for (const c of data.toDomain) {
    if (c.error) assert.throws(() => toDomain(c.input), label(c, c.input));
    else assert.equal(toDomain(c.input), c.output, label(c, c.input));
  }
});

test('strmatcher: matcher groups, the linear and the mph index matcher (match order)', () => {
  for (const c of data.indexMatcher) {
    const g = c.index === 'mph' ? new MphIndexMatcher() : new LinearIndexMatcher();
    for (const m of c.matchers) g.add(newMatcher(m.type, m.pattern));
    const got = g.match(c.input).map((id) => c.matchers[id - 1]!.value ?? id);
    if (c.unordered) assert.deepEqual([...got].sort(), [...c.output].sort(), label(c, c.input));
    else assert.deepEqual(got, c.output, label(c, c.input));
  }
});

// Each case runs through the engine twice: as a v5 rule's GeoIP of CIDRs, and as a geoip.dat
// country (its "code"), each with inverseMatch; the rule leads to "hit", else the default "miss".
test('router: GeoIP matcher (plain and inverse), CIDRs and a geoip.dat country', () => {
  for (const c of data.geoipMatcher) {
    const cidr = c.cidrs.map((x) => { const [ipAddr, prefix] = x.split('/'); return {ipAddr, prefix: Number(prefix)}; });
    const geo = emptyGeoData();
    geo.ips.set('geoip.dat', readGeoIP('geoip.dat', geoipDat({test: c.cidrs})));
    for (const geoip of [{cidr, inverseMatch: c.inverse}, {code: 'test', inverseMatch: c.inverse}]) {
      const config = {outbounds: [{protocol: 'freedom', tag: 'miss'}, {protocol: 'freedom', tag: 'hit'}], router: {rule: [{geoip: [geoip], tag: 'hit'}]}};
      const model = readConfig(config, 'v5');
      assert.deepEqual(model.errors, [], label(c, 'config read'));
      const r = route(model, {address: c.input, port: 80, network: 'tcp'}, geo, traceLookup);
      assert.deepEqual(r.errors, [], label(c, 'route errors'));
      assert.equal(r.outbound, c.match ? 'hit' : 'miss', label(c, `${c.input} in ${'code' in geoip ? 'geoip.dat' : 'CIDRs'}${c.inverse ? ', inverse' : ''}`));
    }
  }
});

test('router: TestRoutingRule conditions (a rule leading to "hit", else the default "miss")', () => {
  for (const c of data.routingRule) {
    const config = {outbounds: [{protocol: 'freedom', tag: 'miss'}, {protocol: 'freedom', tag: 'hit'}], router: {rule: [{...c.rule, tag: 'hit'}]}};
    const model = readConfig(config, 'v5');
    assert.deepEqual(model.errors, [], label(c, 'config read'));
    const geo: GeoData = emptyGeoData();
    if (c.geosite) geo.sites.set('geosite.dat', readGeoSite('geosite.dat', geositeDat(c.geosite)));
    const r = route(model, c.dest, geo, traceLookup);
    assert.deepEqual(r.errors, [], label(c, 'route errors'));
    assert.equal(r.outbound, c.match ? 'hit' : 'miss', label(c, JSON.stringify(c.dest)));
  }
});

test('router: PickRoute with domain strategies and balancers', () => {
  for (const c of data.router) {
    const model = readConfig(c.config, 'v5');
    assert.deepEqual(model.errors, [], label(c, 'config read'));
    const r = route(model, c.dest, emptyGeoData(), traceLookup);
    assert.equal(r.outbound, c.outbound, label(c, JSON.stringify(c.dest)));
  }
});

test('dns: TestStaticHosts', () => {
  for (const c of data.hosts) {
    const model = readConfig({dns: c.dns}, c.format);
    const t = traceLookup(model, c.name, emptyGeoData(), {fake: false, want: wantOf(c.want)});
    if (c.replacedBy) {
      assert.equal(t.hosts.result, 'replaced', label(c, c.name));
      assert.equal(t.hosts.replacedBy, c.replacedBy, label(c, c.name));
    } else {
      assert.equal(t.hosts.result, 'ips', label(c, c.name));
      assert.deepEqual(t.hosts.ips, norm(c.ips ?? []), label(c, c.name));
    }
  }
});

test('dns: LookupIP against a mock server (server order, expectIPs, hosts, timeouts)', () => {
  for (const c of data.dns) {
    const model = readConfig({dns: c.dns}, c.format);
    assert.deepEqual(model.errors, [], label(c, 'config read'));
    for (const l of c.lookups) {
      const t = traceLookup(model, l.name, emptyGeoData(), {fake: false, answer: l.answer, want: wantOf(l.want), unreachable: c.unreachable});
      assert.deepEqual(t.ips, norm(l.ips), label(c, `${l.name} → IPs`));
      if (l.order) assert.deepEqual(t.servers.map((s) => s.server?.index), l.order, label(c, `${l.name} → server order`));
      if (l.asked) assert.equal(t.asked, l.asked, label(c, `${l.name} → name asked`));
      if (l.clientIp) assert.equal(t.servers[0]?.clientIp, l.clientIp, label(c, `${l.name} → clientIp`));
    }
  }
});

test('geodata: the protobuf reader reads what the test writer wrote', () => {
  const site = readGeoSite('geosite.dat', geositeDat({cn: [['domain', '163.com', 'ads'], ['full', 'a.cn']], private: [['substr', 'lan']]}));
  assert.deepEqual(site.lists.get('CN'), [{type: 'domain', value: '163.com', attrs: ['ads']}, {type: 'full', value: 'a.cn', attrs: []}]);
  const ip = readGeoIP('geoip.dat', geoipDat({private: ['10.0.0.0/8', 'fc00::/7']}));
  assert.deepEqual(ip.lists.get('PRIVATE')?.map((x) => `${formatIP(x.ip)}/${x.prefix}`), ['10.0.0.0/8', 'fc00::/7']);
});

test('case counts', () => {
  const n = (k: keyof typeof data): number => (data[k] as unknown[]).length;
  const lookups = data.dns.reduce((s, c) => s + c.lookups.length, 0);
  const total = n('matcher') + n('toDomain') + n('indexMatcher') + n('geoipMatcher') + n('routingRule') + n('router') + n('hosts') + lookups;
  assert.ok(total >= 120, `ported cases: ${total}`);
  console.log(`oracle 1: ${total} cases from v2ray-core v5.52.0 Go tests`);
});
