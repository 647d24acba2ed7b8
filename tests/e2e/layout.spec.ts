import {test, expect, hydrated, localePath, type Locale} from './fixtures';
import type {Locator, Page, TestInfo} from '@playwright/test';

// Layout at every width: from 320 px to 2560 px the navbar's items never overlap,
// leave the window or cut their text, in both languages and both colour modes; every item stays
// reachable (in the bar, or in the menu behind the menu button); and the docs sidebar follows the
// site's breakpoint (mobile at 719 px and narrower), not Docusaurus's 996 px.
//
// The navbar's steps (src/constants.ts navbarLinkStepsPx, src/css/custom.css): all six links from
// 1360 px; 1280-1359 five, 1200-1279 four, 1120-1199 three, 997-1119 two, the rest in the menu
// behind the menu button; 996 px and narrower every item but the brand and the search box is in
// the menu (Docusaurus's own breakpoint).
const widths = [320, 390, 719, 720, 996, 997, 1024, 1119, 1120, 1199, 1200, 1279, 1280, 1359, 1360, 1366, 1920, 2560];
/** Both sides of each width where the layout changes: checked again in dark mode. */
const changeWidths = [719, 720, 996, 997, 1119, 1120, 1199, 1200, 1279, 1280, 1359, 1360];
/** The narrowest width of each navbar step, where the most is in the menu. */
const stepWidths = [320, 719, 720, 997, 1120, 1200, 1280, 1360];
/** How many of the six links (from the left) the bar holds at a width; the rest are in the menu. */
function linksInBar(width: number): number {
  if (width <= 996) return 0;
  return [1120, 1200, 1280, 1360].filter((step) => width >= step).length + 2;
}
const mobileMaxWidth = 719;
const height = 800;

const ui = {
  zh: {
    links: ['快速上手', '配置文档', '配置文档 v5（施工中）', '工具列表', '开发手册', '新手指南'],
    locale: '简体中文',
    menuLocale: '选择语言',
    menuButton: '切换导航栏',
    closeMenu: '关闭导航栏',
    docsSidebar: '文档侧边栏',
    sidebarLink: '内置 DNS 服务器',
  },
  en: {
    links: ['Quick Start', 'Config', 'Config v5 (WIP)', 'Tools', 'Developers', 'Concise Guide'],
    locale: 'English',
    menuLocale: 'Languages',
    menuButton: 'Toggle navigation bar',
    closeMenu: 'Close navigation bar',
    docsSidebar: 'Docs sidebar',
    sidebarLink: 'Built-in DNS Server',
  },
} as const;

const locales: Locale[] = ['zh', 'en'];
const path = '/config/routing';

const escape = (text: string) => text.replace(/[()]/g, '\\$&');
/** The label, exactly, or with the "opens in a new tab" suffix that external links carry. */
const linkName = (label: string) => new RegExp(`^${escape(label)}(\\s*[（(][^）)]*[）)])?$`);

const mainNav = (page: Page) => page.getByRole('navigation', {name: /^(main|主导航)$/i});
/** The bar itself, without the menu panel that also sits inside the navbar's <nav>. */
const bar = (page: Page) => mainNav(page).locator('.navbar__inner');
const menu = (page: Page) => mainNav(page).locator('.navbar-sidebar');

/** Every item the bar can show, by what a reader sees or hears. */
function barItems(page: Page, locale: Locale): [string, Locator][] {
  const t = ui[locale];
  const b = bar(page);
  return [
    ['brand', b.getByRole('link', {name: 'Project V', exact: true})],
    ...t.links.map((label): [string, Locator] => [label, b.getByRole('link', {name: linkName(label)})]),
    ['locale switcher', b.getByRole('button', {name: t.locale, exact: true})],
    ['GitHub', b.getByRole('link', {name: linkName('GitHub')})],
    ['colour toggle', b.getByRole('button', {name: /模式|mode/})],
    ['search box', b.locator('button.DocSearch-Button')],
    ['menu button', b.getByRole('button', {name: t.menuButton})],
  ];
}

type Box = {name: string; x: number; y: number; width: number; height: number; clipped: boolean; partOf?: string};

async function boxOf(name: string, locator: Locator): Promise<Box> {
  const box = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height, clipped: el.scrollWidth > el.clientWidth};
  });
  return {name, ...box};
}

/**
 * The search button's label and its shortcut hint (Ctrl K): each must fit inside the button
 * (DocSearch hides both at 768 px and narrower, leaving the icon).
 */
async function searchParts(page: Page, search: Locator): Promise<Box[]> {
  const parts: Box[] = [];
  for (const [name, selector] of [['search placeholder', '.DocSearch-Button-Placeholder'], ['search hint', '.DocSearch-Button-Keys']] as const) {
    const part = search.locator(selector);
    if (!(await part.isVisible())) continue;
    const box = await boxOf(name, part);
    const outer = await boxOf('search box', search);
    const outside = box.x < outer.x - 0.5 || box.x + box.width > outer.x + outer.width + 0.5;
    parts.push({...box, clipped: box.clipped || outside, partOf: 'search box'});
  }
  if (page.viewportSize()!.width > 768) expect(parts.map((p) => p.name)).toEqual(['search placeholder', 'search hint']);
  return parts;
}

async function visibleBoxes(page: Page, locale: Locale): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const [name, locator] of barItems(page, locale)) {
    if (!(await locator.isVisible())) continue;
    boxes.push(await boxOf(name, locator));
    if (name === 'search box') boxes.push(...await searchParts(page, locator));
  }
  return boxes;
}

const overlap = (a: Box, b: Box) =>
  a.partOf !== b.name && b.partOf !== a.name
  && Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5
  && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

async function open(page: Page, locale: Locale, width: number): Promise<void> {
  await page.setViewportSize({width, height});
  await page.goto(localePath(path, locale));
  await hydrated(page);
  await expect(page.locator('article h1')).toBeVisible();
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({path: file});
  await testInfo.attach(name, {path: file, contentType: 'image/png'});
}

/**
 * The bar's visible items: the brand and the search box are there, and none overlaps another,
 * leaves the window, or cuts its own text or the site title. Soft, so a failure lists every fault.
 */
async function expectNavbarFits(page: Page, locale: Locale, width: number): Promise<void> {
  const boxes = await visibleBoxes(page, locale);
  expect.soft(boxes.map((b) => b.name), 'brand and search box shown').toEqual(expect.arrayContaining(['brand', 'search box']));
  const overlaps = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => overlap(a, b)).map((b) => `${a.name} / ${b.name}`));
  expect.soft(overlaps, 'navbar items drawn over each other').toEqual([]);
  const outside = boxes.filter((b) => b.x < -0.5 || b.x + b.width > width + 0.5).map((b) => b.name);
  expect.soft(outside, 'navbar items outside the window').toEqual([]);
  const clipped = boxes.filter((b) => b.clipped).map((b) => b.name);
  expect.soft(clipped, 'navbar items whose content is cut').toEqual([]);
  const title = bar(page).getByText('Project V', {exact: true});
  const titleWidths = await title.evaluate((el) => ({scroll: el.scrollWidth, client: el.clientWidth}));
  expect.soft(titleWidths.scroll, 'site title cut short').toBeLessThanOrEqual(titleWidths.client);
}

/**
 * Each item the bar leaves out is in the menu (the menu is open): at 719 px and narrower the menu
 * opens on the docs sidebar, and its back button leads to the navbar's items.
 */
async function expectMenuHolds(page: Page, locale: Locale, width: number, missing: string[]): Promise<void> {
  const t = ui[locale];
  const m = menu(page);
  await expect(page.getByRole('button', {name: t.closeMenu})).toBeVisible();
  if (width <= mobileMaxWidth) await m.getByRole('button', {name: /←/}).click();
  for (const name of missing) {
    const inMenu = {
      'locale switcher': m.getByRole('button', {name: t.menuLocale}),
      GitHub: m.getByRole('link', {name: linkName('GitHub')}),
      'colour toggle': m.getByRole('button', {name: /模式|mode/}),
    }[name] ?? m.getByRole('link', {name: linkName(name)});
    await expect(inMenu, `${name} in the menu`).toBeVisible();
  }
}

// One page load per locale, width and colour mode: the checks below only read the page until the
// menu button is pressed, and the menu is opened once for all of them (each check is a step, so a
// failure names it). The dark mode is a second load of the same page with the scheme switched.
for (const locale of locales) {
  for (const width of widths) {
    const mobile = width <= mobileMaxWidth;
    const step = stepWidths.includes(width);
    const dark = changeWidths.includes(width);
    const checks = [
      'navbar items neither overlap nor clip',
      ...(step ? ['each navbar item is in the bar or in the menu'] : []),
      `the docs sidebar is ${mobile ? 'behind the menu button' : 'beside the page'}`,
      ...(dark ? ['in dark mode the navbar items neither overlap nor clip'] : []),
    ];
    test(`${checks.join('; ')} at ${width} px (${locale})`, async ({page}, testInfo) => {
      test.setTimeout(dark ? 120_000 : 90_000);
      const t = ui[locale];
      await page.emulateMedia({colorScheme: 'light'});
      await open(page, locale, width);
      await test.step('navbar items neither overlap nor clip', async () => {
        await attachScreenshot(page, testInfo, `navbar-${locale}-${width}-light`);
        await expectNavbarFits(page, locale, width);
      });
      const items = barItems(page, locale).filter(([name]) => name !== 'menu button');
      const shown: string[] = [];
      if (step) {
        await test.step('each navbar item is in the bar', async () => {
          for (const [name, locator] of items) if (await locator.isVisible()) shown.push(name);
          expect(shown).toEqual([
            'brand',
            ...t.links.slice(0, linksInBar(width)),
            ...(width > 996 ? ['locale switcher', 'GitHub', 'colour toggle'] : []),
            'search box',
          ]);
        });
      }
      const docsSidebar = page.getByRole('navigation', {name: t.docsSidebar});
      const sidebarLink = docsSidebar.getByRole('link', {name: t.sidebarLink, exact: true});
      const menuButton = bar(page).getByRole('button', {name: t.menuButton});
      await test.step(`the docs sidebar is ${mobile ? 'hidden' : 'beside the page'}`, async () => {
        if (mobile) {
          await expect(sidebarLink).toBeHidden();
          await expect(menuButton).toBeVisible();
          return;
        }
        await expect(sidebarLink).toBeVisible();
        const sidebarBox = (await docsSidebar.boundingBox())!;
        const articleBox = (await page.locator('article').boundingBox())!;
        expect(sidebarBox.x).toBeGreaterThanOrEqual(0);
        expect(sidebarBox.width).toBeGreaterThan(150);
        expect(sidebarBox.x + sidebarBox.width, 'sidebar left of the article').toBeLessThanOrEqual(articleBox.x);
        expect(articleBox.width, 'article keeps room to read').toBeGreaterThan(300);
      });
      if (width >= 1360) {
        await test.step('no menu button', async () => {
          await expect(menuButton).toBeHidden();
        });
      } else {
        await test.step('the menu', async () => {
          await menuButton.click();
          if (mobile) {
            // The docs sidebar is in the menu.
            await expect(menu(page).getByRole('link', {name: t.sidebarLink, exact: true})).toBeVisible();
            await attachScreenshot(page, testInfo, `menu-${locale}-${width}`);
          } else {
            // Where the navbar is collapsed, its menu holds the navbar's items but not the docs sidebar.
            await expect(menu(page).getByRole('link', {name: t.links[0], exact: true})).toBeVisible();
            await expect(menu(page).getByRole('link', {name: t.sidebarLink, exact: true})).toHaveCount(0);
          }
          if (step) await expectMenuHolds(page, locale, width, items.map(([name]) => name).filter((n) => !shown.includes(n)));
        });
      }
      if (dark) {
        await test.step('in dark mode the navbar items neither overlap nor clip', async () => {
          // The site follows the system colour scheme until the reader picks one.
          await page.emulateMedia({colorScheme: 'dark'});
          await open(page, locale, width);
          await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
          await attachScreenshot(page, testInfo, `navbar-${locale}-${width}-dark`);
          await expectNavbarFits(page, locale, width);
        });
      }
    });
  }
}
