/**
 * Our couplings to framework internals (README "Upgrading Docusaurus"). Each entry of
 * scripts/couplings/couplings.json names a file of ours, the upstream file it copies, wraps or reads
 * (a path under node_modules), what it relies on there, and the sha256 of that upstream file as
 * it was when ours was last checked against it. `check()` hashes the installed files: any
 * difference means an upgrade changed something ours copies or leans on, and must be looked at
 * before it ships. `scripts/couplings/record.mjs` writes the new hashes once that is done.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

export const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const dataFile = join(root, 'scripts/couplings/couplings.json');

/** @typedef {{ours: string, upstream: string, relies: string, sha256: string}} Coupling */
/** @typedef {{packages: Record<string, string>, couplings: Coupling[]}} CouplingData */

/** @returns {CouplingData} */
export const readData = (file = dataFile) => JSON.parse(readFileSync(file, 'utf8'));

export const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The installed version of a package, or null. */
export function installedVersion(name, modules) {
  const manifest = join(modules, name, 'package.json');
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : null;
}

/**
 * Problems, as sentences that say what to do; empty when every coupling still matches.
 * @param {CouplingData} data
 * @param {string} modules the node_modules folder
 * @param {string} site the repository (to check that our side still exists)
 */
export function check(data, modules = join(root, 'node_modules'), site = root) {
  const problems = [];
  for (const [name, version] of Object.entries(data.packages)) {
    const installed = installedVersion(name, modules);
    if (installed !== version) {
      problems.push(`${name} is ${installed ?? 'not installed'}, but the couplings were checked against ${version}: `
        + 'go through README "Upgrading Docusaurus", then run node scripts/couplings/record.mjs');
    }
  }
  for (const c of data.couplings) {
    if (!existsSync(join(site, c.ours))) {
      problems.push(`${c.ours} is listed in scripts/couplings/couplings.json but no longer exists: remove its entry`);
      continue;
    }
    const path = join(modules, c.upstream);
    if (!existsSync(path)) {
      problems.push(`node_modules/${c.upstream} is gone, and ${c.ours} relies on it (${c.relies})`);
      continue;
    }
    const now = sha256(path);
    if (now !== c.sha256) {
      problems.push(`node_modules/${c.upstream} changed since ${c.ours} was checked against it (${c.relies}): `
        + 'compare the two, update ours, then record the new hash with node scripts/couplings/record.mjs');
    }
  }
  return problems;
}
