import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startCheckWorker, type WorkerLike} from '../../src/components/ConfigChecker/checkWorker';

/** The check worker's life on the page (src/components/ConfigChecker/checkWorker.ts), with a stand-in worker. */

function standIn(): WorkerLike & {sent: unknown[]; terminated: boolean; say(data: unknown): void; fail(): void} {
  const w = {
    onmessage: null as WorkerLike['onmessage'],
    onerror: null as WorkerLike['onerror'],
    sent: [] as unknown[],
    terminated: false,
    postMessage(m: unknown) { w.sent.push(m); },
    terminate() { w.terminated = true; },
    say(data: unknown) { w.onmessage?.({data} as MessageEvent); },
    fail() { w.onerror?.({} as ErrorEvent); },
  };
  return w;
}

test('the worker is used only after it says it has started; answers are passed on', async () => {
  const w = standIn();
  const answers: unknown[] = [];
  const started = startCheckWorker(() => w, (a) => answers.push(a), () => assert.fail('not failed'));
  assert.equal(started.current(), null);
  let settled = false;
  void started.up.then(() => { settled = true; });
  await Promise.resolve();
  assert.equal(settled, false, 'not up before it says so');
  w.say({started: true});
  await started.up;
  assert.equal(started.current(), w);
  w.say({id: 1, failed: 'x'});
  assert.deepEqual(answers, [{id: 1, failed: 'x'}]);
  started.stop();
  assert.equal(started.current(), null);
  assert.ok(w.terminated);
});

test('a worker that fails to load or later fails is dropped, and the page is told', async () => {
  const w = standIn();
  let failures = 0;
  const starting = startCheckWorker(() => w, () => undefined, () => { failures += 1; });
  w.fail();
  await starting.up;
  assert.equal(starting.current(), null);
  assert.equal(failures, 1);
  assert.ok(w.terminated);

  const later = standIn();
  const running = startCheckWorker(() => later, () => undefined, () => { failures += 1; });
  later.say({started: true});
  await running.up;
  assert.equal(running.current(), later);
  later.fail();
  assert.equal(running.current(), null);
  assert.equal(failures, 2);
});

test('no worker at all (none can be made, or the constructor throws): up settles at once, none is used', async () => {
  for (const create of [() => null, () => { throw new Error('blocked'); }]) {
    const none = startCheckWorker(create, () => undefined, () => assert.fail('no failure to report'));
    await none.up;
    assert.equal(none.current(), null);
    none.stop();
  }
});
