import {test, expect, hydrated} from './fixtures';

// Issue 6: code is highlighted by src/prism (Prism core with the docs' languages) instead of
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
    const colours = await code.locator('span.token').evaluateAll((spans) => new Set(spans.map((s) => getComputedStyle(s).color)).size);
    expect(colours).toBeGreaterThan(1);
  });
}

test('a fence in a language without a grammar shows its text plainly', async ({page}) => {
  await page.goto('/developer/protocols/vmess');
  await hydrated(page);
  const text = page.locator('pre.language-text').first();
  await expect(text).toBeVisible();
  expect(await text.locator('span.token.plain').count()).toBeGreaterThan(0);
  await expect(text.locator('span.token:not(.plain)')).toHaveCount(0);
});
