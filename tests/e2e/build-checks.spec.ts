import {cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {tmpdir} from 'node:os';
import {spawnSync} from 'node:child_process';
import {test, expect} from '@playwright/test';

const root = resolve(__dirname, '../..');
const skip = new Set(['node_modules', 'build', '.docusaurus', '.git', 'tests', 'test-results', 'playwright-report']);

/** Copies the site (not node_modules) to a scratch folder, with one page changed, and builds it. */
function buildWith(name: string, page: string, append: string): {status: number | null; output: string} {
  const dir = join(tmpdir(), `v2fly-docs-${name}-${process.pid}`);
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  cpSync(root, dir, {recursive: true, filter: (src) => !skip.has(src.slice(root.length + 1).split('/')[0] ?? '')});
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const file = join(dir, page);
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n\n${append}\n`);
  const run = spawnSync('npx', ['docusaurus', 'build', '--locale', 'zh-CN', '--out-dir', join(dir, 'build')], {
    cwd: dir, encoding: 'utf8', env: {...process.env, CI: '1'},
  });
  rmSync(dir, {recursive: true, force: true});
  return {status: run.status, output: `${run.stdout}\n${run.stderr}`};
}

test.describe('the build refuses bad links', () => {
  test.describe.configure({timeout: 180_000, mode: 'serial'});

  test('a broken Markdown link fails the build', () => {
    const {status, output} = buildWith('broken-md-link', 'docs/guide/help.md', '[gone](./no-such-page.md)');
    expect(status).not.toBe(0);
    expect(output).toContain('no-such-page.md');
  });

  test('a broken anchor fails the build', () => {
    const {status, output} = buildWith('broken-anchor', 'docs/guide/help.md', '[gone](./faq.md#no-such-anchor)');
    expect(status).not.toBe(0);
    expect(output).toMatch(/no-such-anchor/);
  });

  test('a broken route link fails the build', () => {
    const {status, output} = buildWith('broken-route', 'docs/guide/help.md', '[gone](/config/no-such-route)');
    expect(status).not.toBe(0);
    expect(output).toMatch(/no-such-route/);
  });
});
