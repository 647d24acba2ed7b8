import {test, expect, hydrated} from './fixtures';

test('an open navbar dropdown closes when the page changes', async ({page}) => {
  await page.goto('/config/routing');
  await hydrated(page);
  const nav = page.getByRole('navigation', {name: /main|主导航/i});
  const toggle = nav.getByRole('button', {name: '简体中文'});
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Leave the menu open but take the keyboard away from the navbar, as a reader who reads on.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page).toHaveURL(/\/config\/policy$/);
  await expect(nav.getByRole('button', {name: '简体中文'})).toHaveAttribute('aria-expanded', 'false');
});
