#!/usr/bin/env node
// `npm audit --omit=dev --audit-level=high`: fails on a high or critical advisory affecting what
// the site ships (the production dependencies). Any answer other than a report fails,
// except an audit service that is genuinely absent (the registry answers 404/405, or there is no
// network). Then the locked production packages are checked against the committed snapshot of
// GitHub's advisory database (scripts/advisories/npm-high.json, made by refresh.mjs there), with
// the same rule. Either way the output says which source was used.
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import {affectedPackages, classifyAuditAnswer, failingSeverities, productionPackages} from './advisories/advisories.mjs';

// The project is where npm runs it (its package-lock.json); the snapshot lives beside this script.
const root = process.cwd();
const snapshotFile = resolve(import.meta.dirname, 'advisories/npm-high.json');
const snapshotPath = relative(root, snapshotFile) || snapshotFile;

const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {cwd: root, encoding: 'utf8', maxBuffer: 1 << 28});
const answer = classifyAuditAnswer(run.stdout ?? '', run.stderr ?? '');

if (answer.kind === 'report') {
  const {counts} = answer;
  console.log('audit: source: the registry\'s audit service (npm audit)');
  console.log(`audit: ${Object.entries(counts).map(([level, n]) => `${n} ${level}`).join(', ')} (production dependencies)`);
  if (failingSeverities.some((level) => (counts[level] ?? 0) > 0)) {
    spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high'], {cwd: root, stdio: 'inherit'});
    process.exit(1);
  }
  process.exit(0);
}

if (answer.kind === 'error') {
  console.error(`audit: failed: npm audit gave no report, and not because the audit service is absent (${answer.why})`);
  process.exit(1);
}

const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8'));
const packages = productionPackages(JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')));
console.log(`audit: the registry's audit service is absent (${answer.why})`);
console.log(`audit: source: ${snapshotPath}, GitHub advisory database snapshot of ${snapshot.generated}`
  + `${snapshot.commit ? ` (commit ${snapshot.commit.slice(0, 12)})` : ''}: ${snapshot.advisories.length} high/critical npm advisories`
  + `${snapshot.note ? `; ${snapshot.note}` : ''}`);
const hits = affectedPackages(packages, snapshot.advisories);
if (hits.length > 0) {
  for (const {package: p, advisory} of hits) {
    console.error(`audit: ${p.name}@${p.version} (${p.path}): ${advisory.severity} ${advisory.id}, affected ${advisory.ranges.join(' || ')}`);
  }
  console.error(`audit: ${hits.length} high or critical advisories affect locked production packages`);
  process.exit(1);
}
console.log(`audit: no high or critical advisory in the snapshot affects the ${packages.length} locked production packages`);
