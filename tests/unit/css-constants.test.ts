// A number the CSS repeats from src/constants.ts says so in a `/* const: EXPR */`
// comment on its line, and must equal EXPR evaluated with those constants; CSS cannot import
// them, so this keeps the two in step.
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import * as constants from '../../src/constants';

const root = resolve(__dirname, '../..');
const cssFiles = readdirSync(join(root, 'src'), {recursive: true, encoding: 'utf8'})
  .filter((f) => f.endsWith('.css'))
  .map((f) => join(root, 'src', f));

type Annotation = {where: string; literal: number; expression: string};

/** Each `/* const: EXPR *\/` line and the first px number before the comment. */
export function annotations(css: string, file: string): Annotation[] {
  return css.split('\n').flatMap((line, i) => {
    const m = /^(.*?)\/\*\s*const:\s*([^*(]+?)\s*(?:\(.*?\))?\s*\*\//.exec(line);
    if (!m) return [];
    const literal = /(-?\d+(?:\.\d+)?)px/.exec(m[1]!)?.[1];
    return [{where: `${file}:${i + 1}`, literal: literal === undefined ? NaN : Number(literal), expression: m[2]!}];
  });
}

/** EXPR with the constants as its only names (a name that is not a constant is an error). */
function evaluate(expression: string): number {
  const names = Object.keys(constants);
  // eslint-disable-next-line no-new-func
  return new Function(...names, `"use strict"; return (${expression});`)(...names.map((n) => (constants as Record<string, unknown>)[n])) as number;
}

const all = cssFiles.flatMap((file) => annotations(readFileSync(file, 'utf8'), relative(root, file)));

test('every annotated CSS number equals its constant expression', () => {
  const wrong = all.filter((a) => evaluate(a.expression) !== a.literal)
    .map((a) => `${a.where}: ${a.literal}px, but ${a.expression} = ${evaluate(a.expression)}`);
  assert.deepEqual(wrong, []);
});

test('the breakpoints and sizes src/constants.ts fixes are all annotated', () => {
  const used = new Set(all.map((a) => a.expression.replace(/\[.*$|\s.*$/, '')));
  for (const name of ['heroHeightPx', 'mobileBreakpointPx', 'navbarLinkStepsPx', 'copyButtonHiddenMaxWidthPx']) {
    assert.ok(used.has(name), `no CSS line says /* const: ${name} */`);
  }
  assert.equal(all.filter((a) => a.expression.startsWith('navbarLinkStepsPx')).length, constants.navbarLinkStepsPx.length);
});

test('a literal that drifts from its constant is reported', () => {
  const [drift] = annotations('@media (max-width: 718px) /* const: mobileBreakpointPx */ {', 'x.css');
  assert.equal(drift!.literal, 718);
  assert.notEqual(evaluate(drift!.expression), drift!.literal);
  assert.throws(() => evaluate('noSuchConstant + 1'), ReferenceError);
});
