/**
 * The mutation corpus against the checker, without the toolkit: each mutant's bytes go through the
 * page's steps (bytes read as the page reads an opened file, the format told, the schema checked)
 * and the checker's verdict is set beside the toolkit's stored one (verdicts.json, written by
 * run.mjs). Used by mutants.test.ts (in `npm run test:unit`) and, for a summary, by
 * `node --import tsx tests/schema/mutants/replay.ts [--list]`.
 */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {buildSchema} from '../../../builder/schema/generate.mjs';
import {checkBytes} from '../../../src/configCheck/check';
import {displayPath, pointerSegments} from '../../../src/configCheck/parse';
import {formatProblem} from '../../../src/configCheck/messages';
import {makeValidator} from '../../../src/configCheck/validate';
import {mutantBytes} from './generate.mjs';

type Schema = Record<string, unknown>;
export type Mutant = {id: string; base: string; kind: string; path: string; what: string; edit?: [number, number, string]; bytes?: string};
type Corpus = {bases: Record<string, {format: 'json' | 'jsonv5'; text: string}>; mutants: Mutant[]};
type Verdicts = {bases: Record<string, string | null>; mutants: Record<string, string | null>};

const here = new URL('./', import.meta.url);
export const corpus = JSON.parse(readFileSync(new URL('corpus.json', here), 'utf8')) as Corpus;
export const verdicts = JSON.parse(readFileSync(new URL('verdicts.json', here), 'utf8')) as Verdicts;
/**
 * Mutants the toolkit accepts on which the checker's error is right all the same, each with why:
 * the value is accepted but not what the file says (ignored, replaced), so an error there helps.
 */
type NotInEffect = {kind: string; format: string; path: string; reason: string};
export const notInEffect = (JSON.parse(readFileSync(new URL('not-in-effect.json', here), 'utf8')) as {rules: NotInEffect[]}).rules;

/** The rule saying why the checker's errors on an accepted mutant are right, if every error is at the mutated place. */
function whyNotInEffect(m: Mutant, format: string, errorPaths: string[]): NotInEffect | undefined {
  const segments = pointerSegments(m.path);
  const place = displayPath(m.kind === 'keyTypo' || m.kind === 'missingKey' ? segments.slice(0, -1) : segments);
  if (!errorPaths.every((p) => p === place || p.startsWith(`${place}.`) || p.startsWith(`${place}[`) || (place === '' && p !== undefined))) return undefined;
  return notInEffect.find((r) => r.kind === m.kind && r.format === format && new RegExp(r.path, 'u').test(m.path));
}

const schemas = {v4: buildSchema('v4').schema as Schema, v5: buildSchema('v5').schema as Schema};
const validators = {v4: makeValidator(schemas.v4), v5: makeValidator(schemas.v5)};

export type Outcome = {
  mutant: Mutant;
  toolkit: string | null;
  version: 'v4' | 'v5';
  errors: string[];
  warnings: string[];
  /** false pass: refused, no error; false alarm: accepted, an error where the value is in effect. */
  verdict: 'agree' | 'falsePass' | 'falseAlarm' | 'strict';
  /** For 'strict': why the error is right though the toolkit accepts (not-in-effect.json). */
  reason?: string;
};

/** Each judged mutant with the checker's verdict. */
export function replay(): Outcome[] {
  const out: Outcome[] = [];
  for (const m of corpus.mutants) {
    if (!(m.id in verdicts.mutants)) continue;
    const toolkit = verdicts.mutants[m.id]!;
    const bytes = mutantBytes(corpus.bases[m.base]!, m);
    const {version, problems} = checkBytes(new Uint8Array(bytes), schemas, validators);
    const errorProblems = problems.filter((p) => p.severity !== 'warning');
    const errors = errorProblems.map((p) => `${p.line}:${p.column} ${p.path} ${formatProblem(p, 'en')}`);
    const warnings = problems.filter((p) => p.severity === 'warning').map((p) => `${p.line}:${p.column} ${p.path} ${formatProblem(p, 'en')}`);
    let verdict: Outcome['verdict'] = 'agree';
    let reason: string | undefined;
    if (toolkit !== null && errors.length === 0) verdict = 'falsePass';
    else if (toolkit === null && errors.length > 0) {
      reason = whyNotInEffect(m, corpus.bases[m.base]!.format, errorProblems.map((p) => p.path))?.reason;
      verdict = reason ? 'strict' : 'falseAlarm';
    }
    out.push({mutant: m, toolkit, version, errors, warnings, verdict, ...(reason ? {reason} : {})});
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const all = replay();
  const count = (v: Outcome['verdict']) => all.filter((o) => o.verdict === v);
  const kinds: Record<string, number> = {};
  for (const o of all) kinds[o.mutant.kind] = (kinds[o.mutant.kind] ?? 0) + 1;
  console.log(`${all.length} mutants judged`, kinds);
  console.log(`false passes ${count('falsePass').length}, false alarms ${count('falseAlarm').length}, stricter than the toolkit ${count('strict').length}`);
  if (process.argv.includes('--list')) {
    for (const o of [...count('falsePass'), ...count('falseAlarm')]) {
      console.log(`${o.verdict} ${o.mutant.id} ${o.mutant.kind} ${o.mutant.base} ${o.mutant.path} ${o.mutant.what} [${o.version}]\n   toolkit: ${o.toolkit}\n   checker: ${o.errors.slice(0, 2).join(' | ')}`);
    }
  }
}
