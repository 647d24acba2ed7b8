import {gzipSync} from 'node:zlib';
import type {Page, Request, Route} from '@playwright/test';
import {test, expect, hydrated, localePath, type Locale} from './fixtures';
import {broken} from './checker-samples';

/**
 * Issue 39: the checker page's own chunks (the editor, the validator, the schemas, the check and
 * shadow workers, the trace panel) are fetched when the reader starts using the checker, not with
 * the page. Until then a plain text box takes what the reader types, pastes or drops, and the
 * editor starts from it (src/components/ConfigChecker/index.tsx, draft.ts).
 */

const address = (locale: Locale) => localePath('/awesome/config-checker', locale);

const texts = {
  zh: {editor: '配置文件内容', idle: /粘贴或输入配置后/, loading: '正在载入检查器……', count: (n: number) => `发现 ${n} 个问题`,
    failed: '检查器没能载入', kept: '你输入的内容还在这里', retry: '重试'},
  en: {editor: 'Configuration file', idle: /Paste or type a configuration/, loading: 'Loading the checker…', count: (n: number) => `Problems found: ${n}`,
    failed: 'The checker could not be loaded', kept: 'What you typed is still here', retry: 'Try again'},
} as const;

/** The checker's own chunks and workers, by the names the build gives them (webpackChunkName, the worker files). */
const checkerChunk = /\/(config-checker-ui|config-schema-v[45]|config-check-worker|trace-panel)\.[0-9a-f]+\.js$/;
/** The editor's chunk: held or refused by the tests below. */
const editorChunk = /\/config-checker-ui\.[0-9a-f]+\.js$/;
/** CodeMirror's view (the editor's largest part) and jsonc-parser, by strings their minified code keeps. */
const editorCode = ['cm-gutterElement', 'InvalidCommentToken'];

/** Issue 39's budget for every page: JS+CSS at load, gzip. */
const budgetKB = 200;


/** Every JS and CSS response of the page, with its body (gzip as the host sends it, counted here). */
function recordCode(page: Page): {urls: string[]; bodies: Promise<{url: string; text: string; gzip: number}>[]} {
  const seen = {urls: [] as string[], bodies: [] as Promise<{url: string; text: string; gzip: number}>[]};
  page.on('request', (r: Request) => seen.urls.push(r.url()));
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    seen.bodies.push(response.body().then((body) => ({url: response.url(), text: body.toString('utf8'), gzip: gzipSync(body).length})));
  });
  return seen;
}

/** Holds every request for the editor's chunk until `release` is called; `asked` settles when one was made. */
async function holdEditor(page: Page): Promise<{asked: Promise<void>; release: () => void}> {
  let release = (): void => undefined;
  const released = new Promise<void>((done) => { release = done; });
  let asked = (): void => undefined;
  const wasAsked = new Promise<void>((done) => { asked = done; });
  await page.route(editorChunk, async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  return {asked: wasAsked, release};
}

for (const locale of ['zh', 'en'] as const) {
  test(`${address(locale)}: a cold load fetches none of the checker's own code, and stays within ${budgetKB} KB of JS+CSS`, async ({page}) => {
    const seen = recordCode(page);
    await page.goto(address(locale));
    await hydrated(page);
    await expect(page.getByTestId('check-status')).toHaveText(texts[locale].idle);
    // the plain box is there, and takes typing, before anything else is fetched
    await expect(page.getByRole('textbox', {name: texts[locale].editor})).toBeEditable();
    await page.waitForLoadState('networkidle');
    expect(seen.urls.filter((u) => checkerChunk.test(u)), 'the checker\'s chunks, requested on load').toEqual([]);
    const code = await Promise.all(seen.bodies);
    for (const marker of editorCode) {
      expect(code.filter((c) => c.text.includes(marker)).map((c) => c.url), `files holding ${marker}`).toEqual([]);
    }
    const totalKB = code.reduce((n, c) => n + c.gzip, 0) / 1024;
    expect(totalKB, `JS+CSS at load, gzip KB (${code.length} files)`).toBeLessThanOrEqual(budgetKB);
  });
}

test('focusing the box fetches the checker; the editor replaces it with the focus, and checks', async ({page}) => {
  await page.goto(address('en'));
  await hydrated(page);
  await expect(page.getByTestId('check-status')).toHaveText(texts.en.idle);
  const seen = recordCode(page);
  await page.getByRole('textbox', {name: texts.en.editor}).focus();
  await expect(page.locator('.cm-content')).toBeFocused();
  expect(seen.urls.filter((u) => editorChunk.test(u))).toHaveLength(1);
  await page.keyboard.insertText(broken);
  await expect(page.getByTestId('check-status')).toContainText(texts.en.count(3));
});

test('text typed before the editor has loaded is kept, with its caret, and checked once it has', async ({page}) => {
  const editor = await holdEditor(page);
  await page.goto(address('zh'));
  await hydrated(page);
  await expect(page.getByTestId('check-status')).toHaveText(texts.zh.idle);
  const box = page.getByRole('textbox', {name: texts.zh.editor});
  await box.click();
  await editor.asked;
  await expect(page.getByTestId('check-status')).toHaveText(texts.zh.loading);
  // typed key by key while the editor's chunk is held: the plain box takes it all
  await page.keyboard.type('{"outbounds": [{"protocol": "freedomm"}]}');
  // the caret moved back inside the value, where the next keys must land once the editor is there
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowLeft');
  await expect(box).toHaveValue('{"outbounds": [{"protocol": "freedomm"}]}');
  await expect(page.locator('.cm-editor')).toHaveCount(0);
  editor.release();
  await expect(page.locator('.cm-content')).toBeFocused();
  await expect(page.locator('.cm-content')).toHaveText('{"outbounds": [{"protocol": "freedomm"}]}');
  await expect(page.getByTestId('check-status')).toContainText(texts.zh.count(1));
  // the caret came along: Backspace takes the second m of "freedomm"
  await page.keyboard.press('Backspace');
  await expect(page.locator('.cm-content')).toHaveText('{"outbounds": [{"protocol": "freedom"}]}');
  await expect(page.getByTestId('check-status')).toContainText('没有发现问题');
});

test('a file chosen before the editor has loaded is read once it has', async ({page}) => {
  const editor = await holdEditor(page);
  await page.goto(address('en'));
  await hydrated(page);
  await expect(page.getByTestId('check-status')).toHaveText(texts.en.idle);
  await page.getByRole('button', {name: 'Open file'}).setInputFiles({name: 'config.json', mimeType: 'application/json', buffer: Buffer.from(broken)});
  await editor.asked;
  await expect(page.getByTestId('check-status')).toHaveText(texts.en.loading);
  editor.release();
  await expect(page.getByTestId('check-status')).toContainText(texts.en.count(3));
  await expect(page.locator('.cm-content')).toContainText('"protocl"');
});

test('a file dropped on the box before the editor has loaded is read once it has', async ({page}) => {
  const editor = await holdEditor(page);
  await page.goto(address('zh'));
  await hydrated(page);
  await expect(page.getByTestId('check-status')).toHaveText(texts.zh.idle);
  const dropped = await page.evaluate((text) => {
    const files = new DataTransfer();
    files.items.add(new File([text], 'dropped.json', {type: 'application/json'}));
    // false: the page took the file (the browser would otherwise open it in place of the page)
    return document.querySelector('textarea[data-testid="config-editor"]')?.dispatchEvent(new DragEvent('drop', {dataTransfer: files, bubbles: true, cancelable: true}));
  }, broken);
  expect(dropped).toBe(false);
  await editor.asked;
  await expect(page.getByTestId('check-status')).toHaveText(texts.zh.loading);
  editor.release();
  await expect(page.getByTestId('check-status')).toContainText(texts.zh.count(3));
  await expect(page.locator('.cm-content')).toContainText('"protocl"');
});

test.describe('when the editor cannot be fetched', () => {
  test.use({allowedConsoleErrors: [/Failed to load resource|ChunkLoadError|Loading chunk|config-checker-ui/]});

  for (const locale of ['zh', 'en'] as const) {
    test(`${address(locale)}: the reader's text stays in the box, with a message and a retry that works`, async ({page}) => {
      let refuse = true;
      let refused = 0;
      await page.route(editorChunk, async (route) => {
        if (!refuse) return route.continue();
        refused += 1;
        return route.abort('connectionreset');
      });
      await page.goto(address(locale));
      await hydrated(page);
      await expect(page.getByTestId('check-status')).toHaveText(texts[locale].idle);
      const box = page.getByRole('textbox', {name: texts[locale].editor});
      await box.click();
      await page.keyboard.insertText(broken);
      const alert = page.getByTestId('checker-load-failed');
      await expect(alert).toContainText(texts[locale].failed);
      await expect(alert).toContainText(texts[locale].kept);
      expect(refused).toBeGreaterThan(0);
      // the page still works: the box keeps the text and takes more
      await expect(box).toHaveValue(broken);
      await box.press('End');
      await page.keyboard.insertText('\n');
      refuse = false;
      await alert.getByRole('button', {name: texts[locale].retry}).click();
      await expect(page.getByTestId('checker-load-failed')).toHaveCount(0);
      await expect(page.locator('.cm-content')).toContainText('"protocl"');
      await expect(page.getByTestId('check-status')).toContainText(texts[locale].count(3));
    });
  }
});
