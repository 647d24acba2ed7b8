#!/usr/bin/env node
// Writes facts/config-proto-names.json: for each field of a v5 protobuf message in the facts
// whose facts name is not its proto name, the proto name, read off the .proto line the facts cite
// ("source"). protobuf JSON (jsonpb, common/registry/registry.go:68) takes a field's proto name
// and its lowerCamelCase JSON name alike; the schema generator admits both from this file.
// Needs a v2ray-core clone (not run by the tests): node scripts/facts/protoNames.mjs [--repo DIR]
import {execFileSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const TAG = 'v5.52.0';
const repo = process.argv.includes('--repo') ? process.argv[process.argv.indexOf('--repo') + 1] : undefined;
if (!repo) {
  console.error('usage: node scripts/facts/protoNames.mjs --repo <a git clone of github.com/v2fly/v2ray-core (bare is fine)>');
  process.exit(2);
}
const data = fileURLToPath(new URL('../../facts/', import.meta.url));
const cache = new Map();
const lines = (file) => {
  if (!cache.has(file)) {
    try { cache.set(file, execFileSync('git', ['-C', repo, 'show', `${TAG}:${file}`], {encoding: 'utf8'}).split('\n')); } catch { cache.set(file, null); }
  }
  return cache.get(file);
};
const names = {};
const unread = [];
for (const file of ['config-fields.json', 'config-fields-extra.json']) {
  let facts;
  try { facts = JSON.parse(readFileSync(data + file, 'utf8')); } catch { continue; }
  for (const [page, objects] of Object.entries(facts)) {
    if (!page.startsWith('/v5/')) continue;
    for (const [key, fields] of Object.entries(objects)) {
      if (!Array.isArray(fields) || !key.startsWith('v2ray.')) continue;
      for (const f of fields) {
        const m = /^([\w/.-]+\.proto):(\d+)/.exec(f.source ?? '');
        const line = m ? lines(m[1])?.[Number(m[2]) - 1] : undefined;
        const proto = line && /(?:^|\s)([A-Za-z_]\w*)\s*=\s*\d+\s*[[;]/.exec(line)?.[1];
        if (!proto) { if (m) unread.push(`${page} ${key} ${f.name}: ${f.source}`); continue; }
        for (const name of f.name.split(/,\s*/)) if (name !== proto) names[`${page} ${key} ${name}`] = proto;
      }
    }
  }
}
const sorted = Object.fromEntries(Object.entries(names).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(data + 'config-proto-names.json', `${JSON.stringify({_comment: `Proto names of v5 message fields whose facts name differs, read off the .proto lines the facts cite at v2ray-core ${TAG} by scripts/facts/protoNames.mjs.`, names: sorted}, null, 1)}\n`);
console.log(`${Object.keys(sorted).length} proto names; unread: ${unread.length}`);
for (const u of unread) console.log(`  ${u}`);
