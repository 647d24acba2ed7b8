// scripts/audit.mjs: an audit that could not be made fails, unless the registry's
// audit service is genuinely absent (404/405, no network); then the locked production packages
// are checked against the committed advisory snapshot. `npm` is a stand-in here that answers as
// the registry would, so no request leaves the machine.
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {chmodSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {delimiter, join, resolve} from 'node:path';

const auditScript = resolve(import.meta.dirname, '../../scripts/audit.mjs');
let project;

before(() => {
  project = mkdtempSync(join(tmpdir(), 'audit-test-'));
  // Prints $FAKE_NPM_STDOUT and $FAKE_NPM_STDERR, exits $FAKE_NPM_CODE.
  writeFileSync(join(project, 'npm'), '#!/bin/sh\nprintf "%s" "$FAKE_NPM_STDOUT"\nprintf "%s" "$FAKE_NPM_STDERR" >&2\nexit "${FAKE_NPM_CODE:-0}"\n');
  chmodSync(join(project, 'npm'), 0o755);
});

after(() => rmSync(project, {recursive: true, force: true}));

function lockWith(packages) {
  writeFileSync(join(project, 'package-lock.json'), JSON.stringify({name: 'site', lockfileVersion: 3, packages: {'': {name: 'site'}, ...packages}}));
}

function audit({stdout = '', stderr = '', code = 1}) {
  const run = spawnSync(process.execPath, [auditScript], {
    cwd: project,
    encoding: 'utf8',
    env: {...process.env, PATH: `${project}${delimiter}${process.env.PATH}`, FAKE_NPM_STDOUT: stdout, FAKE_NPM_STDERR: stderr, FAKE_NPM_CODE: String(code)},
  });
  return {status: run.status, output: `${run.stdout}${run.stderr}`};
}

const notAllowed = JSON.stringify({message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk', statusCode: 405});

test('an audit service error other than 404/405 or no network fails the audit', () => {
  lockWith({'node_modules/braces': {version: '3.0.3'}});
  for (const answer of [
    {stdout: JSON.stringify({message: '500 Internal Server Error - POST https://registry.example/-/npm/v1/security/advisories/bulk', statusCode: 500})},
    {stdout: JSON.stringify({message: '401 Unauthorized', statusCode: 401})},
    {stdout: '', stderr: 'npm error code ENOLOCK\nnpm error audit This command requires an existing lockfile.'},
    {stdout: 'garbage'},
  ]) {
    const {status, output} = audit(answer);
    assert.equal(status, 1, `${JSON.stringify(answer)}\n${output}`);
  }
});

test('an absent audit service falls back on the snapshot, says so, and passes when nothing locked is affected', () => {
  lockWith({'node_modules/braces': {version: '3.0.3'}, 'node_modules/ws': {version: '8.23.0'}});
  for (const answer of [{stdout: notAllowed}, {stdout: JSON.stringify({message: 'request to https://registry.example failed, reason: getaddrinfo ENOTFOUND registry.example', code: 'ENOTFOUND'})}]) {
    const {status, output} = audit(answer);
    assert.equal(status, 0, output);
    assert.match(output, /source: .*npm-high\.json/);
  }
});

test('the snapshot fallback fails on a high or critical advisory affecting a locked production version', () => {
  lockWith({'node_modules/braces': {version: '3.0.2'}, 'node_modules/tool/node_modules/minimist': {version: '1.2.5', dev: true}});
  const {status, output} = audit({stdout: notAllowed});
  assert.equal(status, 1, output);
  assert.match(output, /braces@3\.0\.2 .*GHSA-grv7-fg5c-xmjg/);
  assert.doesNotMatch(output, /minimist/, 'a dev-only package is not audited (--omit=dev)');
});

test('a report from the audit service decides by itself and names its source', () => {
  lockWith({});
  const report = (high) => JSON.stringify({auditReportVersion: 2, vulnerabilities: {}, metadata: {vulnerabilities: {info: 0, low: 0, moderate: 2, high, critical: 0, total: 2 + high}}});
  const clean = audit({stdout: report(0), code: 0});
  assert.equal(clean.status, 0, clean.output);
  assert.match(clean.output, /source: the registry's audit service/);
  assert.equal(audit({stdout: report(1)}).status, 1);
});
