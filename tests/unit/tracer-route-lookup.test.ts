// Routing is handed its DNS lookup (route.ts), as v2ray's router is handed its DNS client: the
// addresses an IP condition tests are the ones that lookup answers.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readConfig} from '../../src/tracer/config';
import {emptyGeoData} from '../../src/tracer/geodata';
import {route, type DnsLookup} from '../../src/tracer/route';
import type {DnsTrace} from '../../src/tracer/types';

const model = readConfig({
  outbounds: [{tag: 'direct', protocol: 'freedom'}, {tag: 'lan', protocol: 'freedom'}],
  routing: {domainStrategy: 'IPIfNonMatch', rules: [{type: 'field', ip: ['10.0.0.0/8'], outboundTag: 'lan'}]},
}, 'v4');

function answering(ips: string[], asked: string[]): DnsLookup {
  return (_model, name) => {
    asked.push(name);
    const trace: DnsTrace = {name, hosts: {result: 'none', entries: []}, asked: name, servers: [], skipped: [], ips, fake: false, errors: []};
    return trace;
  };
}

test('the second pass tests the addresses the given lookup answers', () => {
  const asked: string[] = [];
  const lan = route(model, {address: 'printer.test', port: 80, network: 'tcp'}, emptyGeoData(), answering(['10.1.2.3'], asked));
  assert.equal(lan.outbound, 'lan');
  assert.deepEqual(asked, ['printer.test']);
  const lookup = lan.steps.find((s) => s.kind === 'lookup');
  assert.ok(lookup && lookup.kind === 'lookup' && lookup.why === 'IpIfNonMatch');
  const away = route(model, {address: 'printer.test', port: 80, network: 'tcp'}, emptyGeoData(), answering(['192.0.2.1'], []));
  assert.equal(away.outbound, 'direct');
});

test('an IP target is never looked up', () => {
  const asked: string[] = [];
  assert.equal(route(model, {address: '10.9.9.9', port: 80, network: 'tcp'}, emptyGeoData(), answering([], asked)).outbound, 'lan');
  assert.deepEqual(asked, []);
});
