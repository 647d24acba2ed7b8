import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {capForAddress} from '../../src/search/searchAddress';

// The search page writes at most 2048 address characters of its query (hosts refuse an address of
// about 8 KB), cut between whole characters, and a query that fits unchanged.
const encoded = (q: string) => new URLSearchParams({q}).toString().length - 2;

test('a query that fits in the address is written unchanged', () => {
  assert.equal(capForAddress('routing rules'), 'routing rules');
  assert.equal(capForAddress('路由'.repeat(100)), '路由'.repeat(100));
});

test('a long query is cut to the longest start that fits in 2048 address characters', () => {
  const q = 'vmess '.repeat(1500); // 9000 characters
  const capped = capForAddress(q);
  assert.ok(q.startsWith(capped));
  assert.ok(encoded(capped) <= 2048);
  assert.ok(encoded(q.slice(0, capped.length + 1)) > 2048);
});

test('Chinese (9 address characters each) and emoji are cut between whole characters', () => {
  const zh = capForAddress('路由规则'.repeat(1000));
  assert.ok(encoded(zh) <= 2048 && encoded(zh) > 2048 - 9);
  assert.equal(zh.length, Math.floor(2048 / 9));
  const emoji = capForAddress('😀'.repeat(1000));
  assert.ok(Array.from(emoji).every((c) => c === '😀'));
  assert.ok(encoded(emoji) <= 2048);
});
