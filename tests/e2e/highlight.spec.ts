import {test, expect, hydrated, recordScripts} from './fixtures';

// Code is highlighted by src/prism (Prism core with the docs' languages) instead of
// prism-react-renderer's bundled Prism. Each language still gets its tokens, the same on the
// server-rendered page and after hydration (the fixture fails on a hydration error).
const cases = [
  {path: '/config/routing', language: 'json', token: 'property'},
  {path: '/config/overview', language: 'jsonc', token: 'comment'},
  {path: '/config/api', language: 'bash', token: 'parameter'},
  {path: '/developer/intro/design', language: 'go', token: 'keyword'},
  {path: '/guide/install', language: 'powershell', token: 'function'},
  {path: '/developer/intro/releasearchive', language: 'ini', token: 'section-name'},
];

for (const {path, language, token} of cases) {
  test(`${language} code on ${path} is highlighted before and after hydration`, async ({page}) => {
    const response = await page.goto(path);
    const html = await response!.text();
    const block = new RegExp(`language-${language}[^>]*>[\\s\\S]*?class="?token [^"]*\\b${token}\\b`);
    expect(html).toMatch(block);
    await hydrated(page);
    const code = page.locator(`pre.language-${language}`).first();
    // Blocks in a tab that is not selected are hidden, so this checks presence, not visibility.
    await expect(code.locator(`span.token.${token}`).first()).toBeAttached();
    // A token's colour comes from the Prism theme, not from the plain text colour.
    const differing = await code.evaluate((pre) => {
      const plain = getComputedStyle(pre.querySelector('.token-line')!).color;
      return Array.from(pre.querySelectorAll('span.token')).filter((s) => getComputedStyle(s).color !== plain).length;
    });
    expect(differing).toBeGreaterThan(0);
  });
}

// Tokens that look like plain text in both colour modes (text Prism did not classify, and with
// this site's themes punctuation and operators) are written as text, not as spans
// (src/theme/CodeBlock/Line/Token: ~870 fewer elements on routing). Only an empty
// line keeps an (empty) span, which holds its height.
test('a fence in a language without a grammar shows its text plainly', async ({page}) => {
  await page.goto('/developer/protocols/vmess');
  await hydrated(page);
  const text = page.locator('pre.language-text').first();
  await expect(text).toBeVisible();
  expect((await text.innerText()).trim().length).toBeGreaterThan(20);
  await expect(text.locator('span.token:not(:empty)')).toHaveCount(0);
});

test('code writes what looks like plain text as text, in both colour modes', async ({page}) => {
  const response = await page.goto('/config/routing');
  expect(await response!.text()).not.toMatch(/class="token plain"[^>]*>[^<]/);
  await hydrated(page);
  const code = page.locator('pre.language-json').first();
  await expect(code.locator('span.token.property').first()).toBeAttached();
  // For each token span: does it look like the block's plain text (colour, style, opacity)?
  const looksPlain = () => code.evaluate((pre) => {
    const plain = getComputedStyle(pre.querySelector('.token-line')!);
    return Array.from(pre.querySelectorAll('span.token:not(:empty)')).map((span) => {
      const style = getComputedStyle(span);
      return style.color === plain.color && style.fontStyle === plain.fontStyle && style.opacity === '1';
    });
  });
  const light = await looksPlain();
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  const dark = await looksPlain();
  expect(light.length).toBeGreaterThan(10);
  expect(light.filter((plain, i) => plain && dark[i]), 'spans that look plain in both modes').toEqual([]);
  // The text between the spans is all there: "key": value, braces and commas.
  expect(await code.innerText()).toMatch(/"[a-zA-Z]+": [\s\S]*[{}],?/);
});

// Code colours are CSS by colour mode (src/plugins/prismColours/themes.ts, src/plugins/prismColours),
// so the server's HTML is right in dark mode too and CodeBlock (src/theme/CodeBlock) no longer
// re-creates every block once the page has hydrated.
test('code has its dark colours before hydration and keeps its elements after it', async ({page}) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/js/*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Deferred scripts hold back DOMContentLoaded, so wait for the parsed HTML instead.
  await page.goto('/config/routing', {waitUntil: 'commit'});
  await expect(page.locator('footer.footer')).toBeAttached();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'false');
  const tokens = page.locator('pre.language-json').first().locator('span.token');
  const colours = () => tokens.evaluateAll((spans) => spans.map((s) => getComputedStyle(s).color));
  const before = await colours();
  await page.locator('pre code').evaluateAll((codes) => codes.forEach((code) => code.setAttribute('data-test-mark', '')));
  const codeCount = await page.locator('pre code').count();

  release();
  await hydrated(page);
  // Let React finish what hydration scheduled (the upstream remount ran right after it).
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  expect(new Set(before).size, 'token colours besides the plain one').toBeGreaterThan(1);
  expect(await colours()).toEqual(before);
  await expect(page.locator('pre code[data-test-mark]')).toHaveCount(codeCount);
});

// Prism is not needed to hydrate: a block React hydrates keeps the server's lines (issue 39,
// src/theme/CodeBlock/Content). Only a block the browser writes itself, after an in-site
// navigation, highlights through Prism, which src/prism/tokenizerLazy loads in a chunk of its own
// (src/clientModules/prismAhead starts it as the navigation starts).
// An attribute name only Prism's core contains (<script data-manual>).
const prismIn = (scripts: ReturnType<typeof recordScripts>) => scripts.containing('data-manual');

// /guide/install's tabs are remounted by theme-classic once the page has hydrated: their blocks
// take the lines their first mount kept from the server.
for (const {path, language, token} of [cases[0]!, cases[4]!]) {
  test(`Prism is not loaded by a first visit of ${path}, whose highlighting is the server's`, async ({page}) => {
    const scripts = recordScripts(page);
    await page.goto('/');
    await hydrated(page);
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.count()).toBeGreaterThan(0);
    expect(await prismIn(scripts)).toEqual([]);
    await expect(page.locator(`pre.language-${language} span.token.${token}`).first()).toBeAttached();
    await expect(page.locator('pre code:empty')).toHaveCount(0);
  });
}

test('code reached by an in-site navigation is highlighted in the browser, with Prism loaded then', async ({page}) => {
  const scripts = recordScripts(page);
  await page.goto('/guide/start');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(await prismIn(scripts)).toEqual([]);
  await page.evaluate(() => { (window as unknown as {__stay: number}).__stay = 1; });
  await page.getByRole('navigation', {name: '文档侧边栏'}).getByRole('link', {name: '命令行参数'}).click();
  await expect(page).toHaveURL(/\/guide\/command$/);
  const code = page.locator('pre.language-bash').first();
  await expect(code.locator('span.token.comment').first()).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as {__stay?: number}).__stay), 'no full page load').toBe(1);
  await expect.poll(() => prismIn(scripts)).not.toEqual([]);
  // what the browser wrote is what the server writes for the same block
  const served = await page.request.get('/guide/command').then((r) => r.text());
  const servedLines = await page.evaluate((html) => new DOMParser().parseFromString(html, 'text/html').querySelector('pre.language-bash code')!.innerHTML, served);
  expect(await code.locator('code').innerHTML()).toBe(servedLines);
});

test.describe('when Prism cannot load', () => {
  // the aborted chunk (the message names no address)
  test.use({allowedConsoleErrors: [/^Failed to load resource: net::ERR_FAILED$/]});
  test('code reached by an in-site navigation shows its text plainly', async ({page}) => {
    await page.route(/\/assets\/js\/prism\.[0-9a-f]+\.js$/, (route) => route.abort());
    await page.goto('/guide/start');
    await hydrated(page);
    await page.getByRole('navigation', {name: '文档侧边栏'}).getByRole('link', {name: '命令行参数'}).click();
    await expect(page).toHaveURL(/\/guide\/command$/);
    const code = page.locator('pre.language-bash').first();
    await expect(code).toContainText('v2ray help');
    await expect(code.locator('span.token:not(:empty)')).toHaveCount(0);
  });
});

// Should React render the page afresh instead of hydrating it (a hydration error), the blocks it
// wrote as '' find their <code> empty after mount and write their lines themselves.
test.describe('after a hydration error', () => {
  test.use({allowedConsoleErrors: [/Minified React error #418|Hydration failed|hydrat/i]});
  test('code is shown and highlighted all the same', async ({page}) => {
    await page.route(/\/config\/routing$/, async (route) => {
      const response = await route.fetch();
      // text React's render will not match
      const body = (await response.text()).replace(/<h1>([^<]*)<\/h1>/, '<h1>$1 (changed)</h1>');
      await route.fulfill({response, body});
    });
    const errors: string[] = [];
    page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto('/config/routing');
    await hydrated(page);
    await expect.poll(() => errors.length, {message: 'the planted mismatch is a hydration error'}).toBeGreaterThan(0);
    await expect(page.locator('h1')).not.toContainText('(changed)');
    const code = page.locator('pre.language-json').first();
    await expect(code.locator('span.token.property').first()).toBeAttached();
    await expect(page.locator('pre code:empty')).toHaveCount(0);
  });
});
