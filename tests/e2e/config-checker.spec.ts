import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {test, expect, hydrated, localePath, recordRequests, type Locale} from './fixtures';
import {broken} from './checker-samples';

/**
 * The configuration checker page. A reader pastes, types or opens a configuration and
 * sees every problem with its line, column, path, expectation and documentation link; nothing
 * leaves the browser while checking.
 */

// no file-wide 404 allowance: a missing chunk or schema must fail the test that meets it

const address = (locale: Locale) => localePath('/awesome/config-checker', locale);

const texts = {
  zh: {editor: '配置文件内容', format: '配置格式', idle: /粘贴或输入配置后/, count: (n: number) => `发现 ${n} 个问题`, none: '没有发现问题',
    line: (l: number, c: number) => `第 ${l} 行，第 ${c} 列`, docs: '文档', detectedV5: '看起来是 v5 配置', openFile: '打开文件'},
  en: {editor: 'Configuration file', format: 'Format', idle: /Paste or type a configuration/, count: (n: number) => `Problems found: ${n}`, none: 'no problems found',
    line: (l: number, c: number) => `Line ${l}, column ${c}`, docs: 'Docs', detectedV5: 'Looks like a v5 configuration', openFile: 'Open file'},
} as const;

const validV4 = `# hash comments work too
{
  "log": {"loglevel": "warning"}, /* and block comments */
  "inbounds": [{"listen": "127.0.0.1", "port": 1080, "protocol": "socks"}],
  "outbounds": [{"protocol": "freedom"}]
}`;

const validV5 = `{
  "router": {"domainStrategy": "AsIs", "rule": []},
  "inbounds": [{"protocol": "socks", "port": 1080, "listen": "127.0.0.1", "settings": {"udpEnabled": true}}],
  "outbounds": [{"protocol": "freedom", "streamSettings": {"transport": "tcp"}}]
}`;

async function openChecker(page: Page, locale: Locale): Promise<void> {
  await page.goto(address(locale));
  await hydrated(page);
  await expect(page.getByTestId('check-status')).toHaveText(texts[locale].idle);
}

/**
 * Starts the checker as a reader does, by focusing its text box (the page fetches the editor, the
 * schemas and the workers then: config-checker-lazy.spec.ts), and waits until it can check.
 */
async function startChecker(page: Page, locale: Locale): Promise<void> {
  await page.getByRole('textbox', {name: texts[locale].editor}).focus();
  await expect(page.locator('.cm-content')).toBeFocused();
  await expect(page.getByTestId('check-status')).toHaveText(texts[locale].idle);
}

/** Replaces the editor's text as a paste would. */
async function paste(page: Page, locale: Locale, text: string): Promise<void> {
  const editor = page.getByRole('textbox', {name: texts[locale].editor});
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

for (const locale of ['zh', 'en'] as const) {
  test(`${address(locale)}: a broken configuration shows each problem at its line with a working documentation link`, async ({page}) => {
    await openChecker(page, locale);
    await paste(page, locale, broken);
    await expect(page.getByTestId('check-status')).toContainText(texts[locale].count(3));
    const items = page.getByTestId('problems').getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText(texts[locale].line(5, 7));
    await expect(items.nth(0)).toContainText('inbounds[0].protocl');
    await expect(items.nth(0)).toContainText('"protocol"');
    await expect(items.nth(1)).toContainText(texts[locale].line(6, 15));
    await expect(items.nth(1)).toContainText('65535');
    await expect(items.nth(2)).toContainText(texts[locale].line(10, 18));
    await expect(items.nth(2)).toContainText('"freedom"');
    // the editor marks the same places
    await expect(page.locator('.cm-lintRange-error')).toHaveCount(3);
    // the location button puts the cursor on the mistake
    await items.nth(0).getByRole('button').click();
    await expect(page.getByRole('textbox', {name: texts[locale].editor})).toBeFocused();
    await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe('"protocl"');
    // the documentation link opens the field's section
    const docs = items.nth(0).getByRole('link', {name: new RegExp(texts[locale].docs)});
    await expect(docs).toHaveAttribute('href', localePath('/config/inbounds#inboundobject', locale));
    await docs.click();
    await expect(page).toHaveURL(new RegExp(`${localePath('/config/inbounds', locale)}#inboundobject$`));
    await expect(page.locator('#inboundobject')).toBeInViewport();
  });

  test(`${address(locale)}: nothing is requested while checking`, async ({page, baseURL}) => {
    const all = recordRequests(page, baseURL);
    await openChecker(page, locale);
    expect(all.foreign, 'requests to other hosts on load').toEqual([]);
    // the schemas and the editor are loaded when the reader starts, before the first check
    await startChecker(page, locale);
    expect(all.foreign, 'requests to other hosts once started').toEqual([]);
    const whileChecking = recordRequests(page, baseURL);
    await paste(page, locale, broken);
    await expect(page.getByTestId('check-status')).toContainText(texts[locale].count(3));
    await page.getByRole('combobox', {name: texts[locale].format}).selectOption('v5');
    await expect(page.getByTestId('check-status')).toContainText('v5');
    await paste(page, locale, validV4);
    await page.getByRole('combobox', {name: texts[locale].format}).selectOption('v4');
    await expect(page.getByTestId('check-status')).toContainText(texts[locale].none);
    expect([...whileChecking.own, ...whileChecking.foreign]).toEqual([]);
  });
}

test('comments as the toolkit reads them are accepted, and a syntax error names its line', async ({page}) => {
  await openChecker(page, 'en');
  await paste(page, 'en', validV4);
  await expect(page.getByTestId('check-status')).toHaveText(/v4 configuration: no problems found/);
  await paste(page, 'en', '{\n  "log": {"loglevel": "info"}\n  "inbounds": []\n}');
  await expect(page.getByTestId('problems')).toContainText('Line 3, column 3');
  await expect(page.getByTestId('problems')).toContainText('a comma is missing');
  await paste(page, 'en', '{"outbounds": [{"protocol": "freedom"},]}');
  await expect(page.getByTestId('problems')).toContainText('trailing commas');
});

test('a file checked as v4 only because its keys did not tell says so', async ({page}) => {
  await openChecker(page, 'en');
  // valid in both formats: nothing tells which
  await paste(page, 'en', '{"outbounds": [{"protocol": "freedom"}]}');
  await expect(page.getByTestId('check-status')).toContainText('checked as v4; if it is v5, choose v5');
  await expect(page.getByTestId('detected')).toHaveText(/v4/);
  await paste(page, 'en', '{"routing": {}, "outbounds": [{"protocol": "freedom"}]}');
  await expect(page.getByTestId('check-status')).toHaveText('Checked as a v4 configuration: no problems found.');
});

test('the format is detected from the keys, and can be chosen', async ({page}) => {
  await openChecker(page, 'zh');
  await paste(page, 'zh', validV5);
  await expect(page.getByTestId('detected')).toHaveText(texts.zh.detectedV5);
  await expect(page.getByTestId('check-status')).toContainText(texts.zh.none);
  await page.getByRole('combobox', {name: texts.zh.format}).selectOption('v4');
  await expect(page.getByTestId('check-status')).toContainText('按 v4 配置检查，发现');
  await expect(page.getByTestId('problems')).toContainText('"router"');
});

test('a file can be opened, and a file too big is refused with a message', async ({page}) => {
  await openChecker(page, 'en');
  const input = page.getByRole('button', {name: texts.en.openFile});
  await input.setInputFiles({name: 'config.json', mimeType: 'application/json', buffer: Buffer.from(broken)});
  await expect(page.getByTestId('check-status')).toContainText(texts.en.count(3));
  await input.setInputFiles({name: 'huge.json', mimeType: 'application/json', buffer: Buffer.alloc(1024 * 1024 + 1, 32)});
  await expect(page.getByRole('alert')).toContainText('huge.json is larger than 1 MB');
  // the text already there stays
  await expect(page.getByTestId('check-status')).toContainText(texts.en.count(3));
});

for (const locale of ['zh', 'en'] as const) {
  test(`${address(locale)}: a file the browser cannot read gets a message, and the text already there stays`, async ({page}) => {
    // as when the file is removed or its permissions change between choosing and reading it
    await page.addInitScript(() => {
      // the page reads a file's bytes (arrayBuffer); text() too, in case that changes back
      File.prototype.arrayBuffer = () => Promise.reject(new DOMException('The requested file could not be read', 'NotReadableError'));
      File.prototype.text = () => Promise.reject(new DOMException('The requested file could not be read', 'NotReadableError'));
    });
    await openChecker(page, locale);
    await paste(page, locale, broken);
    await expect(page.getByTestId('check-status')).toContainText(texts[locale].count(3));
    await page.getByRole('button', {name: texts[locale].openFile}).setInputFiles({name: 'gone.json', mimeType: 'application/json', buffer: Buffer.from(validV4)});
    await expect(page.getByRole('alert')).toContainText(locale === 'zh' ? '没能读取文件 gone.json。' : 'Could not read the file gone.json.');
    await expect(page.getByTestId('check-status')).toContainText(texts[locale].count(3));
  });
}

test('pasted text over 1 MB is not checked, with a message, and the page keeps working', async ({page}) => {
  await openChecker(page, 'en');
  const editor = page.getByRole('textbox', {name: texts.en.editor});
  await editor.click();
  await page.evaluate((n) => navigator.clipboard.writeText(`{"log": {}, "x": "${'a'.repeat(n)}"}`), 1024 * 1024);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByTestId('check-status')).toHaveText(/larger than 1 MB/);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(validV4);
  await expect(page.getByTestId('check-status')).toContainText(texts.en.none);
});

test('a file dropped on the editor replaces its text and is checked', async ({page}) => {
  await openChecker(page, 'zh');
  await paste(page, 'zh', validV4);
  await expect(page.getByTestId('check-status')).toContainText(texts.zh.none);
  await page.evaluate((text) => {
    const files = new DataTransfer();
    files.items.add(new File([text], 'dropped.json', {type: 'application/json'}));
    document.querySelector('.cm-content')?.dispatchEvent(new DragEvent('drop', {dataTransfer: files, bubbles: true, cancelable: true}));
  }, broken);
  await expect(page.getByTestId('check-status')).toContainText(texts.zh.count(3));
  await expect(page.getByRole('textbox', {name: texts.zh.editor})).toContainText('"protocl"');
  await expect(page.getByRole('textbox', {name: texts.zh.editor})).not.toContainText('hash comments');
});

test('the keyboard reaches every control, and Tab leaves the editor', async ({page}) => {
  await openChecker(page, 'en');
  await page.getByRole('combobox', {name: texts.en.format}).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', {name: texts.en.openFile})).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', {name: texts.en.editor})).toBeFocused();
  await page.keyboard.insertText(broken);
  await expect(page.getByTestId('check-status')).toContainText(texts.en.count(3));
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('problems').getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', {name: texts.en.editor})).toBeFocused();
});

for (const locale of ['zh', 'en'] as const) {
  for (const mode of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violation on ${address(locale)} with problems listed, ${mode} mode`, async ({page}) => {
      test.setTimeout(120_000);
      await page.emulateMedia({colorScheme: mode});
      await openChecker(page, locale);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await paste(page, locale, broken);
      await expect(page.getByTestId('problems').getByRole('listitem')).toHaveCount(3);
      const {violations} = await new AxeBuilder({page}).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')})`);
      expect(serious).toEqual([]);
    });
  }
}

test.describe('when loading fails', () => {
  // one pattern: test.use takes a two-element array as [value, options]
  test.use({allowedConsoleErrors: [/status of 404|Failed to load resource|ChunkLoadError|Loading chunk|config-checker-ui|config-schema-v5/]});

  test('a schema that cannot be fetched gives a message instead of a silent editor', async ({page}) => {
    await page.route(/config-schema-v5\.[0-9a-f]+\.js$/, (route) => route.abort('connectionreset'));
    await page.goto(address('en'));
    await hydrated(page);
    await page.getByRole('textbox', {name: texts.en.editor}).click();
    await expect(page.getByTestId('check-status')).toHaveText(/could not be loaded/);
  });

  test('a checker chunk that cannot be fetched offers a retry that works', async ({page}) => {
    let fail = true;
    await page.route(/\/assets\/js\/.*\.js$/, async (route) => {
      // the checker's own chunk (webpackChunkName in src/components/ConfigChecker/index.tsx)
      if (fail && /\/config-checker-ui\.[0-9a-f]+\.js$/.test(route.request().url())) return route.abort('connectionreset');
      return route.continue();
    });
    await page.goto(address('zh'));
    await hydrated(page);
    await page.getByRole('textbox', {name: texts.zh.editor}).click();
    await expect(page.getByRole('alert')).toContainText('检查器没能载入');
    fail = false;
    await page.getByRole('button', {name: '重试'}).click();
    await expect(page.locator('.cm-editor')).toBeVisible();
    await expect(page.getByTestId('check-status')).toHaveText(texts.zh.idle);
  });
});

test('the schemas are served at their stable addresses', async ({request}) => {
  for (const v of ['v4', 'v5']) {
    const res = await request.get(`/schemas/${v}/config.json`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/json');
    const schema = (await res.json()) as {$schema: string; $id: string; $defs: Record<string, unknown>};
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`https://www.v2fly.org/schemas/${v}/config.json`);
    expect(Object.keys(schema.$defs).length).toBeGreaterThan(100);
  }
});

test('other pages load none of the checker', async ({page, baseURL}) => {
  const seen = recordRequests(page, baseURL);
  await page.goto('/config/overview');
  await hydrated(page);
  await page.getByRole('link', {name: '配置检查器'}).first().hover();
  expect(seen.own.filter((u) => /config-schema-v[45]|config-checker-ui/.test(u))).toEqual([]);
});

test.describe('under a strict policy, on huge files, and when the checker itself fails', () => {
  test('the page checks under a Content-Security-Policy without unsafe-eval', async ({page}) => {
    await page.route(/\/awesome\/config-checker(\.html)?$/, async (route) => {
      const response = await route.fetch();
      // an inline probe, run under the policy like the page's own scripts: compiling code from a
      // string (as ajv's compile did) must be refused, or the test proves nothing. It goes first
      // in <head>, before the page's own CSP meta tag (builder/csp/csp.mjs), which would refuse an
      // inline script it has no hash for; the rest of the page runs under both policies.
      const probe = "<script>try { window.probe = String(new Function('return 1')()); } catch (e) { window.probe = 'refused'; }</script>";
      await route.fulfill({response, body: (await response.text()).replace(/<head\b[^>]*>/, (head) => `${head}${probe}`),
        headers: {...Object.fromEntries(Object.entries(response.headers()).filter(([k]) => !/^content-(length|encoding)$/.test(k))),
          'content-security-policy': "script-src 'self' 'unsafe-inline'"}});
    });
    await page.addInitScript(() => {
      (window as unknown as {violations: string[]}).violations = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as {violations: string[]}).violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const response = await page.goto(address('zh'));
    expect(response?.headers()['content-security-policy']).toBe("script-src 'self' 'unsafe-inline'");
    await hydrated(page);
    await expect(page.getByTestId('check-status')).toHaveText(texts.zh.idle);
    expect(await page.evaluate(() => (window as unknown as {probe: string}).probe)).toBe('refused');
    await paste(page, 'zh', broken);
    await expect(page.getByTestId('check-status')).toContainText(texts.zh.count(3));
    await expect(page.getByTestId('problems').getByRole('listitem').nth(2)).toContainText('"freedom"');
    await page.getByRole('combobox', {name: texts.zh.format}).selectOption('v5');
    await expect(page.getByTestId('check-status')).toContainText('按 v5 配置检查');
    // the probe above is the only thing the policy refused
    await expect.poll(() => page.evaluate(() => (window as unknown as {violations: string[]}).violations)).toEqual(['script-src eval']);
  });

  test('10,000 mistakes: 200 listed and marked, the rest counted', async ({page}) => {
    await openChecker(page, 'en');
    const lines = Array.from({length: 10_000}, (_, i) => `    {"protocl": "socks", "port": ${70000 + i}}`);
    await page.getByRole('button', {name: texts.en.openFile}).setInputFiles({name: 'many.json', mimeType: 'application/json',
      buffer: Buffer.from(`{\n  "inbounds": [\n${lines.join(',\n')}\n  ]\n}`)});
    await expect(page.getByTestId('check-status')).toContainText(texts.en.count(20000), {timeout: 30_000});
    await expect(page.getByTestId('problems').getByRole('listitem')).toHaveCount(200);
    await expect(page.getByTestId('more-problems')).toHaveText('Only the first 200 problems are listed; 19800 more are not. Fix these first, then check again.');
    await expect(page.getByTestId('problems').getByRole('listitem').first()).toContainText('Line 3, column 6');
  });

  test('5,000 nested brackets get an answer, not a frozen page', async ({page}) => {
    await openChecker(page, 'zh');
    await paste(page, 'zh', `${'['.repeat(5000)}${']'.repeat(5000)}`);
    await expect(page.getByTestId('problems')).toContainText('嵌套超过 100 层');
  });
});

test.describe('when the checker itself fails', () => {
  for (const locale of ['zh', 'en'] as const) {
    test(`${address(locale)}: an error while checking is shown with a way to report it`, async ({page}) => {
      // a schema whose LogObject reference leads nowhere: the validator throws when it meets "log"
      await page.route(/config-schema-v4\.[0-9a-f]+\.js$/, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replaceAll('#/$defs/LogObject', '#/$defs/NoSuchObject');
        await route.fulfill({response, body});
      });
      await openChecker(page, locale);
      await paste(page, locale, validV4);
      const alert = page.getByTestId('check-failed');
      await expect(page.getByTestId('check-status')).toContainText(locale === 'zh' ? '检查器自身出错' : 'The checker itself failed');
      await expect(alert).toContainText('cannot resolve #/$defs/NoSuchObject');
      const report = alert.getByRole('link', {name: locale === 'zh' ? '报告这个问题' : 'Report this problem'});
      await expect(report).toHaveAttribute('href', /^https:\/\/github\.com\/v2fly\/v2fly-github-io\/issues\/new\?title=/);
      // a file without "log" is checked again as usual
      await paste(page, locale, validV5);
      await expect(page.getByTestId('check-failed')).toHaveCount(0);
    });
  }
});
