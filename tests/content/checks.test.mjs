// Unit tests of the content checks: each must fail on a planted error.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {headings, pageAnchors} from '../../builder/content/anchors.mjs';
import {checkFieldTexts, fieldEntriesOf, normalValue, referencePages} from './check-fields.mjs';
import {checkSinceTexts, versionClaims} from './check-since.mjs';
import {readFileSync} from 'node:fs';
import {fileFor, root} from '../../builder/content/files.mjs';
import {pages} from '../../builder/facts/facts.mjs';
import {pageFilesOnDisk, pageListProblems} from './page-files.mjs';
import {admonitionProblems, jsonBlockProblem} from './blocks.mjs';

const files = {zh: 'zh.md', en: 'en.md'};
const page = (tag, values, extra = '') => `---
title: Freedom
checkedAgainst: ${tag}
---

## FreedomSettings

### \`domainStrategy\`

- Type: \`string\`
- Values: ${values}
- Default: \`"AsIs"\`
${extra}
`;
const good = '`"AsIs"`, `"UseIP"`, `"UseIPv4"`, `"UseIPv6"`';

test('heading ids follow Docusaurus: explicit ids, slugs, repeats, code spans that look like HTML', () => {
  const ids = headings('## A b\n\n## 域名 {#domain}\n\n```md\n## not a heading\n```\n\n### `<service name>`\n\n## A b\n').map((h) => h.id);
  assert.deepEqual(ids, ['a-b', 'domain', 'service-name', 'a-b-1']);
});

test('an alias that points at no heading, or repeats a heading id, is a problem', () => {
  const text = '---\ntitle: x\nanchorAliases:\n  gone: [old]\n  a: [b]\n---\n\n## A\n\n## B\n';
  const {problems, ids} = pageAnchors(text);
  assert.ok(ids.has('old'));
  assert.match(problems.join('\n'), /#old points at #gone/);
  assert.match(problems.join('\n'), /#b is already a heading id/);
});

test('values are compared by one spelling per value', () => {
  assert.equal(normalValue('"UseIPv4"'), normalValue('use_ip4'));
  assert.equal(normalValue('"IPIfNonMatch"'), normalValue('ip-if-non-match'));
  assert.deepEqual(fieldEntriesOf(page('v5.52.0', good)).map((e) => [e.object, e.name, e.values.length]), [['freedomsettings', 'domainStrategy', 4]]);
});

test('a real page passes, and a planted enum value fails', () => {
  const path = '/config/protocols/freedom';
  const texts = {zh: readFileSync(root + fileFor(path, 'zh'), 'utf8'), en: readFileSync(root + fileFor(path, 'en'), 'utf8')};
  assert.deepEqual(checkFieldTexts(path, texts, files), []);
  const planted = {zh: texts.zh.replace('`"UseIPv6"`', '`"UseIPv6"`、`"PreferIPv9"`'), en: texts.en.replace('`"UseIPv6"`', '`"UseIPv6"`, `"PreferIPv9"`')};
  assert.notEqual(planted.zh, texts.zh, 'the planted value went in');
  assert.match(checkFieldTexts(path, planted, files).join('\n'), /lists "PreferIPv9", which the source does not accept/);
});

test('a documented field the source does not have fails', () => {
  const extra = '\n### `domainStrategyV6`\n\n- Type: `string`\n';
  const texts = {zh: page('v5.52.0', good, extra), en: page('v5.52.0', good, extra)};
  assert.match(checkFieldTexts('/config/protocols/freedom', texts, files).join('\n'), /documents freedomsettings\.domainStrategyV6, a field the source does not have/);
});

test('a value the source accepts but the page leaves out fails', () => {
  const texts = {zh: page('v5.52.0', '`"AsIs"`, `"UseIP"`'), en: page('v5.52.0', '`"AsIs"`, `"UseIP"`')};
  assert.match(checkFieldTexts('/config/protocols/freedom', texts, files).join('\n'), /does not list useip4, useip6/);
});

test('languages giving different values or defaults fail', () => {
  const texts = {zh: page('v5.52.0', good), en: page('v5.52.0', '`"AsIs"`, `"UseIP"`, `"UseIPv4"`')};
  assert.match(checkFieldTexts('/config/protocols/freedom', texts, files).join('\n'), /values differ/);
});

test('a reference page without a checked-against release fails', () => {
  const texts = {zh: page('soon', good), en: page('v5.52.0', good)};
  assert.match(checkFieldTexts('/config/protocols/freedom', texts, files).join('\n'), /zh\.md: no "checkedAgainst: vX\.Y\.Z"/);
});

test('version claims: found in both phrasings, and a wrong "since" fails', () => {
  assert.deepEqual(versionClaims('## A\n\n自 v5.8.0 起可用。\n\n## B {#b}\n\nAvailable since v4.37.0.\n').map((c) => `${c.anchor}@${c.version}`), ['a@5.8.0', 'b@4.37.0']);
  const data = [{page: '/p', anchor: 'methods', version: '5.8.0', path: 'x.go', pattern: 'y'}];
  const right = {zh: '## 加密方式 {#methods}\n\nv5.8.0 起可以这样写。\n', en: '## Methods {#methods}\n\nSince v5.8.0 this spelling works.\n'};
  assert.deepEqual(checkSinceTexts('/p', right, files, data), []);
  const wrong = {zh: right.zh.replace('v5.8.0', 'v5.9.0'), en: right.en.replace('v5.8.0', 'v5.9.0')};
  assert.match(checkSinceTexts('/p', wrong, files, data).join('\n'), /"since v5\.9\.0" \(#methods\) is not in facts\/since\.json, which says v5\.8\.0/);
  const coarse = {zh: right.zh.replace('v5.8.0', 'v5.8'), en: right.en};
  assert.match(checkSinceTexts('/p', coarse, files, data).join('\n'), /give the full release tag/);
});

test('a page file that facts/pages.json does not list fails, naming the file', () => {
  const files = [...pageFilesOnDisk(root), 'docs/guide/upgrade.md'];
  const problems = pageListProblems(pages.map((p) => p.path), files);
  assert.deepEqual(problems, [
    'docs/guide/upgrade.md: page file not listed in facts/pages.json (add {"path": "/guide/upgrade", "zh": "…", "en": "…"}; WRITING.md "Adding a page")',
  ]);
  // The same for the v5 branch and an English file alone; partials (_name.md) are not pages.
  const more = pageListProblems(['/v5/config/router'], [
    'versioned_docs/v5/config/router.md', 'i18n/en/docusaurus-plugin-content-docs-v5/current/config/router.md',
    'i18n/en/docusaurus-plugin-content-docs-v5/current/config/extra.mdx', 'versioned_docs/v5/config/_shared.md',
  ]);
  assert.deepEqual(more, ['i18n/en/docusaurus-plugin-content-docs-v5/current/config/extra.mdx: page file not listed in facts/pages.json (add {"path": "/v5/config/extra", "zh": "…", "en": "…"}; WRITING.md "Adding a page")']);
});

test('a listed page whose file is missing in one language fails, naming the expected path', () => {
  const enFaq = 'i18n/en/docusaurus-plugin-content-docs/current/guide/faq.md';
  const files = pageFilesOnDisk(root);
  assert.ok(files.includes(enFaq), 'the real tree has the English FAQ');
  assert.deepEqual(pageListProblems(pages.map((p) => p.path), files), [], 'the real tree is complete');
  assert.deepEqual(pageListProblems(pages.map((p) => p.path), files.filter((f) => f !== enFaq)),
    [`/guide/faq [en]: page file missing: expected ${enFaq} (or .mdx)`]);
  assert.deepEqual(pageListProblems(['/v5/config/router'], ['i18n/en/docusaurus-plugin-content-docs-v5/current/config/router.md']),
    ['/v5/config/router [zh]: page file missing: expected versioned_docs/v5/config/router.md (or .mdx)']);
});

test('a json block with comments is told to be jsonc; other parse errors are reported as they are', () => {
  const commented = jsonBlockProblem({lang: 'json', meta: '', line: 3, code: '{\n  // the log level\n  "log": {"loglevel": "warning"}\n}'});
  assert.match(commented ?? '', /json block does not parse: .*name it `jsonc`/);
  assert.match(jsonBlockProblem({lang: 'json', meta: '', line: 1, code: '{"a": 1,}'}) ?? '', /name it `jsonc`/, 'a trailing comma');
  // Broken apart from its comments: the parse error, and that only jsonc allows the comments.
  const broken = jsonBlockProblem({lang: 'json', meta: '', line: 1, code: '{\n  // note\n  "a": 1 "b": 2\n}'});
  assert.match(broken ?? '', /does not parse: .*only a `jsonc` block may have/);
  assert.doesNotMatch(broken ?? '', /name it `jsonc`/);
  // No comments: nothing about jsonc.
  assert.doesNotMatch(jsonBlockProblem({lang: 'json', meta: '', line: 1, code: '{"a": 1 "b": 2}'}) ?? 'no problem', /jsonc/);
  assert.equal(jsonBlockProblem({lang: 'jsonc', meta: '', line: 1, code: '{\n  // fine here\n  "a": 1,\n}'}), null);
  assert.equal(jsonBlockProblem({lang: 'json', meta: '', line: 1, code: '{"url": "http://example.com/a"}'}), null, '// inside a string is not a comment');
});

test('an admonition with a space after the colons fails, naming its line; code blocks and closing colons do not', () => {
  const text = ['# Page', '', '::: tip', 'Text.', ':::', '', ':::warning[注意]', 'Text.', ':::', '', '```md', '::: note', '```', '', '::::  danger', ':::::', ''].join('\n');
  const problems = admonitionProblems(text);
  assert.deepEqual(problems.map((p) => p.line), [3, 15]);
  assert.match(problems[0]?.message ?? '', /write `:::tip` with no space/);
  assert.match(problems[1]?.message ?? '', /write `::::danger`/);
  assert.deepEqual(admonitionProblems(':::tip\nText.\n:::\n\n:::note[Title]\n:::\n'), []);
});

test('the field and version checks read every reference page, in both languages', () => {
  const listed = pages.filter((p) => p.path.startsWith('/config/') || p.path.startsWith('/v5/config/'));
  const read = referencePages(pages);
  assert.ok(listed.length > 40, `reference pages listed: ${listed.length}`);
  assert.deepEqual(read.map((p) => p.path), listed.map((p) => p.path));
  for (const p of read) assert.ok(p.texts.zh.length > 0 && p.texts.en.length > 0 && p.texts.zh !== p.texts.en, p.path);
});
