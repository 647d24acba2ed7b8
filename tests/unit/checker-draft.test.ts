// src/components/ConfigChecker/draft.ts: what the plain box shown until the checker's editor has
// loaded hands over to it (the caret), and which addresses fetch the checker at once.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import './docusaurus-aliases.cjs';
import {editorSelection, fromFragment, newDraft} from '../../src/components/ConfigChecker/draft';

const withText = (text: string, start: number, end: number, backward = false) => ({text, selection: {start, end, backward}});

test('a caret or a forward selection keeps its place: anchor at the start, head at the end', () => {
  assert.deepEqual(editorSelection(withText('{"log": {}}', 3, 3)), {anchor: 3, head: 3});
  assert.deepEqual(editorSelection(withText('{"log": {}}', 2, 5)), {anchor: 2, head: 5});
});

test('a selection made backwards keeps its caret at the start', () => {
  assert.deepEqual(editorSelection(withText('{"log": {}}', 2, 5, true)), {anchor: 5, head: 2});
});

test('offsets outside the text, reversed or not numbers are brought inside it', () => {
  assert.deepEqual(editorSelection(withText('abc', 10, 12)), {anchor: 3, head: 3});
  assert.deepEqual(editorSelection(withText('abc', -4, 2)), {anchor: 0, head: 2});
  assert.deepEqual(editorSelection(withText('abc', 2, 1)), {anchor: 1, head: 2});
  assert.deepEqual(editorSelection(withText('abc', Number.NaN, 2.7)), {anchor: 0, head: 2});
  assert.deepEqual(editorSelection(withText('', 5, 5, true)), {anchor: 0, head: 0});
});

test('a new draft is empty, detects the format, and has nothing from a file or a link', () => {
  const d = newDraft();
  assert.deepEqual(d, {text: '', selection: {start: 0, end: 0, backward: false}, focused: false, choice: 'auto', file: null, fromHash: null, hashTaken: null});
  assert.notEqual(newDraft(), d, 'each checker gets its own');
});

test('a #trace= fragment with a configuration fetches the checker and fills the box', () => {
  assert.deepEqual(fromFragment(`#trace=${encodeURIComponent('{"outbounds":[]}')}`), {load: true, text: '{\n  "outbounds": []\n}'});
  // not JSON: shown as it came, for the checker to point at the mistake
  assert.deepEqual(fromFragment(`#trace=${encodeURIComponent('{"outbounds":')}`), {load: true, text: '{"outbounds":'});
});

test('a #trace= fragment cut short fetches the checker (which explains it) with nothing to show', () => {
  assert.deepEqual(fromFragment('#trace=%7B%E0'), {load: true, text: null});
  assert.deepEqual(fromFragment('#trace%3D%257B%25E0'), {load: true, text: null});
});

test('no fragment, or one for a heading, fetches nothing', () => {
  for (const hash of ['', '#', '#usage', '#limits', '#traces']) assert.deepEqual(fromFragment(hash), {load: false, text: null}, hash);
});
