import {test, expect, hydrated, scrollBy} from './fixtures';
import type {Locator, Page} from '@playwright/test';

// Clicking an image zooms it in and out; zoom re-attaches 300 ms after each
// navigation; a scroll of 40 px closes it. The VMess developer page has a figure in both languages.
const page_ = '/developer/protocols/vmess';
const figureName = /VMess AEAD 请求的字节布局/;

function figure(page: Page): Locator {
  return page.getByRole('main').getByRole('img', {name: figureName});
}

/** The enlarged copy medium-zoom shows while an image is zoomed in. */
function zoomed(page: Page): Locator {
  return page.locator('.medium-zoom-image--opened');
}

/** Clicks an image and waits until the zoom-in animation ends (clicks during it are ignored). */
async function zoomIn(page: Page, image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  const opened = image.evaluate(
    (img) => new Promise<void>((resolve) => img.addEventListener('medium-zoom:opened', () => resolve(), {once: true})),
  );
  await image.click();
  await opened;
  await expect(zoomed(page)).toBeVisible();
}

test('clicking a content image zooms it in, a second click zooms it out', async ({page}) => {
  await page.goto(page_);
  await hydrated(page);
  await expect(figure(page)).toHaveClass(/medium-zoom-image/); // attached after 300 ms
  await zoomIn(page, figure(page));
  await zoomed(page).click();
  await expect(zoomed(page)).toHaveCount(0);
  await expect(figure(page)).toBeVisible();
});

test('clicking the overlay around a zoomed image zooms it out', async ({page}) => {
  await page.goto(page_);
  await hydrated(page);
  await expect(figure(page)).toHaveClass(/medium-zoom-image/);
  await zoomIn(page, figure(page));
  // The top-left corner: the overlay covers the navbar there, the zoomed image does not.
  await page.mouse.click(3, 3);
  await expect(zoomed(page)).toHaveCount(0);
});

test('the English page figure zooms too', async ({page}) => {
  await page.goto(`/en_US${page_}`);
  await hydrated(page);
  const english = page.getByRole('main').getByRole('img', {name: /Byte layout of a VMess AEAD request/});
  await expect(english).toHaveClass(/medium-zoom-image/);
  await zoomIn(page, english);
});

test('after navigating away and back, the image zooms again once 300 ms have passed', async ({page}) => {
  await page.clock.install();
  await page.goto(page_);
  await hydrated(page);
  await expect(figure(page)).toHaveClass(/medium-zoom-image/);
  // Stop the clock: from here only runFor moves it.
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('navigation', {name: '文档侧边栏'}).getByRole('link', {name: 'mKCP'}).click();
  await expect(page).toHaveURL(/\/developer\/protocols\/mkcp$/);
  // The address changes before the mKCP page has rendered; really leave the VMess page first.
  await expect(page.getByRole('heading', {level: 1, name: 'mKCP 协议'})).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/developer\/protocols\/vmess$/);
  await expect(figure(page)).toBeVisible();

  await page.clock.runFor(290);
  await figure(page).click();
  await expect(zoomed(page)).toHaveCount(0);

  await page.clock.runFor(20);
  await expect(figure(page)).toHaveClass(/medium-zoom-image/);
  // The zoom animation waits for animation frames, which a paused clock holds back.
  await page.clock.resume();
  await zoomIn(page, figure(page));
});

test('scrolling 40 px while zoomed zooms out', async ({page}) => {
  await page.goto(page_);
  await hydrated(page);
  await expect(figure(page)).toHaveClass(/medium-zoom-image/);
  await zoomIn(page, figure(page));
  await scrollBy(page, 40);
  await expect(zoomed(page)).toHaveCount(0);
});

test('scrolling 39 px while zoomed keeps the image zoomed', async ({page}) => {
  await page.clock.install();
  await page.goto(page_);
  await hydrated(page);
  await expect(figure(page)).toHaveClass(/medium-zoom-image/);
  await zoomIn(page, figure(page));
  await scrollBy(page, 39);
  // Past medium-zoom's close delay (150 ms) and animation (300 ms): still zoomed.
  await page.clock.runFor(1000);
  await expect(zoomed(page)).toBeVisible();
  // Once the scroll reaches 40 px in all, it zooms out.
  await scrollBy(page, 1);
  await expect(zoomed(page)).toHaveCount(0);
});
