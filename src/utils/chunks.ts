/**
 * Loading a page's own chunks (the checker, its schemas, the trace panel) once, without React's
 * lazy and Suspense: react-dom 19 holds back content that replaces a Suspense fallback until
 * 300 ms after that fallback appeared (FALLBACK_THROTTLE_MS), so a chunk that arrived at once
 * still left the reader looking at "loading" for a third of a second.
 */
import {useCallback, useEffect, useState} from 'react';

/**
 * `load` run once and its promise shared; after a failure the next call runs it again
 * (webpack fetches a chunk that failed anew), so a retry button works.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      const attempt = load();
      pending = attempt;
      attempt.catch(() => { if (pending === attempt) pending = null; });
    }
    return pending;
  };
}

/** Whether a rejection is webpack failing to fetch a chunk (the page's code, not its data). */
export function isChunkLoadError(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  return reason.name === 'ChunkLoadError' || /Loading (?:CSS )?chunk \S+ failed/i.test(reason.message);
}

export type ChunkState<T> = {status: 'loading'} | {status: 'ready'; value: T} | {status: 'failed'};

/**
 * What `load` (made by loadOnce, so stable) gives, as state, and a function that tries again
 * after a failure. The value is set as soon as the promise settles. With `wanted` false, `load`
 * is not called (the state stays "loading") until it turns true.
 */
export function useChunk<T>(load: () => Promise<T>, wanted = true): [ChunkState<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ChunkState<T>>({status: 'loading'});
  useEffect(() => {
    if (!wanted) return undefined;
    let live = true;
    load().then(
      (value) => { if (live) setState({status: 'ready', value}); },
      () => { if (live) setState({status: 'failed'}); },
    );
    return () => { live = false; };
  }, [load, attempt, wanted]);
  const retry = useCallback(() => { setState({status: 'loading'}); setAttempt((n) => n + 1); }, []);
  return [state, retry];
}
