// Where a page's Markdown lives, per language (WRITING.md "Where a page lives").
import {existsSync, readdirSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The page's file relative to the repository root, or null when it has none.
 * @param {string} path route without locale prefix or .html ('/config/routing', '/v5/config/router', '/')
 * @param {'zh'|'en'} lang
 */
export function fileFor(path, lang) {
  const v5 = path.startsWith('/v5/');
  const rel = v5 ? path.slice(3) : path === '/' ? null : path;
  const base = lang === 'zh'
    ? (v5 ? 'versioned_docs/v5' : 'docs')
    : `i18n/en/${v5 ? 'docusaurus-plugin-content-docs-v5' : 'docusaurus-plugin-content-docs'}/current`;
  if (rel === null) return null;
  for (const ext of ['.md', '.mdx']) if (existsSync(root + base + rel + ext)) return base + rel + ext;
  return null;
}

/**
 * The four folders pages live in: the v4 docs and the v5 docs, each in Chinese and English.
 * @type {readonly {dir: string, lang: 'zh' | 'en', v5: boolean}[]}
 */
export const PAGE_ROOTS = [
  {dir: 'docs', lang: 'zh', v5: false},
  {dir: 'versioned_docs/v5', lang: 'zh', v5: true},
  {dir: 'i18n/en/docusaurus-plugin-content-docs/current', lang: 'en', v5: false},
  {dir: 'i18n/en/docusaurus-plugin-content-docs-v5/current', lang: 'en', v5: true},
];

/** @param {string} dir @returns {string[]} the .md and .mdx files under dir, sorted, depth first */
function walkDir(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walkDir(p) : /\.mdx?$/.test(n) ? [p] : [];
  });
}

/**
 * Every page file of the four folders under `base` (the repository, or a copy of it).
 * @param {string} [base]
 * @returns {{abs: string, file: string, page: string, lang: 'zh' | 'en', v5: boolean}[]} `file` relative to
 *   base; `page` the route without locale prefix ('/config/routing', '/v5/config/router')
 */
export function pageFiles(base = root) {
  return PAGE_ROOTS.flatMap((r) => walkDir(join(base, r.dir)).map((abs) => ({
    abs,
    file: relative(base, abs),
    page: `${r.v5 ? '/v5' : ''}/${relative(join(base, r.dir), abs).replace(/\.mdx?$/, '')}`,
    lang: r.lang,
    v5: r.v5,
  })));
}
