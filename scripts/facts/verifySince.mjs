#!/usr/bin/env node
// Checks facts/since.json against a clone of v2ray-core: for each entry, `pattern`
// occurs in `path` at the tag `v<version>` and not at the release tag just before it (so the claim
// names the first release that has the thing). `fetch` github:v2fly/v2ray-core gives a bare clone.
// Usage: node scripts/facts/verifySince.mjs <v2ray-core git dir>
import {execFileSync, spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {compareVersions, versionOf} from '../../builder/content/versions.mjs';

const repo = process.argv[2];
if (!repo) { console.error('usage: verifySince.mjs <v2ray-core git dir>'); process.exit(2); }
const data = JSON.parse(readFileSync(fileURLToPath(new URL('../../facts/since.json', import.meta.url)), 'utf8'));
const cmp = (a, b) => compareVersions(versionOf(a), versionOf(b));
const tags = execFileSync('git', ['-C', repo, 'tag'], {encoding: 'utf8'}).split('\n').filter((t) => /^v\d+\.\d+\.\d+$/.test(t)).sort(cmp);
const has = (tag, path, pattern) => spawnSync('git', ['-C', repo, 'grep', '-q', '-F', pattern, tag, '--', path]).status === 0;
let bad = 0;
for (const e of data.entries) {
  const tag = `v${e.version}`;
  const i = tags.indexOf(tag);
  const where = `${e.page} #${e.anchor} since ${tag} (${e.path}: ${JSON.stringify(e.pattern)})`;
  if (i < 0) { console.error(`${where}: no such tag`); bad += 1; continue; }
  if (!has(tag, e.path, e.pattern)) { console.error(`${where}: not present at ${tag}`); bad += 1; continue; }
  if (i > 0 && has(tags[i - 1], e.path, e.pattern)) { console.error(`${where}: already present at ${tags[i - 1]}`); bad += 1; continue; }
}
console.log(`since: ${data.entries.length} claims checked against ${repo}, ${bad} wrong`);
process.exit(bad ? 1 : 0);
