// scripts/commandLine.mjs: the scripts' options through node:util parseArgs, each mistake named.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {parseOptions} from '../../scripts/commandLine.mjs';

const options = {dir: {type: /** @type {const} */ ('string')}, keep: {type: /** @type {const} */ ('boolean')}};

test('values and flags, in either spelling of a value', () => {
  assert.deepEqual({...parseOptions('x', options, [])}, {});
  assert.deepEqual({...parseOptions('x', options, ['--dir', 'build', '--keep'])}, {dir: 'build', keep: true});
  assert.deepEqual({...parseOptions('x', options, ['--dir=out'])}, {dir: 'out'});
});

test('an unknown option, a missing value, a value on a flag and a stray argument are errors naming them', () => {
  assert.throws(() => parseOptions('x', options, ['--dri', 'build']), {message: 'x: unknown option --dri (options: --dir VALUE --keep)'});
  assert.throws(() => parseOptions('x', options, ['--dir']), {message: 'x: --dir needs a value'});
  assert.throws(() => parseOptions('x', options, ['--dir', '--keep']), {message: 'x: --dir needs a value'});
  assert.throws(() => parseOptions('x', options, ['--keep=yes']), {message: 'x: --keep takes no value'});
  assert.throws(() => parseOptions('x', options, ['build']), {message: 'x: unexpected argument build (options: --dir VALUE --keep)'});
});
