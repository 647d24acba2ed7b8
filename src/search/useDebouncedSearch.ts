/**
 * The local search as the reader types, shared by the search modal (src/theme/SearchBar/
 * LocalSearchModal.tsx) and the search page (src/theme/SearchPage): a search on the local index
 * after a pause in typing, answers to an older query dropped, and any failure shown as such (the
 * next query starts Pagefind afresh: `withPagefind`).
 */
import {useEffect, useRef, useState} from 'react';
import {searchDebounceMs} from '@site/src/constants';
import {withPagefind, type Pagefind} from './localSearch';

export type SearchState<T> =
  | {status: 'idle'}
  // The pause in typing: no search has started yet (the search page says nothing then).
  | {status: 'waiting'}
  // A search under way.
  | {status: 'pending'}
  | {status: 'done'; query: string; value: T}
  | {status: 'failed'};

type Options = {
  /** The pause in typing before the search runs; 0 runs it at once (the search page's Enter, back/forward). */
  delayMs?: number;
  /** Told the query (trimmed, possibly empty) when the pause ends, before its search: the search page puts it into the address. */
  onSettle?: (query: string) => void;
};

/**
 * `run` searches the trimmed query (never empty) on the local index. A query of spaces only is
 * `idle`. `run` and `onSettle` are read when they are called, so a new function on each render
 * starts no new search. A delay that drops to 0 while the query waits for its pause (Enter on
 * the search page) runs the search at once; one that drops to 0 because the pause has just ended
 * (and the address caught up) leaves the search under way alone.
 */
export function useDebouncedSearch<T>(query: string, run: (pagefind: Pagefind, query: string) => Promise<T>, options: Options = {}): SearchState<T> {
  const [state, setState] = useState<SearchState<T>>({status: 'idle'});
  const latest = useRef({run, options});
  latest.current = {run, options};
  // The query whose pause has ended (its search under way or done), and which search may still answer.
  const settled = useRef<string | null>(null);
  const generation = useRef(0);
  const q = query.trim();
  const delayMs = options.delayMs ?? searchDebounceMs;
  const now = delayMs <= 0;
  useEffect(() => {
    if (now && settled.current === q) return undefined;
    generation.current += 1;
    const mine = generation.current;
    settled.current = null;
    setState({status: q ? 'waiting' : 'idle'});
    const start = () => {
      settled.current = q;
      latest.current.options.onSettle?.(q);
      if (!q) return;
      setState({status: 'pending'});
      withPagefind((pagefind) => latest.current.run(pagefind, q)).then((value) => {
        if (generation.current === mine) setState({status: 'done', query: q, value});
      }, () => {
        if (generation.current === mine) setState({status: 'failed'});
      });
    };
    if (now) {
      start();
      return undefined;
    }
    const timer = setTimeout(start, delayMs);
    return () => clearTimeout(timer);
  }, [q, now]); // eslint-disable-line react-hooks/exhaustive-deps
  return state;
}
