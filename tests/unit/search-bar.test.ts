// The DocSearch helpers of src/theme/SearchBar: result URLs made site-relative, and
// one request per pause in typing (spec: 500 ms).
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {debounceSearchClient, siteRelativeUrl} from '../../src/theme/SearchBar';

test('an absolute result URL becomes the path on this site, without .html', () => {
  assert.equal(siteRelativeUrl('https://www.v2fly.org/config/routing.html#ruleobject'), '/config/routing#ruleobject');
  assert.equal(siteRelativeUrl('https://www.v2fly.org/en_US/v5/config/router.html'), '/en_US/v5/config/router');
  assert.equal(siteRelativeUrl('https://www.v2fly.org/config/routing?x=1#a'), '/config/routing?x=1#a');
});

test('index.html addresses become their folder', () => {
  assert.equal(siteRelativeUrl('https://www.v2fly.org/index.html'), '/');
  assert.equal(siteRelativeUrl('https://www.v2fly.org/guide/index.html#x'), '/guide#x');
  assert.equal(siteRelativeUrl('https://www.v2fly.org/'), '/');
});

test('relative and empty URLs are read against the site root', () => {
  assert.equal(siteRelativeUrl('/config/dns.html'), '/config/dns');
  assert.equal(siteRelativeUrl('config/dns.html'), '/config/dns');
  assert.equal(siteRelativeUrl(''), '/');
  assert.equal(siteRelativeUrl('#ruleobject'), '/#ruleobject');
});

test('".html" inside a path or a hash is left alone', () => {
  assert.equal(siteRelativeUrl('https://www.v2fly.org/a.html/b'), '/a.html/b');
  assert.equal(siteRelativeUrl('https://www.v2fly.org/a#b.html'), '/a#b.html');
});

test('a malformed URL is returned unchanged instead of throwing', () => {
  assert.equal(siteRelativeUrl('http://['), 'http://[');
  assert.equal(siteRelativeUrl('https://exa mple.org/x'), 'https://exa mple.org/x');
});

type Client = Parameters<typeof debounceSearchClient>[0];

/** A search client whose search() records its arguments and answers as `answer` says. */
function fakeClient(answer: (query: string) => Promise<unknown>) {
  const calls: string[] = [];
  const client = {
    search: (requests: {params?: {query?: string}}[]) => {
      const query = requests[0]?.params?.query ?? '';
      calls.push(query);
      return answer(query);
    },
  } as unknown as Client;
  return {client, calls};
}

const request = (query: string) => [{indexName: 'v2fly', params: {query}}] as unknown as Parameters<Client['search']>[0];
const health = () => {
  const seen: string[] = [];
  return {seen, health: {onFailure: () => seen.push('failure'), onSuccess: () => seen.push('success')}};
};
/** Lets settled promises run their callbacks. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

test('a query is sent 500 ms after the last keystroke, not at 499 ms', async (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  const {client, calls} = fakeClient(async () => ({results: [{hits: []}]}));
  const {health: h} = health();
  debounceSearchClient(client, 500, h);
  void client.search(request('r'));
  t.mock.timers.tick(499);
  assert.deepEqual(calls, []);
  t.mock.timers.tick(1);
  assert.deepEqual(calls, ['r']);
});

test('keystrokes within 500 ms restart the wait: only the last query is sent', async (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  const {client, calls} = fakeClient(async (query) => ({results: [{hits: [query]}]}));
  const {seen, health: h} = health();
  debounceSearchClient(client, 500, h);
  const settled: string[] = [];
  for (const query of ['r', 'ro', 'rou']) {
    client.search(request(query)).then(() => settled.push(query), () => settled.push(`${query} rejected`));
    t.mock.timers.tick(300);
  }
  t.mock.timers.tick(200);
  await flush();
  assert.deepEqual(calls, ['rou']);
  // The superseded calls never settle (autocomplete keeps only the latest).
  assert.deepEqual(settled, ['rou']);
  assert.deepEqual(seen, ['success']);
});

test('a failed request reports the failure and answers no hits, one result per request', async (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  const {client} = fakeClient(() => Promise.reject(new Error('net::ERR_CONNECTION_REFUSED')));
  const {seen, health: h} = health();
  debounceSearchClient(client, 500, h);
  const twoRequests = [...(request('a') as unknown[]), ...(request('b') as unknown[])] as Parameters<Client['search']>[0];
  const answer = client.search(twoRequests);
  t.mock.timers.tick(500);
  const response = await answer as unknown as {results: {hits: unknown[]; nbHits: number}[]};
  assert.deepEqual(seen, ['failure']);
  assert.equal(response.results.length, 2);
  assert.deepEqual(response.results.map((r) => [r.hits, r.nbHits]), [[[], 0], [[], 0]]);
});

test('a failed request in the {requests} form also answers one empty result per request', async (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  const {client} = fakeClient(() => Promise.reject(new Error('offline')));
  const {health: h} = health();
  debounceSearchClient(client, 500, h);
  const answer = client.search({requests: [{}, {}, {}]} as unknown as Parameters<Client['search']>[0]);
  t.mock.timers.tick(500);
  assert.equal((await answer as unknown as {results: unknown[]}).results.length, 3);
});

test('with no wait, the query goes out on the next timer turn', async (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  const {client, calls} = fakeClient(async () => ({results: []}));
  debounceSearchClient(client, 0, health().health);
  void client.search(request('x'));
  assert.deepEqual(calls, []);
  t.mock.timers.tick(0);
  assert.deepEqual(calls, ['x']);
});
