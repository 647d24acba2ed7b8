// src/plugins/labProofs: the lab's sentence goes under the example it ran, in the
// page's language, and nowhere else.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {addProofs, labId, proofText, type LabProof} from '../../src/plugins/labProofs';
import {langOfPath} from '../../src/utils/lang';

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
  assert.equal(langOfPath('/w/i18n/en/docusaurus-plugin-content-docs/current/config/routing.md'), 'en');
  assert.equal(langOfPath('/w/docs/config/routing.md'), 'zh');
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
