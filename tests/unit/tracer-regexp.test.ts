import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {readConfig} from '../../src/tracer/config';
import {emptyGeoData} from '../../src/tracer/geodata';
import {newMatcher} from '../../src/tracer/strmatcher';
import {trace} from '../../src/tracer/trace';

/**
 * Go's regular expressions (common/strmatcher/matchers.go:107 regexp.Compile, MatchString).
 * tests/unit/tracer/go-regexp-cases.json holds Go's own verdicts, written by this program
 * (cases.json: [[pattern, input], ...]; `go run .` in a module of its own):
 *
 *   b, _ := os.ReadFile("cases.json"); var c [][2]string; json.Unmarshal(b, &c)
 *   for _, x := range c { re, err := regexp.Compile(x[0]); if err != nil { out = append(out, "ERR"); continue }
 *     out = append(out, fmt.Sprint(re.MatchString(x[1]))) }
 */
type Case = {pattern: string; input: string; go: 'true' | 'false' | 'ERR'};
const {cases} = JSON.parse(readFileSync(new URL('./tracer/go-regexp-cases.json', import.meta.url), 'utf8')) as {cases: Case[]};

const verdict = (pattern: string, input: string): string => {
  try {
    return String(newMatcher('regex', pattern).match(input));
  } catch {
    return 'ERR';
  }
};

test(`the regex matcher gives Go's verdict on all ${cases.length} recorded patterns (RE2 syntax: POSIX classes, \\z, inline flags; refusals)`, () => {
  assert.ok(cases.length >= 70);
  const wrong = cases.filter((c) => verdict(c.pattern, c.input) !== c.go).map((c) => `${JSON.stringify(c.pattern)} on ${JSON.stringify(c.input)}: Go ${c.go}, tracer ${verdict(c.pattern, c.input)}`);
  assert.deepEqual(wrong, []);
});

test('the named differences from JavaScript\'s dialect: [[:alpha:]] is a POSIX class, \\z the end of the text, (?=x) and a{1001} refused', () => {
  assert.equal(verdict('^[[:alpha:]]+$', 'abc'), 'true');
  assert.equal(verdict('^[[:alpha:]]+$', 'a:b'), 'false', 'in JavaScript [[:alpha:]] is a set of ":alph" followed by "]"');
  assert.equal(verdict('com\\z', 'example.com'), 'true', 'in JavaScript \\z is the letter z');
  assert.equal(verdict('(?i)EXAMPLE', 'www.example.com'), 'true');
  assert.equal(verdict('(?=x)x', 'x'), 'ERR');
  assert.equal(verdict('a{1001}', 'a'), 'ERR');
});

test('a pattern Go refuses stops the toolkit at load (condition.go:58 NewDomainMatcher), in v4 rules, v5 rules, DNS domains and hosts', () => {
  const out = [{tag: 'a', protocol: 'freedom'}];
  const v4 = readConfig({outbounds: out, routing: {rules: [{type: 'field', domain: ['regexp:(?=x)x'], outboundTag: 'a'}]}}, 'v4');
  assert.match(v4.errors.join(), /rule 1: failed to build domain condition: regexp:\(\?=x\)x: error parsing regexp: invalid or unsupported Perl syntax: `\(\?=`/);
  const v5 = readConfig({outbounds: out, router: {rule: [{tag: 'a', domain: [{type: 'Regex', value: 'a{1001}'}]}]}}, 'v5');
  assert.match(v5.errors.join(), /rule 1: failed to build domain condition: regexp:a\{1001\}: error parsing regexp: invalid repeat count: `\{1001\}`/);
  const dns = readConfig({outbounds: out, dns: {servers: [{address: '1.1.1.1', domains: ['regexp:[z-a]']}], hosts: {'regexp:(?<=a)b': '1.2.3.4'}}}, 'v4');
  assert.match(dns.errors.join('\n'), /dns server 1: failed to add domain rule: regexp:\[z-a\]: error parsing regexp: invalid character class range/);
  assert.match(dns.errors.join('\n'), /dns hosts: failed to create static hosts: regexp:\(\?<=a\)b/);
  const v5dns = readConfig({outbounds: out, dns: {nameServer: [{address: {address: '1.1.1.1'}, prioritizedDomain: [{type: 'Regex', domain: '\\Z'}]}]}}, 'v5');
  assert.match(v5dns.errors.join(), /dns server 1: failed to add domain rule: regexp:\\Z: error parsing regexp: invalid escape sequence/);
});

test('regexp:(a+)+$ is linear: a 30-letter name and a 100,000-letter name answer at once (backtracking takes seconds at 26 letters)', () => {
  const m = readConfig({outbounds: [{tag: 'a'}, {tag: 'b'}], routing: {rules: [{type: 'field', domain: ['regexp:(a+)+$'], outboundTag: 'b'}]}}, 'v4');
  for (const name of [`${'a'.repeat(30)}!`, `${'a'.repeat(100000)}!.com`]) {
    const t0 = performance.now();
    const t = trace(m, {address: name, port: 443, network: 'tcp'}, emptyGeoData());
    const ms = performance.now() - t0;
    assert.equal(t.route.outbound, 'a');
    assert.ok(ms < 2000, `${name.length} letters took ${ms.toFixed(0)} ms`);
  }
  assert.equal(trace(m, {address: 'aaaa', port: 443, network: 'tcp'}, emptyGeoData()).route.outbound, 'b');
});
