import {cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {tmpdir} from 'node:os';
import {spawnSync} from 'node:child_process';
import {test, expect} from '@playwright/test';

const root = resolve(__dirname, '../..');
// tests/ is left out: the site builds without its tests (check:imports fails when something
// outside tests/ imports or reads it), and each copy is smaller.
const skip = new Set(['tests', 'node_modules', 'build', 'build-docsearch', '.docusaurus', '.git', 'test-results', 'playwright-report']);

type Change = {file: string; append: string};

/**
 * Copies the site (not node_modules) to a scratch folder, appends text to some files (created
 * when missing), builds the Chinese site (unminified), and hands the build folder to `inspect` before cleanup.
 */
function buildWith(name: string, changes: Change[], inspect?: (buildDir: string) => void): {status: number | null; output: string} {
  const dir = join(tmpdir(), `v2fly-docs-${name}-${process.pid}`);
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  cpSync(root, dir, {recursive: true, filter: (src) => !skip.has(src.slice(root.length + 1).split('/')[0] ?? '')});
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  for (const {file, append} of changes) {
    const path = join(dir, file);
    const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
    writeFileSync(path, `${before}\n\n${append}\n`);
  }
  // Unminified: the links are checked the same way, and minifying took over a third of each build
  // (the four builds: 546 s of test time, 332 s unminified, on the same busy machine).
  const run = spawnSync('npx', ['docusaurus', 'build', '--locale', 'zh-CN', '--no-minify', '--out-dir', join(dir, 'build')], {
    cwd: dir, encoding: 'utf8', env: {...process.env, CI: '1', DOCS_LINKS: ''},
  });
  try {
    if (run.status === 0) inspect?.(join(dir, 'build'));
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
  return {status: run.status, output: `${run.stdout}\n${run.stderr}`};
}

test.describe('the build refuses bad links', () => {
  test.describe.configure({timeout: 180_000, mode: 'serial'});

  test('a broken Markdown link fails the build', () => {
    const {status, output} = buildWith('broken-md-link', [{file: 'docs/guide/help.md', append: '[gone](./no-such-page.md)'}]);
    expect(status).not.toBe(0);
    expect(output).toContain('no-such-page.md');
  });

  test('a broken anchor fails the build', () => {
    const {status, output} = buildWith('broken-anchor', [{file: 'docs/guide/help.md', append: '[gone](./faq.md#no-such-anchor)'}]);
    expect(status).not.toBe(0);
    expect(output).toMatch(/no-such-anchor/);
  });

  test('a broken route link fails the build', () => {
    const {status, output} = buildWith('broken-route', [{file: 'docs/guide/help.md', append: '[gone](/config/no-such-route)'}]);
    expect(status).not.toBe(0);
    expect(output).toMatch(/no-such-route/);
  });

  test('Markdown links become working routes and a README.md becomes its folder\'s index', () => {
    let help = '';
    let index = false;
    const {status, output} = buildWith('readme-index', [
      {file: 'docs/guide/README.md', append: '---\ntitle: 指南目录\n---\n\n## 目录\n\n[安装](./install.md)'},
      {file: 'docs/guide/help.md', append: '[目录](./README.md) [路由](../config/routing.md#ruleobject)'},
    ], (build) => {
      help = readFileSync(join(build, 'guide/help.html'), 'utf8');
      index = existsSync(join(build, 'guide.html'));
    });
    expect(status, output).toBe(0);
    expect(index).toBe(true);
    // The HTML is minified: attribute quotes are optional.
    expect(help).toMatch(/href="?\/guide"?[\s>]/);
    expect(help).toMatch(/href="?\/config\/routing#ruleobject"?[\s>]/);
  });
});
