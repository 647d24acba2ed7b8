/**
 * Reading a configuration text as the toolkit does (comments allowed, a byte-order mark read past),
 * and the positions and paths every problem is placed by.
 */
import {getNodeValue, parseTree, printParseErrorCode, type ParseError} from 'jsonc-parser';
import {blankComments} from './comments';
import type {Parsed, Problem} from './types';

/** Offsets where each line of `text` starts: made once per text, so a position costs a search, not a rescan. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line and column of an offset, from the text's line starts (lineStarts). */
export function lineColumnIn(starts: readonly number[], offset: number): {line: number; column: number} {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid; else hi = mid - 1;
  }
  return {line: lo + 1, column: offset - starts[lo]! + 1};
}

/** 1-based line and column of an offset (one position; for many, lineStarts once and lineColumnIn). */
export function lineColumn(text: string, offset: number): {line: number; column: number} {
  return lineColumnIn(lineStarts(text.slice(0, offset)), Math.min(offset, text.length));
}

/** How deep a configuration may nest: real ones stay under 20; the checker's readers recurse. */
export const MAX_DEPTH = 100;

/**
 * The offset of the first bracket nested deeper than `limit` in JSON text (comments blanked),
 * or -1. A plain loop, so any depth is measured without recursion.
 */
export function tooDeepAt(plain: string, limit = MAX_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < plain.length; i += 1) {
    const c = plain.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) { depth += 1; if (depth > limit) return i; }
    else if (c === 93 /* ] */ || c === 125 /* } */) depth -= 1;
  }
  return -1;
}

/** `/inbounds/0/port` -> ['inbounds', 0, 'port']. */
export function pointerSegments(pointer: string): (string | number)[] {
  if (!pointer) return [];
  const parts = pointer.slice(1).split('/');
  const out: (string | number)[] = new Array(parts.length);
  for (let i = 0; i < parts.length; i += 1) {
    let s = parts[i]!;
    if (s.includes('~')) s = s.replace(/~1/g, '/').replace(/~0/g, '~');
    out[i] = /^\d+$/.test(s) ? Number(s) : s;
  }
  return out;
}

/** ['inbounds', 0, 'port'] -> `inbounds[0].port`. */
export function displayPath(segments: readonly (string | number)[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$@][\w$@-]*$/.test(s) ? `${i ? '.' : ''}${s}` : `[${JSON.stringify(s)}]`)).join('');
}


/** Where an offset of a parsed text is, for a problem at `path`. */
export function placeIn(starts: readonly number[], from: number, to: number, path: (string | number)[]) {
  return {...lineColumnIn(starts, from), from, to, path: displayPath(path)};
}

/** Reads a configuration text: comments blanked, JSON syntax checked. */
export function parseConfig(text: string): Parsed {
  const starts = lineStarts(text);
  // a byte-order mark: said once, by name (V2Ray's JSON reader refuses it), then read past
  const bom = text.startsWith('\uFEFF');
  const plain = blankComments(bom ? ` ${text.slice(1)}` : text);
  const bomProblem: Problem[] = bom ? [{kind: 'bom', ...placeIn(starts, 0, 1, [])}] : [];
  if (!plain.trim()) return {text, starts, problems: [...bomProblem, {kind: 'empty', ...placeIn(starts, 0, 0, [])}]};
  const deep = tooDeepAt(plain);
  if (deep >= 0) return {text, starts, problems: [{kind: 'tooDeep', limit: MAX_DEPTH, ...placeIn(starts, deep, deep + 1, [])}]};
  const syntax: ParseError[] = [];
  const tree = parseTree(plain, syntax, {allowTrailingComma: false, disallowComments: true, allowEmptyContent: false});
  const value: unknown = tree ? getNodeValue(tree) : undefined;
  const seen = new Set<number>();
  const syntaxProblems: Problem[] = [];
  for (const e of syntax) {
    if (syntaxProblems.length === 5) break;
    const trailing = e.error === 3 /* PropertyNameExpected */ || e.error === 4; /* ValueExpected */
    const before = plain.slice(Math.max(0, e.offset - 200), e.offset);
    const comma = before.trimEnd().endsWith(',') ? e.offset - before.length + before.trimEnd().length - 1 : -1;
    const isTrailing = trailing && comma >= 0 && /^\s*[}\]]/.test(plain.slice(e.offset, e.offset + 200));
    // one problem per mistake: the parser reports a trailing comma in an object twice, at the brace
    const from = isTrailing ? comma : e.offset;
    if (seen.has(from)) continue;
    seen.add(from);
    syntaxProblems.push({kind: 'syntax', code: isTrailing ? 'TrailingComma' : printParseErrorCode(e.error), ...placeIn(starts, from, from + Math.max(1, isTrailing ? 1 : e.length), [])});
  }
  const problems = [...bomProblem, ...syntaxProblems];
  return tree ? {text, starts, tree, value, problems} : {text, starts, problems};
}
