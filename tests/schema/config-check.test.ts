import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {buildSchema} from '../../builder/schema/generate.mjs';
import {configObjects} from '../../builder/schema/inputs.mjs';
import {caseInsensitivePattern, splitAlternatives} from '../../builder/schema/typeSchema.mjs';
import {corpus} from './corpus.mjs';
import {blankComments} from '../../src/configCheck/comments';
import {didYouMean, editDistance} from '../../src/configCheck/suggest';
import {checkConfig} from '../../src/configCheck/problems';
import {detectVersion, tellVersion} from '../../src/configCheck/version';
import {displayPath, lineColumn, parseConfig, pointerSegments} from '../../src/configCheck/parse';
import {formatProblem} from '../../src/configCheck/messages';
import {compileSchema} from './ajv';
import {makeValidator} from '../../src/configCheck/validate';

/** The configuration checker: the schema generator, the checker's logic and the broken-configuration corpus. */

type Schema = Record<string, unknown>;
const built = {v4: buildSchema('v4'), v5: buildSchema('v5')};
const schemas = {v4: built.v4.schema as Schema, v5: built.v5.schema as Schema};
const validators = {v4: makeValidator(schemas.v4), v5: makeValidator(schemas.v5)};
/** ajv (Node only) as the reference the page's validator is held to. */
const ajvValidators = {v4: compileSchema(schemas.v4), v5: compileSchema(schemas.v5)};
const anchors = (JSON.parse(readFileSync(new URL('../../facts/current-anchors.json', import.meta.url), 'utf8')) as
  {pages: Record<string, {zh: string[]; en: string[]}>}).pages;

/** Every subschema of a schema, with its JSON pointer. */
function* walkSchema(s: unknown, at = '#'): Generator<[string, Schema]> {
  if (!s || typeof s !== 'object') return;
  if (Array.isArray(s)) { for (const [i, x] of s.entries()) yield* walkSchema(x, `${at}/${i}`); return; }
  yield [at, s as Schema];
  for (const [k, v] of Object.entries(s)) yield* walkSchema(v, `${at}/${k}`);
}

test('the generator reads every facts type, and ajv compiles both schemas in strict mode', () => {
  assert.deepEqual(built.v4.loose, []);
  assert.deepEqual(built.v5.loose, []);
  for (const v of ['v4', 'v5'] as const) {
    assert.equal(schemas[v].$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.equal(schemas[v].$id, `https://www.v2fly.org/schemas/${v}/config.json`);
    assert.equal(typeof validators[v], 'function');
  }
});

test('every configuration object of the facts has a definition in its branch', () => {
  const missing = configObjects.filter((o) => !(o.v5 ? built.v5 : built.v4).names.has(o)).map((o) => `${o.page} ${o.key}`);
  assert.deepEqual(missing, []);
});

test('every property has an English description ending with its documentation address, and x-docs is a published heading id in both languages', () => {
  const problems: string[] = [];
  for (const v of ['v4', 'v5'] as const) {
    for (const [at, s] of walkSchema(schemas[v])) {
      const props = s.properties as Record<string, Schema> | undefined;
      if (props && !at.endsWith('/if') && !/\/if\//.test(at)) {
        for (const [name, p] of Object.entries(props)) {
          if (typeof p.description !== 'string' || !/Documentation: https:\/\/www\.v2fly\.org\/en_US\/\S+$|^Address of this schema|The message name when/.test(p.description)) {
            if (!('const' in p) && !p.$ref && Object.keys(p).length > 0 && !at.includes('/then')) problems.push(`${v} ${at}/properties/${name}: no description with a link`);
          }
        }
      }
      const docs = s['x-docs'];
      if (typeof docs === 'string' && docs.includes('#')) {
        const [page = '', id = ''] = docs.split('#');
        if (!anchors[page]?.zh.includes(id) || !anchors[page]?.en.includes(id)) problems.push(`${v} ${at}: x-docs ${docs} is not a heading id of both languages`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('splitAlternatives and the case-insensitive pattern', () => {
  assert.deepEqual(splitAlternatives('FakeDnsObject | []FakeDnsObject | []CIDR string'), ['FakeDnsObject', '[]FakeDnsObject', '[]CIDR string']);
  assert.deepEqual(splitAlternatives('map<string, string | []string>'), ['map<string, string | []string>']);
  assert.deepEqual(splitAlternatives('object (RandomSettings | LeastLoadSettings)'), ['object (RandomSettings | LeastLoadSettings)']);
  const re = new RegExp(caseInsensitivePattern(['tcp', 'wechat-video']), 'u');
  assert.ok(re.test('TCP') && re.test('Wechat-Video') && re.test('tcp'));
  assert.ok(!re.test('tcpx') && !re.test('udp') && !re.test('wechat.video'));
});

test('blankComments removes what the toolkit removes and keeps every offset', () => {
  const text = '{ // line\n "a": "x // not a comment # nor this", # hash\n /* block\n still */ "b": \'#\\\'\' }';
  const out = blankComments(text);
  assert.equal(out.length, text.length);
  assert.equal(out.split('\n').length, text.split('\n').length);
  assert.ok(out.includes('"x // not a comment # nor this"'));
  assert.ok(!out.includes('line') && !out.includes('hash') && !out.includes('block') && !out.includes('still'));
  assert.ok(out.includes("'#\\''"));
  assert.equal(blankComments('{"a": 1} /* unclosed'), '{"a": 1}'.padEnd(20));
});

test('didYouMean: letter case first, then the nearest name within a third of the length', () => {
  assert.equal(editDistance('protocl', 'protocol'), 1);
  assert.equal(editDistance('ab', 'ba'), 1);
  assert.equal(didYouMean('protocl', ['port', 'protocol', 'tag']), 'protocol');
  assert.equal(didYouMean('Protocol', ['port', 'protocol']), 'protocol');
  assert.equal(didYouMean('protocol', ['port', 'protocol']), null);
  assert.equal(didYouMean('xyz', ['port', 'protocol']), null);
  assert.equal(didYouMean('setings', ['settings', 'streamSettings']), 'settings');
});

test('positions and paths', () => {
  assert.deepEqual(lineColumn('ab\ncd\n', 4), {line: 2, column: 2});
  assert.deepEqual(lineColumn('x', 0), {line: 1, column: 1});
  assert.deepEqual(pointerSegments('/inbounds/0/settings/a~1b'), ['inbounds', 0, 'settings', 'a/b']);
  assert.equal(displayPath(['inbounds', 0, 'port']), 'inbounds[0].port');
  assert.equal(displayPath(['services', 'a b']), 'services["a b"]');
  assert.equal(displayPath([]), '');
});

test('empty input, a non-object root and malformed text get a clear answer', () => {
  const empty = checkConfig('  // only a comment\n', validators.v4, schemas.v4).problems;
  assert.equal(empty.length, 1);
  assert.equal(empty[0]?.kind, 'empty');
  const array = checkConfig('[]', validators.v4, schemas.v4).problems;
  assert.match(formatProblem(array[0]!, 'en'), /Expected an object, found \[…\]/);
  assert.match(formatProblem(array[0]!, 'zh'), /应为 对象/);
  const broken = checkConfig('{"log": {', validators.v4, schemas.v4).problems;
  assert.equal(broken[0]?.kind, 'syntax');
  assert.doesNotThrow(() => checkConfig('\u0000\uffff{{{', validators.v4, schemas.v4));
});

test('both languages word every kind of problem', () => {
  const text = '{"inbounds": [{"protocl": "socks", "port": 70000}], "outbounds": [{"Protocol": "x", "protocol": "freedom"}], "routing": {"rules": [{"type": "field"}]}}';
  const problems = checkConfig(text, validators.v4, schemas.v4).problems;
  const kinds = new Set(problems.map((p) => p.kind));
  for (const k of ['unknownKey', 'keyCase', 'mismatch', 'requireOne']) assert.ok(kinds.has(k as never), k);
  for (const p of problems) {
    assert.match(formatProblem(p, 'zh'), /[\u4e00-\u9fff]/);
    assert.doesNotMatch(formatProblem(p, 'en'), /[\u4e00-\u9fff]/);
  }
});

test('the format is told by keys only one of the two has', () => {
  assert.equal(detectVersion({routing: {}, inbounds: []}, schemas.v4, schemas.v5), 'v4');
  assert.equal(detectVersion({router: {}, outbounds: []}, schemas.v4, schemas.v5), 'v5');
  assert.equal(detectVersion({outbounds: [{protocol: 'freedom', streamSettings: {transport: 'tcp'}}]}, schemas.v4, schemas.v5), 'v5');
  assert.equal(detectVersion({outbounds: [{protocol: 'freedom', streamSettings: {network: 'tcp'}}]}, schemas.v4, schemas.v5), 'v4');
  assert.equal(detectVersion({outbounds: []}, schemas.v4, schemas.v5), null);
  // Files whose only v5 signs are a stream's securitySettings, or the log as objects
  assert.equal(detectVersion({outbounds: [{protocol: 'vmess', streamSettings: {security: 'tls', securitySettings: {serverName: 'example.com'}}}]}, schemas.v4, schemas.v5), 'v5');
  assert.equal(detectVersion({log: {access: {type: 'File', path: '/var/log/v2ray/access.log'}, error: {type: 'Console', level: 'Info'}}, outbounds: []}, schemas.v4, schemas.v5), 'v5');
  assert.equal(detectVersion({log: {access: '/var/log/v2ray/access.log', loglevel: 'info'}, outbounds: []}, schemas.v4, schemas.v5), 'v4');
  assert.equal(detectVersion({outbounds: [{protocol: 'vmess', streamSettings: {security: 'tls', tlsSettings: {serverName: 'example.com'}}}]}, schemas.v4, schemas.v5), 'v4');
  // no root or stream key tells, but a protocol's settings key only v5 has ("users" of a v5 VMess inbound; v4 has "clients")
  const simplified = parseConfig('{"inbounds": [{"protocol": "vmess", "port": 1, "settings": {"users": ["b831381d-6324-4d53-ad4f-8cda48b30811"]}}]}');
  assert.equal(detectVersion(simplified.value, schemas.v4, schemas.v5), 'v5');
  assert.equal(tellVersion(simplified, schemas, validators), 'v5');
  assert.equal(detectVersion({inbounds: [{protocol: 'socks', port: 1, settings: {udpEnabled: true, address: '127.0.0.1'}}]}, schemas.v4, schemas.v5), 'v5');
  assert.equal(detectVersion({inbounds: [{protocol: 'socks', port: 1, settings: {auth: 'password', accounts: []}}]}, schemas.v4, schemas.v5), 'v4');
  assert.equal(tellVersion(parseConfig('{"outbounds": [{"protocol": "freedom"}]}'), schemas, validators), null);
  assert.equal(detectVersion([], schemas.v4, schemas.v5), null);
});

for (const c of corpus()) {
  test(`corpus ${c.version}/${c.name}: ${c.expect.length ? 'rejected with the expected messages' : 'accepted'}`, () => {
    const problems = checkConfig(c.text, validators[c.version], schemas[c.version]).problems;
    assert.deepEqual(problems.map((p) => ({line: p.line, column: p.column, message: formatProblem(p, 'en')})), c.expect);
    for (const p of problems) if (p.kind !== 'syntax' && p.kind !== 'bom') assert.ok(p.docs, `${c.name}: a problem without a documentation link`);
  });
}

test('the page\'s validator agrees with ajv on every corpus file: the same verdict and the same failing places', () => {
  const differ: string[] = [];
  for (const c of corpus()) {
    const parsed = checkConfig(c.text, validators[c.version], schemas[c.version]);
    if (parsed.value === undefined) continue;
    const myErrors = validators[c.version](parsed.value);
    const mine = myErrors.length === 0;
    const theirs = ajvValidators[c.version](parsed.value);
    const places = (errors: readonly {instancePath: string; keyword: string}[] | null | undefined) =>
      [...new Set((errors ?? []).filter((e) => !['anyOf', 'if'].includes(e.keyword)).map((e) => `${e.instancePath} ${e.keyword}`))].sort();
    if (mine !== theirs) differ.push(`${c.version}/${c.name}: ${mine} vs ajv ${theirs}`);
    else assert.deepEqual(places(myErrors), places(ajvValidators[c.version].errors), `${c.version}/${c.name}`);
  }
  assert.deepEqual(differ, []);
});

test('the corpus covers each kind of mistake the issue names', () => {
  const all = corpus();
  const messages = all.flatMap((c) => c.expect.map((e) => e.message)).join('\n');
  assert.match(messages, /Unknown key .* Did you mean/);
  assert.match(messages, /Missing required key/);
  assert.match(messages, /Expected a boolean/);
  assert.match(messages, /from 0 to 65535, found 70000/);
  assert.match(messages, /found "sock"\. Did you mean "socks"/);
  assert.ok(all.some((c) => c.version === 'v5') && all.some((c) => c.expect.length === 0));
  assert.ok(all.every((c) => c.toolkit), 'every file says what v2ray 5.52.0 does');
});

test('v5 protobuf messages take the proto name and the JSON name of each field; Go structs only their tags', () => {
  const defs = schemas.v5.$defs as Record<string, Schema>;
  const holder = Object.values(defs).find((d) => (d.properties as Schema | undefined)?.nonIPQuery);
  assert.ok(holder?.['x-proto']);
  // the proto name is read off the .proto line (non_IP_query), not guessed from the JSON name
  assert.ok(Object.keys(holder.patternProperties as Schema).includes('^non_IP_query$'));
  assert.ok(!Object.keys(holder.patternProperties as Schema).includes('^non_i_p_query$'));
  const tls = '{"outbounds": [{"protocol": "freedom", "streamSettings": {"security": "tls", "securitySettings": {"%s": "example.com"}}}]}';
  for (const name of ['serverName', 'server_name']) assert.deepEqual(checkConfig(tls.replace('%s', name), validators.v5, schemas.v5).problems, [], name);
  assert.equal(checkConfig(tls.replace('%s', 'ServerName'), validators.v5, schemas.v5).problems[0]?.kind, 'unknownKey');
  for (const name of ['RootConfig', 'InboundConfig', 'OutboundConfig', 'StreamConfig', 'BalancingRule']) assert.ok(!defs[name]?.['x-proto'], name);
});

test('did-you-mean never proposes the opposite meaning, and prefers the exact stem', () => {
  const tls = ['enableSessionResumption', 'disableSystemRoot', 'allowInsecure'];
  assert.equal(didYouMean('disableSessionResumption', tls), null);
  assert.equal(didYouMean('enableSesionResumption', tls), 'enableSessionResumption');
  assert.equal(didYouMean('disableSessionResumption', [...tls, 'disableSessionResumption']), null);
  assert.equal(didYouMean('disableSessionResumptin', [...tls, 'disableSessionResumption']), 'disableSessionResumption');
  assert.equal(didYouMean('disallowInsecure', tls), null);
  assert.equal(didYouMean('noSni', ['sni']), null);
  assert.equal(didYouMean('nonee', ['none']), 'none');
});

test('messages: values once each and all of them, misplaced keys told where they belong, removed keys, a BOM, one trailing comma', () => {
  const words = (text: string, v: 'v4' | 'v5' = 'v4') => checkConfig(text, validators[v], schemas[v]).problems.map((p) => formatProblem(p, 'en'));
  const strategy = words('{"outbounds": [{"protocol": "freedom", "settings": {"domainStrategy": "x"}}]}')[0]!;
  assert.equal(strategy, 'Expected one of "AsIs", "useip", "useip4", "useipv4", "useip6", "useipv6" (in any letter case, also with _ or - between words), found "x".');
  const network = words('{"outbounds": [{"protocol": "freedom", "streamSettings": {"network": "x"}}]}')[0]!;
  assert.ok(!network.includes('…') && network.includes('"hysteria2"'), network);
  assert.deepEqual(words('{"outbounds": [{"protocol": "freedom", "streamSettings": {"network": "ws", "wsSettings": {}, "path": "/x"}}]}'),
    ['Unknown key "path" in StreamSettingsObject. It belongs in "wsSettings".']);
  assert.deepEqual(words('{"dsSettings": {"path": "/run/v2ray.sock"}, "outbounds": [{"protocol": "freedom"}]}'),
    ['Unknown key "dsSettings" in ConfigObject. It belongs in "transport" or "inbounds[].streamSettings".']);
  assert.deepEqual(words('{"inbounds": [{"port": 8388, "protocol": "shadowsocks", "settings": {"method": "aes-128-gcm", "password": "p", "ota": true}}]}'),
    ['"ota" was removed from ShadowsocksInboundSettings in V2Ray v4.31.0; it is ignored now. Delete it.']);
  const bom = words('\uFEFF{"outbounds": [{"protocol": "freedo"}]}');
  assert.match(bom[0]!, /byte-order mark/);
  assert.match(bom[1]!, /Did you mean "freedom"/);
  assert.deepEqual(words('{"log": {"loglevel": "info",}}'), ['JSON syntax error: a comma after the last item (V2Ray does not accept trailing commas)']);
  assert.deepEqual(words('{"inbounds": [{"protocol": "socks"}]}'), ['Missing required key "port" in InboundObject.']);
  assert.deepEqual(words('{"routing": {"rules": [{"type": "field", "domain": ["x"]}]}}'), ['RuleObject needs one of "outboundTag" or "balancerTag".']);
});

test('the full VLESS outbound is checked down to its account (the last false passes of the mutation corpus)', () => {
  const outbound = (account: Record<string, unknown>, server: Record<string, unknown> = {}) => JSON.stringify({outbounds: [{
    protocol: '#v2ray.core.proxy.vless.outbound.Config',
    settings: {vnext: [{address: 'proxy.example.com', port: 443, ...server, user: [{email: 'a@example.com', level: 0,
      account: {'@type': 'v2ray.core.proxy.vless.Account', id: '8e50d5ae-397d-49b0-9964-1fc852b673fb', encryption: 'none', ...account}}]}]},
  }]});
  const errors = (text: string) => checkConfig(text, validators.v5, schemas.v5).problems.filter((p) => p.severity !== 'warning');
  assert.deepEqual(errors(outbound({})), []);
  assert.deepEqual(errors(outbound({flow: ''})), []);
  for (const [what, text] of [
    ['a misspelled account key', outbound({enryption: 'none'})],
    ['an id that is no UUID', outbound({id: 'not-a-uuid'})],
    ['a misspelled server key', outbound({}, {pot: 443})],
  ] as const) assert.ok(errors(text).length > 0, what);
});

test('content after the configuration is a problem here, although v2ray 5.52.0 ignores it (guide/command#v2ray-test)', () => {
  // v2ray decodes only the first JSON value of a file (infra/conf/serial/loader.go, v5cfg/root.go):
  // a second object pasted after the first is never read, and `v2ray test` says Configuration OK.
  const parsed = parseConfig('{"log": {}}\n{"inbounds": []}\n');
  const after = parsed.problems.filter((p) => p.kind === 'syntax' && p.code === 'EndOfFileExpected');
  assert.equal(after.length, 1, JSON.stringify(parsed.problems));
  assert.equal(after[0]!.from, parsed.text.indexOf('{"inbounds"'));
  assert.equal(after[0]!.line, lineColumn(parsed.text, parsed.text.indexOf('{"inbounds"')).line);
  assert.deepEqual(parseConfig('{"log": {}}\n').problems, []);
});
