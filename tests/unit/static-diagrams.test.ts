// src/plugins/staticDiagrams: which Chromium the build draws diagrams with, or why none (then
// the diagrams stay client-side, with one warning); what the remark plugin does with a page's
// ```mermaid blocks in each case.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {chooseChromium, fallbackWarning, type Renderer} from '../../src/plugins/staticDiagrams/render';
import {diagramId, drawDiagrams, mermaidBlocks} from '../../src/plugins/staticDiagrams';
import {cacheVersioned, diagramModuleRequest, drawingVersion} from '../../src/plugins/staticDiagrams/plugin';
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'static-diagrams-'));

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
  await drawDiagrams(tree, null, 'docs/x.md', dir);
  assert.equal(mermaidBlocks(tree).length, 2);
});

test('each block becomes the diagram component, its drawings a module of their own; ids differ between two equal diagrams of a page', async () => {
  const ids: string[] = [];
  const renderer: Renderer = {render: async (_text, id) => {
    ids.push(id);
    return {light: `<svg id="${id}-light"/>`, dark: `<svg id="${id}-dark"/>`};
  }};
  const tree = page();
  await drawDiagrams(tree, renderer, 'docs/x.md', dir);
  assert.equal(mermaidBlocks(tree).length, 0);
  // the component and each diagram's module are imported at the top of the page
  const imports = tree.children!.slice(0, 2).map((n) => n.type === 'mdxjsEsm' && n.value);
  assert.deepEqual(imports, [
    `import __diagram0 from ${JSON.stringify(join(dir, `${ids[0]}.js`))}`,
    `import __diagram1 from ${JSON.stringify(join(dir, `${ids[1]}.js`))}`,
  ]);
  const element = tree.children![2] as unknown as {type: string; name: string; data?: {_mdxExplicitJsx?: boolean}; attributes: {name: string; value: unknown}[]};
  assert.equal(element.type, 'mdxJsxFlowElement');
  // lowercase and not the author's: MDX renders it through the MDX components (theme-mermaid's `mermaid`)
  assert.equal(element.name, 'mermaid');
  assert.equal(element.data?._mdxExplicitJsx, undefined);
  assert.deepEqual(element.attributes.map((a) => a.name), ['diagram', 'html']);
  assert.equal(element.attributes[0]!.value, ids[0]);
  assert.equal((element.attributes[1]!.value as {value: string}).value, '__diagram0');
  // the two drawings, the same but for their ids, are one SVG (tests/unit/diagram-colours.test.ts)
  assert.equal(readFileSync(join(dir, `${ids[0]}.js`), 'utf8'), `export default ${JSON.stringify(`<svg id="${ids[0]}"/>`)};\n`);
  // the browser's bundle gets null instead of the module (src/plugins/staticDiagrams/plugin.ts)
  assert.match(join('/site', '.docusaurus', 'static-diagrams', `${ids[0]}.js`), diagramModuleRequest);
  assert.doesNotMatch('/site/src/theme/Mermaid/index.js', diagramModuleRequest);
  assert.equal(ids.length, 2);
  assert.notEqual(ids[0], ids[1]);
  assert.equal(ids[0], diagramId('flowchart LR\n  a --> b', 0));
  assert.match(ids[0]!, /^diagram-[0-9a-f]{8}-0$/);
  assert.equal(tree.children?.[4]?.type, 'code');
});

test('a diagram mermaid cannot draw fails the build, naming the page', async () => {
  const renderer: Renderer = {render: async () => {
    throw new Error('Parse error on line 2');
  }};
  await assert.rejects(drawDiagrams(page(), renderer, 'docs/x.md', dir), /docs\/x\.md: Mermaid could not draw diagram 1 of the page/);
});

test('the bundler cache\'s version says how diagrams are drawn, so a page compiled another way is not reused', () => {
  assert.deepEqual(cacheVersioned({experiments: {cache: {version: 'v1'}}}, '-diagrams-browser'), {experiments: {cache: {version: 'v1-diagrams-browser'}}});
  assert.deepEqual(cacheVersioned({cache: {version: 'v1'}}, '-x'), {cache: {version: 'v1-x'}});
  assert.deepEqual(cacheVersioned({cache: false}, '-x'), {});
  assert.match(drawingVersion(), /^[0-9a-f]{12}$/);
});
