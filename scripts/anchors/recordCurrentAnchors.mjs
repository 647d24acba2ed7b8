#!/usr/bin/env node
// Records the heading ids every page has now in facts/current-anchors.json, so the
// content check fails when one of them disappears without an anchorAliases entry. Ids already in
// the list stay; new ones are added. Run it after adding headings:
//   node scripts/anchors/recordCurrentAnchors.mjs [--rev <git revision>]   (default: the work tree)
import {execFileSync} from 'node:child_process';
import {readFileSync, writeFileSync, existsSync} from 'node:fs';
import {fileFor, root} from '../../builder/content/files.mjs';
import {pages} from '../../builder/facts/facts.mjs';
import {headings} from '../../builder/content/anchors.mjs';

const rev = process.argv.includes('--rev') ? process.argv[process.argv.indexOf('--rev') + 1] : null;
const read = (file) => rev
  ? execFileSync('git', ['-C', root, 'show', `${rev}:${file}`], {encoding: 'utf8'})
  : readFileSync(root + file, 'utf8');
const out = root + 'facts/current-anchors.json';
const previous = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')).pages : {};
/** @type {Record<string, Record<string, string[]>>} */
const recorded = {};
let added = 0;
for (const {path} of pages) {
  for (const lang of /** @type {const} */ (['zh', 'en'])) {
    const file = fileFor(path, lang);
    if (!file) continue;
    const before = previous[path]?.[lang] ?? [];
    const now = headings(read(file)).map((h) => h.id);
    const ids = [...before, ...now.filter((id) => !before.includes(id))];
    added += ids.length - before.length;
    (recorded[path] ??= {})[lang] = ids;
  }
}
writeFileSync(out, JSON.stringify({
  _comment: 'Heading ids this site has published, per page and language (scripts/anchors/recordCurrentAnchors.mjs adds new ones). The content check fails when one is no longer a heading id or an anchorAliases entry of its page.',
  pages: recorded,
}, null, 1) + '\n');
console.log(`current anchors: ${added} new ids recorded in ${out}`);
