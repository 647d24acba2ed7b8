import {test, expect, hydrated} from './fixtures';
import type {Page} from '@playwright/test';

// On screens 719 px wide and narrower the sidebar opens with a swipe from the left
// edge (start within 80 px, more than 40 px, mostly horizontal) and closes with a swipe back or a
// tap on the mask; it closes on every navigation.
test.use({viewport: {width: 375, height: 740}, hasTouch: true, isMobile: true});

type Point = {x: number; y: number};

/** A one-finger swipe through the browser's real touch input. */
async function swipe(page: Page, from: Point, to: Point): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: [from]});
  for (const t of [0.25, 0.5, 0.75, 1]) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t}],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []});
  await cdp.detach();
}

const closeButton = (page: Page) => page.getByRole('button', {name: '关闭导航栏'});

async function open(page: Page, path = '/config/routing'): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await expect(closeButton(page)).toBeHidden();
}

test('a swipe from the left edge opens the sidebar', async ({page}) => {
  await open(page);
  await swipe(page, {x: 20, y: 400}, {x: 200, y: 420});
  await expect(closeButton(page)).toBeVisible();
});

test('a swipe starting 81 px or more from the edge does not open it', async ({page}) => {
  await open(page);
  await swipe(page, {x: 81, y: 400}, {x: 260, y: 400});
  await swipe(page, {x: 120, y: 400}, {x: 300, y: 400});
  // The same gesture from the edge does, so the two above were really seen and refused.
  await expect(closeButton(page)).toBeHidden();
  await swipe(page, {x: 80, y: 400}, {x: 260, y: 400});
  await expect(closeButton(page)).toBeVisible();
});

test('a short or mostly vertical swipe does not open it', async ({page}) => {
  await open(page);
  await swipe(page, {x: 10, y: 400}, {x: 50, y: 400});
  await swipe(page, {x: 10, y: 300}, {x: 110, y: 450});
  await expect(closeButton(page)).toBeHidden();
  await swipe(page, {x: 10, y: 400}, {x: 51, y: 400});
  await expect(closeButton(page)).toBeVisible();
});

test('a swipe to the left closes it', async ({page}) => {
  await open(page);
  await swipe(page, {x: 10, y: 400}, {x: 200, y: 400});
  await expect(closeButton(page)).toBeVisible();
  await swipe(page, {x: 250, y: 400}, {x: 100, y: 410});
  await expect(closeButton(page)).toBeHidden();
});

test('a tap on the mask closes it', async ({page}) => {
  await open(page);
  await page.getByRole('button', {name: '切换导航栏'}).tap();
  await expect(closeButton(page)).toBeVisible();
  await page.touchscreen.tap(360, 400);
  await expect(closeButton(page)).toBeHidden();
});

test('the sidebar closes when the page changes by Alt+Right', async ({page}) => {
  await open(page, '/guide/start');
  await page.getByRole('button', {name: '切换导航栏'}).tap();
  await expect(closeButton(page)).toBeVisible();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page).not.toHaveURL('/guide/start');
  await expect(closeButton(page)).toBeHidden();
});

test('the sidebar closes after following one of its links', async ({page}) => {
  await open(page, '/config/routing');
  await page.getByRole('button', {name: '切换导航栏'}).tap();
  await page.getByRole('link', {name: '内置 DNS 服务器', exact: true}).first().tap();
  await expect(page).toHaveURL('/config/dns');
  await expect(closeButton(page)).toBeHidden();
});

// The sidebar's menus are created when it first opens (src/theme/Navbar/MobileSidebar/
// Layout), not after every page load on a phone; once created they stay.
test('the sidebar gets its menus when it first opens, and keeps them', async ({page}) => {
  await open(page, '/config/routing');
  const sidebarLinks = page.locator('.navbar-sidebar a.menu__link');
  await expect(page.locator('.navbar-sidebar')).toBeAttached();
  await expect(sidebarLinks).toHaveCount(0);
  await page.getByRole('button', {name: '切换导航栏'}).tap();
  await expect(page.getByRole('link', {name: '内置 DNS 服务器', exact: true}).first()).toBeVisible();
  const count = await sidebarLinks.count();
  expect(count).toBeGreaterThan(10);
  await closeButton(page).tap();
  await expect(closeButton(page)).toBeHidden();
  await expect(sidebarLinks).toHaveCount(count);
});

test.describe('on a 719 px screen', () => {
  test.use({viewport: {width: 719, height: 740}});
  test('a swipe from the edge opens the sidebar, with the docs sidebar in it', async ({page}) => {
    await open(page);
    await expect(page.getByRole('navigation', {name: '文档侧边栏'})).toBeHidden();
    await swipe(page, {x: 10, y: 400}, {x: 300, y: 400});
    await expect(closeButton(page)).toBeVisible();
    await expect(page.getByRole('link', {name: '内置 DNS 服务器', exact: true})).toBeVisible();
  });
});

// From 720 px the docs sidebar is beside the page (layout.spec.ts); the menu button still opens
// the navbar's menu, which holds the navbar's links only.
test.describe('on a 720 px screen', () => {
  test.use({viewport: {width: 720, height: 740}});
  test('a swipe from the edge does not open the sidebar', async ({page}) => {
    // Above 719 px the site leaves sideways swipes to the browser (swipe-to-go-back); keep the
    // page here so that what is checked is our handler refusing the swipe.
    await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.style.overscrollBehaviorX = 'none';
    }));
    await open(page);
    await swipe(page, {x: 10, y: 400}, {x: 300, y: 400});
    await expect(closeButton(page)).toBeHidden();
    await page.getByRole('button', {name: '切换导航栏'}).tap();
    await expect(closeButton(page)).toBeVisible();
  });
});
