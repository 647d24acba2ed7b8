/**
 * Mermaid diagrams drawn at build time. This remark plugin (registered before Docusaurus's own,
 * `beforeDefaultRemarkPlugins` of each docs instance) replaces each ```mermaid code block with
 * theme-mermaid's `mermaid` element (src/theme/Mermaid) given the diagram already drawn, in both colour modes, as one HTML string:
 * one SVG whose colours are CSS custom properties with a palette per colour mode (./colours.ts),
 * or, for a diagram whose two drawings differ in more than colour, both SVGs, of which CSS on
 * `[data-theme]` shows one (src/theme/Mermaid/styles.module.css; the build warns once for that
 * diagram). So no diagram code runs or downloads in the reader's browser and switching colour
 * mode needs no script. React does not hydrate inside the string (as src/theme/CodeBlock/Content
 * does with a block's lines).
 *
 * The string is in the page's HTML only, not in its JavaScript (a diagram is tens of KB): it is a
 * module of its own (`<dir>/<id>.js`, imported by the page), which ./plugin.ts replaces with
 * `null` in the browser's bundle. The browser's component takes the markup the server wrote
 * (or, after a navigation inside the site, fetches the page's HTML for it: src/theme/Mermaid).
 *
 * Drawn by ./render.ts (one Chromium for the build, the site's mermaid config). Without a
 * Chromium the block is left alone: Docusaurus's remark plugin turns it into the `mermaid`
 * element with its text (`value`), drawn in the browser as before (src/theme/Mermaid), and the
 * build warns once. A diagram mermaid cannot parse fails the build, naming the page.
 *
 * Each diagram's id (and the start of its SVG ids) is `diagram-<hash of its text>-<its place on
 * the page>`, `-light`/`-dark` for each drawing (the id of both when they are one SVG): unique on
 * the page, the same from build to build.
 */
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, writeFileSync, existsSync} from 'node:fs';
import {join} from 'node:path';
import {mergeColourModes} from './colours';
import {diagramRenderer, type MermaidThemeConfig, type Renderer} from './render';

type MdNode = {type: string; lang?: string | null; meta?: string | null; value?: string; children?: MdNode[];
  data?: Record<string, unknown>};
type VFileLike = {path?: string; history?: string[]};

/** `dir`: where the diagrams' modules are written (under .docusaurus, which git ignores). */
export type Options = {mermaid: MermaidThemeConfig; dir: string};

/**
 * theme-mermaid's element: MDX renders a JSX element that a remark plugin wrote (not the page's
 * author) through the page's MDX components, as it does for Markdown, so `mermaid` is
 * theme-classic's MDXComponents' `mermaid`, src/theme/Mermaid, which every page already has.
 * (Imported by the page, the component would be copied into each diagram page's chunk.)
 */
const componentName = 'mermaid';

/** The ```mermaid code blocks of a Markdown tree, in document order. */
export function mermaidBlocks(tree: MdNode): MdNode[] {
  const found: MdNode[] = [];
  const walk = (node: MdNode) => {
    if (node.type === 'code' && node.lang === 'mermaid') found.push(node);
    node.children?.forEach(walk);
  };
  walk(tree);
  return found;
}

/** The id a page's `index`-th diagram's SVGs start with. */
export function diagramId(text: string, index: number): string {
  return `diagram-${createHash('sha256').update(text).digest('hex').slice(0, 8)}-${index}`;
}

type Estree = Record<string, unknown>;
const program = (body: Estree[]): Estree => ({type: 'Program', sourceType: 'module', body});
const identifier = (name: string): Estree => ({type: 'Identifier', name});
const literal = (value: string): Estree => ({type: 'Literal', value, raw: JSON.stringify(value)});

/** `import <name> from '<source>';` as MDX's ESM node. */
export function importNode(name: string, source: string): MdNode {
  const declaration = {type: 'ImportDeclaration', specifiers: [{type: 'ImportDefaultSpecifier', local: identifier(name)}], source: literal(source)};
  return {type: 'mdxjsEsm', value: `import ${name} from ${JSON.stringify(source)}`, data: {estree: program([declaration])}};
}

/**
 * The markup of one diagram drawn in both colour modes: one SVG for both (./colours.ts), or both
 * SVGs with `warn` told why once.
 */
export function diagramMarkup(drawings: {light: string; dark: string}, id: string, warn: (why: string) => void): string {
  const merged = mergeColourModes(drawings.light, drawings.dark, id);
  if ('svg' in merged) return merged.svg;
  warn(merged.differs);
  return drawings.light + drawings.dark;
}

/** The module of one diagram: its markup as the default export. */
export function diagramModule(markup: string): string {
  return `export default ${JSON.stringify(markup)};\n`;
}

/** Turns a code block into `<mermaid diagram="id" html={binding} />` (mutates the node). */
export function toDrawnDiagram(node: MdNode, id: string, binding: string): void {
  for (const key of Object.keys(node)) delete (node as Record<string, unknown>)[key];
  Object.assign(node, {type: 'mdxJsxFlowElement', name: componentName, children: [], attributes: [
    {type: 'mdxJsxAttribute', name: 'diagram', value: id},
    {type: 'mdxJsxAttribute', name: 'html', value: {type: 'mdxJsxAttributeValueExpression', value: binding,
      data: {estree: program([{type: 'ExpressionStatement', expression: identifier(binding)}])}}},
  ]});
}

/** Writes a file unless it already holds `text` (the bundler watches these files). */
function writeIfChanged(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
  writeFileSync(path, text);
}

/** Warnings already given (each page is compiled for the server and for the browser). */
const warned = new Set<string>();
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

export async function drawDiagrams(tree: MdNode, renderer: Renderer | null, where: string, dir: string): Promise<void> {
  const blocks = mermaidBlocks(tree);
  if (!blocks.length || !renderer) return;
  mkdirSync(dir, {recursive: true});
  const imports: MdNode[] = [];
  for (const [index, node] of blocks.entries()) {
    const text = node.value ?? '';
    const id = diagramId(text, index);
    let drawings: {light: string; dark: string};
    try {
      drawings = await renderer.render(text, id);
    } catch (error) {
      throw new Error(`${where}: Mermaid could not draw diagram ${index + 1} of the page`, {cause: error});
    }
    const path = join(dir, `${id}.js`);
    const markup = diagramMarkup(drawings, id, (why) => warnOnce(
      `[staticDiagrams] ${where}: diagram ${index + 1} of the page keeps a drawing per colour mode (${why})`));
    writeIfChanged(path, diagramModule(markup));
    const binding = `__diagram${index}`;
    imports.push(importNode(binding, path));
    toDrawnDiagram(node, id, binding);
  }
  tree.children?.unshift(...imports);
}

export default function remarkStaticDiagrams(options: Options) {
  return async (tree: MdNode, file: VFileLike): Promise<void> => {
    if (!mermaidBlocks(tree).length) return;
    await drawDiagrams(tree, await diagramRenderer(options.mermaid), file.path ?? file.history?.[0] ?? '(a page)', options.dir);
  };
}
