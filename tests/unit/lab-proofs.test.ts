// src/plugins/labProofs: the lab's sentence goes under the example it ran, in the
// page's language, and nowhere else.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {addProofs, labId, langOf, proofText, type LabProof} from '../../src/plugins/labProofs';

const list: LabProof[] = [
  {lab: 'vmess-server', page: '/config/protocols/vmess', scenario: 'vmess-tcp', release: '5.52.0', zh: '客户端连上服务器', en: 'the client reaches the server.'},
];

test('the lab id is read from the fence meta, whatever else it holds', () => {
  assert.equal(labId('title="server.json" lab=vmess-server'), 'vmess-server');
  assert.equal(labId('lab=a-b since=4.37'), 'a-b');
  assert.equal(labId('title="lab=x"'), null);
  assert.equal(labId(undefined), null);
});

test('English pages are told apart by their path', () => {
  assert.equal(langOf('/w/i18n/en/docusaurus-plugin-content-docs/current/config/routing.md'), 'en');
  assert.equal(langOf('/w/docs/config/routing.md'), 'zh');
});

test('the note names the release that ran the example, and ends its sentence in each language', () => {
  assert.equal(proofText(list, 'vmess-server', 'zh'), '本站测试用 v2ray 5.52.0 运行过此示例：客户端连上服务器。');
  assert.equal(proofText(list, 'vmess-server', 'en'), 'Run by this site\'s tests with v2ray 5.52.0: the client reaches the server.');
  assert.equal(proofText(list, 'other', 'en'), null);
  const two: LabProof[] = [...list, {...list[0] as LabProof, scenario: 'other', release: '5.53.0', en: 'again'}];
  assert.equal(proofText(two, 'vmess-server', 'en'), 'Run by this site\'s tests with v2ray 5.52.0, 5.53.0: the client reaches the server. again.');
});

test('a paragraph is inserted right after the code block with that id, also inside other nodes', () => {
  const tree = {type: 'root', children: [
    {type: 'code', lang: 'json', meta: 'lab=vmess-server', value: '{}'},
    {type: 'paragraph', children: [{type: 'text', value: 'after'}]},
    {type: 'mdxJsxFlowElement', children: [{type: 'code', lang: 'json', meta: 'lab=vmess-server', value: '{}'}]},
    {type: 'code', lang: 'json', meta: 'lab=unknown', value: '{}'},
  ]};
  addProofs(tree, list, 'en');
  assert.deepEqual(tree.children.map((n) => n.type), ['code', 'paragraph', 'paragraph', 'mdxJsxFlowElement', 'code']);
  const note = tree.children[1] as {data?: {hProperties?: {className?: string[]}}, children?: {value: string}[]};
  assert.deepEqual(note.data?.hProperties?.className, ['lab-proof']);
  assert.match(note.children?.[0]?.value ?? '', /^Run by this site's tests/);
  assert.equal((tree.children[3] as {children: unknown[]}).children.length, 2);
});

// tests/lab: a proof sentence is a template whose every value is filled from what the run
// observed (scripts/lab/proofSentence.mjs); a value written into the fixed text fails.
test('a sentence that names a value nothing observed cannot be made', async () => {
  const {renderProof, templateProblems} = await import('../../scripts/lab/proofSentence.mjs');
  const good = {zh: '等级 {level} 的 {user} 的流量计入统计', en: '{user}\'s traffic at level {level} is counted'};
  assert.deepEqual(renderProof(good, {user: 'alice@example.com', level: 1}),
    {zh: '等级 1 的 alice@example.com 的流量计入统计', en: 'alice@example.com\'s traffic at level 1 is counted'});
  // the planted fault: the level written into the text, observed by nothing
  const planted = {zh: '等级 1 的 {user} 的流量计入统计', en: '{user}\'s traffic at level 1 is counted'};
  assert.throws(() => renderProof(planted, {user: 'alice@example.com'}), /"1" is a value written into the sentence/);
  // the same in English only, and a path, a name, a cipher, a user without a placeholder
  assert.match(templateProblems({zh: '{user}', en: '{user} at level 1'}).join('\n'), /en: "1" is a value/);
  for (const [zh, en, value] of [
    ['路径 /ws-7d1c', 'path /ws-7d1c', '/ws-7d1c'],
    ['证书按 proxy.example.com 验证', 'the certificate verified for proxy.example.com', 'proxy.example.com'],
    ['用 aes-256-gcm 加密', 'with aes-256-gcm', 'aes-256-gcm'],
  ]) {
    assert.match(templateProblems({zh, en}).join('\n'), new RegExp(`zh: "${value}" is a value`));
    assert.match(templateProblems({zh, en}).join('\n'), new RegExp(`en: "${value}" is a value`));
  }
  assert.match(templateProblems({zh: '用户 alice 连上', en: 'the user connects'}).join('\n'), /zh: "alice" is a value/);
  // a placeholder the run never filled, and one only one language names
  assert.throws(() => renderProof({zh: '经 {path}', en: 'on {path}'}, {}), /\{path\}: the run observed no value/);
  assert.match(templateProblems({zh: '经 {path}', en: 'on the path'}).join('\n'), /must name the same values/);
  // protocol names and a configuration's own field names are words, not values
  assert.deepEqual(templateProblems({zh: '经 VMess（WebSocket + TLS）的 fallbackTag', en: 'over VMess on WebSocket and TLS, its fallbackTag'}, new Set(['fallbackTag'])), []);
  // several values observed for one placeholder are listed in each language
  assert.deepEqual(renderProof({zh: '{who} 连上', en: '{who} connect'}, {who: ['a', 'b', 'c']}), {zh: 'a、b 和 c 连上', en: 'a, b and c connect'});
});
