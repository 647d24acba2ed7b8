import {test, expect, hydrated} from './fixtures';

const messages = [
  "There's nothing here.",
  'How did we get here?',
  "That's a Four-Oh-Four.",
  "Looks like we've got some broken links.",
];

const randomTries = 12;

// The document itself answers 404, which Chromium reports on the console; only these addresses
// may (a missing chunk or image would also log "status of 404").
test.use({expectedNotFound: [
  '/no/such/page', '/config/no-such-page.html', '/en_US/no/such/page',
  ...Array.from({length: randomTries}, (_, i) => `/nothing-${i}`),
]});

for (const [address, link, home] of [
  ['/no/such/page', '带我回首页', '/'],
  ['/config/no-such-page.html', '带我回首页', '/'],
  ['/en_US/no/such/page', 'Take me home', '/en_US/'],
] as const) {
  test(`unknown path ${address} shows the 404 page`, async ({page}) => {
    const response = await page.goto(address);
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('404');
    const text = (await page.locator('main p').first().textContent())?.trim();
    expect(messages).toContain(text);
    const homeLink = page.getByRole('link', {name: link});
    await expect(homeLink).toHaveAttribute('href', home);
    await homeLink.click();
    await expect(page).toHaveURL(home);
  });
}

test('the 404 message is picked at random', async ({page}) => {
  const seen = new Set<string>();
  for (let i = 0; i < randomTries && seen.size < 2; i += 1) {
    await page.goto(`/nothing-${i}`);
    await hydrated(page);
    const p = page.locator('main p').first();
    await expect(p).not.toHaveText(/^\s*$/);
    seen.add((await p.textContent()) ?? '');
  }
  expect(seen.size).toBeGreaterThan(1);
});

test('the build emits 404.html for static hosts', async ({request}) => {
  for (const file of ['/404.html', '/en_US/404.html']) {
    const response = await request.get(file);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('404');
  }
});
