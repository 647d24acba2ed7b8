// src/plugins/staticDiagrams/colours.ts: a diagram's light and dark drawings as one SVG whose
// differing colours are custom properties with a palette per colour mode, and the drawings kept
// apart (with one warning) when they differ in more than colour.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mergeColourModes} from '../../src/plugins/staticDiagrams/colours';
import {diagramMarkup} from '../../src/plugins/staticDiagrams';

const id = 'diagram-0123abcd-0';

/** A drawing as ./page.js writes it, in the colours given. */
function drawing(mode: 'light' | 'dark', c: {text: string; line: string; fill: string; edge: string}, extra = ''): string {
  const own = `${id}-${mode}`;
  return `<svg id="${own}" width="100%" class="flowchart" viewBox="0 0 100 50" data-diagram-mode="${mode}"><style>`
    + `#${own}{font-family:"trebuchet ms";fill:${c.text};}#${own} .node rect{fill:${c.fill};stroke:${c.line};}`
    + `#${own} .edge{stroke:${c.line};}#${own} .cluster{fill:#fff;}</style>`
    + `<marker id="${own}_pointEnd"><path d="M 0 0 L 10 5 z"></path></marker>`
    + `<g class="node" id="${own}-A"><rect x="1.5" y="2" width="40" height="20" style="stroke-width:1px;color:${c.edge}"></rect>`
    + `<text fill="#333">red A</text></g><path class="edge" d="M1,2L3,4" marker-end="url(#${own}_pointEnd)"></path>${extra}</svg>`;
}

const lightColours = {text: '#333', line: '#9370DB', fill: 'rgba(232,232,232, 0.8)', edge: 'black'};
const darkColours = {text: '#ccc', line: 'hsl(0, 0%, 34.4%)', fill: 'lightgrey', edge: 'white'};

test('two drawings that differ in colour only become one SVG, its colours custom properties with a palette per mode', () => {
  const merged = mergeColourModes(drawing('light', lightColours), drawing('dark', darkColours), id);
  assert.ok('svg' in merged, JSON.stringify(merged));
  const {svg} = merged;
  // one root, the id of both, no mode of its own
  assert.equal(svg.match(/<svg\b/g)?.length, 1);
  assert.match(svg, new RegExp(`^<svg id="${id}" [^>]*data-diagram-mode="both"`));
  assert.doesNotMatch(svg, /-light|-dark/);
  assert.match(svg, new RegExp(`marker-end="url\\(#${id}_pointEnd\\)"`));
  // the palettes come first in the drawing's stylesheet: light is the default, dark under [data-theme=dark]
  const palettes = `<style>#${id}{--dg0:#333;--dg1:rgba(232,232,232, 0.8);--dg2:#9370DB;--dg3:black}`
    + `html[data-theme=dark] #${id}{--dg0:#ccc;--dg1:lightgrey;--dg2:hsl(0, 0%, 34.4%);--dg3:white}`;
  assert.ok(svg.includes(palettes), svg);
  // each colour that differs, in the stylesheet and in a style attribute, is its variable; one
  // pair of colours, one variable
  assert.ok(svg.includes(`#${id}{font-family:"trebuchet ms";fill:var(--dg0);}#${id} .node rect{fill:var(--dg1);stroke:var(--dg2);}#${id} .edge{stroke:var(--dg2);}`));
  assert.ok(svg.includes('style="stroke-width:1px;color:var(--dg3)"'));
  // colours the modes share stay as they are, in CSS and in attributes, and a label's words are not colours
  assert.ok(svg.includes(`#${id} .cluster{fill:#fff;}`));
  assert.ok(svg.includes('<text fill="#333">red A</text>'));
  // geometry untouched
  assert.ok(svg.includes('<rect x="1.5" y="2" width="40" height="20"'));
});

test('drawings with the same colours need no palette', () => {
  const merged = mergeColourModes(drawing('light', lightColours), drawing('dark', lightColours), id);
  assert.ok('svg' in merged);
  assert.doesNotMatch(merged.svg, /--dg|var\(/);
});

test('drawings that differ beyond colour are not merged: geometry, text, elements, attributes, ids', () => {
  const light = drawing('light', lightColours);
  const dark = drawing('dark', darkColours);
  const cases: [string, string][] = [
    ['geometry', dark.replace('x="1.5"', 'x="1.6"')],
    ['a path', dark.replace('M1,2L3,4', 'M1,2L3,5')],
    ['text', dark.replace('red A', 'red B')],
    ['an element more', dark.replace('</svg>', '<circle r="2"></circle></svg>')],
    ['an attribute more', dark.replace('<g class="node"', '<g class="node" data-look="neo"')],
    ['a CSS declaration more', dark.replace('#fff;}', '#fff;filter:drop-shadow(1px 2px 2px #000);}')],
    ['an id', dark.replace(`${id}-dark-A`, `${id}-dark-B`)],
    ['a colour more', dark.replace('color:white', 'color:white;fill:white')],
    ['a colour fewer', dark.replace(';color:white', '')],
  ];
  for (const [what, changed] of cases) {
    const merged = mergeColourModes(light, changed, id);
    assert.ok('differs' in merged, `${what}: ${JSON.stringify(merged).slice(0, 200)}`);
    assert.match(merged.differs, /differ in more than colour/, what);
  }
});

test('a colour that differs outside CSS (a presentation attribute) keeps the drawings apart', () => {
  const merged = mergeColourModes(drawing('light', lightColours), drawing('dark', darkColours).replace('<text fill="#333">', '<text fill="#ccc">'), id);
  assert.ok('differs' in merged);
  assert.match(merged.differs, /#333 light, #ccc dark\) is outside CSS/);
});

test('an id in url(#…) or href="#…" that looks like a colour is not one', () => {
  const withRef = (mode: 'light' | 'dark', ref: string) => drawing(mode, lightColours, `<use href="#${ref}"></use><path fill="url(#${ref})"></path>`);
  assert.ok('svg' in mergeColourModes(withRef('light', 'beef'), withRef('dark', 'beef'), id));
  assert.ok('differs' in mergeColourModes(withRef('light', 'beef'), withRef('dark', 'cafe'), id));
});

test('the module\'s markup: one SVG, or both drawings with one warning saying why', () => {
  const warnings: string[] = [];
  const one = diagramMarkup({light: drawing('light', lightColours), dark: drawing('dark', darkColours)}, id, (why) => warnings.push(why));
  assert.equal(one.match(/<svg\b/g)?.length, 1);
  assert.equal(warnings.length, 0);
  const light = drawing('light', lightColours);
  const dark = drawing('dark', darkColours).replace('x="1.5"', 'x="9"');
  assert.equal(diagramMarkup({light, dark}, id, (why) => warnings.push(why)), light + dark);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /differ in more than colour: light ".*x=\\"1\.5\\".*", dark ".*x=\\"9\\"/);
});
