/**
 * The checker's result types, shared by its parts (parse.ts reads, problems.ts finds, version.ts
 * tells the format, check.ts puts them together) and by messages.ts, which words them.
 */
import type {Node} from 'jsonc-parser';
import type {RuleCode} from './semantics';

export type Expectation =
  | {kind: 'type'; type: string; min?: number; max?: number}
  | {kind: 'values'; values: (string | number)[]; anyCase?: boolean}
  | {kind: 'list'; values: string[]}
  /** A pattern the toolkit holds a string to, by what it means ("x-format" of the schema). */
  | {kind: 'format'; format: string}
  | {kind: 'text'; text: string};

export type ProblemDetail =
  | {kind: 'syntax'; code: string}
  | {kind: 'empty'}
  | {kind: 'tooDeep'; limit: number}
  /** `unprotected`: the key meant is one whose absence turns protection off (SECURITY_KEYS), and v4 ignores the misspelling. */
  | {kind: 'unknownKey'; key: string; object?: string; suggestion?: string; belongs?: string[]; unprotected?: string}
  | {kind: 'removedKey'; key: string; object?: string; version: string}
  | {kind: 'bom'}
  /** The file is UTF-16 (V2Ray reads UTF-8 only and stops at the first byte). */
  | {kind: 'encoding'; encoding: 'UTF-16LE' | 'UTF-16BE'}
  /** Bytes that are not UTF-8: V2Ray reads each as U+FFFD. */
  | {kind: 'notUtf8'}
  /** What the toolkit decides beyond the schema (semantics.ts). */
  | {kind: 'rule'; code: RuleCode; values?: Record<string, string>}
  | {kind: 'keyCase'; key: string; written: string}
  | {kind: 'missingKey'; key: string; object?: string}
  | {kind: 'mismatch'; expected: Expectation[]; found?: string; suggestion?: string}
  | {kind: 'requireOne'; keys: string[]; object?: string};

export type Problem = ProblemDetail & {
  /** An error (the default) makes the toolkit refuse the file or do something else than it says; a warning is about what it accepts but ignores. */
  severity?: 'warning';
  /** Where in the document: `inbounds[0].port`, or '' for the whole file. */
  path: string;
  /** 1-based line and column of `from`. */
  line: number;
  column: number;
  /** Offsets into the checked text (for the editor's marks). */
  from: number;
  to: number;
  /** Page and anchor documenting the field ("/config/inbounds#inboundobject"), when known. */
  docs?: string;
};

export type Version = 'v4' | 'v5';
/** A JSON Schema, or a part of one, as plain JSON. */
export type Schema = Record<string, unknown>;

export type CheckResult = {problems: Problem[]; value?: unknown};

/**
 * A configuration text read as the toolkit reads it. `value` is what could be read, also when
 * `problems` (an empty text, syntax errors) say the text is not valid JSON.
 */
export type Parsed = {text: string; starts: number[]; tree?: Node; value?: unknown; problems: Problem[]};
