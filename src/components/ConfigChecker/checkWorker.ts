/**
 * The check worker's life on the page, without React (./Checker.tsx uses it; a unit test drives it
 * with a stand-in worker): started at once, usable after it says it has loaded all its code, and
 * dropped when it cannot start or fails, so that the page then checks on its own thread.
 */
import type {WorkerAnswer, WorkerStarted} from '@site/src/configCheck/worker';

/** What the page uses of a Worker. */
export type WorkerLike = {
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
};

export type CheckWorker = {
  /** Settles when the worker has started (its code loaded) or could not: never rejects. */
  up: Promise<void>;
  /** The worker to send checks to, or null (not started yet, could not start, or failed). */
  current(): WorkerLike | null;
  stop(): void;
};

/**
 * `create` makes the worker (null or a throw: none can be made); `answer` gets each check's answer;
 * `failed` is called once if a started or starting worker fails.
 */
export function startCheckWorker(create: () => WorkerLike | null, answer: (a: WorkerAnswer) => void, failed: () => void): CheckWorker {
  let worker: WorkerLike | null = null;
  let usable = false;
  let made: WorkerLike | null = null;
  const up = new Promise<void>((resolve) => {
    try {
      made = create();
    } catch {
      made = null;
    }
    const w = made;
    if (!w) { resolve(); return; }
    worker = w;
    w.onmessage = (event: MessageEvent) => {
      const data = event.data as WorkerAnswer | WorkerStarted;
      if ('started' in data) { usable = true; resolve(); return; }
      answer(data);
    };
    w.onerror = () => {
      usable = false;
      worker = null;
      w.terminate();
      failed();
      resolve();
    };
  });
  return {
    up,
    current: () => (usable ? worker : null),
    stop: () => { usable = false; worker = null; (made as WorkerLike | null)?.terminate(); },
  };
}
