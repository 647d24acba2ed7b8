/**
 * The inside of a table of contents' list as HTML, as theme-classic 3.10.2's TOCItems/Tree renders
 * it through React: per heading an <li> with its link (`<a href="#id" class="…">`, Docusaurus's
 * Link writes a plain <a> for an anchor on the same page, href first) whose inside is the
 * heading's HTML as given (the TOC's `value`, written by the build), then its children's <ul>
 * (without a class) when it has any.
 */
export type TocNode = {readonly value: string; readonly id: string; readonly children: readonly TocNode[]};

/** An attribute value as React escapes it (escapeTextForBrowser). */
function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => ({'&': '&amp;', '"': '&quot;', "'": '&#x27;', '<': '&lt;', '>': '&gt;'})[c]!);
}

export function tocTreeHtml(toc: readonly TocNode[], linkClassName: string | null): string {
  const linkClass = linkClassName === null ? '' : ` class="${escapeAttribute(linkClassName)}"`;
  const items = (nodes: readonly TocNode[]): string => nodes.map((node) => {
    const children = node.children.length ? `<ul>${items(node.children)}</ul>` : '';
    return `<li><a href="#${escapeAttribute(node.id)}"${linkClass}>${node.value}</a>${children}</li>`;
  }).join('');
  return items(toc);
}

/** Every anchor the tree links to, depth first, as Link hands each to the broken-link checker. */
export function tocAnchors(toc: readonly TocNode[]): string[] {
  return toc.flatMap((node) => [`#${node.id}`, ...tocAnchors(node.children)]);
}
