/**
 * The checker off the page's main thread: a Web Worker (a file of this site, so the page's CSP
 * needs only `worker-src 'self'`) that gets the two schemas once and then checks each text it is
 * sent. A 1 MB file or 10,000 mistakes cost up to a second of CPU (tests/schema/worst-case.mjs);
 * here typing never waits for it. Only what the page shows comes back: the first SHOWN_PROBLEMS
 * problems and the count, and the parsed value for the trace panel when the page asks for it
 * (`wantValue`): for a text of a configuration's size, or one a #trace= link brought, whatever its
 * size (10,000 rules, tests/e2e/trace-scale.spec.ts). A 1 MB value copied to the page on every
 * check while the reader types would hold keys back (tests/e2e/config-checker-typing.spec.ts).
 */
import {checkText, type TextCheck} from './check';
import {SHOWN_PROBLEMS} from './problems';
import type {Version} from './types';
import {makeValidator, type Validator} from './validate';

type Schema = Record<string, unknown>;

export type WorkerRequest =
  | {type: 'schemas'; schemas: Record<Version, Schema>}
  | {type: 'check'; id: number; text: string; choice: Version | 'auto'; wantValue: boolean};

/** A check's answer: the problems shown, how many there are in all, and the value when small. */
export type WorkerAnswer = {id: number; result: TextCheck & {total: number}} | {id: number; failed: string};
/** Sent once, when the worker's code (with every chunk it imports) has loaded. */
export type WorkerStarted = {started: true};

let ready: {schemas: Record<Version, Schema>; validators: Record<Version, Validator>} | null = null;

/** One request answered (exported for the unit test, which runs it without a worker). */
export function answer(request: WorkerRequest): WorkerAnswer | null {
  if (request.type === 'schemas') {
    ready = {schemas: request.schemas, validators: {v4: makeValidator(request.schemas.v4), v5: makeValidator(request.schemas.v5)}};
    return null;
  }
  if (!ready) return {id: request.id, failed: 'Error: the schemas have not arrived'};
  try {
    const result = checkText(request.text, ready.schemas, ready.validators, request.choice, SHOWN_PROBLEMS);
    const {value, ...rest} = result;
    return {id: request.id, result: {...rest, problems: result.problems.slice(0, SHOWN_PROBLEMS), total: result.problems.length,
      ...(request.wantValue && value !== undefined ? {value} : {})}};
  } catch (error) {
    return {id: request.id, failed: error instanceof Error ? `${error.name}: ${error.message}` : String(error)};
  }
}

// in a worker (not when the unit test imports this module): answer each message
const scope = globalThis as unknown as {onmessage?: unknown; postMessage?: (m: unknown) => void; document?: unknown; WorkerGlobalScope?: unknown};
if (typeof scope.WorkerGlobalScope !== 'undefined' && scope.document === undefined) {
  scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
    const a = answer(event.data);
    if (a) scope.postMessage?.(a);
  };
  // the page says it is ready only after this: nothing of the worker is fetched while checking
  scope.postMessage?.({started: true} satisfies WorkerStarted);
}
