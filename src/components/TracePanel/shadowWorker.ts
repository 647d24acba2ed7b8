/**
 * The shadowed-rule check, off the page's main thread: it depends on the configuration only, so
 * the panel starts it once per configuration (Panel.tsx), and a large configuration never holds
 * up typing. Loaded from the site's own origin (new Worker(new URL(...))), so a policy of
 * worker-src 'self' allows it.
 */
import {readConfig, type Format} from '@site/src/tracer/config';
import {shadowedRulesWithin} from '@site/src/tracer/trace';

export type ShadowRequest = {value: unknown; version: Format; deadlineMs: number};

type WorkerScope = {onmessage: ((e: MessageEvent<ShadowRequest>) => void) | null; postMessage: (message: unknown) => void};
const scope = self as unknown as WorkerScope;

scope.onmessage = (e) => {
  const {value, version, deadlineMs} = e.data;
  const model = readConfig(value, version);
  scope.postMessage(shadowedRulesWithin(model, performance.now() + deadlineMs));
};
