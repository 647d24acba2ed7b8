import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readConfig} from '../../src/tracer/config';
import {emptyGeoData, readGeoFile, type GeoData} from '../../src/tracer/geodata';
import {evalAttrs} from '../../src/tracer/attrs';
import {traceLookup} from '../../src/tracer/dns';
import {shadowedRules} from '../../src/tracer/shadowed';
import {trace} from '../../src/tracer/trace';
import type {BalancerStep, LookupStep} from '../../src/tracer/types';
import {geoipDat, geositeDat} from '../toolkit/geo.mjs';

/** The tracer's own behaviour beyond the ported Go tests (each names the source it follows). */

const out = (...tags: string[]) => tags.map((tag) => ({tag, protocol: 'freedom'}));
const tcp = (address: string, port = 443) => ({address, port, network: 'tcp' as const});
const geo = (): GeoData => {
  const g = emptyGeoData();
  const site = readGeoFile('geosite.dat', geositeDat({cn: [['domain', 'baidu.com'], ['full', 'qq.com', 'ads']], private: [['domain', 'lan']]}));
  const ip = readGeoFile('geoip.dat', geoipDat({cn: ['110.242.0.0/16'], private: ['10.0.0.0/8']}));
  if (site.kind === 'site') g.sites.set('geosite.dat', site);
  if (ip.kind === 'ip') g.ips.set('geoip.dat', ip);
  return g;
};

test('IPOnDemand looks the name up at the first rule that reaches an IP condition (router.go:107, context.go:19)', () => {
  const m = readConfig({outbounds: out('a', 'b', 'c'), routing: {domainStrategy: 'IPOnDemand', rules: [
    {type: 'field', port: '80', ip: ['10.0.0.0/8'], outboundTag: 'b'},
    {type: 'field', ip: ['10.0.0.0/8'], outboundTag: 'c'},
  ]}}, 'v4');
  const t = trace(m, {...tcp('x.test'), dnsAnswer: ['10.0.0.1']}, emptyGeoData());
  const lookup = t.route.steps.findIndex((s) => s.kind === 'lookup');
  assert.equal((t.route.steps[lookup] as LookupStep).rule, 1, 'rule 1 fails on its port first, so rule 2 triggers the lookup');
  assert.equal(t.route.outbound, 'c');
});

test('AsIs never looks up; an inverse geoip on a domain target is false, not true (condition.go:137)', () => {
  const m = readConfig({outbounds: out('a', 'b'), routing: {rules: [{type: 'field', ip: ['geoip:!cn'], outboundTag: 'b'}]}}, 'v4');
  const t = trace(m, tcp('www.example.com'), geo());
  assert.equal(t.lookups.length, 0);
  assert.equal(t.route.outbound, 'a');
  assert.equal(trace(m, tcp('8.8.8.8'), geo()).route.outbound, 'b');
});

test('undecided geo conditions give both outcomes; geo lists are case-insensitive and filter by @attrs', () => {
  const m = readConfig({outbounds: out('proxy', 'direct', 'block'), routing: {rules: [
    {type: 'field', domain: ['geosite:CN@ads'], outboundTag: 'block'},
    {type: 'field', domain: ['geosite:cn'], outboundTag: 'direct'},
  ]}}, 'v4');
  const none = trace(m, tcp('qq.com'), emptyGeoData());
  assert.equal(none.route.outbound, 'proxy');
  assert.deepEqual(none.route.alternatives.map((a) => [a.rule, a.outbound]), [[0, 'block'], [1, 'direct']]);
  assert.equal(trace(m, tcp('qq.com'), geo()).route.outbound, 'block');
  assert.equal(trace(m, tcp('www.baidu.com'), geo()).route.outbound, 'direct');
  const missing = readConfig({outbounds: out('a'), routing: {rules: [{type: 'field', domain: ['geosite:nope'], outboundTag: 'a'}]}}, 'v4');
  assert.match(trace(missing, tcp('x.com'), geo()).errors.join(), /list not found in geosite.dat: nope/);
});

test('balancers: prefixes select the candidates, no candidate means fallbackTag, else the default outbound', () => {
  const cfg = (fallbackTag?: string) => readConfig({outbounds: out('first', 'px-1', 'px-2', 'spare'), routing: {
    balancers: [{tag: 'b', selector: ['px-'], fallbackTag}, {tag: 'empty', selector: ['nothing-'], fallbackTag}],
    rules: [{type: 'field', port: '1', balancerTag: 'b'}, {type: 'field', port: '2', balancerTag: 'empty'}]}}, 'v4');
  const step = (m: ReturnType<typeof cfg>, port: number) => trace(m, tcp('1.2.3.4', port), emptyGeoData());
  const b = step(cfg(), 1).route.steps.find((s): s is BalancerStep => s.kind === 'balancer');
  assert.deepEqual(b?.candidates, ['px-1', 'px-2']);
  assert.equal(step(cfg('spare'), 2).route.outbound, 'spare');
  assert.equal(step(cfg(), 2).route.outbound, 'first');
});

test('DNS: skipFallback beats the global strategy, DisabledIfAnyMatch only after a match (nameserver.go:120, dns.go:350)', () => {
  const m = readConfig({dns: {disableFallbackIfMatch: true, servers: [
    {address: '1.1.1.1', domains: ['domain:a.test']}, {address: '8.8.8.8', skipFallback: true, domains: ['domain:b.test']}, '9.9.9.9']}}, 'v4');
  const order = (n: string) => traceLookup(m, n, emptyGeoData(), {fake: false}).servers.map((s) => s.server?.index);
  assert.deepEqual(order('x.a.test'), [0]);
  assert.deepEqual(order('x.b.test'), [1]);
  assert.deepEqual(order('x.c.test'), [0, 2]);
});

test('DNS: "domainMatcher": "mph" orders keyword matches at one place by the automaton, not by server (dns.go:116, indexmatcher_mph.go:61)', () => {
  const servers = [{address: '1.1.1.1', domains: ['keyword:goo']}, {address: '8.8.8.8', domains: ['keyword:google']}];
  const order = (dns: Record<string, unknown>) => traceLookup(readConfig({dns}, 'v4'), 'www.google.com', emptyGeoData(), {fake: false}).servers.map((s) => s.server?.index);
  // linear (the default): both match at the same place, in the order the servers are listed
  assert.deepEqual(order({servers}), [0, 1]);
  assert.deepEqual(order({servers, domainMatcher: 'linear'}), [0, 1]);
  // mph: the automaton stands on "google", which comes first; "hybrid" is the same matcher
  assert.deepEqual(order({servers, domainMatcher: 'mph'}), [1, 0]);
  assert.deepEqual(order({servers, domainMatcher: 'hybrid'}), [1, 0]);
  // v5: the simplified config's domain_matcher, in either spelling protojson reads
  const nameServer = [{address: {address: '1.1.1.1'}, prioritizedDomain: [{type: 'Keyword', domain: 'goo'}]},
    {address: {address: '8.8.8.8'}, prioritizedDomain: [{type: 'Keyword', domain: 'google'}]}];
  const v5 = (dns: Record<string, unknown>) => traceLookup(readConfig({dns: {nameServer, ...dns}}, 'v5'), 'www.google.com', emptyGeoData(), {fake: false}).servers.map((s) => s.server?.index);
  assert.deepEqual(v5({}), [0, 1]);
  assert.deepEqual(v5({domainMatcher: 'mph'}), [1, 0]);
  assert.deepEqual(v5({domain_matcher: 'mph'}), [1, 0]);
});

test('DNS: a queryStrategy that leaves no record type ends the lookup (nameserver.go:184, dns.go:308)', () => {
  const m = readConfig({dns: {servers: [{address: '1.1.1.1', queryStrategy: 'UseIPv6'}, '8.8.8.8']}}, 'v4');
  const t = traceLookup(m, 'x.test', emptyGeoData(), {fake: false, answer: ['1.2.3.4'], want: {v4: true, v6: false}});
  assert.deepEqual(t.ips, []);
  assert.equal(t.servers[0]?.outcome, 'stop');
  assert.equal(t.servers[1]?.outcome, undefined);
});

test('DNS: hosts mapping a name to a name, then the servers asked for the new name; geosite keys in hosts', () => {
  const m = readConfig({dns: {hosts: {'a.test': 'b.test', 'geosite:cn': '10.0.0.1'}, servers: ['8.8.8.8']}}, 'v4');
  const t = traceLookup(m, 'a.test', geo(), {fake: false});
  assert.equal(t.asked, 'b.test');
  assert.deepEqual(traceLookup(m, 'www.baidu.com', geo(), {fake: false}).ips, ['10.0.0.1']);
  assert.equal(traceLookup(m, 'www.baidu.com', emptyGeoData(), {fake: false}).hosts.result, 'unknown');
});

test('DNS: queries through routing carry the server tag, else the global tag, else a random one; local servers are not routed', () => {
  const m = readConfig({outbounds: out('proxy', 'direct'), dns: {tag: 'dns', servers: [{address: '1.1.1.1', tag: 'own'}, 'https://8.8.8.8/dns-query', 'localhost']},
    routing: {rules: [{type: 'field', inboundTag: ['own'], outboundTag: 'direct'}]}}, 'v4');
  // (x.test would go to localhost first: it answers the test TLD and other local names first, config.go:25)
  assert.equal(traceLookup(m, 'x.test', emptyGeoData(), {fake: false}).servers[0]?.name, 'localhost');
  const t = traceLookup(m, 'x.example.org', emptyGeoData(), {fake: false});
  assert.deepEqual(t.servers.map((s) => s.routed?.tag ?? null), ['own', 'dns', null]);
  assert.deepEqual(t.servers.map((s) => s.routed?.route.outbound ?? null), ['direct', 'proxy', null]);
  assert.equal(t.servers[1]?.routed?.target, '8.8.8.8:443');
  const noTag = readConfig({dns: {servers: ['1.1.1.1']}}, 'v4');
  assert.equal(traceLookup(noTag, 'x.test', emptyGeoData(), {fake: false}).servers[0]?.routed?.tagRandom, true);
});

test('v5: domain and geoDomain are two conditions, both needed (app/router/config.go:42, :50)', () => {
  const m = readConfig({outbounds: out('a', 'b'), router: {rule: [{tag: 'b', domain: [{type: 'RootDomain', value: 'baidu.com'}], geoDomain: [{code: 'private'}]}]}}, 'v5');
  assert.equal(trace(m, tcp('www.baidu.com'), geo()).route.outbound, 'a');
  assert.ok(trace(m, tcp('www.baidu.com'), geo()).warnings.some((w) => w.code === 'v5DomainAndGeoDomain'));
});

test('warnings: a shadowed rule, a domain rule an IP cannot match without sniffing, a DNS fallback leak', () => {
  const m = readConfig({inbounds: [{tag: 'in', protocol: 'socks'}], outbounds: out('a', 'b'),
    dns: {servers: [{address: '223.5.5.5', domains: ['domain:cn']}, '8.8.8.8']},
    routing: {domainStrategy: 'IPIfNonMatch', rules: [
      {type: 'field', domain: ['domain:example.com'], outboundTag: 'a'},
      {type: 'field', domain: ['full:www.example.com'], network: 'tcp', outboundTag: 'b'},
      {type: 'field', ip: ['10.0.0.0/8'], outboundTag: 'b'},
    ]}}, 'v4');
  assert.deepEqual(shadowedRules(m).map((w) => w.code === 'shadowedRule' && [w.rule, w.by]), [[1, 0]]);
  const ip = trace(m, {...tcp('93.184.216.34'), inboundTag: 'in'}, emptyGeoData());
  assert.ok(ip.warnings.some((w) => w.code === 'domainRuleNeedsSniffing'));
  const leak = trace(m, {...tcp('www.google.com'), dnsAnswer: ['142.250.0.1']}, emptyGeoData());
  assert.ok(leak.warnings.some((w) => w.code === 'dnsFallbackToOther' && w.server === 0));
});

test('FakeDNS answers client queries only; internal lookups skip it (dns.go:334, :348)', () => {
  const m = readConfig({dns: {servers: ['fakedns', '8.8.8.8']}}, 'v4');
  assert.equal(traceLookup(m, 'x.test', emptyGeoData(), {fake: true}).servers[0]?.fake, true);
  const internal = traceLookup(m, 'x.test', emptyGeoData(), {fake: false});
  assert.deepEqual(internal.servers.map((s) => s.name), ['UDP:8.8.8.8:53']);
  assert.deepEqual(internal.skipped.map((s) => s.why), ['fakedns']);
});

test("the API's tag is an outbound: the commander adds its handler at start, replacing one of that tag (commander.go:90)", () => {
  const rule = {type: 'field', inboundTag: ['api-in'], outboundTag: 'api'};
  const v4 = readConfig({api: {tag: 'api', services: ['StatsService']}, outbounds: out('direct'), routing: {rules: [rule]}}, 'v4');
  const dest = {...tcp('127.0.0.1', 10085), inboundTag: 'api-in'};
  assert.equal(trace(v4, dest, emptyGeoData()).route.outbound, 'api');
  assert.equal(trace(readConfig({outbounds: out('direct'), routing: {rules: [rule]}}, 'v4'), dest, emptyGeoData()).route.outbound, 'direct', 'without the API the tag is missing');
  const v5 = readConfig({services: {commander: {tag: 'api', name: ['stats']}}, outbounds: out('direct'), router: {rule: [{tag: 'api', inboundTag: ['api-in']}]}}, 'v5');
  assert.equal(trace(v5, dest, emptyGeoData()).route.outbound, 'api');
  // an outbound of the API's tag is replaced; removing the default clears it and the API's handler,
  // added next, becomes the default (outbound.go:140-142, :105-107)
  assert.deepEqual(readConfig({api: {tag: 'a'}, outbounds: out('a', 'b')}, 'v4').outbounds.map((o) => `${o.tag}:${o.protocol}`), ['a:commander', 'b:freedom']);
  assert.deepEqual(readConfig({api: {tag: 'b'}, outbounds: out('a', 'b', 'c')}, 'v4').outbounds.map((o) => `${o.tag}:${o.protocol}`), ['a:freedom', 'b:commander', 'c:freedom']);
});

test('a v4 reverse portal is an outbound: it adds its handler at start (portal.go:56), taking the place of one of its tag', () => {
  const rules = [
    {type: 'field', inboundTag: ['tunnel-in'], domain: ['full:tunnel.home.internal'], outboundTag: 'portal'},
    {type: 'field', inboundTag: ['public-web'], outboundTag: 'portal'},
  ];
  const reverse = {portals: [{tag: 'portal', domain: 'tunnel.home.internal'}]};
  const m = readConfig({reverse, outbounds: out('direct'), routing: {rules}}, 'v4');
  assert.equal(trace(m, {...tcp('tunnel.home.internal', 0), inboundTag: 'tunnel-in'}, emptyGeoData()).route.outbound, 'portal');
  assert.equal(trace(m, {...tcp('192.168.1.10', 80), inboundTag: 'public-web'}, emptyGeoData()).route.outbound, 'portal');
  assert.ok(!trace(m, {...tcp('192.168.1.10', 80), inboundTag: 'public-web'}, emptyGeoData()).warnings.some((w) => w.code === 'missingOutbound'));
  assert.equal(trace(m, {...tcp('example.com', 443), inboundTag: 'tunnel-in'}, emptyGeoData()).route.outbound, 'direct');
  assert.equal(trace(readConfig({outbounds: out('direct'), routing: {rules}}, 'v4'), {...tcp('1.2.3.4', 80), inboundTag: 'public-web'}, emptyGeoData()).route.outbound, 'direct', 'without the portal the tag is missing');
  // a portal of the first outbound's tag replaces it and so becomes the default (outbound.go:105)
  assert.deepEqual(readConfig({reverse: {portals: [{tag: 'a', domain: 'x'}]}, outbounds: out('a', 'b')}, 'v4').outbounds.map((o) => `${o.tag}:${o.protocol}`), ['a:reverse-portal', 'b:freedom']);
  // bridges add no outbound; v5 JSON has no reverse key this reader knows
  assert.deepEqual(readConfig({reverse: {bridges: [{tag: 'bridge', domain: 'x'}]}, outbounds: out('a')}, 'v4').outbounds.map((o) => o.tag), ['a']);
});

test('entry tags: a v4 bridge\'s tag and a loopback\'s inboundTag are inbound tags without an inbound (bridge.go:105, loopback.go:49)', () => {
  const v4 = readConfig({
    reverse: {bridges: [{tag: 'bridge', domain: 'x'}], portals: [{tag: 'portal', domain: 'y'}]},
    inbounds: [{tag: 'socks-in', protocol: 'socks'}],
    outbounds: [...out('direct'), {tag: 'again', protocol: 'loopback', settings: {inboundTag: 'second'}}, {tag: 'twice', protocol: 'loopback', settings: {inboundTag: 'second'}}, {tag: 'none', protocol: 'loopback'}],
  }, 'v4');
  assert.deepEqual(v4.entryTags, ['bridge', 'second']);
  const v5 = readConfig({outbounds: [{protocol: 'loopback', tag: 'lp', settings: {inboundTag: 'from-loopback'}}], router: {}}, 'v5');
  assert.deepEqual(v5.entryTags, ['from-loopback']);
  assert.deepEqual(readConfig({outbounds: out('direct')}, 'v4').entryTags, []);
});

test('DNS: the client subnet sent is /24 of a v4-format clientIp, but ::ffff:0:0/96 in the v5 format (dnscommon.go:75, dns.go:464 net.ParseIP)', () => {
  // v5.52.0 app/dns/dnscommon.go:75: a 4-byte address goes out as family 1 masked to /24, a 16-byte
  // one as family 2 masked to /96; the v5 loader parses clientIp with net.ParseIP (app/dns/dns.go:464,
  // :498), which returns 16 bytes, so an IPv4 clientIp carries only the IPv4-mapped prefix (seen by
  // npm run tracer:diff: the stand-ins got ::ffff:0:0/96 from 5.52.0 for "clientIp": "100.64.7.9")
  const v4 = readConfig({dns: {clientIp: '100.64.7.9', servers: ['127.0.53.1', {address: '127.0.53.2', clientIp: '2001:db8:1:2:3:4:5:6'}, 'localhost']}}, 'v4');
  const t4 = traceLookup(v4, 'www.example.com', emptyGeoData(), {fake: false, unreachable: [0, 1]});
  assert.deepEqual(t4.servers.map((s) => s.ecs), ['100.64.7.0/24', '2001:db8:1:2:3:4::/96', undefined]);
  const v5 = readConfig({dns: {clientIp: '100.64.7.9', nameServer: [{address: {address: '127.0.53.1'}}]}}, 'v5');
  const t5 = traceLookup(v5, 'www.example.com', emptyGeoData(), {fake: false});
  assert.equal(t5.servers[0]?.ecs, '::ffff:0:0/96');
  assert.equal(t5.servers[0]?.clientIp, '100.64.7.9');
});

test('DNS: an NXDOMAIN answer ends the lookup; a timeout or an answer outside expectIps moves on (dns.go:308)', () => {
  // v5.52.0 app/dns/dns.go:308: only context.Canceled, context.DeadlineExceeded and
  // errExpectedIPNonMatch let the next server be asked; an error code (dnscommon.go:41 RCodeError) returns
  const m = readConfig({dns: {servers: ['127.0.53.1', '127.0.53.2', '127.0.53.3']}}, 'v4');
  const t = traceLookup(m, 'www.example.com', emptyGeoData(), {fake: false, answer: ['198.51.100.1'], nxdomain: [1], unreachable: [0]});
  assert.deepEqual(t.servers.map((s) => s.outcome), ['timeout', 'stop', undefined]);
  assert.deepEqual(t.ips, []);
});

test('FakeDNS: the pool an answer comes from: the v4 dns-level pool, the top-level one before it, else 198.18.0.0/15 by queryStrategy (nameserver.go:136-150)', () => {
  const lookup = (c: Record<string, unknown>, format: 'v4' | 'v5' = 'v4') =>
    traceLookup(readConfig(c, format), 'x.example.com', emptyGeoData(), {fake: true}).servers[0]?.fakePools;
  assert.deepEqual(lookup({dns: {servers: ['fakedns'], fakedns: {ipPool: '100.100.0.0/16', poolSize: 1000}}}), ['100.100.0.0/16']);
  // infra/conf/v4/v2ray.go:420-423: the top-level "fakedns" replaces dns.fakedns
  assert.deepEqual(lookup({fakedns: [{ipPool: '10.64.0.0/10'}], dns: {servers: ['fakedns'], fakedns: {ipPool: '100.100.0.0/16'}}}), ['10.64.0.0/10']);
  assert.deepEqual(lookup({dns: {servers: ['fakedns']}}), ['198.18.0.0/15', 'fc00::/18']);
  assert.deepEqual(lookup({dns: {servers: ['fakedns'], queryStrategy: 'UseIPv4'}}), ['198.18.0.0/15']);
  assert.deepEqual(lookup({dns: {servers: [{address: '127.0.53.1', fakedns: {ipPool: '100.64.0.0/16'}}], fakedns: {ipPool: '100.100.0.0/16'}}}), ['100.64.0.0/16']);
  // app/dns/dns.go:495: the v5 loader does not copy fakeDns, so the defaults apply
  assert.deepEqual(lookup({dns: {nameServer: [{address: {address: 'fakedns'}}], fakeDns: {pools: [{ipPool: '100.100.0.0/16', lruSize: 100}]}}}, 'v5'), ['198.18.0.0/15', 'fc00::/18']);
});

test('a failed lookup is not kept: every later IP condition looks up again, cached servers answer from their cache (context.go:29-34)', () => {
  // v5.52.0 features/routing/dns/context.go:29-34 keeps resolvedIPs only when LookupIP succeeded;
  // app/dns/nameserver_udp.go:253 answers a repeat from the record cached (here the answer outside
  // expectIps), while the system resolver ("localhost") has no cache and a timeout leaves no record
  // (seen by npm run tracer:diff: the stand-in behind "localhost" was asked again after the DoH server)
  const m = readConfig({outbounds: out('a', 'b', 'c'), dns: {servers: [{address: '127.0.53.1', expectIps: ['10.0.0.0/8']}, {address: 'localhost', expectIps: ['10.0.0.0/8']}, '127.0.53.9']},
    routing: {domainStrategy: 'IPIfNonMatch', rules: [{type: 'field', ip: ['192.0.2.0/24'], outboundTag: 'b'}, {type: 'field', ip: ['198.51.100.0/24'], outboundTag: 'c'}]}}, 'v4');
  const r = trace(m, {...tcp('x.example.com'), dnsAnswer: ['203.0.113.1'], unreachable: [2]}, emptyGeoData());
  const lookups = r.route.steps.filter((s): s is LookupStep => s.kind === 'lookup');
  assert.deepEqual(lookups.map((l) => l.again ?? false), [false, true]);
  assert.deepEqual(lookups[1]!.dns.servers.map((s) => [s.outcome, s.cached ?? false]), [['next', true], ['next', false], ['timeout', false]]);
  assert.equal(r.route.outbound, 'a');
  // kept once it succeeded: one lookup
  const ok = trace(m, {...tcp('x.example.com'), dnsAnswer: ['10.1.1.1']}, emptyGeoData());
  assert.equal(ok.route.steps.filter((s) => s.kind === 'lookup').length, 1);
});

test('attrs: the Starlark subset', () => {
  assert.equal(evalAttrs("attrs[':method'] == 'GET' and attrs[':path'].startswith('/a')", {':method': 'GET', ':path': '/ab'}), true);
  assert.equal(evalAttrs("not attrs[':path'].endswith('.js') or 'x' in attrs[':path']", {':path': '/x.js'}), true);
  assert.throws(() => evalAttrs('len(attrs) > 1', {}));
  // dict.get(key, default=None): the default when the key is absent, never a KeyError
  const host = "attrs[':method'] == 'GET' and attrs.get('host', '').endswith('.example.com')";
  assert.equal(evalAttrs(host, {':method': 'GET', host: 'www.example.com'}), true);
  assert.equal(evalAttrs(host, {':method': 'GET'}), false);
  assert.equal(evalAttrs("attrs.get('x') == None", {}), true);
  assert.equal(evalAttrs("attrs.get('x')", {x: 'a'}), true);
  assert.throws(() => evalAttrs("attrs.keys()", {}));
});

test("the panel's texts: every id has its English, with the same placeholders", async () => {
  const {readFileSync} = await import('node:fs');
  const dir = new URL('../../src/components/TracePanel/', import.meta.url);
  const en = JSON.parse(readFileSync(new URL('en.json', dir), 'utf8')) as Record<string, string>;
  const used = new Map<string, string>();
  for (const f of ['index.tsx', 'Panel.tsx', 'words.tsx']) {
    for (const m of readFileSync(new URL(f, dir), 'utf8').matchAll(/tr\(\{id: '([\w.]+)', message: '((?:[^'\\]|\\.)*)'\}/g)) used.set(m[1]!, m[2]!);
  }
  assert.deepEqual([...used.keys()].sort(), Object.keys(en).sort());
  const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [id, zh] of used) assert.deepEqual(holes(en[id]!), holes(zh), id);
});
