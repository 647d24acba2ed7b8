// Translation status: which English pages are behind their Chinese source, or unconfirmed.
// The pure parts with small inputs; the git part against a repository the test builds.
import {test, describe, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {importTs} from './importTs.mjs';

const status = await importTs('src/plugins/translationStatus/index.ts');

const page = (frontMatter, body) => `---\n${frontMatter}\n---\n\n${body}`;

describe('what counts as a content change', () => {
  const before = page('title: 路由', '## RoutingObject\n\n路由的说明。\n');

  test('added checkedAgainst and anchorAliases keys do not count', () => {
    const after = page('title: 路由\ncheckedAgainst: v5.52.0\nanchorAliases:\n  domain-matching: [预定义域名列表]', '## RoutingObject\n\n路由的说明。\n');
    assert.equal(status.contentKey(after), status.contentKey(before));
  });

  test('whitespace and blank lines do not count', () => {
    const after = page('title:   路由', '\n\n## RoutingObject  \n\n\n   路由的说明。\t\n\n');
    assert.equal(status.contentKey(after), status.contentKey(before));
  });

  test('a changed body counts', () => {
    assert.notEqual(status.contentKey(page('title: 路由', '## RoutingObject\n\n新的说明。\n')), status.contentKey(before));
  });

  test('a changed title or description counts: readers see them', () => {
    assert.notEqual(status.contentKey(page('title: 路由配置', '## RoutingObject\n\n路由的说明。\n')), status.contentKey(before));
    assert.notEqual(status.contentKey(page('title: 路由\ndescription: 说明', '## RoutingObject\n\n路由的说明。\n')), status.contentKey(before));
  });

  test('a file that appears or disappears counts', () => {
    assert.notEqual(status.contentKey(null), status.contentKey(''));
  });

  test('the newest counting change wins; changes that do not count are skipped', () => {
    const change = (hash, from, to) => ({commit: {hash, date: '2024-01-01T00:00:00Z'}, before: from, after: to});
    const withAliases = page('title: 路由\nanchorAliases:\n  a: [b]', '## RoutingObject\n\n路由的说明。\n');
    assert.deepEqual(status.lastContentChange([
      change('c3', withAliases, `${withAliases}\n\n`),
      change('c2', before, withAliases),
      change('c1', null, before),
    ]), {hash: 'c1', date: '2024-01-01T00:00:00Z'});
    assert.equal(status.lastContentChange([change('c2', before, withAliases)]), null);
  });
});

describe('front matter', () => {
  test('splits front matter from the body, and a page without any has an empty one', () => {
    assert.deepEqual(status.splitFrontMatter('---\ntitle: x\n---\nbody\n'), {frontMatter: 'title: x', body: 'body\n'});
    assert.deepEqual(status.splitFrontMatter('## only body\n'), {frontMatter: '', body: '## only body\n'});
  });

  test('reads the translatedFrom mark, quoted or not, with a comment or none', () => {
    assert.equal(status.translatedFromMark(page('title: x\ntranslatedFrom: 91675af', '')), '91675af');
    assert.equal(status.translatedFromMark(page("title: x\ntranslatedFrom: '91675af' # checked 2024-05", '')), '91675af');
    assert.equal(status.translatedFromMark(page('title: x', 'translatedFrom: abc')), null);
  });
});

describe('behind or up to date', () => {
  const zh = {hash: 'z'.repeat(40), date: '2024-05-01T00:00:00Z'};
  const en = {hash: 'e'.repeat(40), date: '2024-04-01T00:00:00Z'};
  const never = () => false;
  const always = () => true;

  test('a Chinese change the English change does not contain: behind, diff from the English change', () => {
    assert.deepEqual(status.compare(zh, en, undefined, never), {state: 'behind', diff: {from: en.hash, to: zh.hash}});
  });

  test('an English change after the Chinese one, in another commit and without a mark: unconfirmed, not up to date', () => {
    assert.deepEqual(status.compare(zh, en, undefined, always), {state: 'unconfirmed', diff: {from: `${zh.hash}^`, to: zh.hash}});
  });

  test('the English changed in the commit of the last Chinese change (written together): up to date', () => {
    assert.deepEqual(status.compare(zh, en, undefined, always, true), {state: 'up to date', diff: null});
    assert.deepEqual(status.compare(zh, zh, undefined, always), {state: 'up to date', diff: null});
  });

  test('a translatedFrom mark replaces the English change as the reference', () => {
    const seen = [];
    const isAncestor = (a, b) => {
      seen.push([a, b]);
      return b === 'mark';
    };
    assert.deepEqual(status.compare(zh, en, 'mark', isAncestor), {state: 'up to date', diff: null});
    assert.deepEqual(seen, [[zh.hash, 'mark']]);
    assert.deepEqual(status.compare(zh, en, 'old-mark', isAncestor), {state: 'behind', diff: {from: 'old-mark', to: zh.hash}});
  });

  test('a mark git does not know, and a Chinese file not yet committed, are said so', () => {
    assert.equal(status.compare(zh, en, null, always).state, 'unknown mark');
    assert.equal(status.compare(null, en, undefined, always).state, 'not committed');
  });
});

describe('paths and output', () => {
  test('maps Chinese files to English files and routes', () => {
    assert.equal(status.englishFileOf('docs/config/routing.md'), 'i18n/en/docusaurus-plugin-content-docs/current/config/routing.md');
    assert.equal(status.englishFileOf('versioned_docs/v5/config/router.md'), 'i18n/en/docusaurus-plugin-content-docs-v5/current/config/router.md');
    assert.equal(status.englishFileOf('src/pages/index.tsx'), null);
    assert.equal(status.chineseFileOf('i18n/en/docusaurus-plugin-content-docs-v5/current/config/router.md'), 'versioned_docs/v5/config/router.md');
    assert.equal(status.routeOf('docs/config/routing.md'), '/config/routing');
    assert.equal(status.routeOf('versioned_docs/v5/config/router.mdx'), '/v5/config/router');
    assert.equal(status.routeOf('docs/guide/README.md'), '/guide');
  });

  test('parses git log --raw output, newest first per path, all-zero ids as absent', () => {
    const log = [
      '\x1e' + 'b'.repeat(40) + '\t2024-02-01T00:00:00+00:00', '',
      `:100644 100644 ${'1'.repeat(40)} ${'2'.repeat(40)} M\tdocs/a.md`,
      '\x1e' + 'a'.repeat(40) + '\t2024-01-01T00:00:00+00:00', '',
      `:000000 100644 ${'0'.repeat(40)} ${'1'.repeat(40)} A\tdocs/a.md`,
      `:000000 100644 ${'0'.repeat(40)} ${'3'.repeat(40)} A\tdocs/路由 b.md`, '',
    ].join('\n');
    const parsed = status.parseRawLog(log);
    assert.deepEqual(parsed.get('docs/a.md').map((c) => [c.commit.hash[0], c.before?.[0] ?? null, c.after[0]]), [['b', '1', '2'], ['a', null, '1']]);
    assert.equal(parsed.get('docs/路由 b.md')[0].commit.date, '2024-01-01T00:00:00+00:00');
  });

  test('the table has one row per page and the diff command only for a page that is behind', () => {
    const commit = (hash, date) => ({hash: hash.repeat(40), date});
    const table = status.formatStatusTable([
      {zhFile: 'docs/a.md', enFile: 'x', zh: commit('2', '2024-02-01T00:00:00Z'), en: commit('1', '2024-01-01T00:00:00Z'),
        translatedFrom: null, state: 'behind', diff: {from: '1'.repeat(40), to: '2'.repeat(40)}, uncommitted: []},
      {zhFile: 'docs/b.md', enFile: 'y', zh: commit('1', '2024-01-01T00:00:00Z'), en: commit('1', '2024-01-01T00:00:00Z'),
        translatedFrom: null, state: 'up to date', diff: null, uncommitted: ['docs/b.md']},
    ]).split('\n');
    assert.equal(table.length, 4);
    assert.equal(status.diffCommand({zhFile: 'docs/a.md', diff: {from: `${'2'.repeat(40)}^`, to: '2'.repeat(40)}}), 'git diff 2222222^..2222222 -- docs/a.md');
    assert.match(table[2], /^\/a\s+2024-02-01 2222222\s+2024-01-01 1111111\s+behind\s+git diff 1111111\.\.2222222 -- docs\/a\.md$/);
    assert.match(table[3], /^\/b\s+2024-01-01 1111111\s+2024-01-01 1111111\s+up to date \(\+ not committed, not counted\)$/);
  });
});

describe('from a git repository', () => {
  let repo;
  let site;
  const hashes = {};

  const git = (args, date) => execFileSync('git', args, {
    cwd: repo, encoding: 'utf8',
    env: {...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_CONFIG_NOSYSTEM: '1', HOME: repo},
  }).trim();
  const zhFile = (name) => `docs/${name}.md`;
  const enFile = (name) => `i18n/en/docusaurus-plugin-content-docs/current/${name}.md`;
  const write = (file, text) => {
    mkdirSync(dirname(join(site, file)), {recursive: true});
    writeFileSync(join(site, file), text);
  };
  const commit = (name, date, files) => {
    for (const [file, text] of Object.entries(files)) write(file, text);
    git(['add', '-A'], date);
    git(['commit', '-q', '-m', name], date);
    hashes[name] = git(['rev-parse', 'HEAD'], date);
  };
  const zhPage = (body, extra = '') => page(`title: 页面${extra}`, `## 标题\n\n${body}\n`);
  const enPage = (body, extra = '') => page(`title: Page${extra}`, `## Heading\n\n${body}\n`);

  before(() => {
    repo = mkdtempSync(join(tmpdir(), 'translation-status-'));
    // The site in a folder of the repository, as paths from git are relative to its top.
    site = join(repo, 'site');
    git(['init', '-q', '-b', 'main'], '2024-01-01T00:00:00Z');
    git(['config', 'user.name', 'Test'], '2024-01-01T00:00:00Z');
    git(['config', 'user.email', 'test@example.invalid'], '2024-01-01T00:00:00Z');
    const names = ['zh-newer', 'fm-only', 'ws-only', 'en-newer', 'marked', 'marked-then-zh', 'together', 'keywords'];
    commit('start', '2024-01-01T00:00:00Z', Object.fromEntries(names.flatMap((n) => [[zhFile(n), zhPage('一')], [enFile(n), enPage('one')]])));
    commit('zh-newer', '2024-02-01T00:00:00Z', {[zhFile('zh-newer')]: zhPage('二')});
    commit('fm-only', '2024-02-02T00:00:00Z', {
      [zhFile('fm-only')]: zhPage('一', '\ncheckedAgainst: v5.52.0\nanchorAliases:\n  标题: [旧标题]'),
    });
    commit('ws-only', '2024-02-03T00:00:00Z', {[zhFile('ws-only')]: `${zhPage('一').replace('## 标题', '##   标题  ')}\n\n\n`});
    commit('en-newer-zh', '2024-02-04T00:00:00Z', {[zhFile('en-newer')]: zhPage('二')});
    commit('en-newer-en', '2024-02-05T00:00:00Z', {[enFile('en-newer')]: enPage('two')});
    commit('together', '2024-02-06T00:00:00Z', {[zhFile('together')]: zhPage('二'), [enFile('together')]: enPage('two')});
    commit('together-en-fix', '2024-02-07T00:00:00Z', {[enFile('together')]: enPage('Two.')});
    commit('keywords', '2024-02-08T00:00:00Z', {[zhFile('keywords')]: zhPage('一', '\nkeywords: [页面, page]')});
    commit('marked-zh', '2024-03-01T00:00:00Z', {[zhFile('marked')]: zhPage('二'), [zhFile('marked-then-zh')]: zhPage('二')});
    // The translator checked both English pages against marked-zh and changed nothing but the mark.
    commit('mark', '2024-03-02T00:00:00Z', {
      [enFile('marked')]: enPage('one', `\ntranslatedFrom: ${hashes['marked-zh'].slice(0, 7)}`),
      [enFile('marked-then-zh')]: enPage('one', `\ntranslatedFrom: '${hashes['marked-zh'].slice(0, 10)}'`),
    });
    commit('after-mark', '2024-03-03T00:00:00Z', {[zhFile('marked-then-zh')]: zhPage('三')});
  });

  after(() => rmSync(repo, {recursive: true, force: true}));

  const byRoute = () => new Map(status.translationStatus(site).map((p) => [status.routeOf(p.zhFile), p]));

  test('a Chinese change after the English one: behind since the English change', () => {
    const p = byRoute().get('/zh-newer');
    assert.equal(p.state, 'behind');
    assert.deepEqual(p.zh, {hash: hashes['zh-newer'], date: '2024-02-01T00:00:00+00:00'});
    assert.deepEqual(p.en, {hash: hashes.start, date: '2024-01-01T00:00:00+00:00'});
    assert.equal(status.diffCommand(p), `git diff ${hashes.start.slice(0, 7)}..${hashes['zh-newer'].slice(0, 7)} -- docs/zh-newer.md`);
  });

  test('the printed diff command shows the Chinese change', () => {
    const [, from, to, file] = /^git diff (\w+)\.\.(\w+) -- (.+)$/.exec(status.diffCommand(byRoute().get('/zh-newer')));
    const diff = execFileSync('git', ['diff', `${from}..${to}`, '--', file], {cwd: site, encoding: 'utf8'});
    assert.match(diff, /^-一$/m);
    assert.match(diff, /^\+二$/m);
  });

  test('a front-matter-only Chinese commit does not count', () => {
    const p = byRoute().get('/fm-only');
    assert.equal(p.zh.hash, hashes.start);
    assert.equal(p.state, 'up to date');
  });

  test('a whitespace-only Chinese commit does not count', () => {
    const p = byRoute().get('/ws-only');
    assert.equal(p.zh.hash, hashes.start);
    assert.equal(p.state, 'up to date');
  });

  test('an English change after the Chinese one, in its own commit and without a mark: unconfirmed', () => {
    const p = byRoute().get('/en-newer');
    assert.equal(p.state, 'unconfirmed');
    assert.equal(status.diffCommand(p), `git diff ${hashes['en-newer-zh'].slice(0, 7)}^..${hashes['en-newer-zh'].slice(0, 7)} -- docs/en-newer.md`);
  });

  test('an English fix after both files changed in one commit: up to date', () => {
    const p = byRoute().get('/together');
    assert.equal(p.zh.hash, hashes.together);
    assert.equal(p.en.hash, hashes['together-en-fix']);
    assert.equal(p.state, 'up to date');
  });

  test('a keywords-only Chinese commit does not count', () => {
    const p = byRoute().get('/keywords');
    assert.equal(p.zh.hash, hashes.start);
    assert.equal(p.state, 'up to date');
  });

  test('changes not committed are listed, not counted', () => {
    const file = join(site, zhFile('fm-only'));
    const text = readFileSync(file, 'utf8');
    const added = join(site, zhFile('new-page'));
    writeFileSync(file, `${text}\n新的一段。\n`);
    writeFileSync(join(site, enFile('ws-only')), `${readFileSync(join(site, enFile('ws-only')), 'utf8')}\n\n\n`);
    writeFileSync(added, zhPage('新'));
    try {
      const pages = byRoute();
      assert.deepEqual(pages.get('/fm-only').uncommitted, [zhFile('fm-only')]);
      assert.equal(pages.get('/fm-only').state, 'up to date');
      assert.deepEqual(pages.get('/ws-only').uncommitted, [], 'a whitespace change is no content change');
      assert.deepEqual(pages.get('/new-page').uncommitted, [zhFile('new-page')]);
      assert.equal(pages.get('/new-page').state, 'no English page');
      assert.match(status.formatStatusTable([pages.get('/fm-only')]), /up to date \(\+ not committed, not counted\)/);
    } finally {
      writeFileSync(file, text);
      rmSync(added);
      git(['checkout', '--', '.'], '2024-01-01T00:00:00Z');
    }
    assert.deepEqual(byRoute().get('/fm-only').uncommitted, []);
  });

  test('translatedFrom: up to date when the Chinese has not changed since the marked commit', () => {
    const p = byRoute().get('/marked');
    // Adding the mark is a front matter change: the English page's own last change is still the first commit.
    assert.equal(p.en.hash, hashes.start);
    assert.equal(p.translatedFrom, hashes['marked-zh'].slice(0, 7));
    assert.equal(p.state, 'up to date');
  });

  test('translatedFrom: behind after a later Chinese change, diff from the marked commit', () => {
    const p = byRoute().get('/marked-then-zh');
    assert.equal(p.state, 'behind');
    assert.deepEqual(p.diff, {from: hashes['marked-zh'], to: hashes['after-mark']});
  });

  test('an unknown translatedFrom commit is reported, not taken as up to date', () => {
    const file = join(site, enFile('marked'));
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/translatedFrom: \w+/, 'translatedFrom: 0123456'));
    try {
      assert.equal(byRoute().get('/marked').state, 'unknown mark');
    } finally {
      writeFileSync(file, text);
    }
  });

  test('the build-time lookup gives the date of the Chinese change for a page that is behind or unconfirmed only', () => {
    assert.deepEqual(status.translationBehind(site, join(site, enFile('zh-newer'))), {date: '2024-02-01', commit: hashes['zh-newer'].slice(0, 7), state: 'behind'});
    assert.deepEqual(status.translationBehind(site, join(site, enFile('en-newer'))), {date: '2024-02-04', commit: hashes['en-newer-zh'].slice(0, 7), state: 'unconfirmed'});
    assert.equal(status.translationBehind(site, join(site, enFile('together'))), null);
    assert.equal(status.translationBehind(site, join(site, enFile('fm-only'))), null);
    assert.equal(status.translationBehind(site, join(site, zhFile('zh-newer'))), null);
  });

  test('without git history there is no status', () => {
    const bare = mkdtempSync(join(tmpdir(), 'translation-status-nogit-'));
    try {
      mkdirSync(join(bare, 'docs'));
      writeFileSync(join(bare, 'docs/a.md'), zhPage('一'));
      assert.equal(status.translationStatus(bare), null);
      assert.equal(status.translationBehind(bare, join(bare, enFile('a'))), null);
    } finally {
      rmSync(bare, {recursive: true, force: true});
    }
  });
});
