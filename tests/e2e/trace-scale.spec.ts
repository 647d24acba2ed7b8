import type {Page} from '@playwright/test';
import {test, expect, hydrated, localePath} from './fixtures';
import {worstTraces} from '../../scripts/bench/checkerTiming.mjs';

/**
 * The trace panel on what a link or a large configuration can carry: a trace over 10,000 rules
 * and a trace through regexp:(a+)+$ answer (issue 42: neither gave an answer within 15 s; how
 * fast they answer is the bench's figure, `npm run bench`, scripts/bench/checkerTiming.mjs
 * timeTraces, against 200 ms, never a timed test); the shadowed-rule check runs in a worker,
 * once per configuration; what the toolkit refuses is said, with its reason, and not traced.
 */

/** Longer than any answer here on a loaded machine, far shorter than issue 42's hangs. */
const answerWithin = 10_000;

const load = async (page: Page, config: unknown): Promise<void> => {
  await page.goto(localePath('/awesome/config-checker', 'en'));
  await hydrated(page);
  await page.evaluate((hash) => { window.location.hash = hash; }, `trace=${encodeURIComponent(JSON.stringify(config))}`);
  await expect(page.getByRole('heading', {name: 'Where does this connection go?'})).toBeVisible({timeout: 60_000});
};

/**
 * Puts `before` into the field named `label` and waits for the summary to say `beforeResult`;
 * then puts `value` there and waits for the summary to say `expected` instead.
 */
async function traceAnswers(page: Page, label: string, before: string, beforeResult: string, value: string, expected: string): Promise<void> {
  const field = page.getByRole('textbox', {name: label});
  const summary = page.getByTestId('trace-summary');
  await field.fill(before);
  await expect(summary).toContainText(beforeResult);
  await expect(summary).not.toContainText(expected);
  await field.fill(value);
  await expect(summary).toContainText(expected, {timeout: answerWithin});
}

/** Loads `c`'s configuration, fills its destination, and waits for its trace to answer. */
async function worstCaseAnswers(page: Page, c: (typeof worstTraces)[keyof typeof worstTraces]): Promise<void> {
  await load(page, c.config);
  if (c.destination) await page.getByRole('textbox', {name: 'Destination (domain or IP)'}).fill(c.destination);
  await traceAnswers(page, c.label, c.before, c.beforeResult, c.value, c.expected);
}

// one port per rule, 1 to 10,000 (the checker takes texts up to 1 MB: this one is 0.93 MB laid out)
test('a trace over 10,000 rules answers, and folds the rules that do not match', async ({page}) => {
  test.setTimeout(180_000);
  // port 1 is rule 1's (outbound b); port 20000 is no rule's: all 10,000 are tried, then the default a
  await worstCaseAnswers(page, worstTraces.rules10k);
  // the 9,999 rules that do not match are folded, not listed
  await expect(page.getByTestId('trace-route').locator('li[data-step="folded"]')).toContainText('Rules 4 to 10000 do not match either (9997 rules)');
});

test('a trace through regexp:(a+)+$ with a 30-letter name answers', async ({page}) => {
  await worstCaseAnswers(page, worstTraces.regexp);
});

test('the shadowed-rule check runs in the page\'s one worker of its own origin, started with the checker, and its warning appears', async ({page}) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(localePath('/awesome/config-checker', 'en'));
  await hydrated(page);
  // none with the page: the checker is fetched when the reader starts using it (config-checker-lazy.spec.ts)
  await expect(page.getByTestId('check-status')).toHaveText(/Paste or type a configuration/);
  expect(workers).toEqual([]);
  // the checker's worker and the trace panel's are made with the checker, before any configuration
  await page.getByRole('textbox', {name: 'Configuration file'}).focus();
  await expect.poll(() => workers.length).toBe(2);
  for (const url of workers) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
  const config = {outbounds: [{tag: 'a', protocol: 'freedom'}, {tag: 'b', protocol: 'freedom'}], routing: {rules: [
    {type: 'field', domain: ['domain:example.com'], outboundTag: 'a'},
    {type: 'field', domain: ['full:www.example.com'], outboundTag: 'b'},
  ]}};
  await page.evaluate((hash) => { window.location.hash = hash; }, `trace=${encodeURIComponent(JSON.stringify(config))}`);
  await expect(page.getByRole('heading', {name: 'Where does this connection go?'})).toBeVisible({timeout: 60_000});
  await page.getByRole('textbox', {name: 'Destination (domain or IP)'}).fill('www.example.com');
  await expect(page.locator('[data-warning="shadowedRule"]')).toContainText('Rule 2 is never used: the earlier rule 1 covers all of its conditions.');
  // typing makes no new worker, and neither does a new configuration (the same worker answers it)
  await page.getByRole('textbox', {name: 'Destination (domain or IP)'}).fill('example.com');
  await expect(page.getByTestId('trace-summary')).toContainText('Result: outbound a');
  const reversed = {...config, routing: {rules: [...config.routing.rules].reverse()}};
  await page.evaluate((hash) => { window.location.hash = hash; }, `trace=${encodeURIComponent(JSON.stringify(reversed))}`);
  await page.getByRole('textbox', {name: 'Destination (domain or IP)'}).fill('www.example.com');
  await expect(page.getByTestId('trace-summary')).toContainText('Result: outbound b');
  await expect(page.locator('[data-warning="shadowedRule"]')).toHaveCount(0);
  expect(workers.length).toBe(2);
});

for (const [what, config, reason] of [
  ['a rule port the toolkit refuses', {outbounds: [{tag: 'a'}], routing: {rules: [{type: 'field', port: '60000-80000', outboundTag: 'a'}]}}, 'invalid port range: 60000-80000'],
  ['a rule without an effective condition', {outbounds: [{tag: 'a'}], routing: {rules: [{type: 'field', domain: [], outboundTag: 'a'}]}}, 'this rule has no effective fields'],
  ['a pattern Go refuses', {outbounds: [{tag: 'a'}], routing: {rules: [{type: 'field', domain: ['regexp:(?=x)x'], outboundTag: 'a'}]}}, 'invalid or unsupported Perl syntax'],
  ['a v5 enum named like an Object member', {outbounds: [{tag: 'a'}], router: {rule: [{tag: 'a', domain: [{type: 'constructor', value: 'x'}]}]}}, 'unknown value "constructor" for enum Domain.Type'],
] as const) {
  test(`${what}: the panel says V2Ray will not start, with the toolkit's reason, and traces nothing`, async ({page}) => {
    await load(page, config);
    await page.getByRole('textbox', {name: 'Destination (domain or IP)'}).fill('example.com');
    await expect(page.getByTestId('trace-refused')).toContainText('V2Ray 5.52.0 will not start with this configuration');
    await expect(page.getByTestId('trace-errors')).toContainText(reason);
    await expect(page.getByTestId('trace-summary')).toHaveCount(0);
    await expect(page.getByTestId('trace-route')).toHaveCount(0);
  });
}
