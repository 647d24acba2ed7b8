import type {Page, Worker} from '@playwright/test';
import {test, expect, hydrated} from './fixtures';
import {megabyteConfig} from '../../scripts/bench/checkerTiming.mjs';

/**
 * The check runs off the main thread (src/configCheck/worker.ts): with a 1 MB configuration in
 * the editor, a reader typing while checks run sees each key at once. Asserted without timing
 * (a timed test flakes on a busy machine): the check worker's answers are held back, and the
 * keys typed meanwhile must still reach the editor, while the status keeps the last answer until
 * the held one is let through. How fast a key is painted is the bench's figure (`npm run bench`,
 * scripts/bench/checkerTiming.mjs timeKeysWhileChecking, against 50 ms).
 */

async function pasteMegabyte(page: Page): Promise<void> {
  await page.goto('/en_US/awesome/config-checker');
  await hydrated(page);
  await expect(page.getByTestId('check-status')).toHaveText(/Paste or type a configuration/);
  const text = megabyteConfig();
  expect(text.length).toBeGreaterThan(1_000_000);
  expect(text.length).toBeLessThanOrEqual(1024 * 1024);
  // pasted through the clipboard, as a reader does (typing 1 MB key by key would take minutes)
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.getByRole('textbox', {name: 'Configuration file'}).click();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByTestId('check-status')).toContainText('Problems found: 1', {timeout: 30_000});
}

type Gate = {hold: boolean; held: unknown[]; checks: number; send: (m: unknown) => void};

test('with 1 MB pasted, keys typed while checks run reach the editor at once: the checks run in the worker, whose answers carry no copy of the text', async ({page}) => {
  const workers: Worker[] = [];
  page.on('worker', (w) => workers.push(w));
  await pasteMegabyte(page);
  // the checker's worker is the one that has answered a check
  const checker = workers.find((w) => /config-check-worker/.test(w.url()));
  expect(checker, `the check worker among ${workers.map((w) => w.url()).join(', ')}`).toBeTruthy();
  // from here its answers are held, and the checks it is asked for counted
  await checker!.evaluate(() => {
    const scope = self as unknown as {gate: Gate; postMessage: (m: unknown) => void; onmessage: ((e: MessageEvent) => void) | null};
    const send = scope.postMessage.bind(scope);
    const gate: Gate = {hold: true, held: [], checks: 0, send};
    scope.gate = gate;
    scope.postMessage = (m: unknown) => { if (gate.hold) gate.held.push(m); else send(m); };
    const handle = scope.onmessage;
    scope.onmessage = (e: MessageEvent) => { if ((e.data as {type?: string}).type === 'check') gate.checks += 1; handle?.(e); };
  });
  // to the end of the first line, then add a "log" that is not an object there: the answer to
  // come (two problems) differs from the one shown; 400 ms between keys, so checks start between them
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('End');
  const typed = ' "log": 5,';
  await page.keyboard.type(typed, {delay: 400});
  const firstLine = page.locator('[data-testid="config-editor"] .cm-line').first();
  await expect(firstLine).toHaveText(`{${typed}`);
  // the worker was asked, and has answered, while the page still shows the earlier answer
  await expect.poll(() => checker!.evaluate(() => (self as unknown as {gate: Gate}).gate.held.length)).toBeGreaterThan(0);
  expect(await checker!.evaluate(() => (self as unknown as {gate: Gate}).gate.checks)).toBeGreaterThan(0);
  await expect(page.getByTestId('check-status')).toContainText('Problems found: 1');
  // a 1 MB text's answer carries the problems, not the parsed value
  const carried = await checker!.evaluate(() => (self as unknown as {gate: Gate}).gate.held
    .map((m) => Object.keys((m as {result?: object}).result ?? {})));
  for (const keys of carried) expect(keys).not.toContain('value');
  // let the answers through: the page shows the new one
  await checker!.evaluate(() => {
    const {gate} = self as unknown as {gate: Gate};
    gate.hold = false;
    for (const m of gate.held.splice(0)) gate.send(m);
  });
  await expect(page.getByTestId('check-status')).toContainText('Problems found: 2');
});

test.describe('without the worker', () => {
  // the refused script is reported in the console; that is the point of this test
  test.use({allowedConsoleErrors: [/ERR_BLOCKED_BY_CLIENT|Failed to load resource/]});
test('when the worker cannot start, the page checks on its own thread', async ({page}) => {
  // the worker's script refused: the page falls back to checking on the main thread
  let refused = 0;
  await page.route(/config-check-worker[^/]*\.js$/, (route) => { refused += 1; return route.abort('blockedbyclient'); });
  await page.goto('/en_US/awesome/config-checker');
  await hydrated(page);
  await expect(page.getByTestId('check-status')).toHaveText(/Paste or type a configuration/);
  await page.getByRole('textbox', {name: 'Configuration file'}).click();
  await page.keyboard.insertText('{"inbounds": [{"port": 1080, "protocol": "sock"}], "outbounds": [{"protocol": "freedom"}]}');
  await expect(page.getByTestId('check-status')).toContainText('Problems found: 1');
  expect(refused).toBe(1);
});
});
