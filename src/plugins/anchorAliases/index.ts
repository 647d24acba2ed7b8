/**
 * Old section addresses keep landing on their section. A page lists, in its front
 * matter, the ids that older versions of the site (and of this page) gave its sections:
 *
 *   anchorAliases:
 *     domain-matching: [预定义域名列表, predefined-domain-lists]
 *
 * and this rehype plugin writes each alias as an empty `<span id="…" class="anchor-alias">` at
 * the start of the heading with that id, so `page.html#预定义域名列表` scrolls to the section
 * without JavaScript. The span has no text: the table of contents (built from the Markdown
 * before this runs) and the search index (which reads the heading's own id and text) do not
 * see it. A target that no heading has, or an alias that repeats an id, fails the build with
 * the page's path; builder/content/anchors.mjs checks the same before a build.
 *
 * Relies on @docusaurus/mdx-loader 3.10.2 putting the page's parsed front matter in
 * `file.data.frontMatter` and on headings reaching rehype with their final `id` property
 * (tests/e2e/anchor-aliases.spec.ts fails if either changes).
 */

export const aliasClassName = 'anchor-alias';

type HastNode = {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};
type VFileLike = {path?: string; data: {frontMatter?: Record<string, unknown>}};

const headingTags = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

/** alias -> target, from the front matter's anchorAliases; throws on a malformed value. */
export function readAliases(frontMatter: Record<string, unknown> | undefined, where: string): Map<string, string> {
  const aliases = new Map<string, string>();
  const raw = frontMatter?.anchorAliases;
  if (raw === undefined || raw === null) return aliases;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new Error(`${where}: anchorAliases must map a heading id to a list of ids`);
  }
  for (const [target, list] of Object.entries(raw)) {
    if (!Array.isArray(list) || list.some((a) => typeof a !== 'string' || a === '')) {
      throw new Error(`${where}: anchorAliases.${target} must be a list of non-empty ids`);
    }
    for (const alias of list as string[]) {
      if (aliases.has(alias)) throw new Error(`${where}: anchor alias #${alias} is listed twice`);
      aliases.set(alias, target);
    }
  }
  return aliases;
}

function collectIds(node: HastNode, ids: Set<string>, headings: Map<string, HastNode>): void {
  const id = node.properties?.id;
  if (typeof id === 'string') {
    ids.add(id);
    if (node.tagName && headingTags.has(node.tagName)) headings.set(id, node);
  }
  node.children?.forEach((child) => collectIds(child, ids, headings));
}

export default function rehypeAnchorAliases() {
  return (tree: HastNode, file: VFileLike): void => {
    const where = file.path ?? 'a page';
    const aliases = readAliases(file.data.frontMatter, where);
    if (aliases.size === 0) return;
    const ids = new Set<string>();
    const headings = new Map<string, HastNode>();
    collectIds(tree, ids, headings);
    const byTarget = new Map<string, string[]>();
    for (const [alias, target] of aliases) {
      if (!headings.has(target)) throw new Error(`${where}: anchor alias #${alias} points at #${target}, which no heading of the page has`);
      if (ids.has(alias)) throw new Error(`${where}: anchor alias #${alias} repeats an id the page already has`);
      byTarget.set(target, [...(byTarget.get(target) ?? []), alias]);
    }
    for (const [target, list] of byTarget) {
      const heading = headings.get(target)!;
      const spans = list.map((alias): HastNode => ({
        type: 'element', tagName: 'span', properties: {id: alias, className: [aliasClassName]}, children: [],
      }));
      heading.children = [...spans, ...(heading.children ?? [])];
    }
  };
}
