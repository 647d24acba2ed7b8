// Pages on disk against the page list (facts/pages.json): a page file nobody listed, or a
// listed page whose file is missing in one language, is a half-added page (WRITING.md "Adding a
// page"). Without this, a Chinese file alone passes every other check and the English site
// publishes the Chinese text under /en_US/.
import {existsSync, readdirSync} from 'node:fs';

/** The docs trees: Chinese folder, English folder, route prefix (WRITING.md "Where a page lives"). */
export const docsTrees = [
  {zh: 'docs', en: 'i18n/en/docusaurus-plugin-content-docs/current', prefix: ''},
  {zh: 'versioned_docs/v5', en: 'i18n/en/docusaurus-plugin-content-docs-v5/current', prefix: '/v5'},
];

/**
 * Whether Docusaurus publishes the file as a page: Markdown, and not a partial (a file or folder
 * whose name starts with `_`, which the docs plugin leaves out by default).
 * @param {string} rel path inside a docs tree, '/'-separated
 */
export const isPageFile = (rel) => /\.mdx?$/.test(rel) && !rel.split('/').some((part) => part.startsWith('_'));

/**
 * Every page file of the docs trees, relative to the site root, '/'-separated.
 * @param {string} root site root ending in '/'
 */
export function pageFilesOnDisk(root) {
  return docsTrees.flatMap(({zh, en}) => [zh, en]).flatMap((dir) => existsSync(root + dir)
    ? readdirSync(root + dir, {recursive: true, encoding: 'utf8'})
      .map((f) => f.split('\\').join('/'))
      .filter(isPageFile)
      .map((f) => `${dir}/${f}`)
    : []).sort();
}

/**
 * The route and language of a page file, or null when it is not a page (outside the docs trees, a partial).
 * @param {string} file 'docs/config/routing.md'
 * @returns {{path: string, lang: 'zh'|'en'} | null}
 */
export function routeOfFile(file) {
  for (const tree of docsTrees) {
    for (const lang of /** @type {const} */ (['zh', 'en'])) {
      const dir = `${tree[lang]}/`;
      if (!file.startsWith(dir)) continue;
      if (!isPageFile(file.slice(dir.length))) return null;
      const rest = file.slice(dir.length).replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
      return {path: `${tree.prefix}/${rest}`.replace(/\/$/, '') || '/', lang};
    }
  }
  return null;
}

/**
 * The file a listed page should have, without its extension ('.md', or '.mdx' when it imports a component).
 * @param {string} path route, e.g. '/v5/config/router'
 * @param {'zh'|'en'} lang
 */
export function expectedFile(path, lang) {
  const tree = docsTrees.find((t) => t.prefix && path.startsWith(`${t.prefix}/`)) ?? docsTrees[0];
  return `${tree[lang]}${path.slice(tree.prefix.length)}`;
}

/**
 * Problems between the page list and the files on disk.
 * @param {readonly string[]} listed routes of facts/pages.json
 * @param {readonly string[]} files page files, as pageFilesOnDisk gives them
 */
export function pageListProblems(listed, files) {
  const problems = [];
  const listedSet = new Set(listed);
  /** @type {Map<string, Set<string>>} route -> languages with a file */
  const onDisk = new Map();
  for (const file of files) {
    const at = routeOfFile(file);
    if (!at) continue;
    if (!onDisk.has(at.path)) onDisk.set(at.path, new Set());
    onDisk.get(at.path)?.add(at.lang);
    if (!listedSet.has(at.path)) {
      problems.push(`${file}: page file not listed in facts/pages.json (add {"path": "${at.path}", "zh": "…", "en": "…"}; WRITING.md "Adding a page")`);
    }
  }
  for (const path of listed) {
    if (path === '/') continue;
    for (const lang of /** @type {const} */ (['zh', 'en'])) {
      if (!onDisk.get(path)?.has(lang)) {
        problems.push(`${path} [${lang}]: page file missing: expected ${expectedFile(path, lang)}.md (or .mdx)`);
      }
    }
  }
  return problems;
}
