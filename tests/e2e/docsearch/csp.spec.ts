import {test, expect, hydrated, searchResultsMs} from '../fixtures';
import {expectStrictScripts, policyOf, recordCsp} from '../csp';
import {fakeAlgolia, type Behaviour} from './fake-algolia';

// The DocSearch build's Content-Security-Policy (scripts/csp/csp.mjs): the only other hosts it
// names are the app's search hosts, in connect-src, and searching breaks none of it, whether the
// first host answers or the client goes on to its fallbacks (the connection refused) and then to the
// local index. Run against `npm run build:docsearch`, every Algolia request answered by fakeAlgolia.

test.describe.configure({timeout: 120_000});

const hosts = ['https://testappid-dsn.algolia.net', 'https://testappid-1.algolianet.com', 'https://testappid-2.algolianet.com', 'https://testappid-3.algolianet.com'];

const cases: [string, Behaviour][] = [
  ['answering', {hits: () => [{url: 'https://www.v2fly.org/config/routing.html#ruleobject', lvl0: '通用配置', lvl1: '路由', lvl2: 'RuleObject'}]}],
  ['unreachable', {fail: true}],
];

for (const [how, behaviour] of cases) {
  test(`the search modal with the hosted service ${how} breaks none of the policy`, async ({page}) => {
    const seen = await fakeAlgolia(page, behaviour);
    const csp = await recordCsp(page);
    const response = await page.goto('/config/overview');
    await hydrated(page);
    const policy = await policyOf(page, await response!.text());
    expectStrictScripts(policy);
    expect(/(?:^|;\s*)connect-src ([^;]*)/.exec(policy)?.[1].split(' ')).toEqual(["'self'", ...hosts]);
    expect(policy.match(/algolia/g)).toHaveLength(hosts.length);
    await page.getByRole('button', {name: /搜索|Search/}).first().click();
    await page.locator('input.DocSearch-Input').fill('RuleObject');
    await expect(page.locator('.DocSearch-Hit a[href="/config/routing#ruleobject"]').first()).toBeVisible({timeout: searchResultsMs});
    expect(seen.some((r) => r.query === 'RuleObject'), 'the hosted service was asked').toBe(true);
    await page.waitForLoadState('networkidle');
    expect(csp.violations).toEqual([]);
    expect(csp.console).toEqual([]);
  });
}
