import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readConfig} from '../../src/tracer/config';
import type {Format} from '../../src/tracer/model';
import {parsePortList, parsePortText} from '../../src/tracer/readCommon';
import {emptyGeoData} from '../../src/tracer/geodata';
import {trace} from '../../src/tracer/trace';

/**
 * What v2ray-core v5.52.0 refuses at load, and what it reads differently from how it looks, in
 * both formats. Each test names the Go source it follows (paths and lines at tag v5.52.0).
 */

const out = (...tags: string[]) => tags.map((tag) => ({tag, protocol: 'freedom'}));
const v4 = (rules: unknown[]) => readConfig({outbounds: out('default', 'hit'), routing: {rules}}, 'v4');
const v5 = (rule: unknown[]) => readConfig({outbounds: out('default', 'hit'), router: {rule}}, 'v5');
const read = (format: Format, rule: Record<string, unknown>) => format === 'v4'
  ? v4([{type: 'field', outboundTag: 'hit', ...rule}])
  : v5([{tag: 'hit', ...rule}]);
const go = (format: Format, rule: Record<string, unknown>, address: string, port = 443, network: 'tcp' | 'udp' = 'tcp') => {
  const m = read(format, rule);
  assert.deepEqual(m.errors, [], `no refusal expected for ${JSON.stringify(rule)}`);
  return trace(m, {address, port, network}, emptyGeoData()).route.outbound;
};

test('app/router/config.go:42-111: an empty list adds no condition (the len() > 0 checks), in v4 and v5', () => {
  // v4: "domain": [] next to a port: only the port decides
  assert.equal(go('v4', {domain: [], port: '443'}, 'example.com'), 'hit');
  assert.equal(go('v4', {ip: [], port: '443'}, 'example.com'), 'hit');
  assert.equal(go('v4', {inboundTag: [], port: '443'}, 'example.com'), 'hit');
  assert.equal(go('v4', {user: [], protocol: [], network: [], port: '443'}, 'example.com'), 'hit');
  assert.equal(go('v4', {source: [], port: '443'}, 'example.com'), 'hit');
  // v5: the same fields by their protobuf JSON names
  assert.equal(go('v5', {domain: [], portList: '443'}, 'example.com'), 'hit');
  assert.equal(go('v5', {geoip: [], portList: '443'}, 'example.com'), 'hit');
  assert.equal(go('v5', {inboundTag: [], userEmail: [], protocol: [], networks: [], portList: '443'}, 'example.com'), 'hit');
});

test('app/router/config.go:126: a rule without an effective condition stops the router ("this rule has no effective fields"), in v4 and v5', () => {
  for (const rule of [{}, {domain: []}, {ip: [], inboundTag: []}, {network: []}, {attrs: ''}]) {
    assert.match(read('v4', rule).errors.join('\n'), /rule 1: this rule has no effective fields/, JSON.stringify(rule));
  }
  for (const rule of [{}, {domain: []}, {geoip: [], inboundTag: []}, {networks: []}, {portList: ''}]) {
    assert.match(read('v5', rule).errors.join('\n'), /rule 1: this rule has no effective fields/, JSON.stringify(rule));
  }
});

test('common/net/network.go:60 ParseNetwork: network lists as written, not trimmed (" udp" is unknown), in v4 and v5', () => {
  assert.equal(go('v4', {network: 'tcp, udp'}, '1.2.3.4', 53, 'udp'), 'default');
  assert.equal(go('v4', {network: 'tcp, udp'}, '1.2.3.4', 53, 'tcp'), 'hit');
  assert.equal(go('v4', {network: 'tcp,udp'}, '1.2.3.4', 53, 'udp'), 'hit');
  assert.equal(go('v4', {network: ['TCP', ' udp']}, '1.2.3.4', 53, 'udp'), 'default');
  assert.equal(go('v4', {network: 'UDP'}, '1.2.3.4', 53, 'udp'), 'hit', 'lower-cased (network.go:61)');
  assert.equal(go('v5', {networks: 'tcp, udp'}, '1.2.3.4', 53, 'udp'), 'default');
  assert.equal(go('v5', {networks: ['udp']}, '1.2.3.4', 53, 'udp'), 'hit');
  // "network": "" is one unknown network: a condition nothing matches (cfgcommon/common.go:76)
  assert.equal(go('v4', {network: ''}, '1.2.3.4', 53, 'tcp'), 'default');
});

test('infra/conf/cfgcommon/common.go:109 parseStringPort and :209 UnmarshalText: the port syntax the toolkit refuses', () => {
  for (const port of ['60000-80000', '1000 - 2000', '-5', '1-2-3', '5-', '80000', '080', '+80', '1e3', 'http', '0x50', '80 81']) {
    assert.throws(() => parsePortText(port), /invalid port/, port);
    assert.match(read('v4', {port}).errors.join(), /rule 1: invalid port/, `v4 ${port}`);
    assert.match(read('v5', {portList: port}).errors.join(), /rule 1: invalid port/, `v5 ${port}`);
    assert.match(read('v4', {sourcePort: port}).errors.join(), /rule 1: invalid port/, `v4 sourcePort ${port}`);
  }
  // accepted: spaces around list items (:211 TrimSpace), leading zeros in a range (ParseUint),
  // empty items, a reversed range (not checked by UnmarshalText: it matches nothing)
  assert.deepEqual(parsePortText(' 80 , 443,'), [[80, 80], [443, 443]]);
  assert.deepEqual(parsePortText('0080-0090'), [[80, 90]]);
  assert.deepEqual(parsePortText('90-80'), [[90, 80]]);
  assert.equal(go('v4', {port: '90-80'}, '1.2.3.4', 85), 'default');
  assert.equal(go('v4', {port: '1000-2000, 443'}, '1.2.3.4', 443), 'hit');
});

test('infra/conf/cfgcommon/common.go:191 PortList.UnmarshalJSON: numbers, 0 and "" leave an empty list that still makes a condition', () => {
  assert.deepEqual(parsePortList(443), [[443, 443]]);
  assert.deepEqual(parsePortList(0), []);
  assert.deepEqual(parsePortList(''), []);
  for (const bad of [-1, 1.5, 4294967296, true, [80], {from: 1}]) assert.throws(() => parsePortList(bad), /invalid port/, JSON.stringify(bad));
  // config.go:70 checks rr.PortList != nil, not its length: "port": "" is a condition no port meets
  assert.equal(go('v4', {port: ''}, '1.2.3.4', 443), 'default');
  assert.equal(go('v4', {port: 0, domain: ['example.com']}, 'example.com', 0), 'default');
  // v5 reads portList only when the string is not empty (app/router/router.go:250)
  assert.match(read('v5', {portList: ''}).errors.join(), /no effective fields/);
});

test('infra/conf/cfgcommon/common.go:25 StringList: an array of strings or one string; anything else is refused', () => {
  assert.match(read('v4', {domain: [1, 2]}).errors.join(), /unknown format of a string list/);
  assert.match(read('v4', {inboundTag: {a: 1}}).errors.join(), /unknown format of a string list/);
  assert.equal(go('v4', {inboundTag: null, port: '443'}, 'example.com'), 'hit', 'null leaves the field unset');
});

test('a refused configuration is traced no further: trace() reports the toolkit\'s reason', () => {
  const m = v4([{type: 'field', port: '60000-80000', outboundTag: 'hit'}, {type: 'field', domain: ['x.com'], outboundTag: 'hit'}]);
  const t = trace(m, {address: 'x.com', port: 443, network: 'tcp'}, emptyGeoData());
  assert.ok(t.refused, 'trace says the configuration is refused');
  assert.match(t.errors.join(), /rule 1: invalid port range: 60000-80000 > invalid port range: 80000/);
  assert.deepEqual(t.route.steps, []);
});

test('app/router/config.go:27 GetTag: a v5 rule without "tag" gives the empty tag, which is no handler: the default outbound', () => {
  const m = v5([{domain: [{type: 'RootDomain', value: 'example.com'}]}]);
  assert.deepEqual(m.errors, []);
  assert.equal(trace(m, {address: 'www.example.com', port: 443, network: 'tcp'}, emptyGeoData()).route.outbound, 'default');
  // even when an outbound has no tag: outbound.go:110 files only non-empty tags
  const untagged = readConfig({outbounds: [{tag: 'first', protocol: 'freedom'}, {protocol: 'blackhole'}], router: {rule: [{portList: '443'}]}}, 'v5');
  assert.equal(trace(untagged, {address: '1.2.3.4', port: 443, network: 'tcp'}, emptyGeoData()).route.outbound, 'first');
});

test('protobuf enums by own name only: "constructor", "__proto__", "toString" are unknown values, not Object.prototype members', () => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    assert.match(v5([{tag: 'hit', domain: [{type: name, value: 'x'}]}]).errors.join(), /unknown value .* for enum Domain.Type/, name);
    const dns = (d: Record<string, unknown>) => readConfig({outbounds: out('a'), dns: d}, 'v5');
    assert.match(dns({queryStrategy: name}).errors.join(), /unknown value .* for enum QueryStrategy/, name);
    assert.match(dns({fallbackStrategy: name}).errors.join(), /unknown value .* for enum FallbackStrategy/, name);
    assert.match(dns({nameServer: [{address: {address: '1.1.1.1'}, queryStrategy: name}]}).errors.join(), /enum QueryStrategy/, name);
    assert.match(dns({nameServer: [{address: {address: '1.1.1.1'}, prioritizedDomain: [{type: name, domain: 'x'}]}]}).errors.join(), /enum DomainMatchingType/, name);
    assert.match(dns({staticHosts: [{type: name, domain: 'x', ip: ['1.2.3.4']}]}).errors.join(), /enum DomainMatchingType/, name);
    // a DNS address scheme of that name is no known scheme: a classic server (app/dns/nameserver.go:53)
    const m = readConfig({outbounds: out('a'), dns: {servers: [`${name}://1.1.1.1`]}}, 'v4');
    assert.deepEqual(m.errors, [], name);
    assert.equal(m.dns.servers[0]?.kind, 'udp', name);
    // a v4 hosts key of that name is a name like any other
    const h = readConfig({outbounds: out('a'), dns: {hosts: {[name]: '10.0.0.1'}}}, 'v4');
    assert.equal(h.dns.hosts[0]?.key, name);
  }
  // JSON.parse makes "__proto__" an own key: read as a hosts entry, not as the prototype
  const parsed = JSON.parse('{"outbounds":[{"tag":"a"}],"dns":{"hosts":{"__proto__":"10.0.0.2"}}}') as unknown;
  assert.deepEqual(readConfig(parsed, 'v4').dns.hosts.map((h) => [h.key, h.ips.length]), [['__proto__', 1]]);
});

test('app/router/router.go:237: a v5 geoDomain without code keeps the domains written in it (and the DNS its prioritized domains, dns.go:438)', () => {
  const m = v5([{tag: 'hit', geoDomain: [{domain: [{type: 'RootDomain', value: 'example.cn'}, {type: 'Full', value: 'a.test'}]}]}]);
  assert.deepEqual(m.errors, []);
  const to = (address: string) => trace(m, {address, port: 443, network: 'tcp'}, emptyGeoData()).route.outbound;
  assert.equal(to('www.example.cn'), 'hit');
  assert.equal(to('a.test'), 'hit');
  assert.equal(to('b.a.test'), 'default');
  const dns = readConfig({outbounds: out('a'), dns: {nameServer: [{address: {address: '1.1.1.1'}, geoDomain: [{domain: [{type: 'RootDomain', value: 'example.cn'}]}]}]}}, 'v5');
  assert.deepEqual(dns.dns.servers[0]?.domains.map((d) => d.rule), ['domain:example.cn']);
});
