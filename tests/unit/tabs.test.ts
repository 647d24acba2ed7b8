// storageGroupId (src/theme/Tabs): code tab groups are remembered apart from plain tab
// groups of the same id.
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {storageGroupId} from '../../src/theme/Tabs';

test('a code group is stored under code.<groupId>, a plain group under its own id', () => {
  assert.equal(storageGroupId('os', true), 'code.os');
  assert.equal(storageGroupId('os', false), 'os');
});

test('tabs without a group id are not remembered, code or not', () => {
  assert.equal(storageGroupId(undefined, true), undefined);
  assert.equal(storageGroupId(undefined, false), undefined);
});

test('an empty group id is no group: it gets no code. prefix', () => {
  assert.equal(storageGroupId('', true), '');
  assert.equal(storageGroupId('', false), '');
});
