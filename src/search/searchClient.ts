/**
 * Search clients for the DocSearch modal: the local index in Algolia's answer format,
 * and hosted search that falls back to it. Pure: the Pagefind loader and the clock come in as
 * arguments, so tests/unit/search-client.test.ts drives them without a browser.
 */
import type {DocSearchHit} from './localSearch';

/** Hosted search gets this long to answer before the local index answers instead. */
export const hostedTimeoutMs = 2000;

type Request = {query?: string; params?: {query?: string} | string};
type SearchArgs = {requests: Request[]} | Request[];
export type SearchResponse = {results: {hits: DocSearchHit[] | unknown[]; nbHits: number; [key: string]: unknown}[]};
export type Search = (args: SearchArgs) => Promise<SearchResponse>;

function requestsOf(args: SearchArgs): Request[] {
  return Array.isArray(args) ? args : args.requests ?? [];
}

/** The query text of one request, wherever the Algolia client version put it. */
export function queryOf(request: Request): string {
  if (typeof request.query === 'string') return request.query;
  const {params} = request;
  if (typeof params === 'string') return new URLSearchParams(params).get('query') ?? '';
  return params?.query ?? '';
}

export function emptyResult(query = ''): SearchResponse['results'][number] {
  return {hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 0, processingTimeMS: 0, query, params: '', exhaustiveNbHits: true};
}

/** Answers every request of a multi-query from the local index. */
export function localSearch(hitsFor: (query: string) => Promise<DocSearchHit[]>): Search {
  return async (args) => ({
    results: await Promise.all(requestsOf(args).map(async (request) => {
      const query = queryOf(request);
      const hits = await hitsFor(query);
      return {...emptyResult(query), hits, nbHits: hits.length, nbPages: hits.length ? 1 : 0, hitsPerPage: hits.length};
    })),
  });
}

export type Mode = 'hosted' | 'offline';

/**
 * Hosted search first; when it fails or has not answered within `timeoutMs`, the local index
 * answers and `onMode('offline')` is told. Every query asks the hosted service first, and an
 * answer in time reports `onMode('hosted')`, so search goes back as soon as the service does.
 */
type Timers = {set: (run: () => void, ms: number) => unknown; clear: (timer: unknown) => void};
// Called as plain functions: a browser's setTimeout throws "Illegal invocation" when called as a method.
const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export function withFallback(hosted: Search, local: Search, onMode: (mode: Mode) => void, timeoutMs = hostedTimeoutMs,
  timers: Timers = realTimers): Search {
  return (args) => new Promise<SearchResponse>((resolve, reject) => {
    let settled = false;
    const offline = () => {
      if (settled) return;
      settled = true;
      timers.clear(timer);
      onMode('offline');
      local(args).then(resolve, reject);
    };
    const timer = timers.set(offline, timeoutMs);
    hosted(args).then((response) => {
      // Too late: the local answer stands; the next query asks the service again.
      if (settled) return;
      settled = true;
      timers.clear(timer);
      onMode('hosted');
      resolve(response);
    }, offline);
  });
}
