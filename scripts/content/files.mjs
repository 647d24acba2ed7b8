// Where a page's Markdown lives, per language (WRITING.md "Where a page lives").
import {existsSync} from 'node:fs';
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
