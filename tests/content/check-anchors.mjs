// Section ids that links out there rely on: every h2/h3 id of the old site
// (facts/old-anchors.json) and every heading id this site has published
// (facts/current-anchors.json) must still be a heading id of its page or one of the page's
// anchorAliases; every alias must point at a heading the page has.
import {readFileSync} from 'node:fs';
import {fileFor, root} from '../../builder/content/files.mjs';
import {pageAnchors} from '../../builder/content/anchors.mjs';

const readJson = (file) => JSON.parse(readFileSync(root + file, 'utf8'));

/**
 * Pages whose section ids live outside Markdown: route -> file holding the ids as string literals
 * (the built-HTML test in tests/e2e/anchor-aliases.spec.ts checks they are really ids).
 * @type {Record<string, string>}
 */
export const nonMarkdownPages = {'/': 'src/pages/index.tsx'};

/** Ids a page offers, or null when the page has no file. */
function idsOf(path, lang) {
  const file = fileFor(path, lang);
  if (file) return {file, ...pageAnchors(readFileSync(root + file, 'utf8'))};
  const other = nonMarkdownPages[path];
  if (!other) return null;
  const text = readFileSync(root + other, 'utf8');
  return {file: other, ids: new Set([...text.matchAll(/'([^'\n]+)'/g)].map((m) => m[1])), problems: []};
}

/**
 * @param {string | null} only a route to check alone, or null for all
 * @returns {string[]} problems
 */
export function checkAnchors(only = null) {
  const problems = [];
  const cache = new Map();
  const page = (path, lang) => {
    const key = `${lang}:${path}`;
    if (!cache.has(key)) cache.set(key, idsOf(path, lang));
    return cache.get(key);
  };
  const lists = [
    ['facts/old-anchors.json', 'the old site'],
    ['facts/current-anchors.json', 'this site'],
  ];
  for (const [file, whose] of lists) {
    for (const [path, langs] of Object.entries(readJson(file).pages)) {
      if (only && path !== only) continue;
      for (const [lang, ids] of Object.entries(langs)) {
        const p = page(path, /** @type {'zh'|'en'} */ (lang));
        if (!p) { problems.push(`${path} [${lang}]: no page for the ${ids.length} section ids ${whose} published (${file})`); continue; }
        const lost = ids.filter((id) => !p.ids.has(id));
        if (lost.length) {
          problems.push(`${p.file}: ${lost.length} section id(s) that ${whose} published no longer exist: #${lost.join(', #')} ` +
            `(add them to the front matter's anchorAliases under the heading that documents the same thing; WRITING.md "Old addresses")`);
        }
      }
    }
  }
  for (const [key, p] of cache) if (p) for (const problem of p.problems) problems.push(`${p.file}: ${problem} [${key}]`);
  return problems;
}
