// isChunkLoadError (src/utils/chunks): which unhandled
// rejections mean "this page's code could not be loaded".
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {isChunkLoadError} from '../../src/utils/chunks';

const named = (name: string, message = '') => Object.assign(new Error(message), {name});

test('the bundler\'s ChunkLoadError is one, whatever its message', () => {
  assert.equal(isChunkLoadError(named('ChunkLoadError')), true);
  assert.equal(isChunkLoadError(named('ChunkLoadError', 'Loading chunk 5931 failed.\n(error: /assets/js/5931.js)')), true);
});

test('an Error whose message says a JS or CSS chunk failed to load is one', () => {
  assert.equal(isChunkLoadError(new Error('Loading chunk 17896441 failed.')), true);
  assert.equal(isChunkLoadError(new Error('Loading CSS chunk 112 failed.\n(/assets/css/112.css)')), true);
  assert.equal(isChunkLoadError(new TypeError('loading chunk main failed')), true);
});

test('other errors are not, nor a message naming no chunk', () => {
  assert.equal(isChunkLoadError(new Error('Failed to fetch')), false);
  assert.equal(isChunkLoadError(new Error('Loading chunk  failed')), false);
  assert.equal(isChunkLoadError(new Error('')), false);
  assert.equal(isChunkLoadError(named('TypeError', 'x is undefined')), false);
});

test('a rejection with something other than an Error is not, even if it looks like one', () => {
  for (const reason of [undefined, null, '', 'Loading chunk 1 failed', 42, {name: 'ChunkLoadError', message: 'Loading chunk 1 failed'}]) {
    assert.equal(isChunkLoadError(reason), false, String(reason));
  }
});
