/**
 * The configuration checker's logic, without the page: reads a configuration's bytes or text as the
 * toolkit does (parse.ts), tells its format (version.ts) and checks it against a generated JSON
 * Schema with the page's own validator (validate.ts), whose errors problems.ts turns into problems
 * a reader can act on. The page compiles no schema and loads no ajv.
 */
import type {Validator} from './validate';
import {decodeBytes, type Decoded} from './bytes';
import {lineStarts, parseConfig, placeIn} from './parse';
import {checkParsed} from './problems';
import {decideVersion} from './version';
import type {Problem, Schema, Version} from './types';

/**
 * What the page does with a configuration: the format told (the reader's choice, else the keys,
 * else v4), then checked. `detected` is what the file itself says, null when it does not.
 */
export type TextCheck = {
  version: Version;
  detected: Version | null;
  problems: Problem[];
  value?: unknown;
  /** Checked as v4 because nothing told the format and the file fits neither: what v5 would report. */
  otherTry?: {version: Version; count: number; first?: Problem};
};

export function checkText(text: string, schemas: Record<Version, Schema>, validators: Record<Version, Validator>, choice: Version | 'auto' = 'auto', detail = Infinity): TextCheck {
  const parsed = parseConfig(text);
  const evidence = decideVersion(parsed, schemas, validators);
  const version = choice === 'auto' ? evidence.version ?? 'v4' : choice;
  const {problems, value} = checkParsed(parsed, validators[version], schemas[version], detail);
  const result: TextCheck = {version, detected: evidence.version, problems, value};
  if (choice === 'auto' && evidence.fitsNeither) {
    const other = checkParsed(parsed, validators.v5, schemas.v5, 1).problems.filter((p) => p.severity !== 'warning');
    result.otherTry = {version: 'v5', count: other.length, ...(other[0] ? {first: other[0]} : {})};
  }
  return result;
}

/** What reading the bytes found (bytes.ts), as problems of the decoded text. */
export function byteProblems(decoded: Decoded): Problem[] {
  const starts = lineStarts(decoded.text);
  if (decoded.utf16) return [{kind: 'encoding', encoding: decoded.utf16, ...placeIn(starts, 0, Math.min(1, decoded.text.length), [])}];
  if (decoded.notUtf8At !== undefined) return [{kind: 'notUtf8', severity: 'warning', ...placeIn(starts, decoded.notUtf8At, decoded.notUtf8At + 1, [])}];
  return [];
}

/** A file's bytes, read as the toolkit reads them (bytes.ts), then checked as checkText does. */
export function checkBytes(bytes: Uint8Array, schemas: Record<Version, Schema>, validators: Record<Version, Validator>, choice: Version | 'auto' = 'auto') {
  const decoded = decodeBytes(bytes);
  const before = byteProblems(decoded);
  if (decoded.utf16) return {version: choice === 'auto' ? 'v4' : choice, detected: null, problems: before} satisfies TextCheck;
  const result = checkText(decoded.text, schemas, validators, choice);
  return {...result, problems: [...before, ...result.problems]};
}
