import type {Page} from '@playwright/test';
import {test, expect, hydrated, recordScripts} from './fixtures';

// Diagrams are drawn at build time, and their markup is in the page's HTML only (not in its
// JavaScript): after a navigation inside the site, src/theme/Mermaid fetches the page's HTML for
// it. That fetch is what can fail (a broken connection): the reader sees a short message and a
// retry button in the diagram's place, and retrying once the network is back shows the diagram
// (with its zoom). The aborted request itself logs "Failed to load resource".
test.use({allowedConsoleErrors: [/Failed to load resource/]});

const container = (page: Page) => page.locator('article .docusaurus-mermaid-container');
const shown = (page: Page) => container(page).locator(':scope > svg[aria-roledescription]:visible');

/** A navigation inside the app, as a link or the back button makes. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

for (const {from, to, heading, text} of [
  {from: '/guide/install', to: '/guide/workflow', heading: '工作流程', text: '路由'},
  {from: '/en_US/guide/install', to: '/en_US/config/dns', heading: 'Built-in DNS Server', text: 'hosts'},
]) {
  test(`navigating in the site to ${to} shows its diagrams, taken from the page's HTML, with their zoom and no mermaid code`, async ({page}) => {
    const scripts = recordScripts(page);
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch') fetched.push(new URL(request.url()).pathname);
    });
    await page.goto(from);
    await hydrated(page);
    await navigateInApp(page, to);
    await expect(page.getByRole('heading', {level: 1, name: heading})).toBeVisible();
    await expect(shown(page).first()).toBeVisible();
    await expect(shown(page).first()).toContainText(text);
    await expect(container(page).first().locator('.diagram-zoom-button')).toBeAttached();
    expect(fetched).toContain(to);
    expect(await scripts.containing('mermaidAPI')).toHaveLength(0);
  });
}

test('a diagram whose markup cannot be fetched after a navigation shows a message and a retry that shows it', async ({page}) => {
  await page.goto('/guide/install');
  await hydrated(page);
  let blocked = 0;
  await page.route('**/guide/workflow', async (route) => {
    blocked += 1;
    await route.abort();
  });
  await navigateInApp(page, '/guide/workflow');
  // One message per diagram (the page has two); each retries its own.
  const alerts = page.getByRole('alert').filter({hasText: '图表未能加载'});
  await expect(alerts).toHaveCount(2);
  expect(blocked).toBeGreaterThan(0);
  await expect(shown(page)).toHaveCount(0);

  await page.unroute('**/guide/workflow');
  await alerts.first().getByRole('button', {name: '重试'}).click();
  await expect(shown(page)).toHaveCount(1);
  await expect(shown(page).first()).toContainText('路由');
  await expect(alerts).toHaveCount(1);
  await expect(container(page).first().locator('.diagram-zoom-button')).toBeAttached();
});
