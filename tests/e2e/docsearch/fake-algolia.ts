import type {Page, Request} from '@playwright/test';

/** Every host the Algolia client may call for the test app id. */
export const algoliaHosts = /^https:\/\/[^/]*(algolia\.net|algolianet\.com)\//i;

export type FakeHit = {url: string; lvl0: string; lvl1: string; lvl2?: string};
/**
 * How the fake service answers; read at each request, so a test can change it midway.
 * fail: the connection is refused (a blocked host); status: an HTTP error; delayMs: a slow answer.
 */
export type Behaviour = {hits?: (query: string) => FakeHit[]; fail?: boolean; status?: number; delayMs?: number};

export type SearchRequest = {indexName: string; query: string; facetFilters: unknown; raw: unknown};

function hitJson(hit: FakeHit, i: number) {
  const hierarchy = {lvl0: hit.lvl0, lvl1: hit.lvl1, lvl2: hit.lvl2 ?? null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
  const highlight = Object.fromEntries(Object.entries(hierarchy).filter(([, v]) => v).map(([k, v]) => [k, {value: v, matchLevel: 'full', matchedWords: []}]));
  return {
    objectID: `hit-${i}`, url: hit.url, type: hit.lvl2 ? 'lvl2' : 'lvl1', content: null, hierarchy,
    _highlightResult: {hierarchy: highlight, hierarchy_camel: [highlight], content: {value: '', matchLevel: 'none', matchedWords: []}},
    _snippetResult: {content: {value: '', matchLevel: 'none'}},
  };
}

/** Parses the multi-query body algoliasearch v5 sends; params may come as an object or a query string. */
function parseRequests(request: Request): SearchRequest[] {
  const body = request.postDataJSON() as {requests?: Record<string, unknown>[]} | null;
  return (body?.requests ?? []).map((r) => {
    let params = r as Record<string, unknown>;
    if (typeof r.params === 'string') params = {...r, ...Object.fromEntries(new URLSearchParams(r.params))};
    let facetFilters = params.facetFilters;
    if (typeof facetFilters === 'string') {
      try { facetFilters = JSON.parse(facetFilters); } catch { /* keep the string */ }
    }
    return {indexName: String(r.indexName), query: String(params.query ?? ''), facetFilters, raw: r};
  });
}

/** Answers the Algolia search API with our own responses and records what was asked. */
export async function fakeAlgolia(page: Page, behaviour: Behaviour): Promise<SearchRequest[]> {
  const seen: SearchRequest[] = [];
  await page.route(algoliaHosts, async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') {
      await route.fulfill({status: 204, headers: {'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST'}});
      return;
    }
    const requests = parseRequests(request);
    seen.push(...requests);
    if (behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    // The page may be gone by the time a slow answer is due.
    if (behaviour.fail) {
      await route.abort('connectionrefused').catch(() => {});
      return;
    }
    if (behaviour.status && behaviour.status >= 400) {
      await route.fulfill({status: behaviour.status, contentType: 'application/json', headers: {'access-control-allow-origin': '*'},
        body: JSON.stringify({message: 'Internal error', status: behaviour.status})}).catch(() => {});
      return;
    }
    const results = requests.map((r) => {
      const hits = (behaviour.hits?.(r.query) ?? []).map(hitJson);
      return {hits, nbHits: hits.length, page: 0, nbPages: hits.length ? 1 : 0, hitsPerPage: 20, processingTimeMS: 1,
        exhaustiveNbHits: true, query: r.query, params: '', index: r.indexName};
    });
    await route.fulfill({status: 200, contentType: 'application/json', headers: {'access-control-allow-origin': '*'}, body: JSON.stringify({results})}).catch(() => {});
  });
  return seen;
}
