import {cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {tmpdir} from 'node:os';
import {execFileSync, spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {test, expect, hydrated} from './fixtures';

// An English page whose Chinese source changed after it shows a notice under its title, and so
// does one whose English changed after the Chinese without a translatedFrom mark ("unconfirmed").
// It comes from git at build time, so this builds the English site once from a copy of the site
// with its own history: everything committed on 2024-01-01; on 2024-03-05 a Chinese content
// change to the help, install and quick-start pages and a whitespace-only change to the FAQ page;
// on 2024-03-06 an English wording change to the install page (no mark: unconfirmed) and a
// translatedFrom mark naming the 2024-03-05 commit on the English quick-start page (confirmed).

const root = resolve(__dirname, '../..');
// tests/ is left out: the site builds without its tests (check:imports fails when something
// outside tests/ imports or reads it), and each copy is smaller.
const skip = new Set(['tests', 'node_modules', 'build', 'build-docsearch', '.docusaurus', '.git', 'test-results', 'playwright-report', 'bench']);
const dir = join(tmpdir(), `v2fly-docs-translation-notice-${process.pid}`);
const english = 'i18n/en/docusaurus-plugin-content-docs/current';
let server: ChildProcess | undefined;
let origin = '';

function commitAll(message: string, date: string): void {
  const env = {...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date,
    GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.invalid', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.invalid'};
  execFileSync('git', ['add', '-A'], {cwd: dir, env});
  execFileSync('git', ['commit', '-q', '--no-verify', '-m', message], {cwd: dir, env});
}

function append(file: string, text: string): void {
  const path = join(dir, file);
  writeFileSync(path, `${readFileSync(path, 'utf8')}${text}`);
}

test.describe('a translation older than its Chinese source', () => {
  test.describe.configure({mode: 'serial', timeout: 60_000});

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    rmSync(dir, {recursive: true, force: true});
    mkdirSync(dir, {recursive: true});
    cpSync(root, dir, {recursive: true, filter: (src) => !skip.has(src.slice(root.length + 1).split('/')[0] ?? '')});
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    execFileSync('git', ['init', '-q', '-b', 'main'], {cwd: dir});
    commitAll('the site', '2024-01-01T12:00:00Z');
    append('docs/guide/help.md', '\n\n新增的一段说明。\n');
    append('docs/guide/faq.md', '\n\n\n');
    append('docs/guide/install.md', '\n\n安装后的又一段说明。\n');
    append('docs/guide/start.md', '\n\n上手之后的又一段说明。\n');
    commitAll('help, install, start: one more paragraph; faq: blank lines', '2024-03-05T12:00:00Z');
    const chineseChange = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: dir, encoding: 'utf8'}).trim();
    append(`${english}/guide/install.md`, '\n\nOne more English sentence, not a translation of the Chinese one.\n');
    const start = join(dir, english, 'guide/start.md');
    writeFileSync(start, readFileSync(start, 'utf8').replace(/^---\n/, `---\ntranslatedFrom: ${chineseChange}\n`));
    commitAll('install: an English wording change; start: checked against the Chinese', '2024-03-06T12:00:00Z');

    const build = spawnSync('npx', ['docusaurus', 'build', '--locale', 'en', '--out-dir', join(dir, 'build')], {
      // The copy's path is new each run, so rspack's persistent cache could only be written, never used.
      cwd: dir, encoding: 'utf8', env: {...process.env, CI: '1', DOCS_LINKS: '', DOCUSAURUS_NO_PERSISTENT_CACHE: '1'},
    });
    expect(build.status, `${build.stdout}\n${build.stderr}`.slice(-4000)).toBe(0);

    server = spawn(process.execPath, [join(root, 'scripts/serve.mjs'), '--port', '0', '--dir', join(dir, 'build')], {stdio: ['ignore', 'pipe', 'inherit']});
    origin = await new Promise<string>((resolveOrigin, reject) => {
      server!.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
      server!.stdout!.on('data', (chunk: Buffer) => {
        const url = /at (http:\/\/[^/\s]+)\//.exec(chunk.toString())?.[1];
        if (url) resolveOrigin(url);
      });
    });
  });

  test.afterAll(() => {
    server?.kill();
    rmSync(dir, {recursive: true, force: true});
  });

  test('the English page says the Chinese changed since, with the date and a link, under the title', async ({page}) => {
    await page.goto(`${origin}/en_US/guide/help`);
    await hydrated(page);
    const notice = page.getByText('changed after this translation');
    await expect(notice).toHaveText('The Chinese version of this page changed after this translation (2024-03-05); it may be more current.');
    await expect(notice.getByRole('link', {name: 'The Chinese version of this page'})).toHaveAttribute('href', '/guide/help');
    // Right under the title: the element after the page's h1 header.
    await expect(page.locator('article header:has(h1) + *')).toHaveText(/changed after this translation/);
  });

  test('an English change after the Chinese one without a translatedFrom mark: the notice says it is not yet checked', async ({page}) => {
    await page.goto(`${origin}/en_US/guide/install`);
    await hydrated(page);
    const notice = page.locator('article header:has(h1) + *');
    await expect(notice).toHaveText('The Chinese version of this page has a change (2024-03-05) that this translation has not yet been checked against; it may be more current.');
    await expect(notice.getByRole('link', {name: 'The Chinese version of this page'})).toHaveAttribute('href', '/guide/install');
  });

  test('pages whose Chinese source has no later content change, or that are marked as checked against it, show no notice', async ({page}) => {
    for (const path of ['/en_US/guide/faq', '/en_US/guide/start', '/en_US/config/routing', '/en_US/v5/config/router']) {
      await page.goto(`${origin}${path}`);
      await hydrated(page);
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
      await expect(page.getByText('changed after this translation'), path).toHaveCount(0);
      await expect(page.getByText('not yet been checked against'), path).toHaveCount(0);
    }
  });
});
