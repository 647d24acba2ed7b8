// Self-test of the example check: fixture pages with one known fault each must fail
// with the page file, the block's line and the reason (the program's own message for a value
// v2ray 5.52.0 refuses); a good page must pass. Each run enters the loopback-only namespace itself
// (tests/toolkit/namespace.mjs refuses to go on with any other interface). Run: node --test tests/examples/
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {after, test} from 'node:test';
import assert from 'node:assert/strict';

const script = fileURLToPath(new URL('./check-examples.mjs', import.meta.url));
const dirs = [];
after(() => { for (const d of dirs) rmSync(d, {recursive: true, force: true}); });

const ZH = 'docs/config/protocols/vmess.md';
const EN = 'i18n/en/docusaurus-plugin-content-docs/current/config/protocols/vmess.md';
const V5 = 'versioned_docs/v5/config/proxy/vmess.md';
const V5_EN = 'i18n/en/docusaurus-plugin-content-docs-v5/current/config/proxy/vmess.md';
const UUID = '8e50d5ae-397d-49b0-9964-1fc852b673fb';

/** A page whose block starts on line 5. @param {string} fence @param {unknown} value */
const page = (fence, value) => `---\ntitle: T\n---\n\n\`\`\`${fence}\n${JSON.stringify(value, null, 2)}\n\`\`\`\n`;

/**
 * Runs the check on a tree holding these files.
 * @param {Record<string, string>} files
 * @returns {{status: number | null, out: string}}
 */
function check(files) {
  const dir = mkdtempSync(join(tmpdir(), 'examples-fixture-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), {recursive: true});
    writeFileSync(join(dir, file), text);
  }
  // tsx: the schema check uses the checker's ajv set-up (tests/schema/ajv.ts)
  const run = spawnSync(process.execPath, ['--import=tsx', script, '--root', dir], {encoding: 'utf8'});
  return {status: run.status, out: `${run.stdout}\n${run.stderr}`};
}
/** The same block in both languages. @param {string} fence @param {unknown} value */
const both = (fence, value) => ({[ZH]: page(fence, value), [EN]: page(fence, value)});

const client = {outbounds: [{protocol: 'vmess', settings: {vnext: [{address: 'example.com', port: 443, users: [{id: UUID}]}]}}]};

test('a complete configuration and a fragment that 5.52.0 loads pass', () => {
  const r = check({
    [ZH]: `${page('json title="client.json"', client)}\n${page('json fragment=VMessUserObject', {id: UUID, alterId: 0})}`,
    [EN]: `${page('json title="client.json"', client)}\n${page('json fragment=VMessUserObject', {id: UUID, alterId: 0})}`,
  });
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /examples \[zh\]: 2 JSON blocks, 2 accepted by V2Ray 5\.52\.0/);
});

test('a value 5.52.0 refuses fails with the page, the line and the program message', () => {
  const r = check(both('json fragment=VMessUserObject', {id: 'not-a-uuid'}));
  assert.equal(r.status, 1);
  assert.match(r.out, /docs\/config\/protocols\/vmess\.md:5: v2ray 5\.52\.0 test -format json refuses it:[\s\S]*invalid UUID: not-a-uuid/);
});

test('a field that does not exist fails', () => {
  const r = check(both('json fragment=VMessUserObject', {id: UUID, alterID: 0}));
  assert.equal(r.status, 1);
  assert.match(r.out, /vmess\.md:5: VMessUserObject: unknown field "alterID" in VMessUserObject/);
});

test('a block with since= newer than 4.34 runs through 5.52.0, and 4.34 ignoring a key of it shows the mark is needed', () => {
  const r = check(both('json since=4.37', {...client, browserForwarder: {listenAddr: '127.0.0.1', listenPort: 8080}}));
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /examples \[en\]: 1 JSON blocks, 1 accepted by V2Ray 5\.52\.0, 0 checked by field list only, 1 since= shown needed on 4\.34/);
});

test('a since= block that 4.34 loads, knowing every key, fails: the mark is not needed', () => {
  const r = check(both('json since=4.37', client));
  assert.equal(r.status, 1);
  assert.match(r.out, /vmess\.md:5: since=4\.37 not needed: Debian's v2ray 4\.34 loads this example/);
});

test('a since= block that 4.34 refuses passes', () => {
  const inbound = {protocol: 'socks', listen: '127.0.0.1', port: 1080, sniffing: {enabled: true, destOverride: ['fakedns']}};
  const r = check(both('json fragment=InboundObject since=4.35', inbound));
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /1 since= shown needed on 4\.34/);
});

test('a since= not newer than 4.34 fails', () => {
  const r = check(both('json since=4.30', client));
  assert.equal(r.status, 1);
  assert.match(r.out, /vmess\.md:5: since=4\.30 is not newer than Debian's v2ray 4\.34/);
});

test('a block without meta that is no complete configuration fails as unclassified', () => {
  const r = check(both('json', {id: UUID}));
  assert.equal(r.status, 1);
  assert.match(r.out, /vmess\.md:5: unclassified/);
});

test('a fragment naming no facts object fails', () => {
  const r = check(both('json fragment=VmessUser', {id: UUID}));
  assert.equal(r.status, 1);
  assert.match(r.out, /vmess\.md:5: fragment=VmessUser names no v4 object/);
});

test('different examples in Chinese and English fail', () => {
  const r = check({[ZH]: page('json', client), [EN]: page('json', {...client, log: {loglevel: 'none'}})});
  assert.equal(r.status, 1);
  assert.match(r.out, /\/config\/protocols\/vmess: JSON block 1 differs between languages \(zh line 5, en line 5\)/);
});

test('a v5 block with a field its message lacks fails the field list', () => {
  const block = {protocol: 'vmess', settings: {address: 'example.com', port: 443, uuid: UUID, alterId: 0}};
  const r = check({[V5]: page('json fragment=OutboundConfig', block), [V5_EN]: page('json fragment=OutboundConfig', block)});
  assert.equal(r.status, 1);
  assert.match(r.out, /versioned_docs\/v5\/config\/proxy\/vmess\.md:5: OutboundConfig\.settings: unknown field "alterId" in outbound\.SimplifiedConfig/);
});

test('an env:NAME port runs with NAME set to a free port when the name ends in PORT', () => {
  assert.equal(process.env.V2FLY_SELFTEST_SOCKS_PORT, undefined, 'the variable must come from the check, not from here');
  const inbound = {protocol: 'socks', listen: '127.0.0.1', port: 'env:V2FLY_SELFTEST_SOCKS_PORT'};
  const r = check(both('json fragment=InboundObject', inbound));
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /examples \[zh\]: 1 JSON blocks, 1 accepted by V2Ray 5\.52\.0/);
});

test('an env:NAME port whose name does not end in PORT gets no port number, so 5.52.0 refuses it', () => {
  const inbound = {protocol: 'socks', listen: '127.0.0.1', port: 'env:V2FLY_SELFTEST_SOCKS'};
  const r = check(both('json fragment=InboundObject', inbound));
  assert.equal(r.status, 1);
  assert.match(r.out, /vmess\.md:5: v2ray 5\.52\.0 test -format json refuses it:[\s\S]*invalid port range: "env:V2FLY_SELFTEST_SOCKS"/);
});

test('a v5 fragment is wrapped and loaded with -format jsonv5', () => {
  const block = {protocol: 'vmess', settings: {address: 'example.com', port: 443, uuid: UUID}};
  const r = check({[V5]: page('json fragment=OutboundConfig', block), [V5_EN]: page('json fragment=OutboundConfig', block)});
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /examples \[zh\]: 1 JSON blocks, 1 accepted by V2Ray 5\.52\.0/);
});

test('a v5 value 5.52.0 refuses fails with its message', () => {
  const block = {protocol: 'vmess', settings: {address: 'example.com', port: 443, uuid: 'not-a-uuid'}};
  const r = check({[V5]: page('json fragment=OutboundConfig', block), [V5_EN]: page('json fragment=OutboundConfig', block)});
  assert.equal(r.status, 1);
  assert.match(r.out, /versioned_docs\/v5\/config\/proxy\/vmess\.md:5: v2ray 5\.52\.0 test -format jsonv5 refuses it:[\s\S]*invalid UUID: not-a-uuid/);
});
