import {test} from 'node:test';
import assert from 'node:assert/strict';
import {buildSchema} from '../../builder/schema/generate.mjs';
import {checkBytes, checkText} from '../../src/configCheck/check';
import {formatProblem} from '../../src/configCheck/messages';
import {isIPv4, isIPv6} from '../../src/configCheck/semantics';
import {makeValidator} from '../../src/configCheck/validate';

/**
 * What the checker says where v2ray 5.52.0 decides beyond the schema (src/configCheck/semantics.ts),
 * on the faults issue 37 lists: each was measured with the toolkit (tests/schema/mutants holds the
 * corpus that keeps measuring them).
 */

type Schema = Record<string, unknown>;
const schemas = {v4: buildSchema('v4').schema as Schema, v5: buildSchema('v5').schema as Schema};
const validators = {v4: makeValidator(schemas.v4), v5: makeValidator(schemas.v5)};
const errors = (text: string) => checkText(text, schemas, validators).problems.filter((p) => p.severity !== 'warning').map((p) => `${p.path} ${formatProblem(p, 'en')}`);
const warnings = (text: string) => checkText(text, schemas, validators).problems.filter((p) => p.severity === 'warning').map((p) => `${p.path} ${formatProblem(p, 'en')}`);
const out = '"outbounds": [{"protocol": "freedom", "tag": "direct"}]';
const rule = (r: string) => `{"routing": {"rules": [${r}]}, ${out}}`;

test('socks auth the toolkit does not know: an error saying it serves without authentication', () => {
  const text = `{"inbounds": [{"port": 1080, "protocol": "socks", "settings": {"auth": "pasword", "accounts": [{"user": "a", "pass": "b"}]}}], ${out}}`;
  assert.deepEqual(errors(text), ['inbounds[0].settings.auth auth must be "noauth" or "password" (as written). V2Ray does not know "pasword" and, without a word, serves as "noauth": anyone can use this proxy without a user name or password.']);
  const noAuth = `{"inbounds": [{"port": 1080, "protocol": "socks", "settings": {"accounts": [{"user": "a", "pass": "b"}]}}], ${out}}`;
  assert.match(errors(noAuth)[0]!, /accounts are given, but not "auth": "password". V2Ray ignores the accounts/);
  // zh too
  const zh = checkText(text, schemas, validators).problems.map((p) => formatProblem(p, 'zh'));
  assert.match(zh[0]!, /任何人无需用户名和密码都能使用这个代理/);
});

test('a misspelled key whose absence turns protection off says what V2Ray then does (v4 ignores it)', () => {
  const socks = `{"inbounds": [{"port": 1080, "protocol": "socks", "settings": {"auth": "password", "acounts": [{"user": "a", "pass": "b"}]}}], ${out}}`;
  assert.deepEqual(errors(socks), ['inbounds[0].settings.acounts Unknown key "acounts" in SocksInboundSettings. Did you mean "accounts"? V2Ray ignores the misspelled key: this proxy asks for no user name or password.']);
  const tls = `{"inbounds": [{"port": 443, "protocol": "vmess", "settings": {"clients": []}, "streamSettings": {"security": "tls", "tlsSettings": {"verifyClientCertificat": true}}}], ${out}}`;
  assert.match(errors(tls)[0]!, /Did you mean "verifyClientCertificate"\? V2Ray ignores the misspelled key: clients are not asked for a certificate\./);
});

test('TLS and QUIC security the toolkit does not know: errors saying there is no TLS, no encryption', () => {
  assert.match(errors(`{"outbounds": [{"protocol": "freedom", "streamSettings": {"security": "tsl"}}]}`)[0]!, /uses no TLS on this connection\. Did you mean "tls"\?/);
  assert.match(errors(`{"outbounds": [{"protocol": "freedom", "streamSettings": {"network": "quic", "quicSettings": {"security": "aes-128-gm"}}}]}`)[0]!, /QUIC packets are not encrypted/);
});

test('routing: CIDR mask, malformed IP, port over 65535, no condition, balancer naming no balancer', () => {
  assert.match(errors(rule('{"type": "field", "ip": ["10.0.0.0/33"], "outboundTag": "direct"}'))[0]!, /"10\.0\.0\.0\/33" has an invalid mask/);
  assert.match(errors(rule('{"type": "field", "ip": ["10.0.0.300"], "outboundTag": "direct"}'))[0]!, /"10\.0\.0\.300" is not an IP address/);
  assert.match(errors(rule('{"type": "field", "port": "1-70000", "outboundTag": "direct"}'))[0]!, /"1-70000" is not a valid port or port range/);
  assert.match(errors(rule('{"type": "field", "port": "1-2-3", "outboundTag": "direct"}'))[0]!, /"1-2-3" is not a valid port or port range/);
  assert.match(errors(rule('{"type": "field", "outboundTag": "direct"}'))[0]!, /This rule has no condition/);
  assert.match(errors(rule('{"type": "field", "network": "tcp", "balancerTag": "b"}'))[0]!, /No balancer has the tag "b"\. V2Ray refuses the file/);
  assert.match(warnings(rule('{"type": "field", "network": "tcp", "outboundTag": "proxy"}'))[0]!, /No outbound has the tag "proxy"\. V2Ray accepts the file, but connections matching this rule are dropped/);
  assert.deepEqual(errors(rule('{"type": "field", "ip": ["geoip:private", "!10.0.0.0/8", "::1/128", "fe80::/10"], "port": "53,443,1000-2000", "outboundTag": "direct"}')), []);
});

test('inbounds: an inverted port range, a listen address that is no IP; mKCP mtu and header; VLESS decryption', () => {
  assert.match(errors(`{"inbounds": [{"port": "2000-1000", "protocol": "socks"}], ${out}}`)[0]!, /"2000-1000" is not a valid port or port range/);
  assert.match(errors(`{"inbounds": [{"port": 1, "listen": "127.0.0.300", "protocol": "socks"}], ${out}}`)[0]!, /listen must be an IP address/);
  const kcp = (s: string) => `{"inbounds": [{"port": 1, "protocol": "socks", "streamSettings": {"network": "kcp", "kcpSettings": ${s}}}], ${out}}`;
  assert.match(errors(kcp('{"mtu": 1461}'))[0]!, /Expected an integer from 576 to 1460, found 1461/);
  assert.match(errors(kcp('{"header": {"type": "wechat-viedo"}}'))[0]!, /Did you mean "wechat-video"\?/);
  assert.match(errors(`{"inbounds": [{"port": 443, "protocol": "vless", "settings": {"clients": [{"id": "27848739-7e62-4138-9fd3-098a63964b6b"}]}}], ${out}}`)[0]!, /Missing required key "decryption"/);
});

test('a key written twice: a warning in v4 (the last one counts), an error where v5 decodes the first and cannot', () => {
  assert.deepEqual(errors(`{"log": {"loglevel": "warnig", "loglevel": "warning"}, ${out}}`), []);
  assert.match(warnings(`{"log": {"loglevel": "warnig", "loglevel": "warning"}, ${out}}`)[0]!, /written twice in this object\. V2Ray uses the last one/);
  const v5 = '{"inbounds": [{"protocol": "socks", "port": 1, "sniffing": {"enabled": "true", "enabled": true}}], "router": {}, "outbounds": [{"protocol": "freedom"}]}';
  assert.match(errors(v5)[0]!, /this is the first\. V2Ray reads both, and refuses the file/);
});

test('the format is decided by evidence: a one-value fault in a small v4 file is reported as that value', () => {
  const loglevel = checkText(`{"log": {"loglevel": "warnig"}, "inbounds": [{"port": 1080, "protocol": "socks"}], ${out}}`, schemas, validators);
  assert.equal(loglevel.version, 'v4');
  assert.deepEqual(loglevel.problems.map((p) => `${p.path} ${formatProblem(p, 'en')}`), ['log.loglevel Expected one of "debug", "info", "warning", "error", "none" (in any letter case), found "warnig". Did you mean "warning"?']);
  // fits neither: checked as v4, and v5 was tried too
  assert.equal(loglevel.otherTry?.version, 'v5');
  assert.ok(loglevel.otherTry!.count > 0);
  const cipher = checkText(`{"inbounds": [{"port": 8388, "protocol": "shadowsocks", "settings": {"method": "aes-256-gmc", "password": "p", "network": "tcp,udp"}}], ${out}}`, schemas, validators);
  assert.equal(cipher.version, 'v4');
  assert.equal(cipher.problems.length, 1);
  assert.match(formatProblem(cipher.problems[0]!, 'en'), /found "aes-256-gmc"\. Did you mean "aes-256-gcm"\?/);
  // v5 simplified settings fit only v5
  const simplified = checkText('{"inbounds": [{"protocol": "vmess", "port": 1, "settings": {"users": ["27848739-7e62-4138-9fd3-098a63964b6b"]}}]}', schemas, validators);
  assert.equal(simplified.version, 'v5');
  assert.equal(simplified.otherTry, undefined);
});

test('bytes: a BOM is reported, UTF-16 is named, bytes that are not UTF-8 are a warning', () => {
  const text = `{${out}}`;
  const bom = checkBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text)]), schemas, validators);
  assert.deepEqual(bom.problems.map((p) => p.kind), ['bom']);
  const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
  assert.deepEqual(checkBytes(utf16, schemas, validators).problems.map((p) => formatProblem(p, 'en')),
    ['The file is encoded as UTF-16LE. V2Ray reads UTF-8 only and stops at the first byte with a JSON error (invalid character): save the file as UTF-8 without BOM.']);
  const latin1 = new Uint8Array([...Buffer.from('{"outbounds": [{"protocol": "freedom", "tag": "caf'), 0xe9, ...Buffer.from('"}]}')]);
  const r = checkBytes(latin1, schemas, validators).problems;
  assert.deepEqual(r.map((p) => [p.kind, p.severity]), [['notUtf8', 'warning']]);
});

test('Go\'s IP syntax: four bytes without leading zeros, IPv6 with :: and an IPv4 tail', () => {
  for (const ok of ['0.0.0.0', '10.0.0.1', '255.255.255.255']) assert.ok(isIPv4(ok), ok);
  for (const bad of ['10.0.0.300', '010.0.0.1', '1.2.3', '1.2.3.4.5', 'a.b.c.d']) assert.ok(!isIPv4(bad), bad);
  for (const ok of ['::', '::1', 'fe80::1', '2001:db8::8a2e:370:7334', '[::1]', '::ffff:10.0.0.1', '1:2:3:4:5:6:7:8']) assert.ok(isIPv6(ok), ok);
  for (const bad of ['1:2:3:4:5:6:7:8:9', ':::', '1::2::3', 'g::1', '::ffff:10.0.0.300']) assert.ok(!isIPv6(bad), bad);
});

test('the worker answers a check with the problems shown, their count, and the value when the page asks for it', async () => {
  const {answer} = await import('../../src/configCheck/worker');
  assert.equal(answer({type: 'check', id: 1, text: '{}', choice: 'auto', wantValue: true})?.id, 1); // before the schemas: a failure, not a throw
  assert.equal(answer({type: 'schemas', schemas}), null);
  const many = `{"inbounds": [${Array.from({length: 300}, (_, i) => `{"protocl": "socks", "port": ${i + 1}}`).join(',')}], ${out}}`;
  const a = answer({type: 'check', id: 2, text: many, choice: 'auto', wantValue: true});
  assert.ok(a && 'result' in a);
  assert.equal(a.result.problems.length, 200);
  assert.equal(a.result.total, 300);
  assert.ok(a.result.value !== undefined);
  // not asked (a large text being typed): no value is copied back
  const b = answer({type: 'check', id: 3, text: many, choice: 'auto', wantValue: false});
  assert.ok(b && 'result' in b);
  assert.equal(b.result.total, 300);
  assert.equal(b.result.value, undefined);
});
