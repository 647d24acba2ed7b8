import {test} from 'node:test';
import assert from 'node:assert/strict';
import {maxGeoFileBytes, readGeoFile} from '../../src/tracer/geodata';

/**
 * Geo files come from the reader's disk or from whoever sent them: opening one notes where its
 * lists lie and decodes a list only when a trace asks for it, so time and memory stay about the
 * file's size (a 28 MB file took 6 s and 0.5 GB; 40 MB of empty entries 14 s and 0.9 GB).
 */

const varint = (n: number): number[] => { const out: number[] = []; while (n > 127) { out.push((n & 127) | 128); n = Math.floor(n / 128); } out.push(n); return out; };
const field = (no: number, bytes: Uint8Array | number[]): number[] => [...varint(no * 8 + 2), ...varint(bytes.length), ...bytes];
const text = (s: string): number[] => [...new TextEncoder().encode(s)];

const heapMB = (): number => process.memoryUsage().heapUsed / 1048576;

test('40 MB of empty entries: refused within seconds, without holding more than the file', () => {
  const data = new Uint8Array(40 * 1024 * 1024);
  for (let i = 0; i < data.length; i += 2) { data[i] = 0x0a; data[i + 1] = 0; } // field 1, length 0
  const before = heapMB();
  const t0 = performance.now();
  assert.throws(() => readGeoFile('empty.dat', data), /no geosite list or geoip list/);
  const ms = performance.now() - t0;
  assert.ok(ms < 5000, `took ${ms.toFixed(0)} ms`);
  assert.ok(heapMB() - before < 100, `heap grew ${(heapMB() - before).toFixed(0)} MB`);
});

test('a 28 MB geosite file of 7,000 lists opens without decoding them; a list is decoded when asked for', () => {
  const domain = field(2, [...varint(1 * 8), 2, ...field(2, text('example-domain-name.com'))]);
  const parts: number[][] = [];
  let size = 0;
  for (let l = 0; size < 28 * 1024 * 1024; l++) {
    const items: number[] = [];
    for (let i = 0; i < 120; i++) items.push(...domain);
    const entry = field(1, [...field(1, text(`LIST${l}`)), ...items]);
    parts.push(entry);
    size += entry.length;
  }
  const data = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { data.set(p, at); at += p.length; }
  const before = heapMB();
  const t0 = performance.now();
  const file = readGeoFile('geosite.dat', data);
  const ms = performance.now() - t0;
  assert.equal(file.kind, 'site');
  assert.ok(file.lists.size > 7000);
  assert.ok(ms < 3000, `took ${ms.toFixed(0)} ms`);
  assert.ok(heapMB() - before < 100, `heap grew ${(heapMB() - before).toFixed(0)} MB`);
  assert.equal(file.lists.get('list5')?.length, 120);
  assert.deepEqual(file.lists.get('LIST5')?.[0], {type: 'domain', value: 'example-domain-name.com', attrs: []});
  // lookups by own entry only: a code named like an Object member is just a missing list
  assert.equal(file.lists.get('constructor'), undefined);
  assert.equal(file.lists.get('__proto__'), undefined);
});

test('a file over the limit is refused before it is read', () => {
  const big = {length: maxGeoFileBytes + 1} as unknown as Uint8Array;
  assert.throws(() => readGeoFile('huge.dat', big), /larger than/);
});

test('a list decoded during a trace is decoded under the trace\'s deadline', async () => {
  const {readConfig} = await import('../../src/tracer/config');
  const {traceWithin} = await import('../../src/tracer/trace');
  const {emptyGeoData} = await import('../../src/tracer/geodata');
  const domain = field(2, [...varint(1 * 8), 2, ...field(2, text('example-domain-name.com'))]);
  const items: number[] = [];
  for (let i = 0; i < 200000; i++) items.push(...domain);
  const bytes = field(1, [...field(1, text('BIG')), ...items]);
  const geo = emptyGeoData();
  const file = readGeoFile('geosite.dat', new Uint8Array(bytes));
  if (file.kind === 'site') geo.sites.set('geosite.dat', file);
  const m = readConfig({outbounds: [{tag: 'a'}, {tag: 'b'}], routing: {rules: [{type: 'field', domain: ['geosite:big'], outboundTag: 'b'}]}}, 'v4');
  assert.equal(traceWithin(m, {address: 'x.test', port: 443, network: 'tcp'}, geo, -1), null, 'stopped at once');
  assert.equal(traceWithin(m, {address: 'www.example-domain-name.com', port: 443, network: 'tcp'}, geo, 60000)?.route.outbound, 'b');
});
