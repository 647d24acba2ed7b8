import {test, expect, hydrated} from './fixtures';

const home = {
  zh: {path: '/', actions: [['快速上手', '/guide/start'], ['配置文档', '/config/overview']], footer: /MIT/},
  en: {path: '/en_US/', actions: [['Get Started', '/en_US/guide/start'], ['Configuration', '/en_US/config/overview']], footer: /MIT License/},
} as const;

for (const locale of ['zh', 'en'] as const) {
  test(`home page parts in ${locale}`, async ({page}) => {
    const h = home[locale];
    await page.goto(h.path);
    await hydrated(page);
    const hero = page.locator('header').filter({has: page.getByRole('heading', {level: 1})});
    await expect(hero.getByRole('img').filter({visible: true})).toHaveCount(1);
    await expect(hero.getByRole('heading', {level: 1})).toHaveText('Project V');
    await expect(hero.locator('p')).not.toBeEmpty();
    for (const [label, href] of h.actions) {
      await expect(hero.getByRole('link', {name: label})).toHaveAttribute('href', href);
    }
    const features = page.locator('main li').filter({has: page.getByRole('heading', {level: 2})});
    await expect(features).toHaveCount(6);
    for (const f of await features.all()) {
      await expect(f.getByRole('heading', {level: 2})).not.toBeEmpty();
      await expect(f.locator('p')).not.toBeEmpty();
    }
    await expect(page.getByRole('contentinfo')).toContainText(h.footer);
  });
}

test('the hero image follows the colour mode', async ({page}) => {
  await page.emulateMedia({colorScheme: 'light'});
  await page.goto('/');
  await hydrated(page);
  const visibleImage = page.locator('header img').filter({visible: true});
  await expect(visibleImage).toHaveAttribute('src', /\/img\/logo\.svg$/);
  await page.emulateMedia({colorScheme: 'dark'});
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(visibleImage).toHaveAttribute('src', /\/img\/logo-dark\.svg$/);
  await page.getByRole('button', {name: /模式/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(visibleImage).toHaveAttribute('src', /\/img\/logo\.svg$/);
});
