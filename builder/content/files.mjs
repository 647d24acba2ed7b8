// Where a page's Markdown lives, per language (WRITING.md "Where a page lives"): the one map of the
// four page folders. Everything that turns a route into a file, a file into its route, or a Chinese
// file into its English twin asks this module (the docs plugins' `path` in docusaurus.config.ts
// names the same folders).
import {existsSync, readdirSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** @typedef {'zh' | 'en'} PageLang */
/** @typedef {{dir: string, lang: PageLang, v5: boolean}} PageRoot */

/**
 * The four folders pages live in: the v4 docs and the v5 docs, each in Chinese and English.
 * @type {readonly PageRoot[]}
 */
export const PAGE_ROOTS = [
  {dir: 'docs', lang: 'zh', v5: false},
  {dir: 'versioned_docs/v5', lang: 'zh', v5: true},
  {dir: 'i18n/en/docusaurus-plugin-content-docs/current', lang: 'en', v5: false},
  {dir: 'i18n/en/docusaurus-plugin-content-docs-v5/current', lang: 'en', v5: true},
];

/** @param {PageLang} lang @param {boolean} v5 @returns {PageRoot} */
const rootFor = (lang, v5) => /** @type {PageRoot} */ (PAGE_ROOTS.find((r) => r.lang === lang && r.v5 === v5));

/**
 * Whether Docusaurus publishes the file as a page: Markdown, and not a partial (a file or folder
 * whose name starts with `_`, which the docs plugin leaves out by default).
 * @param {string} rest path inside a page folder, '/'-separated
 */
export const isPageFile = (rest) => /\.mdx?$/.test(rest) && !rest.split('/').some((part) => part.startsWith('_'));

/**
 * The page file a route should have in a language, relative to the repository and without its
 * extension ('.md', or '.mdx' when it imports a component); null for the home page, which is no
 * Markdown file.
 * @param {string} path route without locale prefix or .html ('/config/routing', '/v5/config/router', '/')
 * @param {PageLang} lang
 */
export function expectedFile(path, lang) {
  if (path === '/') return null;
  const v5 = path.startsWith('/v5/');
  return rootFor(lang, v5).dir + (v5 ? path.slice(3) : path);
}

/**
 * The page's file relative to the repository root, or null when it has none.
 * @param {string} path route without locale prefix or .html ('/config/routing', '/v5/config/router', '/')
 * @param {PageLang} lang
 * @param {string} [base] the repository, or a copy of it
 */
export function fileFor(path, lang, base = root) {
  const file = expectedFile(path, lang);
  if (file === null) return null;
  for (const ext of ['.md', '.mdx']) if (existsSync(join(base, file + ext))) return file + ext;
  return null;
}

/**
 * The page folder a file lies in and its path inside it. `file` is relative to the repository
 * ('docs/config/routing.md') or absolute ('/repo/i18n/en/…/routing.md', as remark plugins get it;
 * any '\' is read as '/'). Null outside the four folders.
 * @param {string} file
 * @returns {(PageRoot & {rest: string}) | null}
 */
export function pageRootOf(file) {
  const slashed = file.split('\\').join('/');
  const top = root.split('\\').join('/');
  const f = slashed.startsWith(top) ? slashed.slice(top.length) : slashed;
  // the English and v5 folders first: 'docs' is also the end of the English folders' names
  for (const r of [...PAGE_ROOTS].sort((a, b) => b.dir.length - a.dir.length)) {
    const at = f.startsWith(`${r.dir}/`) ? 0 : f.lastIndexOf(`/${r.dir}/`) + 1;
    if (at > 0 || f.startsWith(`${r.dir}/`)) return {...r, rest: f.slice(at + r.dir.length + 1)};
  }
  return null;
}

/**
 * The route and language of a page file, or null when it is not a page (outside the page
 * folders, not Markdown, a partial). `index` and `README` name their folder's route, as in Docusaurus.
 * @param {string} file relative to the repository or absolute (pageRootOf)
 * @returns {{page: string, lang: PageLang, v5: boolean} | null}
 */
export function pageOfFile(file) {
  const at = pageRootOf(file);
  if (!at || !isPageFile(at.rest)) return null;
  const rest = at.rest.replace(/\.mdx?$/, '').replace(/(^|\/)(?:index|readme)$/i, '');
  const page = `${at.v5 ? '/v5' : ''}/${rest}`.replace(/\/$/, '') || '/';
  return {page, lang: at.lang, v5: at.v5};
}

/**
 * The same page's file in the other language, relative to the repository ('docs/config/routing.md'
 * -> 'i18n/en/docusaurus-plugin-content-docs/current/config/routing.md' and back), whether or not it
 * exists; null for a file outside the page folders.
 * @param {string} file relative to the repository
 */
export function twinOf(file) {
  const at = pageRootOf(file);
  return at ? `${rootFor(at.lang === 'zh' ? 'en' : 'zh', at.v5).dir}/${at.rest}` : null;
}

/** @param {string} dir @returns {string[]} the page files under dir, sorted, depth first */
function walkDir(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((n) => {
    if (n.startsWith('_')) return [];
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walkDir(p) : /\.mdx?$/.test(n) ? [p] : [];
  });
}

/**
 * Every page file of the four folders under `base` (the repository, or a copy of it).
 * @param {string} [base]
 * @returns {{abs: string, file: string, page: string, lang: PageLang, v5: boolean}[]} `file` relative to
 *   base, '/'-separated; `page` the route without locale prefix ('/config/routing', '/v5/config/router')
 */
export function pageFiles(base = root) {
  return PAGE_ROOTS.flatMap((r) => walkDir(join(base, r.dir)).map((abs) => {
    const file = relative(base, abs).split('\\').join('/');
    const {page} = /** @type {NonNullable<ReturnType<typeof pageOfFile>>} */ (pageOfFile(file));
    return {abs, file, page, lang: r.lang, v5: r.v5};
  }));
}
