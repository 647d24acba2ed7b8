// The page footer's contributors (src/plugins/contributors): names and GitHub profiles only.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {gitContributors, profileOf} from '../../src/plugins/contributors';

test('profileOf: GitHub no-reply addresses name a profile; any other address names none', () => {
  assert.equal(profileOf('12345+octo-cat@users.noreply.github.com'), 'https://github.com/octo-cat');
  assert.equal(profileOf('octocat@users.noreply.github.com'), 'https://github.com/octocat');
  assert.equal(profileOf('alice@example.com'), undefined);
  assert.equal(profileOf('x@users.noreply.github.com.evil.example'), undefined);
  assert.equal(profileOf('a/b@users.noreply.github.com'), undefined);
  assert.equal(profileOf(''), undefined);
});

test('gitContributors returns names and profiles, never an address', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'contributors-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const git = (args: string[], env: Record<string, string> = {}) => execFileSync('git', args, {cwd: dir, env: {...process.env, ...env}, stdio: 'ignore'});
  git(['init', '-q']);
  const commit = (name: string, email: string, text: string) => {
    writeFileSync(join(dir, 'page.md'), text);
    git(['add', 'page.md']);
    git(['commit', '-q', '-m', text], {GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email});
  };
  commit('Alice', 'alice@example.com', 'one');
  commit('Alice', 'alice@work.example', 'two');
  commit('Octo', '1+octo@users.noreply.github.com', 'three');
  const people = gitContributors(join(dir, 'page.md'));
  assert.deepEqual(people, [{name: 'Alice', commits: 2}, {name: 'Octo', commits: 1, profile: 'https://github.com/octo'}]);
  assert.doesNotMatch(JSON.stringify(people), /@/);
});
