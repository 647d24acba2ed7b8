// scripts/checkWorkflows.mjs: a workflow GitHub would refuse fails, and so
// does a publishing workflow that skips the tests, publishes the wrong folder or drops a search key.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import yaml from 'js-yaml';
import {publishingProblems, schemaProblems, staticFileProblems} from '../../scripts/checkWorkflows.mjs';

const vars = ['DOCSEARCH_APP_ID', 'DOCSEARCH_API_KEY'];
const ours = () => yaml.load(readFileSync(new URL('../../.github/workflows/publish.yml', import.meta.url), 'utf8'));

test('our workflow passes the schema and our publishing rules', () => {
  assert.deepEqual(schemaProblems(readFileSync(new URL('../../.github/workflows/publish.yml', import.meta.url), 'utf8')), []);
  assert.deepEqual(publishingProblems(ours(), vars), []);
});

test('a misspelt key is a schema problem', () => {
  const problems = schemaProblems('name: x\non: push\njobs:\n  a:\n    runs-onn: ubuntu-24.04\n    steps:\n      - run: echo\n');
  assert.ok(problems.some((p) => /runs-onn/.test(p)), problems.join('\n'));
});

test('publishing without npm test, or before it, is a problem', () => {
  const workflow = ours();
  workflow.jobs.test.steps = workflow.jobs.test.steps.filter((s) => s.run !== 'npm test');
  assert.ok(publishingProblems(workflow, vars).some((p) => /npm test/.test(p)));
  const unordered = ours();
  delete unordered.jobs.build.needs;
  assert.ok(publishingProblems(unordered, vars).some((p) => /does not wait for the test job/.test(p)));
});

test('publishing another folder, or a build without a search key, is a problem', () => {
  const workflow = ours();
  const upload = workflow.jobs.build.steps.find((s) => /upload-pages-artifact/.test(s.uses ?? ''));
  upload.with.path = 'build-docsearch';
  assert.ok(publishingProblems(workflow, vars).some((p) => /not "build"/.test(p)));
  const keyless = ours();
  delete keyless.jobs.build.steps.find((s) => /npm run build/.test(s.run ?? '')).env.DOCSEARCH_API_KEY;
  assert.deepEqual(publishingProblems(keyless, vars), ['build: the build does not get DOCSEARCH_API_KEY from secrets.DOCSEARCH_API_KEY']);
});

test('CNAME must be the site\'s host and robots.txt must name each language\'s sitemap', () => {
  const robots = 'User-agent: *\nAllow: /\n\nSitemap: https://www.v2fly.org/sitemap.xml\nSitemap: https://www.v2fly.org/en_US/sitemap.xml\n';
  assert.deepEqual(staticFileProblems('https://www.v2fly.org', 'www.v2fly.org\n', robots, ['', '/en_US']), []);
  assert.deepEqual(staticFileProblems('https://www.v2fly.org', 'v2fly.org', robots, ['', '/en_US']),
    ['static/CNAME is "v2fly.org", not the site\'s host www.v2fly.org']);
  assert.deepEqual(staticFileProblems('https://www.v2fly.org', 'www.v2fly.org', 'Sitemap: https://www.v2fly.org/sitemap.xml', ['', '/en_US']),
    ['static/robots.txt does not name the sitemap https://www.v2fly.org/en_US/sitemap.xml']);
  assert.equal(staticFileProblems('https://www.v2fly.org', null, null, ['']).length, 2);
});
