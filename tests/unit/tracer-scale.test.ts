import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readConfig} from '../../src/tracer/config';
import type {Model} from '../../src/tracer/model';
import {emptyGeoData} from '../../src/tracer/geodata';
import {MphIndexMatcher, newMatcher} from '../../src/tracer/strmatcher';
import {ruleCovers, shadowedRules, shadowedRulesWithin} from '../../src/tracer/shadowed';
import {trace, traceWithin} from '../../src/tracer/trace';

/**
 * Linear in the configuration: a trace over 10,000 rules or 100,000 domain entries, the
 * shadowed-rule check, long names through the mph matcher. The bounds here are loose (Node on a
 * busy machine); tests/e2e/trace-scale.spec.ts holds the browser to 200 ms.
 */
const dest = (address: string, port = 443) => ({address, port, network: 'tcp' as const});
const tenThousandRules = (): Model => readConfig({outbounds: [{tag: 'a'}, {tag: 'b'}], routing: {domainStrategy: 'IPIfNonMatch', rules:
  Array.from({length: 10000}, (_, i) => ({type: 'field', domain: [`domain:site${i}.example`, `keyword:kw${i}x`], port: `${1000 + (i % 5000)}`, outboundTag: i % 2 ? 'a' : 'b'}))}}, 'v4');

const elapsed = <T>(f: () => T): [T, number] => { const t0 = performance.now(); const r = f(); return [r, performance.now() - t0]; };

test('a trace over 10,000 rules answers in well under a second, and the shadowed-rule check is not part of it', () => {
  const m = tenThousandRules();
  trace(m, dest('warm.up'), emptyGeoData());
  const [t, ms] = elapsed(() => trace(m, dest('zzz.nowhere.test'), emptyGeoData()));
  assert.equal(t.route.steps.filter((s) => s.kind === 'rule').length, 20000, 'both passes over every rule (IPIfNonMatch)');
  assert.ok(ms < 1000, `took ${ms.toFixed(0)} ms`);
  assert.ok(!t.warnings.some((w) => w.code === 'shadowedRule'));
  const [last] = elapsed(() => trace(m, dest('www.site9999.example', 5999), emptyGeoData()));
  assert.equal(last.route.outbound, 'a');
});

test('the shadowed-rule check over 10,000 rules takes about linear time (it took 33 s comparing every pair)', () => {
  const m = tenThousandRules();
  const [w, ms] = elapsed(() => shadowedRules(m));
  assert.deepEqual(w, []);
  assert.ok(ms < 3000, `took ${ms.toFixed(0)} ms`);
  // with a deadline already past, it says how far it got
  const cut = shadowedRulesWithin(m, performance.now() - 1);
  assert.equal(cut.complete, false);
});

test('a trace over 100,000 domain entries answers in well under a second', () => {
  const m = readConfig({outbounds: [{tag: 'a'}, {tag: 'b'}], routing: {rules: [
    {type: 'field', domain: Array.from({length: 100000}, (_, i) => (i % 3 ? `domain:d${i}.example` : `full:f${i}.example`)), outboundTag: 'b'},
  ]}}, 'v4');
  trace(m, dest('warm.up'), emptyGeoData());
  const [t, ms] = elapsed(() => trace(m, dest('nowhere.test'), emptyGeoData()));
  assert.equal(t.route.outbound, 'a');
  assert.ok(ms < 1000, `took ${ms.toFixed(0)} ms`);
  assert.equal(trace(m, dest('x.d99998.example'), emptyGeoData()).route.outbound, 'b');
});

/** The shadowed-rule check as it was: every earlier rule against every later one. */
function naiveShadowed(model: Model): [number, number][] {
  const rules = model.router.rules;
  const out: [number, number][] = [];
  rules.forEach((b, j) => {
    for (let i = 0; i < j; i++) if (ruleCovers(rules[i]!, b)) { out.push([b.index, rules[i]!.index]); break; }
  });
  return out;
}

test('the indexed shadowed-rule check finds what comparing every pair finds (300 random configurations)', () => {
  let seed = 42;
  const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor(seed / 65536) % n; };
  const pick = <T>(xs: T[]): T => xs[rnd(xs.length)]!;
  const domains = ['domain:a.com', 'domain:b.a.com', 'full:b.a.com', 'keyword:a', 'keyword:b.a', 'a.com', 'regexp:^a', 'full:x.b.a.com'];
  const fields = [
    () => ({domain: Array.from({length: 1 + rnd(2)}, () => pick(domains))}),
    () => ({ip: [pick(['10.0.0.0/8', '10.1.0.0/16', '10.1.2.3', '::/0', '192.168.0.0/16'])]}),
    () => ({port: pick(['80', '80-90', '1-1000', '443'])}),
    () => ({network: pick(['tcp', 'udp', 'tcp,udp'])}),
    () => ({inboundTag: [pick(['in1', 'in2'])]}),
    () => ({protocol: [pick(['http', 'tls', 'h'])]}),
    () => ({source: [pick(['10.0.0.0/8', '10.1.0.0/16'])]}),
  ];
  let found = 0;
  for (let n = 0; n < 300; n++) {
    const rules = Array.from({length: 2 + rnd(10)}, () => Object.assign({type: 'field', outboundTag: 'a'}, ...Array.from({length: 1 + rnd(3)}, () => pick(fields)())));
    const m = readConfig({outbounds: [{tag: 'a'}], routing: {rules}}, 'v4');
    const fast = shadowedRules(m).map((w) => (w.code === 'shadowedRule' ? [w.rule, w.by] : [-1, -1]));
    assert.deepEqual(fast, naiveShadowed(m), JSON.stringify(rules));
    found += fast.length;
  }
  assert.ok(found > 50, `the random rules shadow each other often enough to test (${found})`);
});

test('the mph matcher\'s substring step is linear in the name: 16,000 characters (it took 4.3 s)', () => {
  const g = new MphIndexMatcher();
  for (const k of ['ab', 'bab', 'abc', 'zz']) g.add(newMatcher('substr', k));
  const name = 'ab'.repeat(8000);
  const [ids, ms] = elapsed(() => g.match(name));
  assert.ok(ids.length > 8000);
  assert.ok(ms < 1500, `took ${ms.toFixed(0)} ms`);
});

test('traceWithin: a trace past its deadline stops and says so (null) instead of running on', () => {
  const m = tenThousandRules();
  assert.equal(traceWithin(m, dest('zzz.nowhere.test'), emptyGeoData(), -1), null);
  assert.notEqual(traceWithin(m, dest('zzz.nowhere.test'), emptyGeoData(), 60000), null);
});
