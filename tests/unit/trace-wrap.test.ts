import {test} from 'node:test';
import assert from 'node:assert/strict';
import remarkTraceLink, {isV5Page, traceConfig, wrapName} from '../../src/plugins/traceLink';
import {wrapFragment} from '../../src/plugins/traceLink/wrap';

/** "Trace this example" for fragments: the wrapping into the smallest configuration, and the build error. */

const v4 = {v5: false, page: 'routing'};
const v5 = {v5: true, page: 'router'};

test('a v4 rule gets the default outbound first and a stand-in for the tag it names', () => {
  const rule = {type: 'field', inboundTag: ['socks-in'], outboundTag: 'proxy'};
  assert.deepEqual(wrapFragment('RuleObject', rule, v4), {
    outbounds: [{tag: 'default', protocol: 'freedom'}, {tag: 'proxy', protocol: 'freedom'}],
    routing: {rules: [rule]},
  });
});

test('a tag that says block gets a blackhole; a tag named twice gets one outbound', () => {
  const routing = {rules: [{type: 'field', domain: ['ads.example'], outboundTag: 'block'}, {type: 'field', port: 25, outboundTag: 'block'}, {type: 'field', port: 53, outboundTag: 'default'}]};
  assert.deepEqual(wrapFragment('RoutingObject', routing, v4).outbounds,
    [{tag: 'default', protocol: 'freedom'}, {tag: 'block', protocol: 'blackhole'}]);
});

test('a v4 balancer gets a rule sending every connection to it, members for its prefix and its fallback', () => {
  const balancer = {tag: 'auto', selector: ['proxy-'], strategy: {type: 'leastPing'}, fallbackTag: 'direct'};
  assert.deepEqual(wrapFragment('BalancerObject', balancer, v4), {
    outbounds: ['default', 'proxy-1', 'proxy-2', 'direct'].map((tag) => ({tag, protocol: 'freedom'})),
    routing: {rules: [{type: 'field', network: 'tcp,udp', balancerTag: 'auto'}], balancers: [balancer]},
  });
});

test('strategy settings sit in a balancer of their strategy; a cost in leastLoad', () => {
  const w = wrapFragment('CostObject', {match: 'x', value: 2}, v4) as {routing: {balancers: unknown[]}};
  assert.deepEqual(w.routing.balancers, [{tag: 'balancer', selector: ['proxy-'], strategy: {type: 'leastLoad', settings: {costs: [{match: 'x', value: 2}]}}}]);
  const r = wrapFragment('RandomSettings', {aliveOnly: true}, v4) as {routing: {balancers: {strategy: unknown}[]}};
  assert.deepEqual(r.routing.balancers[0]!.strategy, {type: 'random', settings: {aliveOnly: true}});
});

test('a rule naming a balancer the fragment lacks gets one, with members of its own', () => {
  const w = wrapFragment('RuleObject', {type: 'field', port: 443, balancerTag: 'pool'}, v4) as {outbounds: {tag: string}[]; routing: {balancers: unknown[]}};
  assert.deepEqual(w.routing.balancers, [{tag: 'pool', selector: ['pool-']}]);
  assert.deepEqual(w.outbounds.map((o) => o.tag), ['default', 'pool-1', 'pool-2']);
});

test('DNS fragments: the object in its place; a FakeDNS pool with a fakedns server to use it', () => {
  assert.deepEqual(wrapFragment('ServerObject', {address: '223.5.5.5'}, {v5: false, page: 'dns'}),
    {outbounds: [{tag: 'default', protocol: 'freedom'}], dns: {servers: [{address: '223.5.5.5'}]}});
  const pools = [{ipPool: '198.18.0.0/15', poolSize: 65535}];
  assert.deepEqual(wrapFragment('FakeDnsObject', pools, {v5: false, page: 'fakedns'}),
    {outbounds: [{tag: 'default', protocol: 'freedom'}], dns: {fakedns: pools, servers: ['fakedns']}});
});

test('v5 fragments: router rules, a balancing rule with a rule to it, FakeDNS services with a router the checker tells v5 by', () => {
  const rule = {tag: 'direct', geoDomain: [{code: 'cn'}]};
  assert.deepEqual(wrapFragment('SimplifiedRoutingRule', rule, v5),
    {outbounds: [{tag: 'default', protocol: 'freedom'}, {tag: 'direct', protocol: 'freedom'}], router: {rule: [rule]}});
  const b = {tag: 'auto', outbound_selector: ['proxy-'], strategy: 'leastping', fallback_tag: 'direct'};
  assert.deepEqual(wrapFragment('BalancingRule', b, v5), {
    outbounds: ['default', 'proxy-1', 'proxy-2', 'direct'].map((tag) => ({tag, protocol: 'freedom'})),
    router: {rule: [{balancingTag: 'auto', networks: 'tcp,udp'}], balancingRule: [b]},
  });
  assert.deepEqual(wrapFragment('FakeDnsPool', {ipPool: '198.18.0.0/15', lruSize: 65535}, {v5: true, page: 'dns'}),
    {outbounds: [{tag: 'default', protocol: 'freedom'}], router: {}, services: {fakeDns: {ipPool: '198.18.0.0/15', lruSize: 65535}}});
  assert.deepEqual(wrapFragment('SimplifiedConfig', {domainStrategy: 'AsIs'}, v5).router, {domainStrategy: 'AsIs'});
  assert.throws(() => wrapFragment('SimplifiedConfig', {}, {v5: true, page: 'log'}), /SimplifiedConfig of the log page/);
});

test('an object no row knows, or a fragment that is not an object, is an error naming it', () => {
  assert.throws(() => wrapFragment('InboundObject', {}, v4), /no trace wrapping for a v4 fragment=InboundObject/);
  assert.throws(() => wrapFragment('RuleObject', {}, v5), /no trace wrapping for a v5 fragment=RuleObject/);
  assert.throws(() => wrapFragment('RuleObject', [{}], v4), /fragment=RuleObject is not a JSON object/);
  assert.throws(() => wrapFragment('toString', {}, v4), /no trace wrapping/);
});

test('v5 pages are told by their folder, in both languages', () => {
  assert.equal(isV5Page('/repo/versioned_docs/v5/config/router.md'), true);
  assert.equal(isV5Page('/repo/i18n/en/docusaurus-plugin-content-docs-v5/current/config/dns.md'), true);
  assert.equal(isV5Page('/repo/docs/config/routing.md'), false);
  assert.equal(isV5Page('/repo/i18n/en/docusaurus-plugin-content-docs/current/config/routing.md'), false);
});

type Node = {type: string; lang?: string; meta?: string; value?: string; url?: string; position?: {start: {line: number}}; children?: Node[]};
const run = (code: Node, path: string): Node[] => {
  const tree: Node = {type: 'root', children: [code]};
  remarkTraceLink()(tree as never, {path});
  return tree.children!;
};

test('the remark plugin links a fragment with its wrapped configuration, a complete example as it is', () => {
  const rule = {type: 'field', port: 443, outboundTag: 'proxy'};
  const [, link] = run({type: 'code', lang: 'json', meta: 'fragment=RuleObject trace="r"', value: JSON.stringify(rule)}, '/repo/docs/config/routing.md');
  const href = link!.children![0]!.url!;
  assert.deepEqual(JSON.parse(decodeURIComponent(href.split('#trace=')[1]!)), wrapFragment('RuleObject', rule, v4));
  const config = {outbounds: [{protocol: 'freedom'}]};
  const [, link2] = run({type: 'code', lang: 'json', meta: 'title="config.json" trace="c"', value: JSON.stringify(config)}, '/repo/docs/config/routing.md');
  assert.deepEqual(JSON.parse(decodeURIComponent(link2!.children![0]!.url!.split('#trace=')[1]!)), config);
  assert.deepEqual(traceConfig('trace="c"', JSON.stringify(config), 'x.md'), config);
});

test('a fragment the plugin cannot wrap stops the build, naming the page, the fence line and the trace name', () => {
  assert.throws(() => run({type: 'code', lang: 'json', meta: 'fragment=LogObject trace="log"', value: '{}', position: {start: {line: 42}}}, '/repo/docs/config/log.md'),
    /\/repo\/docs\/config\/log\.md:42 \(trace="log"\): no trace wrapping for a v4 fragment=LogObject/);
  assert.throws(() => run({type: 'code', lang: 'json', meta: 'fragment=RuleObject trace="bad"', value: '{', position: {start: {line: 7}}}, '/repo/docs/config/routing.md'),
    /routing\.md:7 \(trace="bad"\): a trace= example is not valid JSON/);
});

test('an observatory fragment gets stand-ins for what it observes and a balancer reading it (leastPing, burst: leastLoad)', () => {
  const obs = {subjectSelector: ['proxy-'], probeInterval: '30s'};
  assert.deepEqual(wrapFragment('ObservatoryObject', obs, {v5: false, page: 'observatory'}), {
    outbounds: ['default', 'proxy-1', 'proxy-2'].map((tag) => ({tag, protocol: 'freedom'})),
    routing: {rules: [{type: 'field', network: 'tcp,udp', balancerTag: 'balancer'}], balancers: [{tag: 'balancer', selector: ['proxy-'], strategy: {type: 'leastPing'}}]},
    observatory: obs,
  });
  const burst = wrapFragment('Config', obs, {v5: false, page: 'burstObservatory'});
  assert.deepEqual(burst.services, {burstObservatory: obs});
  assert.deepEqual((burst.routing as {balancers: unknown[]}).balancers, [{tag: 'balancer', selector: ['proxy-'], strategy: {type: 'leastLoad'}}]);
  const v5burst = wrapFragment('Config', obs, {v5: true, page: 'backgroundObservatory'});
  assert.deepEqual(v5burst.services, {backgroundObservatory: obs});
  assert.deepEqual((v5burst.router as {balancingRule: unknown[]}).balancingRule, [{tag: 'balancer', outbound_selector: ['proxy-'], strategy: 'leastping'}]);
  assert.throws(() => wrapFragment('Config', obs, {v5: true, page: 'tun'}), /Config of the tun page/);
});

test('a multiObservatory fragment gets one balancer per observer, named by observerTag, reached from an inbound of that tag', () => {
  const multi = {observers: [{type: 'burst', tag: 'asia', settings: {subjectSelector: ['proxy-tokyo']}}, {type: 'default', tag: 'eu', settings: {subjectSelector: ['proxy-fra']}}]};
  const w = wrapFragment('MultiObservatoryObject', multi, {v5: false, page: 'observatory'});
  assert.deepEqual(w.routing, {
    rules: [{type: 'field', inboundTag: ['asia'], balancerTag: 'asia'}, {type: 'field', inboundTag: ['eu'], balancerTag: 'eu'}],
    balancers: [
      {tag: 'asia', selector: ['proxy-tokyo'], strategy: {type: 'leastLoad', settings: {observerTag: 'asia'}}},
      {tag: 'eu', selector: ['proxy-fra'], strategy: {type: 'leastPing', settings: {observerTag: 'eu'}}},
    ],
  });
  assert.deepEqual(w.multiObservatory, multi);
});

test('wrap=services: a partial file of services is wrapped as its observatory would be, the other services kept; fragment= still wins', () => {
  const services = {backgroundObservatory: {subjectSelector: ['proxy-'], persistentProbeResult: true}, filesystemstorage: {stateStorageRoot: 'WorkDir', instanceName: 'client'}};
  const v4w = wrapFragment('services', {services}, {v5: false, page: 'backgroundObservatory'});
  assert.deepEqual(v4w.services, services);
  assert.deepEqual((v4w.routing as {balancers: unknown[]}).balancers, [{tag: 'balancer', selector: ['proxy-'], strategy: {type: 'leastPing'}}]);
  assert.deepEqual((v4w.outbounds as {tag: string}[]).map((o) => o.tag), ['default', 'proxy-1', 'proxy-2']);
  const v5w = wrapFragment('services', {services: {burstObservatory: {subjectSelector: ['proxy-']}}}, {v5: true, page: 'burstObservatory'});
  assert.deepEqual((v5w.router as {balancingRule: unknown[]}).balancingRule, [{tag: 'balancer', outbound_selector: ['proxy-'], strategy: 'leastload'}]);
  assert.throws(() => wrapFragment('services', {services: {stats: {}}}, v4), /services without a backgroundObservatory or burstObservatory/);
  assert.deepEqual(traceConfig('lab=x wrap=services trace="p"', JSON.stringify({services}), '/repo/docs/config/service/backgroundObservatory.md'), v4w);
  assert.equal(wrapName('lab=x wrap=services trace="p"'), 'services');
  assert.equal(wrapName('lab=x trace="p"'), null);
});
