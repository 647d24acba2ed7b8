import type {Page} from '@playwright/test';
import {test, expect, hydrated, searchResultsMs} from '../fixtures';
import {expectStrictScripts, policyOf, recordCsp} from '../csp';
import {fakeAlgolia, type Behaviour} from './fake-algolia';

// The DocSearch build's Content-Security-Policy (builder/csp/csp.mjs): the only other hosts it
// names are the app's search hosts, in connect-src, and searching breaks none of it, whether the
// first host answers or the client goes on to its fallbacks (the connection refused) and then to the
// local index. Run against `npm run build:docsearch`, every Algolia request answered by fakeAlgolia.
//
// One violation is expected and allowed: DocSearch 4.7 bundles zod 4, which probes once whether
// eval works (`try{return Function(""),!0}catch(e){return!1}`) and, refused, validates without
// compiling. That probe must be the only eval refused, and only from the file that holds it.
const zodProbe = 'try{return Function(""),!0}catch(e){return!1}';

/** The violations left once zod's eval probe is taken out (each file checked to hold the probe). */
async function unexpected(page: Page, violations: string[]): Promise<string[]> {
  const left: string[] = [];
  for (const v of violations) {
    const file = /^script-src blocked eval in \S+ from (\S+)$/.exec(v)?.[1];
    if (file && (await (await page.request.get(file)).text()).includes(zodProbe)) continue;
    left.push(v);
  }
  return left;
}

test.describe.configure({timeout: 120_000});

const hosts = ['https://testappid-dsn.algolia.net', 'https://testappid-1.algolianet.com', 'https://testappid-2.algolianet.com', 'https://testappid-3.algolianet.com'];

const cases: [string, Behaviour][] = [
  ['answering', {hits: () => [{url: 'https://www.v2fly.org/config/routing.html#ruleobject', lvl0: '通用配置', lvl1: '路由', lvl2: 'RuleObject'}]}],
  ['unreachable', {fail: true}],
];

for (const [how, behaviour] of cases) test.describe(`hosted service ${how}`, () => {
  // The refused connections to each of the four hosts are reported on the console.
  if (behaviour.fail) test.use({allowedConsoleErrors: [/net::ERR_CONNECTION_REFUSED/]});

  test(`the search modal with the hosted service ${how} breaks none of the policy`, async ({page}) => {
    const seen = await fakeAlgolia(page, behaviour);
    const csp = await recordCsp(page);
    const response = await page.goto('/config/overview');
    await hydrated(page);
    const policy = await policyOf(page, await response!.text());
    expectStrictScripts(policy);
    expect(/(?:^|;\s*)connect-src ([^;]*)/.exec(policy)?.[1]?.split(' ')).toEqual(["'self'", ...hosts]);
    expect(policy.match(/algolia/g)).toHaveLength(hosts.length);
    await page.getByRole('button', {name: /搜索|Search/}).first().click();
    await page.locator('input.DocSearch-Input').fill('RuleObject');
    await expect(page.locator('.DocSearch-Hit a[href="/config/routing#ruleobject"]').first()).toBeVisible({timeout: searchResultsMs});
    expect(seen.some((r) => r.query === 'RuleObject'), 'the hosted service was asked').toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await unexpected(page, csp.violations)).toEqual([]);
    expect(csp.console.filter((m) => !/'unsafe-eval'/.test(m))).toEqual([]);
  });
});
