// The burst-observatory scenarios' first request (scenarios/balancers.mjs `unmeasuredFirstRequest`),
// on a stand-in lab context: logs as v2ray 5.52.0 writes them. CI stop 47 failed when a probe had
// merely started before the check read the log; a probe that answers before the request is routed
// makes that client's run unusable, and the next fresh client tries again.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {unmeasuredFirstRequest} from './scenarios/balancers.mjs';
import {TARGET} from './kit.mjs';

const unmeasured = [
  '[Info] app/router: least load: no qualified outbound',
  '[Warning] [1] app/dispatcher: default route for tcp:example.com:80',
  '[Debug] app/observatory/burst: checking proxy-frankfurt',
].join('\n');
const measured = [
  '[Debug] app/observatory/burst: checking proxy-frankfurt',
  '[Info] [1] app/dispatcher: taking detour [proxy-frankfurt] for [tcp:example.com:80]',
].join('\n');

/**
 * A lab whose roles write the given error logs, and whose proxy (tokyo) carries the first `carried`
 * requests; records starts and stops.
 * @param {Record<string, string>} logs @param {number} [carried]
 */
function fakeLab(logs, carried = Infinity) {
  const events = [];
  let requests = 0;
  return {
    events,
    async start(role) { events.push(`start ${role}`); },
    async stop(role) { events.push(`stop ${role}`); },
    socks: () => ({}),
    async fetch() { requests += 1; return {reached: TARGET.reached}; },
    access: (server) => (server === 'tokyo' ? 'accepted tcp:example.com:80 [proxy-tokyo]\n'.repeat(Math.min(requests, carried)) : ''),
    errors: (role) => logs[role] ?? '',
    async waitFor(cond, what) { if (!(await cond())) throw new Error(`not seen: ${what}`); },
    expect(cond, message) { if (!cond) throw new Error(message); },
  };
}

test('a probe that only started after the request does not fail the run (CI stop 47)', async () => {
  const lab = fakeLab({client: unmeasured});
  assert.equal(await unmeasuredFirstRequest(lab, ['client', 'client2'], ['tokyo']), 'client');
  assert.deepEqual(lab.events, []);
});

test('a measurement before the first request: the next fresh client tries again', async () => {
  const lab = fakeLab({client: measured, client2: unmeasured});
  assert.equal(await unmeasuredFirstRequest(lab, ['client', 'client2', 'client3'], ['tokyo']), 'client2');
  assert.deepEqual(lab.events, ['stop client', 'start client2']);
});

test('every fresh client measured first: the scenario fails and says so', async () => {
  const lab = fakeLab({client: measured, client2: measured});
  await assert.rejects(unmeasuredFirstRequest(lab, ['client', 'client2'], ['tokyo']), /in each of 2 fresh clients a measurement came before the first request/);
});

test("a retried client's request must itself be carried: the first client's line in the log does not count", async () => {
  const lab = fakeLab({client: measured, client2: unmeasured}, 1);
  await assert.rejects(unmeasuredFirstRequest(lab, ['client', 'client2'], ['tokyo']), /not seen: one of the proxies carried client2's request/);
});
