/**
 * What the reader has given the checker page before its editor has loaded (./index.tsx shows a
 * plain text box until then): the text, the caret, the format chosen, a file chosen or dropped,
 * the configuration a #trace= link brought. ./Checker.tsx starts from it, and writes its text and
 * format back, so that the plain box can show them again if the checker fails while it runs.
 * No React, no DOM: tests/unit/checker-draft.test.ts.
 */
import type {Version} from '@site/src/configCheck/types';
import {configFromHash, undecodableTraceHash} from '@site/src/utils/traceHash';

export type Choice = 'auto' | Version;

/** A text box's selection: offsets in its value; `backward` when the caret is at `start`. */
export type BoxSelection = {start: number; end: number; backward: boolean};

export type Draft = {
  text: string;
  selection: BoxSelection;
  /** Whether the text box had the focus when the editor replaced it. */
  focused: boolean;
  choice: Choice;
  /** A file chosen or dropped before the editor came: the checker reads it once it has. */
  file: File | null;
  /** The text a #trace= link put in the box (the checker traces it whatever its size while unchanged). */
  fromHash: string | null;
  /** The fragment that text came from: the checker does not load it a second time. */
  hashTaken: string | null;
};

export function newDraft(): Draft {
  return {text: '', selection: {start: 0, end: 0, backward: false}, focused: false, choice: 'auto', file: null, fromHash: null, hashTaken: null};
}

/** The draft's selection as the editor takes it (anchor stays, head moves), kept inside its text. */
export function editorSelection(draft: Pick<Draft, 'text' | 'selection'>): {anchor: number; head: number} {
  const clamp = (n: number) => Math.max(0, Math.min(Number.isFinite(n) ? Math.trunc(n) : 0, draft.text.length));
  const a = clamp(draft.selection.start);
  const b = clamp(draft.selection.end);
  const start = Math.min(a, b);
  const end = Math.max(a, b);
  return draft.selection.backward ? {anchor: end, head: start} : {anchor: start, head: end};
}

/**
 * What an address's fragment asks of the checker: `load` the checker at once (a configuration to
 * show, or a #trace= fragment that cannot be read, which the checker explains), and the text to
 * put in the box (null: none).
 */
export function fromFragment(hash: string): {load: boolean; text: string | null} {
  const text = configFromHash(hash);
  return {load: text !== null || undecodableTraceHash(hash), text};
}
