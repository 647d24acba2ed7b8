// The page map: routes to files and back, twins, and the folder of a path however it is written.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {expectedFile, fileFor, pageFiles, pageOfFile, pageRootOf, root, twinOf} from './files.mjs';

const EN = 'i18n/en/docusaurus-plugin-content-docs/current';
const EN_V5 = 'i18n/en/docusaurus-plugin-content-docs-v5/current';

test('a route has one file per language, in the v4 and the v5 folders', () => {
  assert.equal(fileFor('/config/routing', 'zh'), 'docs/config/routing.md');
  assert.equal(fileFor('/config/routing', 'en'), `${EN}/config/routing.md`);
  assert.equal(fileFor('/v5/config/router', 'zh'), 'versioned_docs/v5/config/router.md');
  assert.equal(fileFor('/v5/config/router', 'en'), `${EN_V5}/config/router.md`);
  assert.equal(fileFor('/config/no-such-page', 'zh'), null);
  assert.equal(fileFor('/', 'zh'), null);
  assert.equal(expectedFile('/v5/config/extra', 'en'), `${EN_V5}/config/extra`);
});

test('a file gives its route and language; partials and other files are no page', () => {
  assert.deepEqual(pageOfFile('docs/config/routing.md'), {page: '/config/routing', lang: 'zh', v5: false});
  assert.deepEqual(pageOfFile(`${EN_V5}/config/router.mdx`), {page: '/v5/config/router', lang: 'en', v5: true});
  assert.deepEqual(pageOfFile('docs/guide/README.md'), {page: '/guide', lang: 'zh', v5: false});
  assert.deepEqual(pageOfFile('versioned_docs/v5/index.md'), {page: '/v5', lang: 'zh', v5: true});
  assert.equal(pageOfFile('versioned_docs/v5/config/_shared.md'), null);
  assert.equal(pageOfFile('docs/_parts/a.md'), null);
  assert.equal(pageOfFile('docs/config/image.png'), null);
  assert.equal(pageOfFile('src/pages/index.tsx'), null);
});

test('twins: the same place in the other language', () => {
  assert.equal(twinOf('docs/config/inbounds.md'), `${EN}/config/inbounds.md`);
  assert.equal(twinOf(`${EN_V5}/config/router.md`), 'versioned_docs/v5/config/router.md');
  assert.equal(twinOf('README.md'), null);
});

test('absolute paths: the English and v5 folders win over a "docs" earlier in the path', () => {
  assert.equal(pageRootOf('/home/docs/site/versioned_docs/v5/config/dns.md')?.v5, true);
  assert.equal(pageRootOf(`/w/docs/${EN}/config/routing.md`)?.lang, 'en');
  assert.deepEqual(pageRootOf('C:\\site\\docs\\config\\routing.md'), {dir: 'docs', lang: 'zh', v5: false, rest: 'config/routing.md'});
  assert.equal(pageRootOf(join(root, EN_V5, 'config/dns.md'))?.rest, 'config/dns.md');
  assert.equal(pageRootOf('/repo/src/pages/index.tsx'), null);
});

test('pageFiles lists the four folders of a copy, without partials', () => {
  const base = mkdtempSync(join(tmpdir(), 'page-files-'));
  try {
    for (const f of ['docs/a.md', 'docs/b/_part.md', `${EN}/a.md`, 'versioned_docs/v5/c.mdx', 'docs/b/x.png']) {
      mkdirSync(join(base, f, '..'), {recursive: true});
      writeFileSync(join(base, f), '# x\n');
    }
    assert.deepEqual(pageFiles(base).map((p) => [p.file, p.page, p.lang, p.v5]), [
      ['docs/a.md', '/a', 'zh', false],
      ['versioned_docs/v5/c.mdx', '/v5/c', 'zh', true],
      [`${EN}/a.md`, '/a', 'en', false],
    ]);
  } finally {
    rmSync(base, {recursive: true, force: true});
  }
});
