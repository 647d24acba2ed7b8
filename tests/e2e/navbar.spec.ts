import {test, expect, hydrated} from './fixtures';

const items = {
  zh: [
    ['快速上手', '/guide/start'],
    ['配置文档', '/config/overview'],
    ['配置文档 v5（施工中）', '/v5/config/overview'],
    ['工具列表', '/awesome/tools'],
    ['开发手册', '/developer/intro/compile'],
    ['新手指南', 'https://guide.v2fly.org'],
    ['GitHub', 'https://github.com/v2fly/v2ray-core'],
  ],
  en: [
    ['Quick Start', '/en_US/guide/start'],
    ['Config', '/en_US/config/overview'],
    ['Config v5 (WIP)', '/en_US/v5/config/overview'],
    ['Tools', '/en_US/awesome/tools'],
    ['Developers', '/en_US/developer/intro/compile'],
    ['Concise Guide', 'https://guide.v2fly.org'],
    ['GitHub', 'https://github.com/v2fly/v2ray-core'],
  ],
} as const;

// Every link sits in the bar from 1360 px up; narrower, the rightmost ones move into the menu
// (layout.spec.ts), which lists them all.
test.use({viewport: {width: 1920, height: 1080}});

for (const [locale, home] of [['zh', '/'], ['en', '/en_US/']] as const) {
  test(`navbar targets in ${locale}`, async ({page}) => {
    await page.goto(home);
    await hydrated(page);
    const nav = page.getByRole('navigation', {name: /main|主导航/i});
    for (const [label, href] of items[locale]) {
      // External links carry an "opens in a new tab" suffix in their accessible name.
      const name = href.startsWith('/') ? label : new RegExp(`^${label.replace(/[()]/g, '\\$&')}`);
      await expect(nav.getByRole('link', {name, exact: true})).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('button', {name: /mode|模式/})).toBeVisible();
  });

  test(`navbar entries open their pages in ${locale}`, async ({page}) => {
    for (const [label, href] of items[locale].filter(([, h]) => h.startsWith('/'))) {
      await page.goto(home);
      await hydrated(page);
      await page.getByRole('navigation', {name: /main|主导航/i}).getByRole('link', {name: label, exact: true}).click();
      await expect(page).toHaveURL(href);
      await expect(page.locator('article h1')).toBeVisible();
    }
  });

  test(`the navbar's menu has the same targets in ${locale} at 1024 px`, async ({page}) => {
    await page.setViewportSize({width: 1024, height: 800});
    await page.goto(home);
    await hydrated(page);
    const nav = page.getByRole('navigation', {name: /main|主导航/i});
    await nav.getByRole('button', {name: locale === 'zh' ? '切换导航栏' : 'Toggle navigation bar'}).click();
    const menu = nav.locator('.navbar-sidebar');
    for (const [label, href] of items[locale]) {
      const name = href.startsWith('/') ? label : new RegExp(`^${label.replace(/[()]/g, '\\$&')}`);
      await expect(menu.getByRole('link', {name, exact: true})).toHaveAttribute('href', href);
    }
  });
}
