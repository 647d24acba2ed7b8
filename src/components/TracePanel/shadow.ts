/**
 * The page's one shadowed-rule worker (shadowWorker.ts): made on first use and kept while the page
 * lives, so that a new configuration is a message to it, not a new worker whose code is fetched
 * again. The checker starts it as it mounts and says it is ready only once the worker has loaded
 * (tests/e2e/config-checker.spec.ts: nothing is requested while the reader checks).
 */
import type {ShadowAnswer, ShadowStarted} from './shadowWorker';

export type SharedShadowWorker = {worker: Worker; up: Promise<void>};

let shared: SharedShadowWorker | null | undefined;

/** The page's shadow worker, or null where no worker can be made (the panel then checks itself). */
export function shadowWorker(): SharedShadowWorker | null {
  if (shared !== undefined) return shared;
  try {
    const worker = new Worker(new URL('./shadowWorker.ts', import.meta.url));
    const up = new Promise<void>((resolve) => {
      const started = (e: MessageEvent<ShadowAnswer | ShadowStarted>) => {
        if ('started' in e.data) { worker.removeEventListener('message', started); resolve(); }
      };
      worker.addEventListener('message', started);
      // a worker that cannot load is dropped: the panel checks on the page's thread instead
      worker.addEventListener('error', () => { shared = null; worker.terminate(); resolve(); }, {once: true});
    });
    shared = {worker, up};
  } catch {
    shared = null;
  }
  return shared;
}
