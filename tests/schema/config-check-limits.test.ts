import {test} from 'node:test';
import assert from 'node:assert/strict';
import {buildSchema} from '../../builder/schema/generate.mjs';
import {MAX_DEPTH, lineColumn, lineColumnIn, lineStarts, parseConfig, tooDeepAt} from '../../src/configCheck/parse';
import {SHOWN_PROBLEMS, checkParsed} from '../../src/configCheck/problems';
import {tellVersion} from '../../src/configCheck/version';
import {formatProblem} from '../../src/configCheck/messages';
import {didYouMean, editDistance} from '../../src/configCheck/suggest';
import {makeValidator} from '../../src/configCheck/validate';
import {worstCases} from './worst-cases.mjs';

/**
 * Inputs that stalled or crashed the checker are answered. How fast is measured by
 * tests/schema/worst-case.mjs (a timing on a shared machine is not a test); here, that the work
 * that made them slow is no longer done.
 */

type Schema = Record<string, unknown>;
const schemas = {v4: buildSchema('v4').schema as Schema, v5: buildSchema('v5').schema as Schema};
const validators = {v4: makeValidator(schemas.v4), v5: makeValidator(schemas.v5)};
const check = (text: string, detail = SHOWN_PROBLEMS) => {
  const parsed = parseConfig(text);
  const version = tellVersion(parsed, schemas, validators) ?? 'v4';
  return checkParsed(parsed, validators[version], schemas[version], detail).problems;
};

test('every worst case is answered, none throws', () => {
  for (const [name, text] of Object.entries(worstCases())) {
    const problems = check(text);
    assert.ok(Array.isArray(problems), name);
    for (const p of problems.slice(0, SHOWN_PROBLEMS)) {
      assert.ok(p.line > 0 && p.column > 0, `${name}: placed`);
      assert.ok(formatProblem(p, 'en') && formatProblem(p, 'zh'), `${name}: worded`);
    }
  }
});

test('brackets nested past the limit are one problem at the first bracket too deep, found without recursion', () => {
  const cases = worstCases();
  for (const name of ['nested arrays 5,000', 'nested arrays to 1 MB', 'nested objects 5,000']) {
    const problems = check(cases[name]!);
    assert.equal(problems.length, 1, name);
    assert.equal(problems[0]!.kind, 'tooDeep');
    assert.match(formatProblem(problems[0]!, 'en'), /nested more than 100 deep/);
    assert.match(formatProblem(problems[0]!, 'zh'), /嵌套超过 100 层/);
  }
  const text = `{"a": ${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}}`;
  assert.equal(tooDeepAt(text), 6 + MAX_DEPTH - 1);
  assert.deepEqual(check(text).map((p) => [p.kind, p.column]), [['tooDeep', 6 + MAX_DEPTH]]);
  // brackets inside strings do not count
  assert.equal(tooDeepAt(`{"a": "${'['.repeat(500)}\\""}`), -1);
  assert.equal(tooDeepAt(`${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}`), -1);
});

test('did-you-mean does not measure names whose lengths alone rule them out', () => {
  // a 500,000-character value is never compared letter by letter with a short name
  assert.equal(editDistance('x'.repeat(500_000), 'warning', 3), 4);
  assert.equal(editDistance('protocl', 'protocol', 3), 1);
  assert.equal(editDistance('abc', 'xyz', 1), 2);
  assert.equal(didYouMean('x'.repeat(500_000), ['debug', 'info', 'warning']), null);
  assert.equal(didYouMean('warnign', ['debug', 'info', 'warning']), 'warning');
});

test('positions come from one index of line starts', () => {
  const text = 'ab\ncd\n\nef';
  const starts = lineStarts(text);
  assert.deepEqual(starts, [0, 3, 6, 7]);
  for (let offset = 0; offset <= text.length; offset += 1) {
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    assert.deepEqual(lineColumnIn(starts, offset), {line, column: offset - before.lastIndexOf('\n')}, `offset ${offset}`);
  }
  assert.deepEqual(lineColumn(text, 4), {line: 2, column: 2});
});

test('10,000 mistakes: all counted, the first ones placed, worded and linked, the rest only counted', () => {
  const problems = check(worstCases()['10,000 mistakes (557 KB)']!);
  assert.equal(problems.length, 20_000);
  assert.deepEqual(problems.slice(0, 2).map((p) => [p.line, p.column, p.path]), [[3, 6, 'inbounds[0].protocl'], [3, 34, 'inbounds[0].port']]);
  assert.ok(problems.slice(0, SHOWN_PROBLEMS).every((p) => p.docs));
  assert.equal(problems[SHOWN_PROBLEMS]!.docs, undefined);
  // the last one is still where it is, when asked for
  const all = check(worstCases()['10,000 mistakes (557 KB)']!, Infinity);
  assert.equal(all.at(-1)!.line, 10_002);
});

test('keys named after Object.prototype members are unknown keys, with no inherited advice', () => {
  const words = check(worstCases()['Object.prototype keys']!).map((p) => formatProblem(p, 'en'));
  assert.deepEqual(words, ['Unknown key "constructor" in InboundObject.', 'Unknown key "toString" in TLSObject.', 'Unknown key "valueOf" in OutboundObject.']);
  assert.ok(words.every((w) => !/function|native code|removed/.test(w)));
});

test('100,000 wrong items under one anyOf: one problem each, in text order', () => {
  const all = check(worstCases()['100,000 wrong items under one anyOf']!, 10).filter((p) => p.severity !== 'warning');
  assert.equal(all.length, 100_000);
  assert.match(formatProblem(all[0]!, 'en'), /^Expected a string/);
});
