import {expect, type Page} from '@playwright/test';

/**
 * What the Content-Security-Policy meta tag (builder/csp/csp.mjs) blocks on a page: every
 * `securitypolicyviolation` event of every document the page loads (recorded through a binding, so
 * a navigation loses none), and every console message about the policy, error or warning (the
 * shared fixture fails on errors, but the browser reports an ignored directive as a warning).
 */
export type CspRecord = {violations: string[]; console: string[]};

export async function recordCsp(page: Page): Promise<CspRecord> {
  const seen: CspRecord = {violations: [], console: []};
  await page.exposeBinding('__cspViolation', (_source, text: string) => { seen.violations.push(text); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as {__cspViolation: (t: string) => void}).__cspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${e.documentURI}${e.sourceFile ? ` from ${e.sourceFile}` : ''}${e.sample ? `: ${e.sample}` : ''}`);
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) seen.console.push(`${msg.type()}: ${msg.text()}`);
  });
  return seen;
}

/**
 * The page's policy: the served HTML has it as the first element of <head> (code may put elements
 * before it later, as CodeMirror does with its styles), and the live page holds exactly one.
 */
export async function policyOf(page: Page, html: string): Promise<string> {
  const served = /<head\b[^>]*><meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  expect(served, 'a CSP meta tag as the first element of <head>').toBeTruthy();
  const live = await page.locator('meta[http-equiv="Content-Security-Policy"]').evaluateAll((els) => els.map((el) => el.getAttribute('content')));
  expect(live).toHaveLength(1);
  const policy = (served as string).replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  expect(live[0]).toBe(policy);
  return policy;
}

/** What every page's policy must say: only the site's scripts and their hashes, no eval, no inline code. */
export function expectStrictScripts(policy: string): void {
  const script = /(?:^|;\s*)script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  expect(script.split(/\s+/).filter((s) => !/^'sha256-[A-Za-z0-9+/]+=*'$/.test(s)).sort()).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(policy).toMatch(/(?:^|;\s*)worker-src 'self'(;|$)/);
  expect(policy).toMatch(/(?:^|;\s*)object-src 'none'(;|$)/);
  expect(policy).not.toMatch(/'unsafe-eval'|https?:\/\/(?!\S*algolia)/);
}
