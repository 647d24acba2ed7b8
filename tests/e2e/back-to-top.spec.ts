import {test, expect, hydrated} from './fixtures';

// The back-to-top button appears once the page is scrolled more than 100 px.
test('back to top appears past 100 px, also while scrolling down, and scrolls up', async ({page}) => {
  await page.goto('/config/routing');
  await hydrated(page);
  const button = page.getByRole('button', {name: '返回顶部'});
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 100));
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 101));
  await expect(button).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test('back to top is labelled in English', async ({page}) => {
  await page.goto('/en_US/config/routing');
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(page.getByRole('button', {name: 'Back to top'})).toBeVisible();
});
