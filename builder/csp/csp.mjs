#!/usr/bin/env node
/**
 * The Content-Security-Policy of every page, run after `docusaurus build` (README "Content
 * Security Policy"). The static host sends no headers, so each HTML file gets the policy as
 * `<meta http-equiv="Content-Security-Policy">`, the first element of its <head> (a meta policy
 * covers only what comes after it). Scripts: the site's own files, plus the sha256 of each inline
 * script of that page (the address fix-up, the colour mode, the bundle start), so no
 * 'unsafe-inline' and no 'unsafe-eval'; 'wasm-unsafe-eval' lets Pagefind compile its WebAssembly.
 * Nothing from another host, except in a DocSearch build: its search hosts, for connect-src only.
 *
 * Usage: node scripts/csp/csp.mjs [build-dir]. DocSearch builds: DOCSEARCH_APP_ID and
 * DOCSEARCH_API_KEY set, as for `docusaurus build` (config/search.ts); the run fails when they say
 * one mode and the built code is the other. Running it twice changes nothing.
 */
import {createHash} from 'node:crypto';
import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

/** Script types a browser runs; any other type (application/ld+json) is data, which CSP does not govern. */
const scriptTypes = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i;

/** The value of attribute `name` in a tag's attribute text (quoted or not, as the minifier writes it), or null. */
function attribute(attrs, name) {
  const m = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|/|$)`, 'i').exec(attrs);
  if (!m) return null;
  return m[1] ?? m[2] ?? m[3] ?? '';
}

/**
 * The text of each inline script the browser would run, in page order: a <script> without src
 * whose type is empty or a JavaScript one. The text is what the browser hashes (a script's
 * content is raw text: no entity decoding).
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScripts(html) {
  const out = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    if (attribute(attrs, 'src') !== null) continue;
    if (!scriptTypes.test((attribute(attrs, 'type') ?? '').trim())) continue;
    out.push(m[2] ?? '');
  }
  return out;
}

/** The CSP source of a script's text: 'sha256-<base64 of its UTF-8 bytes' digest>'. */
export function hashSource(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The hosts the DocSearch client (algoliasearch 5, lite) may send a query to for an app id: the
 * read host first, then the three fallbacks it tries in turn when that one fails
 * (@docsearch/react 4.7.1, the client's `hosts`). Nothing else of Algolia's is contacted.
 * @param {string} appId
 */
export function docSearchHosts(appId) {
  const id = appId.toLowerCase();
  return [`https://${id}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${id}-${n}.algolianet.com`)];
}

/**
 * The policy text. What is allowed besides the site's own files was found by loading every kind of
 * page under a stricter policy (tests/e2e/csp.spec.ts) and reading the violations:
 * - style-src 'unsafe-inline': without it, style attributes (the server HTML's and those that
 *   Docusaurus, CodeMirror and Mermaid set) and the <style> Mermaid writes into each diagram are
 *   blocked, hundreds a page; a style cannot run code;
 * - img-src data:: the stylesheet's icons are data: SVGs (blocked without it);
 * - font-src 'self': no page loads a font, so nothing else;
 * - no frame-ancestors, report-uri or sandbox: a meta policy ignores them, and says so on the console.
 * @param {{scriptHashes?: string[], connectHosts?: string[]}} [options]
 */
export function policy({scriptHashes = [], connectHosts = []} = {}) {
  return [
    "default-src 'self'",
    ["script-src 'self' 'wasm-unsafe-eval'", ...new Set(scriptHashes)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectHosts].join(' '),
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Any CSP meta tag (ours from an earlier run, so a second run replaces it rather than adding one). */
const cspMeta = /<meta\b[^>]*\bhttp-equiv\s*=\s*["']?Content-Security-Policy["']?[^>]*>/gi;

const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The page with its policy as the first element of <head>, replacing any CSP meta it had.
 * Throws on a page without <head>, which would otherwise go out without a policy.
 * @param {string} html
 * @param {{connectHosts?: string[]}} [options]
 */
export function withPolicy(html, {connectHosts = []} = {}) {
  const page = html.replace(cspMeta, '');
  const head = /<head\b[^>]*>/i.exec(page);
  if (!head) throw new Error('no <head> to put the policy in');
  const content = policy({scriptHashes: inlineScripts(page).map(hashSource), connectHosts});
  const at = head.index + head[0].length;
  return `${page.slice(0, at)}<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(content)}">${page.slice(at)}`;
}

function filesEndingIn(dir, ending) {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && e.name.endsWith(ending))
    .map((e) => join(e.parentPath ?? e.path, e.name))
    .sort();
}

/**
 * Writes the policy into every HTML file under `dir`.
 * @param {string} dir
 * @param {{appId?: string, apiKey?: string}} search the DocSearch keys the build saw
 */
export function applyPolicy(dir, {appId, apiKey}) {
  const hosted = Boolean(appId && apiKey);
  const built = filesEndingIn(join(dir, 'assets'), '.js').some((f) => readFileSync(f, 'utf8').includes('-dsn.algolia.net'));
  if (hosted !== built) {
    throw new Error(hosted
      ? `DOCSEARCH_APP_ID and DOCSEARCH_API_KEY are set, but ${dir} holds no DocSearch client: was it built without them?`
      : `${dir} holds the DocSearch client: set DOCSEARCH_APP_ID and DOCSEARCH_API_KEY as for its build, so that its search host is allowed`);
  }
  const connectHosts = hosted ? docSearchHosts(/** @type {string} */ (appId)) : [];
  const files = filesEndingIn(dir, '.html');
  for (const file of files) writeFileSync(file, withPolicy(readFileSync(file, 'utf8'), {connectHosts}));
  return {pages: files.length, connectHosts};
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? 'build');
  try {
    const {pages, connectHosts} = applyPolicy(dir, {appId: process.env.DOCSEARCH_APP_ID, apiKey: process.env.DOCSEARCH_API_KEY});
    if (pages === 0) throw new Error(`No HTML file under ${dir}: run docusaurus build first.`);
    console.log(`[csp] policy written into ${pages} pages${connectHosts.length ? `, connect-src also ${connectHosts.join(' ')}` : ''}`);
  } catch (err) {
    console.error(`[csp] ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
