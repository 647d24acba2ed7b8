// The hosted search's fallback to the local search (src/search/searchClient.ts): the query of each
// request shape, a multi-query answered locally, and the switch between hosted and local answers.
// Cut from local-search.test.ts, which keeps the ranking and the indexer.
import './docusaurus-aliases.cjs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {pageHits} from '../../src/search/localSearch';
import {localSearch, queryOf, withFallback, type Mode, type Search} from '../../src/search/searchClient';

test('the query is read from every request shape the Algolia client sends', () => {
  assert.equal(queryOf({query: 'a'}), 'a');
  assert.equal(queryOf({params: {query: 'b'}}), 'b');
  assert.equal(queryOf({params: 'query=c%20d&hitsPerPage=20'}), 'c d');
  assert.equal(queryOf({}), '');
});

test('localSearch answers each request of a multi-query', async () => {
  const search = localSearch(async (q) => (q ? pageHits({url: `/${q}`, excerpt: '', meta: {title: q}, sub_results: []}, 0) : []));
  const {results} = await search({requests: [{query: 'vmess'}, {params: {query: ''}}]});
  assert.equal(results.length, 2);
  assert.equal(results[0]!.nbHits, 1);
  assert.equal(results[0]!.query, 'vmess');
  assert.equal(results[1]!.nbHits, 0);
});

/** Timers the test moves by hand. */
function manualTimers() {
  let pending: (() => void) | null = null;
  return {
    set: (fn: () => void) => { pending = fn; return 1; },
    clear: () => { pending = null; },
    fire: () => pending?.(),
  };
}

const answer = (tag: string): Search => async () => ({results: [{hits: [tag], nbHits: 1}]});

test('hosted search answers when it is in time', async () => {
  const modes: Mode[] = [];
  const timers = manualTimers();
  const search = withFallback(answer('hosted'), answer('local'), (m) => modes.push(m), 2000, timers);
  const response = await search({requests: [{query: 'x'}]});
  assert.deepEqual(response.results[0]!.hits, ['hosted']);
  assert.deepEqual(modes, ['hosted']);
});

test('a failing hosted search is answered locally at once, and says so', async () => {
  const modes: Mode[] = [];
  const timers = manualTimers();
  const search = withFallback(async () => { throw new Error('HTTP 500'); }, answer('local'), (m) => modes.push(m), 2000, timers);
  const response = await search({requests: [{query: 'x'}]});
  assert.deepEqual(response.results[0]!.hits, ['local']);
  assert.deepEqual(modes, ['offline']);
});

test('a hosted search slower than the limit is answered locally; a late answer changes nothing', async () => {
  const modes: Mode[] = [];
  const timers = manualTimers();
  let late: (value: Awaited<ReturnType<Search>>) => void = () => {};
  const slow: Search = () => new Promise((resolve) => { late = resolve; });
  const search = withFallback(slow, answer('local'), (m) => modes.push(m), 2000, timers);
  const pending = search({requests: [{query: 'x'}]});
  timers.fire();
  assert.deepEqual((await pending).results[0]!.hits, ['local']);
  late({results: [{hits: ['hosted'], nbHits: 1}]});
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(modes, ['offline']);
});

test('search goes back to the hosted service as soon as it answers again', async () => {
  const modes: Mode[] = [];
  let up = false;
  const hosted: Search = async () => {
    if (!up) throw new Error('blocked');
    return {results: [{hits: ['hosted'], nbHits: 1}]};
  };
  const search = withFallback(hosted, answer('local'), (m) => modes.push(m), 2000, manualTimers());
  assert.deepEqual((await search([{query: 'a'}])).results[0]!.hits, ['local']);
  up = true;
  assert.deepEqual((await search([{query: 'b'}])).results[0]!.hits, ['hosted']);
  assert.deepEqual(modes, ['offline', 'hosted']);
});

test('the real timers are called as a browser allows (not as methods of another object)', async () => {
  // A browser's setTimeout throws "Illegal invocation" unless called on window or plainly; Node's
  // does not care, so the test puts a browser-like one in its place.
  const original = globalThis.setTimeout;
  globalThis.setTimeout = function strictSetTimeout(this: unknown, ...args: Parameters<typeof setTimeout>) {
    if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
    return original(...args);
  } as typeof setTimeout;
  try {
    const search = withFallback(() => new Promise(() => {}), answer('local'), () => {}, 10);
    assert.deepEqual((await search([{query: 'a'}])).results[0]!.hits, ['local']);
  } finally {
    globalThis.setTimeout = original;
  }
});

test('when the local index fails too, the query fails (the modal shows its error screen)', async () => {
  const search = withFallback(async () => { throw new Error('blocked'); }, async () => { throw new Error('offline'); }, () => {}, 2000, manualTimers());
  await assert.rejects(search([{query: 'a'}]), /offline/);
});
