import type {Page} from '@playwright/test';
import {test, expect, hydrated, reachDiagram} from './fixtures';

// When a diagram's code cannot load (a new deployment replaced the chunks, or the
// connection broke), the reader sees a short message and a retry button in the diagram's place,
// not webpack's raw "Loading chunk … failed. (error: http://…)"; retrying once the network is
// back draws the diagram. The aborted requests themselves log "Failed to load resource"; a chunk
// failing inside a render reaches React's error boundary, which logs the error it caught.
// One pattern: a two-element array would read as Playwright's [value, options] fixture tuple.
test.use({allowedConsoleErrors: [/Failed to load resource|Loading chunk \S+ failed/]});

const diagram = (page: Page) => page.locator('article').locator('svg[aria-roledescription]');

/**
 * Aborts what a diagram needs: the mermaid library (the script holding "mermaidAPI", a name only
 * its code contains) or, for `diagram type`, every script asked for after the library loaded
 * (the chunks of the diagram's type and layout, which mermaid loads when it draws).
 */
async function blockDiagramCode(page: Page, what: 'library' | 'diagram type'): Promise<{blocked: () => number}> {
  let libraryLoaded = false;
  let blocked = 0;
  await page.route('**/assets/js/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const isLibrary = body.includes('mermaidAPI');
    if ((what === 'library' && isLibrary) || (what === 'diagram type' && libraryLoaded)) {
      blocked += 1;
      await route.abort();
      return;
    }
    if (isLibrary) libraryLoaded = true;
    await route.fulfill({response, body});
  });
  return {blocked: () => blocked};
}

const cases = [
  {path: '/config/dns', what: 'library', diagrams: 1, message: '图表未能加载', retry: '重试', text: 'hosts'},
  {path: '/en_US/developer/intro/design', what: 'library', diagrams: 1, message: 'The diagram did not load', retry: 'Try again', text: 'core.Instance'},
  {path: '/guide/workflow', what: 'diagram type', diagrams: 2, message: '图表未能加载', retry: '重试', text: ''},
] as const;

for (const {path, what, diagrams, message, retry, text} of cases) {
  test(`on ${path}, a ${what} chunk that fails to load shows a message and a retry that draws the diagram`, async ({page}) => {
    const route = await blockDiagramCode(page, what);
    await page.goto(path);
    await hydrated(page);
    await reachDiagram(page);
    // One message per diagram (/guide/workflow has two, which fail one after the other); each
    // retries its own. Up to a minute: the library's own download is large on a busy machine.
    const alerts = page.getByRole('alert').filter({hasText: message});
    await expect(alerts).toHaveCount(diagrams, {timeout: 60_000});
    expect(route.blocked()).toBeGreaterThan(0);
    await expect(page.locator('article')).not.toContainText('Loading chunk');
    await expect(diagram(page)).toHaveCount(0);

    await page.unroute('**/assets/js/*.js');
    await alerts.first().getByRole('button', {name: retry}).click();
    await expect(diagram(page).first()).toBeVisible({timeout: 60_000});
    if (text) await expect(diagram(page).first()).toContainText(text);
    await expect(alerts).toHaveCount(diagrams - 1);
  });
}
