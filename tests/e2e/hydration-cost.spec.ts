import {test, expect, hydrated} from './fixtures';

// Work a doc page's hydration does not do (issue 39): setting up ICU's collator (the first
// String#localeCompare: 35 to 150 ms at 4× CPU; src/plugins/codeUnitSort) or its date formatting
// (the first Intl.DateTimeFormat: 15 to 40 ms; src/theme/LastUpdated), and Prism (the server's
// highlighting is kept: highlight.spec.ts). Counted by wrapping both before the page's scripts run.
for (const path of ['/config/routing', '/en_US/guide/install']) {
  test(`${path} hydrates without localeCompare or Intl.DateTimeFormat`, async ({page}) => {
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as {__icuCalls: string[]}).__icuCalls = calls;
      const compare = String.prototype.localeCompare;
      String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof compare>) {
        calls.push(`localeCompare ${new Error().stack?.split('\n')[2]?.trim() ?? ''}`);
        return compare.apply(this, args);
      };
      const Format = Intl.DateTimeFormat;
      Intl.DateTimeFormat = new Proxy(Format, {
        construct(target, args: ConstructorParameters<typeof Format>) {
          calls.push(`DateTimeFormat ${new Error().stack?.split('\n')[2]?.trim() ?? ''}`);
          return new target(...args);
        },
        apply(target, thisArg, args: ConstructorParameters<typeof Format>) {
          calls.push(`DateTimeFormat ${new Error().stack?.split('\n')[2]?.trim() ?? ''}`);
          return Reflect.apply(target, thisArg, args) as Intl.DateTimeFormat;
        },
      });
    });
    await page.goto(path);
    await hydrated(page);
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), {timeout: 5000})));
    // the page has the parts that used them: code blocks, breadcrumbs and a last-updated date
    await expect(page.locator('pre code').first()).toBeAttached();
    await expect(page.locator('nav.theme-doc-breadcrumbs')).toBeAttached();
    await expect(page.locator('article footer time')).toBeAttached();
    expect(await page.evaluate(() => (window as unknown as {__icuCalls: string[]}).__icuCalls)).toEqual([]);
  });
}
