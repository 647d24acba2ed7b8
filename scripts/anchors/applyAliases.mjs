#!/usr/bin/env node
// Writes anchor aliases into pages' front matter from a mapping file, one line each:
//   <route> <zh|en> <old id> <heading id> [~ why, when the page has no section for the same thing]
// Lines starting with # are comments. Existing anchorAliases of a page are kept and merged; a
// "~ why" goes to the `closest` notes of facts/old-anchors.json. Refuses a target that is not
// a heading id of the page. Usage: node scripts/anchors/applyAliases.mjs <mapping file>...
import {readFileSync, writeFileSync} from 'node:fs';
import yaml from 'js-yaml';
import {fileFor, root} from '../../builder/content/files.mjs';
import {anchorAliases, headings} from '../../builder/content/anchors.mjs';

const oldFile = root + 'facts/old-anchors.json';
const old = JSON.parse(readFileSync(oldFile, 'utf8'));
/** @type {Map<string, {path: string, lang: 'zh'|'en', map: Map<string, string>}>} */
const byFile = new Map();
const errors = [];
for (const file of process.argv.slice(2)) {
  readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    if (!line.trim() || line.startsWith('#')) return;
    const m = /^(\S+)\s+(zh|en)\s+(\S+)\s+(\S+)\s*(?:~\s*(.+))?$/.exec(line.trim());
    if (!m) { errors.push(`${file}:${i + 1}: cannot read "${line}"`); return; }
    const [, path, lang, alias, target, why] = m;
    const page = fileFor(path, /** @type {'zh'|'en'} */ (lang));
    if (!page) { errors.push(`${file}:${i + 1}: no page ${path} [${lang}]`); return; }
    if (!byFile.has(page)) byFile.set(page, {path, lang: /** @type {'zh'|'en'} */ (lang), map: new Map()});
    byFile.get(page).map.set(alias, target);
    if (why) ((old.closest[path] ??= {})[lang] ??= {})[alias] = {to: target, why};
  });
}
for (const [page, {map}] of byFile) {
  const text = readFileSync(root + page, 'utf8');
  const ids = new Set(headings(text).map((h) => h.id));
  const {aliases} = anchorAliases(text);
  for (const [alias, target] of map) {
    if (!ids.has(target)) { errors.push(`${page}: #${alias} -> #${target}: no such heading`); continue; }
    if (ids.has(alias)) { errors.push(`${page}: #${alias} is already a heading id`); continue; }
    aliases.set(alias, target);
  }
  /** @type {Record<string, string[]>} */
  const grouped = {};
  for (const h of headings(text)) for (const [alias, target] of aliases) if (target === h.id) (grouped[h.id] ??= []).includes(alias) || grouped[h.id].push(alias);
  const block = yaml.dump({anchorAliases: grouped}, {flowLevel: 2, lineWidth: 200}).trimEnd();
  const fm = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!fm) { errors.push(`${page}: no front matter`); continue; }
  const kept = fm[1].replace(/^anchorAliases:\n(?:[ \t]+.*\n?)*/m, '').trimEnd();
  const next = `---\n${kept}\n${block}\n---\n${text.slice(fm[0].length)}`;
  // Re-read just before writing: others may be editing the page's body at the same time.
  const now = readFileSync(root + page, 'utf8');
  if (now !== text) { errors.push(`${page}: changed while writing; run again`); continue; }
  writeFileSync(root + page, next);
}
writeFileSync(oldFile, JSON.stringify(old, null, 1) + '\n');
for (const e of errors) console.error(e);
console.log(`anchor aliases: ${byFile.size} pages written, ${errors.length} problems`);
process.exit(errors.length ? 1 : 0);
