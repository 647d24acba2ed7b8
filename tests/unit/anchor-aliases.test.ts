// readAliases (src/plugins/anchorAliases): a page's front matter anchorAliases, read
// strictly so a mistake fails the build naming the page.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readAliases} from '../../src/plugins/anchorAliases';

test('each listed id becomes an alias of its heading', () => {
  const aliases = readAliases({anchorAliases: {'domain-matching': ['预定义域名列表', 'predefined-domain-lists'], ruleobject: ['rule']}}, 'docs/config/routing.md');
  assert.deepEqual([...aliases], [['预定义域名列表', 'domain-matching'], ['predefined-domain-lists', 'domain-matching'], ['rule', 'ruleobject']]);
});

test('no front matter, no anchorAliases, or an empty one: no aliases', () => {
  assert.equal(readAliases(undefined, 'p').size, 0);
  assert.equal(readAliases({}, 'p').size, 0);
  assert.equal(readAliases({anchorAliases: null}, 'p').size, 0);
  assert.equal(readAliases({anchorAliases: {}}, 'p').size, 0);
  assert.equal(readAliases({anchorAliases: {x: []}}, 'p').size, 0);
});

test('anchorAliases that is not a map fails, naming the page', () => {
  for (const value of ['x', 42, true, ['a', 'b']]) {
    assert.throws(() => readAliases({anchorAliases: value}, 'docs/a.md'), /^Error: docs\/a\.md: anchorAliases must map a heading id to a list of ids$/, String(value));
  }
});

test('a target whose value is not a list of non-empty strings fails, naming page and target', () => {
  for (const list of ['alias', [''], [1], [null], ['ok', ''], {a: 'b'}]) {
    assert.throws(() => readAliases({anchorAliases: {dns: list}}, 'docs/b.md'), /docs\/b\.md: anchorAliases\.dns must be a list of non-empty ids/, JSON.stringify(list));
  }
});

test('an alias listed twice fails, under one target or two', () => {
  assert.throws(() => readAliases({anchorAliases: {a: ['x', 'x']}}, 'p'), /p: anchor alias #x is listed twice/);
  assert.throws(() => readAliases({anchorAliases: {a: ['x'], b: ['x']}}, 'p'), /p: anchor alias #x is listed twice/);
});
