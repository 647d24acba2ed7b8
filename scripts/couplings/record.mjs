#!/usr/bin/env node
/**
 * After an upgrade, once every coupling in scripts/couplings/couplings.json has been compared with its
 * new upstream file and ours updated: records the installed versions and the upstream hashes.
 * Usage: node scripts/couplings/record.mjs
 */
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {dataFile, installedVersion, readData, root, sha256} from './couplings.mjs';

const modules = join(root, 'node_modules');
const data = readData();
for (const name of Object.keys(data.packages)) data.packages[name] = installedVersion(name, modules);
for (const c of data.couplings) c.sha256 = sha256(join(modules, c.upstream));
writeFileSync(dataFile, `${JSON.stringify(data, null, 1)}\n`);
console.log(`couplings: recorded ${data.couplings.length} upstream files of ${Object.keys(data.packages).length} packages`);
