#!/usr/bin/env node
// @ts-check
/**
 * Drops from the site's stylesheet the rules no page can match, run after `docusaurus build`
 * (README "Unused CSS"). Infima, the theme's CSS framework, ships grid columns, spacing helpers,
 * avatars, cards, pills, heroes and colour variants the site never uses; every page downloads them
 * before its first paint, and the browser matches them against every element of a long page.
 *
 * A selector is dropped only when it needs a class (outside any parenthesis, so `:not(.x)` and
 * `:is(.x)` never count) that appears nowhere in the built site: no token of any HTML or JavaScript
 * file of the build (every locale, every lazy chunk) is that name, and no name built at run time
 * from a prefix (`"language-"+x`, `` `foo--${x}` ``) starts it. A rule goes when all its selectors
 * go, an at-rule block when it is left empty. @keyframes, @font-face and the like are kept whole.
 * A class written with a backslash escape is kept.
 *
 * The purged file gets a name of its own content's hash (a cached copy of the old name can never
 * lack a rule), every HTML file is pointed at it, and the file as Docusaurus wrote it is kept in
 * `<build-dir>.unpurged/`, beside the build and outside it, for the test that compares the two
 * (tests/e2e/css-purge.spec.ts).
 *
 * Usage: node builder/css/purge.mjs [build-dir]. Running it twice changes nothing more.
 */
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {dirname, join, relative, resolve, sep} from 'node:path';
import {fileURLToPath} from 'node:url';

/** At-rules whose block holds rules to filter; every other at-rule is kept as written. */
const groupingAtRules = /^@(media|supports|layer|container|document|-moz-document|scope|starting-style)\b/i;

/**
 * @typedef {{type: 'rule', prelude: string, body: string}} Rule
 * @typedef {{type: 'at', prelude: string, body: string | null, children: Node[] | null}} AtRule
 * @typedef {Rule | AtRule} Node
 */

/**
 * The index just past the string literal that starts at `i` (a quote), escapes honoured.
 * @param {string} css
 * @param {number} i
 */
function skipString(css, i) {
  const quote = css[i];
  let j = i + 1;
  while (j < css.length && css[j] !== quote) j += css[j] === '\\' ? 2 : 1;
  return j + 1;
}

/**
 * The index of the `}` that closes the block opened at `open` (a `{`).
 * @param {string} css
 * @param {number} open
 */
function blockEnd(css, open) {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = skipString(css, i) - 1;
    } else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  throw new Error(`css-purge: a block opened at offset ${open} is never closed`);
}

/**
 * Parses a stylesheet into rules and at-rules (comments are dropped; the build's CSS has only
 * license comments, which the minifier keeps as `/*!`, and those are kept as a statement).
 * @param {string} css
 * @returns {Node[]}
 */
export function parseCss(css) {
  /** @type {Node[]} */
  const nodes = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css.charAt(i))) i++;
    if (i >= css.length) break;
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      const stop = end < 0 ? css.length : end + 2;
      if (css[i + 2] === '!') nodes.push({type: 'at', prelude: css.slice(i, stop), body: null, children: null});
      i = stop;
      continue;
    }
    // The prelude runs to the first `{` or `;` outside strings and parentheses.
    let j = i;
    let parens = 0;
    while (j < css.length) {
      const c = css[j];
      if (c === '"' || c === "'") {
        j = skipString(css, j);
        continue;
      }
      if (c === '(' || c === '[') parens++;
      else if (c === ')' || c === ']') parens--;
      else if (parens === 0 && (c === '{' || c === ';' || c === '}')) break;
      j++;
    }
    const prelude = css.slice(i, j).trim();
    if (j >= css.length || css[j] === ';' || css[j] === '}') {
      if (!prelude.startsWith('@') && prelude !== '') {
        throw new Error(`css-purge: "${prelude.slice(0, 60)}" at offset ${i} has no block`);
      }
      if (prelude !== '') nodes.push({type: 'at', prelude: `${prelude};`, body: null, children: null});
      i = j + 1;
      continue;
    }
    const end = blockEnd(css, j);
    const body = css.slice(j + 1, end);
    if (prelude.startsWith('@')) {
      const grouping = groupingAtRules.test(prelude);
      nodes.push({type: 'at', prelude, body, children: grouping ? parseCss(body) : null});
    } else {
      nodes.push({type: 'rule', prelude, body});
    }
    i = end + 1;
  }
  return nodes;
}

/**
 * Splits a selector list at its top-level commas.
 * @param {string} list
 * @returns {string[]}
 */
export function splitSelectors(list) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '"' || c === "'") {
      i = skipString(list, i) - 1;
    } else if (c === '(' || c === '[') {
      depth++;
    } else if (c === ')' || c === ']') {
      depth--;
    } else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}

/**
 * The class names a selector requires: those outside parentheses, brackets and strings. A class
 * with a backslash escape is reported as null (never dropped).
 * @param {string} selector
 * @returns {(string | null)[]}
 */
export function requiredClasses(selector) {
  let flat = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '"' || c === "'") {
      i = skipString(selector, i) - 1;
      flat += ' ';
    } else if (c === '(' || c === '[') {
      depth++;
      flat += ' ';
    } else if (c === ')' || c === ']') {
      depth--;
      flat += ' ';
    } else {
      flat += depth === 0 ? c : ' ';
    }
  }
  return [...flat.matchAll(/\.((?:[A-Za-z0-9_-]|\\.)+)/g)].map((m) => {
    const name = m[1] ?? '';
    return name.includes('\\') ? null : name;
  });
}

/**
 * What the built site can put on an element: every token of its HTML and JavaScript, and the
 * prefixes its JavaScript builds names from.
 * @param {Iterable<string>} texts the HTML and JavaScript files' text
 * @returns {{tokens: Set<string>, prefixes: string[]}}
 */
export function usedNames(texts) {
  /** @type {Set<string>} */
  const tokens = new Set();
  /** @type {Set<string>} */
  const prefixes = new Set();
  for (const text of texts) {
    for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_-]*/g)) tokens.add(m[0]);
    // `name-${x}`, "name-"+x, "name-".concat(x): a class completed at run time.
    for (const m of text.matchAll(/([A-Za-z_][A-Za-z0-9_-]*)(?:\$\{|["'`]\s*\+|["']\.concat\()/g)) {
      const prefix = m[1] ?? '';
      if (/[-_]$/.test(prefix)) prefixes.add(prefix);
    }
  }
  return {tokens, prefixes: [...prefixes]};
}

/**
 * @param {string} name
 * @param {{tokens: Set<string>, prefixes: string[]}} used
 */
function isUsed(name, used) {
  return used.tokens.has(name) || used.prefixes.some((p) => name.startsWith(p));
}

/**
 * The stylesheet without the selectors no page can match.
 * @param {string} css
 * @param {{tokens: Set<string>, prefixes: string[]}} used
 * @returns {{css: string, dropped: string[]}}
 */
export function purgeCss(css, used) {
  /** @type {string[]} */
  const dropped = [];
  /** @param {Node[]} nodes @returns {string} */
  const write = (nodes) => {
    let out = '';
    for (const node of nodes) {
      if (node.type === 'rule') {
        const kept = splitSelectors(node.prelude).filter((selector) => {
          const needed = requiredClasses(selector);
          const ok = needed.every((name) => name === null || isUsed(name, used));
          if (!ok) dropped.push(selector.trim());
          return ok;
        });
        if (kept.length > 0) out += `${kept.join(',')}{${node.body}}`;
      } else if (node.body === null) {
        out += node.prelude;
      } else if (node.children) {
        const inner = write(node.children);
        if (inner !== '') out += `${node.prelude}{${inner}}`;
      } else {
        out += `${node.prelude}{${node.body}}`;
      }
    }
    return out;
  };
  return {css: write(parseCss(css)), dropped};
}

/**
 * Every file under `dir` whose name passes `keep`.
 * @param {string} dir
 * @param {(name: string) => boolean} keep
 * @returns {string[]}
 */
function filesUnder(dir, keep) {
  /** @type {string[]} */
  const out = [];
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(entry.name)) out.push(path);
  }
  return out;
}

/** The site stylesheet's file name, as Docusaurus writes it. */
const stylesheetName = /^styles\.[0-9a-f]{8}\.css$/;

/**
 * Purges every `assets/css/styles.<hash>.css` of a build (one per locale) and points the HTML at
 * the new files.
 * @param {string} buildDir
 * @returns {{file: string, before: number, after: number, dropped: number}[]}
 */
export function purgeBuild(buildDir) {
  const dir = resolve(buildDir);
  // Each page is read once: for the names it uses, then to point it at the purged file.
  const pages = new Map(filesUnder(dir, (name) => name.endsWith('.html')).map((file) => [file, readFileSync(file, 'utf8')]));
  const scripts = filesUnder(dir, (name) => name.endsWith('.js')).map((file) => readFileSync(file, 'utf8'));
  const used = usedNames([...pages.values(), ...scripts]);
  const sheets = filesUnder(dir, (name) => stylesheetName.test(name)).filter((file) => dirname(file).endsWith(join('assets', 'css')));
  if (sheets.length === 0) throw new Error(`css-purge: no assets/css/styles.<hash>.css under ${dir}`);
  /** @type {Map<string, string>} the address of each purged file to that of its original */
  const renamed = new Map();
  const report = [];
  for (const sheet of sheets) {
    const original = readFileSync(sheet, 'utf8');
    const {css, dropped} = purgeCss(original, used);
    if (dropped.length === 0) continue;
    const target = join(dirname(sheet), `styles.${createHash('md5').update(css).digest('hex').slice(0, 8)}.css`);
    writeFileSync(target, css);
    renamed.set(address(dir, sheet), address(dir, target));
    report.push({file: relative(dir, target), before: original.length, after: css.length, dropped: dropped.length});
  }
  if (renamed.size === 0) return report;
  for (const [file, before] of pages) {
    let text = before;
    for (const [from, to] of renamed) text = text.split(from).join(to);
    if (text !== before) writeFileSync(file, text);
  }
  // The files as Docusaurus wrote them leave the build, for tests/e2e/css-purge.spec.ts.
  const aside = `${dir}.unpurged`;
  rmSync(aside, {recursive: true, force: true});
  /** @type {Record<string, string>} */
  const manifest = {};
  for (const [from, to] of renamed) {
    const kept = join(aside, ...from.split('/'));
    mkdirSync(dirname(kept), {recursive: true});
    renameSync(join(dir, ...from.split('/')), kept);
    manifest[to] = from;
  }
  writeFileSync(join(aside, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return report;
}

/**
 * A file's address on the site: its path under the build, with a leading slash.
 * @param {string} dir
 * @param {string} file
 */
function address(dir, file) {
  return `/${relative(dir, file).split(sep).join('/')}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const buildDir = process.argv[2] ?? 'build';
  for (const row of purgeBuild(buildDir)) {
    console.log(`css-purge: ${row.file} ${row.before} → ${row.after} bytes, ${row.dropped} selectors no page can match`);
  }
}
