// nameTables (src/plugins/tableNames): each table is named after the heading before it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {nameTables, textOf, type HastNode} from '../../src/plugins/tableNames';
import {replaceStaticBlocks, type HastNode as BlockNode} from '../../src/plugins/staticBlocks';

const text = (value: string): HastNode => ({type: 'text', value});
const el = (tagName: string, properties: Record<string, unknown>, ...children: HastNode[]): HastNode => ({type: 'element', tagName, properties, children});
const table = (...props: [Record<string, unknown>?]): HastNode =>
  el('table', props[0] ?? {}, el('thead', {}, el('tr', {}, el('th', {}, text('field')))), el('tbody', {}, el('tr', {}, el('td', {}, text('x')))));

test('a table takes the text of the nearest heading before it, at any depth, inline code included', () => {
  const first = table();
  const nested = table();
  const tree = el('root', {},
    el('h2', {id: 'ruleobject'}, text('RuleObject')),
    first,
    el('h3', {id: 'domain-matching'}, el('span', {id: 'x', className: ['anchor-alias']}), text('域名 '), el('code', {}, text('domain')), text('  的写法')),
    el('div', {className: ['admonition']}, el('p', {}, text('note')), nested));
  assert.equal(nameTables(tree), 2);
  assert.equal(first.properties!.ariaLabel, 'RuleObject');
  assert.equal(nested.properties!.ariaLabel, '域名 domain 的写法');
});

test('a table before the first heading, or one already named, keeps what it has', () => {
  const before = table();
  const labelled = table({ariaLabel: 'own'});
  const byId = table({ariaLabelledBy: 'h'});
  const captioned = el('table', {}, el('caption', {}, text('Ports')), el('tbody', {}));
  const tree = el('root', {}, before, el('h2', {id: 'a'}, text('A')), labelled, byId, captioned);
  assert.equal(nameTables(tree), 0);
  assert.equal(before.properties!.ariaLabel, undefined);
  assert.equal(labelled.properties!.ariaLabel, 'own');
  assert.equal(byId.properties!.ariaLabel, undefined);
  assert.equal(captioned.properties!.ariaLabel, undefined);
});

test('a heading with no text does not replace the one before it', () => {
  const t = table();
  nameTables(el('root', {}, el('h2', {id: 'a'}, text('Ports')), el('h3', {id: 'b'}, text('  ')), t));
  assert.equal(t.properties!.ariaLabel, 'Ports');
  assert.equal(textOf(el('p', {}, text(' a \n b '))), 'a b');
});

test('a named plain table still becomes a static block, with the label among its own attributes', () => {
  const t = table();
  const tree = el('root', {}, el('h2', {id: 'a'}, text('Ports')), t);
  nameTables(tree);
  assert.equal(replaceStaticBlocks(tree as BlockNode), 1);
  const block = tree.children![1] as unknown as {name?: string; attributes?: {name: string; value: unknown}[]};
  assert.equal(block.name, 'StaticBlock');
  assert.deepEqual(block.attributes!.find((a) => a.name === 'aria-label')?.value, 'Ports');
});
