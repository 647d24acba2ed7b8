import {readFileSync} from 'node:fs';
import {execFileSync} from 'node:child_process';
import {readFragments} from './pagefind-index';
import {test, expect, hydrated} from './fixtures';

// The page footer: edit link (repo/edit/branch/file), last-updated time, contributors, prev/next.
const edit = 'https://github.com/v2fly/v2fly-github-io/edit/master/';
const sources = [
  ['/guide/install', 'docs/guide/install.md', '编辑此页'],
  ['/en_US/guide/install', 'i18n/en/docusaurus-plugin-content-docs/current/guide/install.md', 'Edit this page'],
  ['/v5/config/overview', 'versioned_docs/v5/config/overview.md', '编辑此页'],
  ['/en_US/v5/config/overview', 'i18n/en/docusaurus-plugin-content-docs-v5/current/config/overview.md', 'Edit this page'],
] as const;

/** Authors of a file as git reports them, most commits first. */
function authors(file: string): {name: string; email: string}[] {
  const log = execFileSync('git', ['log', '--no-merges', '--no-renames', '--format=%aN%x09%aE', '--', file], {encoding: 'utf8'});
  const seen = new Map<string, {name: string; email: string}>();
  for (const line of log.split('\n').filter(Boolean)) {
    const [name = '', email = ''] = line.split('\t');
    seen.set(email.toLowerCase(), {name, email});
  }
  return [...seen.values()];
}

for (const [path, file, label] of sources) {
  test(`edit link of ${path} points at ${file}`, async ({page}) => {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('link', {name: label})).toHaveAttribute('href', `${edit}${file}`);
  });
}

test('last-updated time is shown in Chinese and English', async ({page}) => {
  for (const [path, text] of [['/guide/install', /最后.*于\s*\S+.*更新/], ['/en_US/guide/install', /Last updated.* on /]] as const) {
    await page.goto(path);
    await hydrated(page);
    const footer = page.locator('article footer');
    await expect(footer).toContainText(text);
    await expect(footer.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    // the date as theme-classic's Intl.DateTimeFormat writes it (src/theme/LastUpdated writes it without Intl)
    const expected = await footer.locator('time').evaluate((time) => new Intl.DateTimeFormat(document.documentElement.lang === 'zh-CN' ? 'zh-CN' : 'en',
      {calendar: 'gregory', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'}).format(new Date(time.getAttribute('datetime')!)));
    await expect(footer.locator('time')).toHaveText(expected);
  }
});

for (const [path, file, heading] of [
  ['/guide/install', 'docs/guide/install.md', '贡献者'],
  ['/en_US/v5/config/overview', 'i18n/en/docusaurus-plugin-content-docs-v5/current/config/overview.md', 'Contributors'],
] as const) {
  test(`contributors of ${path} are the git authors of its file, by name, with no e-mail address anywhere`, async ({page}) => {
    const expected = authors(file);
    expect(expected.length).toBeGreaterThan(0);
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => { if (/\.js$/.test(new URL(r.url()).pathname)) scripts.push(r.text().catch(() => '')); });
    await page.goto(path);
    await hydrated(page);
    const block = page.getByRole('region', {name: heading});
    await expect(block.getByRole('heading', {name: heading})).toBeVisible();
    const names = [...new Set(expected.map((a) => a.name))];
    await expect(block.getByRole('listitem')).toHaveCount(names.length);
    expect((await block.getByRole('listitem').allTextContents()).sort()).toEqual(names.sort());
    // a name links only to a GitHub profile, never to an address
    for (const href of await block.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
      expect(href).toMatch(/^https:\/\/github\.com\/[\w-]+$/);
    }
    const html = await page.content();
    expect(html).not.toContain('mailto:');
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    for (const {email} of expected) {
      expect(html).not.toContain(email);
      for (const body of bodies) expect(body).not.toContain(email);
    }
  });
}

test('contributors and the footer lines are not in the search index', () => {
  const email = authors('docs/guide/install.md')[0]?.email ?? 'no author';
  const fragments = readFragments(process.env.E2E_BUILD_DIR ?? 'build');
  const install = fragments.filter((f) => /\/guide\/install$/.test(f.url));
  expect(install.map((f) => f.url).sort()).toEqual(['/en_US/guide/install', '/guide/install']);
  for (const fragment of fragments) {
    expect(fragment.content).not.toContain(email);
    expect(fragment.content).not.toContain('贡献者');
  }
});

test('previous and next links in both languages', async ({page}) => {
  await page.goto('/guide/start');
  await hydrated(page);
  const zh = page.getByRole('navigation', {name: '文档分页导航'});
  await expect(zh.getByRole('link', {name: /^上一页/})).toHaveAttribute('href', /^\/guide\//);
  await expect(zh.getByRole('link', {name: /^下一页/})).toHaveAttribute('href', /^\/guide\//);
  await page.goto('/en_US/guide/start');
  await hydrated(page);
  const en = page.getByRole('navigation', {name: 'Docs pages'});
  await expect(en.getByRole('link', {name: /^Previous/})).toHaveAttribute('href', /^\/en_US\/guide\//);
  await expect(en.getByRole('link', {name: /^Next/})).toHaveAttribute('href', /^\/en_US\/guide\//);
});

// A reference page names the v2ray-core release its claims were checked against.
test('reference pages say which v2ray-core release they were checked against', async ({page}) => {
  const checked = [
    ['/config/routing', 'docs/config/routing.md', /本页内容已对照 v2ray-core v\d+\.\d+\.\d+ 的源代码核对/],
    ['/en_US/v5/config/router', 'i18n/en/docusaurus-plugin-content-docs-v5/current/config/router.md', /Checked against the source code of v2ray-core v\d+\.\d+\.\d+/],
  ] as const;
  for (const [path, file, text] of checked) {
    const tag = /^checkedAgainst:\s*(v\S+)/m.exec(readFileSync(file, 'utf8'))?.[1];
    expect(tag, `${file} front matter`).toBeDefined();
    await page.goto(path);
    await hydrated(page);
    const line = page.locator('article .doc-checked-against');
    await expect(line).toHaveText(text);
    await expect(line.getByRole('link')).toHaveAttribute('href', `https://github.com/v2fly/v2ray-core/releases/tag/${tag}`);
  }
  await page.goto('/guide/install');
  await hydrated(page);
  await expect(page.locator('article footer')).toBeVisible();
  await expect(page.locator('.doc-checked-against')).toHaveCount(0);
});
