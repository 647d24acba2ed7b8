// src/plugins/staticDiagrams: which Chromium the build draws diagrams with, or why none (then
// the diagrams stay client-side, with one warning); what the remark plugin does with a page's
// ```mermaid blocks in each case.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {chooseChromium, fallbackWarning, type Renderer} from '../../src/plugins/staticDiagrams/render';
import {diagramId, drawDiagrams, mermaidBlocks} from '../../src/plugins/staticDiagrams';

const has = (...paths: string[]) => (p: string) => paths.includes(p);
const candidates = ['/pw/chrome', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

test('the first Chromium found is used: CHROMIUM_PATH, then Playwright\'s, then Debian\'s', () => {
  assert.deepEqual(chooseChromium({}, candidates, has('/usr/bin/chromium', '/pw/chrome')), {path: '/pw/chrome'});
  assert.deepEqual(chooseChromium({}, candidates, has('/usr/bin/chromium')), {path: '/usr/bin/chromium'});
  assert.deepEqual(chooseChromium({}, ['', ...candidates.slice(1)], has('/usr/bin/chromium-browser')), {path: '/usr/bin/chromium-browser'});
  assert.deepEqual(chooseChromium({CHROMIUM_PATH: '/opt/c'}, candidates, has('/opt/c', '/pw/chrome')), {path: '/opt/c'});
});

test('without a Chromium, or when asked, the diagrams stay client-side, and the warning says why and what to do', () => {
  const none = chooseChromium({}, candidates, has());
  assert.ok('reason' in none);
  assert.match(none.reason, /no Chromium at \/pw\/chrome, \/usr\/bin\/chromium/);
  const missing = chooseChromium({CHROMIUM_PATH: '/nope'}, candidates, has('/usr/bin/chromium'));
  assert.deepEqual(missing, {reason: 'CHROMIUM_PATH=/nope does not exist'});
  assert.deepEqual(chooseChromium({DIAGRAMS: 'client'}, candidates, has('/usr/bin/chromium')), {reason: 'DIAGRAMS=client'});
  assert.match(fallbackWarning('DIAGRAMS=client'), /drawn in the reader's browser in this build \(DIAGRAMS=client\).*CHROMIUM_PATH/);
});

type Md = Parameters<typeof mermaidBlocks>[0];
const page = (): Md => ({type: 'root', children: [
  {type: 'code', lang: 'mermaid', value: 'flowchart LR\n  a --> b'},
  {type: 'blockquote', children: [{type: 'code', lang: 'mermaid', value: 'flowchart LR\n  a --> b'}]},
  {type: 'code', lang: 'json', value: '{}'},
]});

test('with no renderer (no Chromium), the blocks are left for Docusaurus\'s client-side diagrams', async () => {
  const tree = page();
  await drawDiagrams(tree, null, 'docs/x.md');
  assert.equal(mermaidBlocks(tree).length, 2);
});

test('each block becomes the mermaid element with both drawings; ids differ between two equal diagrams of a page', async () => {
  const ids: string[] = [];
  const renderer: Renderer = {render: async (_text, id) => {
    ids.push(id);
    return {light: `<svg id="${id}-light"/>`, dark: `<svg id="${id}-dark"/>`};
  }};
  const tree = page();
  await drawDiagrams(tree, renderer, 'docs/x.md');
  assert.equal(mermaidBlocks(tree).length, 0);
  assert.deepEqual(tree.children?.[0], {type: 'drawnMermaid', data: {hName: 'mermaid',
    hProperties: {html: `<svg id="${ids[0]}-light"/><svg id="${ids[0]}-dark"/>`}}});
  assert.equal(ids.length, 2);
  assert.notEqual(ids[0], ids[1]);
  assert.equal(ids[0], diagramId('flowchart LR\n  a --> b', 0));
  assert.match(ids[0]!, /^diagram-[0-9a-f]{8}-0$/);
  assert.equal(tree.children?.[2]?.type, 'code');
});

test('a diagram mermaid cannot draw fails the build, naming the page', async () => {
  const renderer: Renderer = {render: async () => {
    throw new Error('Parse error on line 2');
  }};
  await assert.rejects(drawDiagrams(page(), renderer, 'docs/x.md'), /docs\/x\.md: Mermaid could not draw diagram 1 of the page/);
});
