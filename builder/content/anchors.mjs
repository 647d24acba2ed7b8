// Heading ids and their aliases, read from a page's Markdown. The ids are those
// Docusaurus 3 gives headings: an explicit {#id}, else github-slugger over the heading's text, one
// slugger per page (a repeated heading gets -1, -2, ...). Aliases come from the front matter:
//   anchorAliases:
//     <heading id>: [<old id>, ...]
// and are rendered by src/plugins/anchorAliases as empty elements inside that heading.
import GithubSlugger from 'github-slugger';
import yaml from 'js-yaml';

/** @param {string} text */
export function frontMatter(text) {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  const data = m ? yaml.load(m[1]) : {};
  return data && typeof data === 'object' ? /** @type {Record<string, unknown>} */ (data) : {};
}

/** Inline Markdown of a heading reduced to the text mdast-util-to-string would give. */
function headingText(inline) {
  // Code spans are text as they stand (`<service name>` is not HTML): set them aside first.
  const code = [];
  const text = inline
    .replace(/`([^`]*)`/g, (_, c) => `\u0000${code.push(c) - 1}\u0000`)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_]+)[*_]/g, '$1$2')
    .replace(/\\(.)/g, '$1');
  return text.replace(/\u0000(\d+)\u0000/g, (_, i) => code[Number(i)]).trim();
}

/**
 * h2-h6 of the page outside code blocks, in order, with the id Docusaurus gives them.
 * @param {string} text
 * @returns {{level: number, id: string, title: string, line: number}[]}
 */
export function headings(text) {
  const slugger = new GithubSlugger();
  const lines = text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, (fm) => '\n'.repeat(fm.split('\n').length - 1)).split('\n');
  const out = [];
  let fence = null;
  lines.forEach((line, i) => {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (!fence) fence = f[1];
      else if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = null;
      return;
    }
    if (fence) return;
    const h = /^(#{1,6})\s+(.+?)\s*(?:\{#([^}\s]+)\})?\s*#*\s*$/.exec(line);
    if (!h) return;
    const title = headingText(h[2]);
    const id = h[3] ? slugger.slug(h[3], true) : slugger.slug(title);
    if (h[1].length >= 2) out.push({level: h[1].length, id, title, line: i + 1});
  });
  return out;
}

/**
 * The page's anchorAliases: alias id -> heading id. Problems (not a map of lists, repeated
 * aliases) are returned, not thrown, so a check can report them with the file name.
 * @param {string} text
 */
export function anchorAliases(text) {
  const raw = frontMatter(text).anchorAliases;
  /** @type {Map<string, string>} */
  const aliases = new Map();
  const problems = [];
  if (raw === undefined) return {aliases, problems};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return {aliases, problems: ['anchorAliases must map a heading id to a list of ids']};
  }
  for (const [target, list] of Object.entries(raw)) {
    if (!Array.isArray(list) || list.some((a) => typeof a !== 'string' || a === '')) {
      problems.push(`anchorAliases.${target} must be a list of non-empty ids`);
      continue;
    }
    for (const alias of list) {
      if (aliases.has(alias)) problems.push(`alias #${alias} is listed twice`);
      aliases.set(alias, target);
    }
  }
  return {aliases, problems};
}

/**
 * Every id a link can land on: heading ids and aliases, plus problems (an alias that points at
 * no heading, or that repeats a heading's own id).
 * @param {string} text
 */
export function pageAnchors(text) {
  const ids = new Set(headings(text).map((h) => h.id));
  const {aliases, problems} = anchorAliases(text);
  for (const [alias, target] of aliases) {
    if (!ids.has(target)) problems.push(`alias #${alias} points at #${target}, which no heading of the page has`);
    if (ids.has(alias)) problems.push(`alias #${alias} is already a heading id of the page`);
  }
  return {ids: new Set([...ids, ...aliases.keys()]), headingIds: ids, aliases, problems};
}
