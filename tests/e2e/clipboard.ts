import type {BrowserContext, Page} from '@playwright/test';

/**
 * What the copy buttons' tests share (src/utils/clipboard.ts and its fallback): a page without the
 * clipboard API, as over plain HTTP; a second page that reads the clipboard back; a browser that
 * refuses the copy command; one look after the frames in which a state would render.
 */

/** Removes navigator.clipboard before the page's scripts run, as in a page served over plain HTTP. */
export async function withoutClipboardApi(page: Page): Promise<void> {
  await page.addInitScript(() => {
    delete (Navigator.prototype as {clipboard?: unknown}).clipboard;
  });
}

/**
 * A page of the same browser that has the API, to read the clipboard back. It first writes
 * something else there, so what an earlier test copied cannot pass for this copy. Brings `page`
 * back to the front.
 */
export async function clipboardReader(context: BrowserContext, page: Page): Promise<() => Promise<string>> {
  const reader = await context.newPage();
  await reader.goto('/robots.txt');
  await reader.evaluate(() => navigator.clipboard.writeText('nothing copied yet'));
  await page.bringToFront();
  return async () => {
    await reader.bringToFront();
    return reader.evaluate(() => navigator.clipboard.readText());
  };
}

/** As in a browser that refuses the copy command: execCommand answers false, and counts its calls. */
export async function refuseCopyCommand(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as {copyAttempts: number};
    w.copyAttempts = 0;
    document.execCommand = () => {
      w.copyAttempts += 1;
      return false;
    };
  });
  return () => page.evaluate(() => (window as unknown as {copyAttempts: number}).copyAttempts);
}

/**
 * Waits past the frames in which a state change would render. Then take a single look: a retrying
 * assertion would also pass once a wrongly shown state had ended.
 */
export async function afterTwoFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }));
}
