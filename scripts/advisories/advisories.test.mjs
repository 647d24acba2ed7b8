// The audit's fallback: GitHub advisories to semver ranges, which locked versions they
// affect, what npm audit's answer means, and the snapshot refresh.mjs writes.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import semver from 'semver';
import {affectedPackages, affectedRanges, affects, classifyAuditAnswer, compactAdvisory, productionPackages} from './advisories.mjs';
import {extract, formatSnapshot} from './refresh.mjs';

const npm = (name, events, extra = {}) => ({package: {ecosystem: 'npm', name}, ranges: [{type: 'ECOSYSTEM', events}], ...extra});
const advisory = (id, severity, affected, extra = {}) => ({id, affected, database_specific: {severity}, ...extra});

// GHSA-9wv6-86v2-598j as the database has it: five intervals of one package.
const pathToRegexp = advisory('GHSA-9wv6-86v2-598j', 'HIGH', [
  npm('path-to-regexp', [{introduced: '0'}, {fixed: '0.1.10'}]),
  npm('path-to-regexp', [{introduced: '0.2.0'}, {fixed: '1.9.0'}]),
  npm('path-to-regexp', [{introduced: '7.0.0'}, {fixed: '8.0.0'}]),
  npm('path-to-regexp', [{introduced: '2.0.0'}, {fixed: '3.3.0'}]),
  npm('path-to-regexp', [{introduced: '4.0.0'}, {fixed: '6.3.0'}]),
]);
// GHSA-67hx-6x53-jw92: a prerelease interval, and a package with no fix but a last known range.
const babel = advisory('GHSA-67hx-6x53-jw92', 'CRITICAL', [
  npm('@babel/traverse', [{introduced: '0'}, {fixed: '7.23.2'}]),
  npm('@babel/traverse', [{introduced: '8.0.0-alpha.0'}, {fixed: '8.0.0-alpha.4'}]),
  npm('babel-traverse', [{introduced: '0'}], {database_specific: {last_known_affected_version_range: '< 7.23.2'}}),
]);

test('OSV events become semver ranges', () => {
  assert.deepEqual(affectedRanges(npm('a', [{introduced: '0'}, {fixed: '1.2.3'}])), ['<1.2.3']);
  assert.deepEqual(affectedRanges(npm('a', [{introduced: '1.0.0'}, {fixed: '1.2.6'}])), ['>=1.0.0 <1.2.6']);
  assert.deepEqual(affectedRanges(npm('a', [{introduced: '2.0.0'}, {last_affected: '2.4.1'}])), ['>=2.0.0 <=2.4.1']);
  assert.deepEqual(affectedRanges(npm('a', [{introduced: '0'}, {fixed: '1.0.0'}, {introduced: '2.0.0'}, {fixed: '2.1.0'}])), ['<1.0.0', '>=2.0.0 <2.1.0']);
  assert.deepEqual(affectedRanges(npm('a', [{introduced: '3.0.0'}])), ['>=3.0.0']);
  assert.deepEqual(affectedRanges(npm('a', [{introduced: '0'}])), ['*']);
  assert.deepEqual(affectedRanges(npm('a', [{introduced: '0'}], {database_specific: {last_known_affected_version_range: '<= 2.3.4'}})), ['<=2.3.4']);
  assert.deepEqual(affectedRanges({package: {ecosystem: 'npm', name: 'a'}, versions: ['1.0.1', '1.0.2']}), ['=1.0.1', '=1.0.2']);
  for (const range of [...affectedRanges(babel.affected[0]), ...affectedRanges(babel.affected[2])]) assert.ok(semver.validRange(range), range);
});

test('a locked version is affected inside an interval and not from its fixed version on', () => {
  const [compact] = compactAdvisory(pathToRegexp, new Set(['path-to-regexp']));
  for (const version of ['0.1.7', '0.1.9', '1.8.0', '2.0.0', '3.2.0', '6.2.2', '7.1.0']) assert.equal(affects(compact, version), true, version);
  // Our lockfile's three copies are exactly the fixed versions.
  for (const version of ['0.1.10', '0.1.13', '1.9.0', '3.3.0', '6.3.0', '8.0.0', '8.2.0']) assert.equal(affects(compact, version), false, version);
});

test('prerelease versions are matched too', () => {
  const [traverse, old] = compactAdvisory(babel, new Set(['@babel/traverse', 'babel-traverse']));
  assert.equal(traverse.package, '@babel/traverse');
  assert.equal(affects(traverse, '7.23.1'), true);
  assert.equal(affects(traverse, '7.23.2'), false);
  assert.equal(affects(traverse, '8.0.0-alpha.2'), true);
  assert.equal(affects(traverse, '8.0.0-alpha.4'), false);
  assert.equal(affects(traverse, '7.29.14'), false);
  assert.equal(affects(old, '6.26.0'), true);
});

test('only reviewed npm advisories of high or critical severity about our packages are kept', () => {
  const names = new Set(['ws', 'semver', 'webpack']);
  const ws = advisory('GHSA-ws', 'HIGH', [npm('ws', [{introduced: '8.0.0'}, {fixed: '8.17.1'}]), npm('other', [{introduced: '0'}])]);
  assert.deepEqual(compactAdvisory(ws, names), [{id: 'GHSA-ws', package: 'ws', severity: 'high', ranges: ['>=8.0.0 <8.17.1']}]);
  assert.deepEqual(compactAdvisory(advisory('GHSA-m', 'MODERATE', [npm('semver', [{introduced: '0'}, {fixed: '5.7.2'}])]), names), []);
  assert.deepEqual(compactAdvisory(advisory('GHSA-w', 'HIGH', [npm('ws', [{introduced: '0'}])], {withdrawn: '2024-01-01T00:00:00Z'}), names), []);
  const otherEcosystem = advisory('GHSA-x', 'CRITICAL', [{...npm('webpack', [{introduced: '0'}]), package: {ecosystem: 'GitHub Actions', name: 'webpack'}}]);
  assert.deepEqual(compactAdvisory(otherEcosystem, names), []);
});

test('the fallback checks production packages only, each copy by its own version', () => {
  const lock = {packages: {
    '': {name: 'site'},
    'node_modules/ws': {version: '8.16.0'},
    'node_modules/jsdom/node_modules/ws': {version: '8.23.0'},
    'node_modules/devtool/node_modules/ws': {version: '8.1.0', dev: true},
    'node_modules/braces': {version: '3.0.3'},
  }};
  const advisories = [{id: 'GHSA-ws', package: 'ws', severity: 'high', ranges: ['>=8.0.0 <8.17.1']}, {id: 'GHSA-b', package: 'braces', severity: 'high', ranges: ['<3.0.3']}];
  const hits = affectedPackages(productionPackages(lock), advisories);
  assert.deepEqual(hits.map((h) => `${h.package.path}@${h.package.version} ${h.advisory.id}`), ['node_modules/ws@8.16.0 GHSA-ws']);
});

test('npm audit\'s answer: a report, an absent service (404/405, no network), or an error that fails', () => {
  const report = JSON.stringify({auditReportVersion: 2, vulnerabilities: {}, metadata: {vulnerabilities: {info: 0, low: 0, moderate: 1, high: 0, critical: 0, total: 1}}});
  assert.equal(classifyAuditAnswer(report).kind, 'report');
  const notAllowed = JSON.stringify({message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk', statusCode: 405, error: {summary: '', detail: ''}});
  assert.equal(classifyAuditAnswer(notAllowed).kind, 'absent');
  assert.equal(classifyAuditAnswer(JSON.stringify({message: '404 Not Found - POST https://registry.example/-/npm/v1/security/audits/quick', statusCode: 404})).kind, 'absent');
  const offline = JSON.stringify({message: 'request to https://registry.example/-/npm/v1/security/advisories/bulk failed, reason: getaddrinfo ENOTFOUND registry.example', code: 'ENOTFOUND'});
  assert.equal(classifyAuditAnswer(offline).kind, 'absent');
  assert.equal(classifyAuditAnswer('', 'npm error code EAI_AGAIN\nnpm error request failed').kind, 'absent');
  assert.equal(classifyAuditAnswer(JSON.stringify({message: '500 Internal Server Error', statusCode: 500})).kind, 'error');
  assert.equal(classifyAuditAnswer(JSON.stringify({message: '401 Unauthorized', statusCode: 401})).kind, 'error');
  assert.equal(classifyAuditAnswer('', 'npm error code ENOLOCK\nnpm error audit This command requires an existing lockfile.').kind, 'error');
  assert.equal(classifyAuditAnswer('not json', '').kind, 'error');
  assert.equal(classifyAuditAnswer('', 'npm warn Unknown user config "nodedir" (405 mentioned in a warning)').kind, 'error');
});

test('refresh.mjs extracts our packages\' high and critical npm advisories from a database folder', async () => {
  const db = mkdtempSync(join(tmpdir(), 'advisory-db-'));
  try {
    const write = (month, doc) => {
      const dir = join(db, 'advisories/github-reviewed', month, doc.id);
      mkdirSync(dir, {recursive: true});
      writeFileSync(join(dir, `${doc.id}.json`), JSON.stringify(doc, null, 2));
    };
    write('2024/09', pathToRegexp);
    write('2023/10', babel);
    write('2023/06', advisory('GHSA-mod', 'MODERATE', [npm('semver', [{introduced: '0'}, {fixed: '5.7.2'}])]));
    write('2020/01', {id: 'GHSA-pypi', affected: [{package: {ecosystem: 'PyPI', name: 'ws'}}], database_specific: {severity: 'HIGH'}});
    const {advisories, files} = await extract(db, new Set(['path-to-regexp', '@babel/traverse', 'semver', 'ws']));
    assert.equal(files, 4);
    assert.deepEqual(advisories.map((a) => `${a.package} ${a.id} ${a.severity}`), ['@babel/traverse GHSA-67hx-6x53-jw92 critical', 'path-to-regexp GHSA-9wv6-86v2-598j high']);
    const text = formatSnapshot({source: 'test'}, advisories);
    assert.deepEqual(JSON.parse(text).advisories, advisories);
  } finally {
    rmSync(db, {recursive: true, force: true});
  }
});

test('the committed snapshot is well formed', () => {
  const snapshot = JSON.parse(readFileSync(resolve(import.meta.dirname, 'npm-high.json'), 'utf8'));
  assert.ok(snapshot.generated && snapshot.source);
  assert.ok(snapshot.advisories.length > 0);
  for (const a of snapshot.advisories) {
    assert.match(a.id, /^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/);
    assert.ok(['high', 'critical'].includes(a.severity), a.id);
    for (const range of a.ranges) assert.ok(semver.validRange(range), `${a.id} ${range}`);
  }
});
