/**
 * The shadowed-rule check, off the page's main thread: it depends on the configuration only, so
 * the panel asks it once per configuration (Panel.tsx), and a large configuration never holds up
 * typing. One worker serves the page (shadow.ts): each request carries an id, and the answer names
 * it, so the panel ignores an answer for a configuration it has left. Loaded from the site's own
 * origin (new Worker(new URL(...))), so a policy of worker-src 'self' allows it.
 */
import {readConfig} from '@site/src/tracer/config';
import type {Format} from '@site/src/tracer/model';
import {shadowedRulesWithin} from '@site/src/tracer/shadowed';

export type ShadowRequest = {id: number; value: unknown; version: Format; deadlineMs: number};
export type ShadowAnswer = {id: number; result: ReturnType<typeof shadowedRulesWithin>};
/** Sent once, when the worker's code has loaded. */
export type ShadowStarted = {started: true};

type WorkerScope = {onmessage: ((e: MessageEvent<ShadowRequest>) => void) | null; postMessage: (message: unknown) => void};
const scope = self as unknown as WorkerScope;

scope.onmessage = (e) => {
  const {id, value, version, deadlineMs} = e.data;
  const model = readConfig(value, version);
  scope.postMessage({id, result: shadowedRulesWithin(model, performance.now() + deadlineMs)} satisfies ShadowAnswer);
};
scope.postMessage({started: true} satisfies ShadowStarted);
