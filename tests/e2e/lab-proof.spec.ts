import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test, expect, localePath, type Locale} from './fixtures';

// Under an example the lab ran, the page says what the run showed, in the page's
// language (src/plugins/labProofs reads src/data/labProofs.json, which `npm run lab` keeps in
// step with the scenarios). An example the lab cannot run has no such line.

type Proof = {lab: string; page: string; scenario: string; release: string; zh: string; en: string};
const proofs = JSON.parse(readFileSync(join(__dirname, '../../src/data/labProofs.json'), 'utf8')) as Proof[];
const prefix: Record<Locale, string> = {zh: '本站测试用 v2ray 5.52.0 运行过此示例：', en: 'Run by this site\'s tests with v2ray 5.52.0: '};

for (const locale of ['zh', 'en'] as const) {
  test(`the lab's proof shows right under the example it ran (${locale})`, async ({page}) => {
    const proof = proofs.find((p) => p.lab === 'vmess-server');
    expect(proof, 'labProofs.json has the VMess server example').toBeTruthy();
    await page.goto(localePath('/config/protocols/vmess', locale));
    // the code block titled server.json, then the note as the very next element
    const block = page.locator('div[class*="codeBlockContainer"]', {has: page.locator('div[class*="codeBlockTitle"]', {hasText: /^server\.json$/})}).first();
    await expect(block).toBeVisible();
    const next = block.locator('xpath=following-sibling::*[1]');
    await expect(next).toHaveClass(/\blab-proof\b/);
    await expect(next).toHaveText(`${prefix[locale]}${proof?.[locale]}${locale === 'zh' && !/[。]$/.test(proof?.zh ?? '') ? '。' : ''}`);
    // the same proof under the client, and only under examples the lab ran
    const notes = page.locator('p.lab-proof');
    await expect(notes).toHaveCount(proofs.filter((p) => p.page === '/config/protocols/vmess').length);
  });
}

test('an example the lab does not run has no proof line (the services excerpt of /config/service/backgroundObservatory, tests/lab/not-run.mjs)', async ({page}) => {
  expect(proofs.some((p) => p.lab === 'background-observatory-persistent'), 'the lab does not run background-observatory-persistent').toBe(false);
  const here = proofs.filter((p) => p.page === '/config/service/backgroundObservatory');
  expect(here.map((p) => p.lab), 'the page\'s complete example is run').toEqual(['background-observatory-least-ping']);
  await page.goto(localePath('/config/service/backgroundObservatory', 'en'));
  await expect(page.locator('div[class*="codeBlockContainer"]').first()).toBeVisible();
  await expect(page.locator('p.lab-proof')).toHaveCount(here.length);
});

test('the built pages show a run on v2ray 5.52.0 on at least 40 pages in each language, one line per example run', () => {
  const build = process.env.E2E_BUILD_DIR ?? 'build';
  /** Every page's HTML under a folder of the build (the English site is build/en_US). */
  const pages = (dir: string, skip?: string): string[] => readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === skip ? [] : pages(path, skip);
    return e.name.endsWith('.html') ? [path] : [];
  });
  for (const [locale, dir, skip] of [['zh', build, join(build, 'en_US')], ['en', join(build, 'en_US'), undefined]] as const) {
    let withRun = 0;
    let lines = 0;
    for (const file of pages(dir, skip)) {
      const found = readFileSync(file, 'utf8').match(/<p class="?lab-proof\b[^>]*>[^<]*/g) ?? []; // the HTML is minified: quotes may go
      const runs = found.filter((p) => p.includes(prefix[locale]));
      expect(runs.length, `${file}: every proof line names v2ray 5.52.0`).toBe(found.length);
      if (runs.length > 0) withRun += 1;
      lines += runs.length;
    }
    expect(withRun, `${locale} pages showing a 5.52.0 run`).toBeGreaterThanOrEqual(40);
    // one line under each example run, however many scenarios ran it (the v5 branch's pages too)
    expect(lines, `${locale} proof lines, one per example run (src/data/labProofs.json)`).toBe(new Set(proofs.map((p) => p.lab)).size);
  }
});
