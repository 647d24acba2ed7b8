// Small pure helpers: isTypingTarget (src/utils/keyboard), isCollapsible (src/theme/CodeBlock),
// randomUuid (src/components/Uuid), loadOnce (src/utils/chunks).
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {isTypingTarget} from '../../src/utils/keyboard';
import {isCollapsible} from '../../src/theme/CodeBlock';
import {randomUuid} from '../../src/components/Uuid';
import {loadOnce} from '../../src/utils/chunks';

class FakeHTMLElement {
  constructor(readonly tagName: string, readonly isContentEditable = false) {}
}

test('isTypingTarget: text fields and editable elements take typing; links, buttons and the page do not', (t) => {
  const globals = globalThis as unknown as {HTMLElement?: unknown};
  globals.HTMLElement = FakeHTMLElement;
  t.after(() => delete globals.HTMLElement);
  const target = (tag: string, editable = false) => new FakeHTMLElement(tag, editable) as unknown as EventTarget;
  for (const tag of ['INPUT', 'TEXTAREA', 'SELECT']) assert.equal(isTypingTarget(target(tag)), true, tag);
  assert.equal(isTypingTarget(target('DIV', true)), true, 'contenteditable');
  for (const tag of ['A', 'BUTTON', 'BODY', 'DIV']) assert.equal(isTypingTarget(target(tag)), false, tag);
  assert.equal(isTypingTarget(null), false, 'no target');
  assert.equal(isTypingTarget({tagName: 'INPUT'} as unknown as EventTarget), false, 'not an element (e.g. window)');
});

test('isCollapsible: the fence meta word "collapsed", anywhere, alone', () => {
  for (const meta of ['collapsed', 'title="config.json" collapsed', 'collapsed title="a"', '  collapsed  ']) {
    assert.equal(isCollapsible(meta), true, meta);
  }
  for (const meta of [undefined, '', 'collapse', 'collapsedx', 'uncollapsed', 'title="collapsed"', 'collapsed=true']) {
    assert.equal(isCollapsible(meta), false, String(meta));
  }
});

const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('randomUuid gives a version-4 UUID, a new one each time', () => {
  const seen = new Set(Array.from({length: 50}, () => randomUuid()));
  assert.equal(seen.size, 50);
  for (const uuid of seen) assert.match(uuid, v4);
});

test('randomUuid without crypto.randomUUID (older browsers) still sets the version and variant bits', (t) => {
  Object.defineProperty(crypto, 'randomUUID', {value: undefined, configurable: true});
  t.after(() => delete (crypto as unknown as {randomUUID?: unknown}).randomUUID);
  // All bits set, then all clear: the version and variant must come from the code, not chance.
  for (const fill of [0xff, 0x00]) {
    Object.defineProperty(crypto, 'getRandomValues', {value: <T extends ArrayBufferView>(a: T) => {
      (a as unknown as Uint8Array).fill(fill);
      return a;
    }, configurable: true});
    try {
      assert.match(randomUuid(), v4, `random bytes all 0x${fill.toString(16)}`);
    } finally {
      delete (crypto as unknown as {getRandomValues?: unknown}).getRandomValues;
    }
  }
  assert.equal(typeof crypto.getRandomValues, 'function');
  assert.match(randomUuid(), v4);
});

test('loadOnce shares one load, and runs it again only after a failure', async () => {
  let calls = 0;
  let fail = true;
  const load = loadOnce(async () => { calls += 1; if (fail) throw new Error('chunk failed'); return calls; });
  const [a, b] = [load(), load()];
  assert.equal(a, b, 'two callers share one promise');
  await assert.rejects(a, /chunk failed/);
  assert.equal(calls, 1);
  fail = false;
  assert.equal(await load(), 2, 'after a failure the next call loads again');
  assert.equal(await load(), 2, 'after a success the value is kept');
  assert.equal(calls, 2);
});
