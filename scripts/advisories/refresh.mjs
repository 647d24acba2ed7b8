#!/usr/bin/env node
// Writes scripts/advisories/npm-high.json, the advisory snapshot `npm run audit` falls back on when
// the registry has no audit service: from a copy of GitHub's advisory database
// (github.com/github/advisory-database), only the reviewed npm advisories of severity high or
// critical about packages in our package-lock.json, each as {id, package, severity, ranges}.
//
//   node scripts/advisories/refresh.mjs --db PATH [--out scripts/advisories/npm-high.json] [--note TEXT]
//
// PATH is a clone of the database: a work tree, or a bare git directory (read with git itself).
// --note is written into the snapshot, e.g. to say it was made from part of the database.
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import {commandOptions} from '../commandLine.mjs';
import {compactAdvisory, lockedPackages} from './advisories.mjs';

const root = resolve(import.meta.dirname, '../..');
const reviewed = 'advisories/github-reviewed';

/** Calls `use(text)` for every advisory JSON file of a work tree. */
function readWorkTree(db, use) {
  for (const entry of readdirSync(join(db, reviewed), {withFileTypes: true, recursive: true})) {
    if (entry.isFile() && entry.name.endsWith('.json')) use(readFileSync(join(entry.parentPath ?? entry.path, entry.name), 'utf8'));
  }
}

/** The same from a bare git directory, streaming the blobs through `git cat-file --batch`. */
async function readGit(gitDir, use) {
  const list = spawnSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', 'HEAD', reviewed], {encoding: 'utf8', maxBuffer: 1 << 30});
  if (list.status !== 0) throw new Error(`git ls-tree failed: ${list.stderr}`);
  const blobs = list.stdout.split('\n').filter((line) => line.endsWith('.json')).map((line) => line.split(/\s+/)[2]);
  const cat = spawn('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {stdio: ['pipe', 'pipe', 'inherit']});
  let pending = Buffer.alloc(0);
  cat.stdout.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const headerEnd = pending.indexOf(10);
      if (headerEnd < 0) return;
      const size = Number(pending.subarray(0, headerEnd).toString().split(' ')[2]);
      if (pending.length < headerEnd + 1 + size + 1) return;
      use(pending.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8'));
      pending = pending.subarray(headerEnd + 1 + size + 1);
    }
  });
  const done = new Promise((resolveDone, reject) => cat.on('close', (code) => (code === 0 ? resolveDone() : reject(new Error(`git cat-file exited ${code}`)))));
  cat.stdin.end(`${blobs.join('\n')}\n`);
  await done;
  return blobs.length;
}

/** The advisories of the database at `db` that concern `names`, sorted by package and id. */
export async function extract(db, names) {
  const found = [];
  let files = 0;
  const use = (text) => {
    files += 1;
    if (!text.includes('"npm"')) return;
    found.push(...compactAdvisory(JSON.parse(text), names));
  };
  if (existsSync(join(db, reviewed))) readWorkTree(db, use);
  else await readGit(db, use);
  found.sort((a, b) => a.package.localeCompare(b.package) || a.id.localeCompare(b.id));
  return {advisories: found, files};
}

function commitOf(db) {
  const bare = spawnSync('git', ['--git-dir', db, 'rev-parse', 'HEAD'], {encoding: 'utf8'});
  if (bare.status === 0) return bare.stdout.trim();
  const tree = spawnSync('git', ['-C', db, 'rev-parse', 'HEAD'], {encoding: 'utf8'});
  return tree.status === 0 ? tree.stdout.trim() : null;
}

/** The snapshot file: metadata, then one advisory a line, so a refresh reads as a small diff. */
export function formatSnapshot(meta, advisories) {
  const head = JSON.stringify(meta, null, 2).replace(/\n}$/, '');
  const lines = advisories.map((a) => `    ${JSON.stringify(a)}`).join(',\n');
  return `${head},\n  "advisories": [\n${lines}\n  ]\n}\n`;
}

async function main() {
  const options = commandOptions('refresh.mjs', {db: {type: 'string'}, out: {type: 'string'}, note: {type: 'string'}});
  const {db} = options;
  if (!db) {
    console.error('usage: node scripts/advisories/refresh.mjs --db PATH-TO-ADVISORY-DATABASE [--out FILE] [--note TEXT]');
    process.exit(2);
  }
  const out = resolve(options.out ?? join(root, 'scripts/advisories/npm-high.json'));
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const names = new Set(lockedPackages(lock).map((p) => p.name));
  const {advisories, files} = await extract(resolve(db), names);
  const meta = {
    source: 'github.com/github/advisory-database, advisories/github-reviewed: npm, severity high or critical, packages in package-lock.json',
    commit: commitOf(resolve(db)),
    generated: new Date().toISOString().slice(0, 10),
    made: 'node scripts/advisories/refresh.mjs',
    ...(options.note ? {note: options.note} : {}),
  };
  writeFileSync(out, formatSnapshot(meta, advisories));
  console.log(`advisories: ${advisories.length} for ${new Set(advisories.map((a) => a.package)).size} of our ${names.size} packages, from ${files} advisory files; wrote ${relative(process.cwd(), out)}`);
}

if (resolve(process.argv[1] ?? '') === resolve(import.meta.filename)) await main();
