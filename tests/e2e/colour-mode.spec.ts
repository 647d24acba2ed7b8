import {test, expect, hydrated} from './fixtures';

// Colour mode: auto (default, follows the system), light, dark; persisted in the browser.
const html = (page: import('@playwright/test').Page) => page.locator('html');
const toggle = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', {name: /main|主导航/i}).getByRole('button', {name: /模式/});

test('auto mode follows the system preference and its changes live', async ({page}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await page.goto('/guide/install');
  await hydrated(page);
  await expect(html(page)).toHaveAttribute('data-theme-choice', 'system');
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({colorScheme: 'light'});
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({colorScheme: 'dark'});
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
});

test('the toggle cycles auto, light, dark and the choice survives a reload', async ({page}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await page.goto('/guide/install');
  await hydrated(page);
  await toggle(page).click();
  await expect(html(page)).toHaveAttribute('data-theme-choice', 'light');
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await hydrated(page);
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
  await toggle(page).click();
  await expect(html(page)).toHaveAttribute('data-theme-choice', 'dark');
  await page.emulateMedia({colorScheme: 'light'});
  await page.reload();
  await hydrated(page);
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  await toggle(page).click();
  await expect(html(page)).toHaveAttribute('data-theme-choice', 'system');
  await expect(html(page)).toHaveAttribute('data-theme', 'light');
});

test('a stored dark choice is on <html> before the first paint', async ({page}) => {
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark');
    // Record data-theme when the parser reaches the navbar: before anything visible is painted
    // and long before the bundle runs.
    new MutationObserver((_, observer) => {
      if (!document.querySelector('nav')) return;
      (window as unknown as {themeAtBody: string | null}).themeAtBody = document.documentElement.getAttribute('data-theme');
      observer.disconnect();
    }).observe(document, {childList: true, subtree: true});
  });
  await page.emulateMedia({colorScheme: 'light'});
  await page.goto('/en_US/guide/install');
  expect(await page.evaluate(() => (window as unknown as {themeAtBody: string | null}).themeAtBody)).toBe('dark');
  await hydrated(page);
  await expect(html(page)).toHaveAttribute('data-theme', 'dark');
});
