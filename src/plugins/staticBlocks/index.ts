/**
 * Static blocks: the paragraphs, lists, tables and quotes of a page that hold nothing but plain
 * Markdown (text, links, inline code, emphasis…) are written as one element whose inside is an
 * HTML string (src/components/StaticBlock, through dangerouslySetInnerHTML). React keeps the
 * server's inner HTML when it hydrates and creates no fiber for it: on /config/routing.html the
 * article's 403 inline codes, 106 links, 123 list items and 89 paragraphs were each hydrated
 * (bench/README.md "What costs /config/routing its blocking time").
 *
 * This rehype plugin runs after the page's other rehype plugins (anchorAliases) and after the
 * remark ones (labProofs, traceLink, Docusaurus's link resolution). It replaces each maximal
 * p, ul, ol, table or blockquote whose whole subtree is plain hast (staticTags, below) with
 * <StaticBlock tag="p" …the element's own attributes… html={[…]} links={[…]} ids={[…]} />:
 * - html: the inner HTML cut at each link's href value, which StaticBlock fills in at render
 *   with what Docusaurus's Link would write (the locale's baseUrl, the trailing slash rule);
 * - links: [href, own target] of each <a href>, in document order;
 * - ids: every id inside, for the broken-anchor checker.
 * The inner HTML is the markup MDX and React write today for the same hast (theme-classic
 * 3.10.2 MDXComponents: MDXA's `class=""`, Link's target/rel on external links and its attribute
 * order; hast-util-to-estree 3's dropped line breaks inside table parts), so CSS, anchors and the
 * search index see the same page.
 *
 * Anything else keeps the block hydrated as before: JSX (mdxJsx*), expressions, ESM, images
 * (image zoom and the MDX img component), an inline code with a line break (a code block for
 * our MDX code component), a task list (MDXUl's class), a link with an id (MDXA's anchor class,
 * footnotes), a table inside a block (our Table component), and any property outside a short
 * list of plain ones (attributeName: no inline style, no table-cell alignment, which MDX turns
 * into a style object, nothing React might write differently).
 */
import {isInternalUrl, opensNewTab} from '../../components/StaticBlock/links';

export type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  name?: string | null;
  properties?: Record<string, unknown>;
  attributes?: unknown[];
  children?: HastNode[];
  data?: Record<string, unknown>;
};

/** The elements a block may be written for, and the only ones it may hold. */
export const blockTags = new Set(['p', 'ul', 'ol', 'table', 'blockquote']);
export const staticTags = new Set([
  'p', 'ul', 'ol', 'li', 'blockquote',
  'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'a', 'code', 'strong', 'em', 'b', 'i', 'br', 'span', 'sup', 'sub', 'del', 's', 'kbd', 'abbr', 'mark', 'small',
]);
const voidTags = new Set(['br']);
// hast-util-to-estree 3 (state.js tableElements) drops "\n" text directly inside these
const tableParts = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

type Attribute = {name: string; value: string};

// hast property name -> HTML attribute, for the properties a plain Markdown block has; any other
// keeps the block hydrated (React and this file could write it differently)
const attributeNames = new Map([
  ['className', 'class'], ['id', 'id'], ['href', 'href'], ['title', 'title'], ['target', 'target'], ['rel', 'rel'],
  ['start', 'start'], ['lang', 'lang'], ['dir', 'dir'], ['translate', 'translate'], ['colSpan', 'colspan'], ['rowSpan', 'rowspan'],
]);
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * An HTML attribute for a hast property, or null: data-* and aria-* from dataFoo and ariaFoo, or
 * as written when a remark plugin gave the name itself (traceLink's `data-trace-link`).
 */
export function attributeName(property: string): string | null {
  if (/^(?:data|aria)[A-Z]/.test(property)) return kebab(property);
  if (/^(?:data|aria)-[a-z0-9-]+$/.test(property)) return property;
  return attributeNames.get(property) ?? null;
}

/** The element's properties as HTML attributes, or null when one is not plain enough. */
function attributesOf(node: HastNode): Attribute[] | null {
  const out: Attribute[] = [];
  for (const [property, value] of Object.entries(node.properties ?? {})) {
    if (value === undefined || value === null) continue;
    const name = attributeName(property);
    if (name === null) return null;
    if (typeof value === 'string') out.push({name, value});
    else if (typeof value === 'number' && Number.isFinite(value)) out.push({name, value: String(value)});
    else if (property === 'className' && Array.isArray(value) && value.every((v) => typeof v === 'string')) out.push({name, value: value.join(' ')});
    else return null;
  }
  return out;
}

/** Whether node (inside a block, or the block itself when root) is plain hast through and through. */
export function isStaticTree(node: HastNode, root = true, insideLink = false): boolean {
  if (node.type === 'text') return true;
  if (node.type !== 'element' || !node.tagName) return false;
  const tag = node.tagName;
  if (root ? !blockTags.has(tag) : !staticTags.has(tag)) return false;
  if (attributesOf(node) === null) return false;
  const props = node.properties ?? {};
  if (tag === 'a' && (insideLink || props.id !== undefined)) return false;
  if (tag === 'code' && (node.children ?? []).some((c) => c.type !== 'text' || (c.value ?? '').includes('\n'))) return false;
  if (tag === 'ul' && Array.isArray(props.className) && props.className.includes('contains-task-list')) return false;
  return (node.children ?? []).every((child) => isStaticTree(child, false, insideLink || tag === 'a'));
}

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeValue = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const attributeHtml = ({name, value}: Attribute): string => ` ${name}="${escapeValue(value)}"`;

export type StaticHtml = {
  /** the inner HTML, cut at each link's href value */
  parts: string[];
  /** [href as written in the page, the link's own target or ''] per <a href>, in order */
  links: Array<[string, string]>;
  /** every id inside the block */
  ids: string[];
};

/**
 * A link as MDXA → Link renders it. A plain <a> (external, anchor, other target): href, then
 * target and rel for an external one, then its props with `class` (its className or '')
 * last; react-router's <a>: the props first, href last (react-router-dom 5.3.4 Link).
 */
function linkOpening(attributes: Attribute[], href: string | undefined, routed: boolean): {before: string; after: string} | string {
  const props = new Map<string, string>();
  if (href !== undefined && !routed && opensNewTab(href)) {
    props.set('target', '_blank');
    props.set('rel', 'noopener noreferrer');
  }
  for (const {name, value} of attributes) if (name !== 'href') props.set(name, value);
  if (!props.has('class')) props.set('class', '');
  const rest = [...props].map(([name, value]) => attributeHtml({name, value})).join('');
  if (href === undefined) return `<a${rest}>`;
  return routed ? {before: `<a${rest} href="`, after: '">'} : {before: '<a href="', after: `"${rest}>`};
}

/** The children of a static block as HTML, with its links and ids. */
export function staticHtml(block: HastNode): StaticHtml {
  const result: StaticHtml = {parts: [''], links: [], ids: []};
  const write = (html: string): void => {
    result.parts[result.parts.length - 1] += html;
  };
  const visit = (node: HastNode, parent: HastNode): void => {
    if (node.type === 'text') {
      if (!(tableParts.has(parent.tagName ?? '') && node.value === '\n')) write(escapeText(node.value ?? ''));
      return;
    }
    const tag = node.tagName!;
    const attributes = attributesOf(node)!;
    const id = node.properties?.id;
    if (typeof id === 'string') result.ids.push(id);
    if (tag === 'a') {
      const href = attributes.find((a) => a.name === 'href')?.value;
      const ownTarget = attributes.find((a) => a.name === 'target')?.value ?? '';
      const hrefText = href;
      // Link's react-router branch: internal, no other target, not an anchor of this page
      const routed = hrefText !== undefined && hrefText !== '' && isInternalUrl(hrefText) && !hrefText.startsWith('#')
        && (ownTarget === '' || ownTarget === '_self');
      const opening = linkOpening(attributes, hrefText, routed);
      if (typeof opening === 'string') write(opening);
      else {
        write(opening.before);
        result.links.push([hrefText!, ownTarget]);
        result.parts.push('');
        write(opening.after);
      }
    } else {
      write(`<${tag}${attributes.map(attributeHtml).join('')}>`);
    }
    if (voidTags.has(tag)) return;
    node.children?.forEach((child) => visit(child, node));
    write(`</${tag}>`);
  };
  const id = block.properties?.id;
  if (typeof id === 'string') result.ids.push(id);
  block.children?.forEach((child) => visit(child, block));
  return result;
}

type JsxAttribute = {type: 'mdxJsxAttribute'; name: string; value: unknown};

type Estree = {type: string; [key: string]: unknown};
function literal(value: unknown): Estree {
  if (Array.isArray(value)) return {type: 'ArrayExpression', elements: value.map(literal)};
  return {type: 'Literal', value, raw: JSON.stringify(value)};
}

/** A JSX attribute whose value is a JavaScript constant (an array of strings, a number). */
function expressionAttribute(name: string, value: unknown): JsxAttribute {
  return {
    type: 'mdxJsxAttribute',
    name,
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: JSON.stringify(value),
      data: {estree: {type: 'Program', sourceType: 'module', comments: [], body: [{type: 'ExpressionStatement', expression: literal(value)}]}},
    },
  };
}

/** The block's own properties as the JSX props MDX gives the element (checked plain by isStaticTree). */
function outerAttributes(node: HastNode): JsxAttribute[] {
  const out: JsxAttribute[] = [];
  for (const [property, value] of Object.entries(node.properties ?? {})) {
    if (value === undefined || value === null) continue;
    // React's names: className, colSpan… as hast has them; data-* and aria-* as in HTML
    const name = /^(?:data|aria)(?:[A-Z]|-)/.test(property) ? attributeName(property)! : property;
    if (typeof value === 'number') out.push(expressionAttribute(name, value));
    else out.push({type: 'mdxJsxAttribute', name, value: Array.isArray(value) ? value.join(' ') : String(value)});
  }
  return out;
}

/** The <StaticBlock> that stands for a static block element. */
export function staticBlockElement(node: HastNode): HastNode {
  const {parts, links, ids} = staticHtml(node);
  return {
    type: 'mdxJsxFlowElement',
    name: 'StaticBlock',
    attributes: [
      {type: 'mdxJsxAttribute', name: 'tag', value: node.tagName},
      ...outerAttributes(node),
      expressionAttribute('html', parts),
      expressionAttribute('links', links),
      expressionAttribute('ids', ids),
    ],
    children: [],
  };
}

/** Replaces every maximal static block of the tree, at any depth (admonitions, tabs, list items). */
export function replaceStaticBlocks(tree: HastNode): number {
  let count = 0;
  const walk = (node: HastNode): void => {
    const children = node.children;
    if (!children) return;
    children.forEach((child, i) => {
      if (child.type === 'element' && blockTags.has(child.tagName ?? '') && isStaticTree(child)) {
        children[i] = staticBlockElement(child);
        count++;
      } else {
        walk(child);
      }
    });
  };
  walk(tree);
  return count;
}

export default function rehypeStaticBlocks() {
  return (tree: HastNode): void => {
    replaceStaticBlocks(tree);
  };
}
