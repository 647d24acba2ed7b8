// src/utils/hash.ts: any hash a reader can type gives an id, never a throw.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {importTs} from './importTs.mjs';

const {hashId} = await importTs('src/utils/hash.ts');

test('a percent-encoded hash decodes to the heading id', () => {
  assert.equal(hashId('#%E8%B7%AF%E7%94%B1'), '路由');
  assert.equal(hashId('#ruleobject'), 'ruleobject');
  assert.equal(hashId('#a%20b'), 'a b');
});

test('the leading # is optional and an empty hash gives an empty id', () => {
  assert.equal(hashId('%E8%B7%AF'), '路');
  assert.equal(hashId('#'), '');
  assert.equal(hashId(''), '');
});

test('a malformed escape is returned as typed instead of throwing', () => {
  for (const [hash, id] of [['#100%', '100%'], ['#%', '%'], ['#%E0%A4%A', '%E0%A4%A'], ['#%zz', '%zz'], ['#%E8%B7', '%E8%B7'], ['#%ED%A0%80', '%ED%A0%80']]) {
    assert.equal(hashId(hash), id, hash);
  }
});

const {wellFormedHash} = await importTs('src/utils/hash.ts');

test('a hash that decodes is left alone', () => {
  for (const hash of ['', '#', '#ruleobject', '#%E8%B7%AF%E7%94%B1', '#100%25']) assert.equal(wellFormedHash(hash), null, hash);
});

test('a malformed hash is encoded so that it decodes back to the text as typed', () => {
  for (const hash of ['#100%', '#%', '#%E0%A4%A', '#a%zzb', '#%ED%A0%80']) {
    const fixed = wellFormedHash(hash);
    assert.ok(fixed?.startsWith('#'), hash);
    assert.equal(decodeURIComponent(fixed.slice(1)), hash.slice(1));
  }
  assert.equal(wellFormedHash('#100%'), '#100%25');
});
