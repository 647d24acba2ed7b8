/**
 * Each Markdown table is named after the section it is in: `aria-label` with the text of the
 * nearest heading (h2 to h6) before it, so a screen reader that reaches a table (every table can
 * take the focus until it is measured: src/theme/MDXComponents/Table.tsx) says which one it is
 * ("RuleObject, table") instead of "table". A label rather than aria-labelledby: the heading's
 * rendered "#" link (its aria-label "Direct link to …") would join a name taken from the heading.
 *
 * A table before the page's first heading (under the title, which the page's Markdown does not
 * hold) and a table that already has a name (`aria-label`, `aria-labelledby`, a caption) keep
 * theirs. Runs before staticBlocks, which writes the label as one of the block's own attributes;
 * the heading text is the hast's text, as the search index and the TOC read it (anchor-alias spans
 * have none). Tested by tests/unit/table-names.test.ts and tests/e2e/wide-tables.spec.ts.
 */

export type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

const headingTags = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

/** The text of a node, as a reader sees it: text nodes joined, runs of white space as one. */
export function textOf(node: HastNode): string {
  const parts: string[] = [];
  const walk = (n: HastNode): void => {
    if (n.type === 'text') parts.push(n.value ?? '');
    n.children?.forEach(walk);
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

const named = (table: HastNode): boolean => {
  const p = table.properties ?? {};
  return p.ariaLabel !== undefined || p.ariaLabelledBy !== undefined || p['aria-label'] !== undefined
    || p['aria-labelledby'] !== undefined || (table.children ?? []).some((c) => c.tagName === 'caption');
};

/** Names every unnamed table after the heading before it, in document order; returns how many. */
export function nameTables(tree: HastNode): number {
  let heading: string | null = null;
  let count = 0;
  const walk = (node: HastNode): void => {
    if (node.type === 'element' && headingTags.has(node.tagName ?? '')) {
      const text = textOf(node);
      if (text) heading = text;
      return;
    }
    if (node.type === 'element' && node.tagName === 'table') {
      if (heading !== null && !named(node)) {
        node.properties = {...node.properties, ariaLabel: heading};
        count++;
      }
      return;
    }
    node.children?.forEach(walk);
  };
  walk(tree);
  return count;
}

export default function rehypeTableNames() {
  return (tree: HastNode): void => {
    nameTables(tree);
  };
}
