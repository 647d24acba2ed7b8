/**
 * Mermaid diagrams drawn at build time. This remark plugin (registered before Docusaurus's own,
 * `beforeDefaultRemarkPlugins` of each docs instance) replaces each ```mermaid code block with
 * theme-mermaid's `mermaid` element (src/theme/Mermaid) carrying the diagram already drawn, in
 * both colour modes, as one HTML string (`html`): two SVGs, of which CSS on `[data-theme]` shows
 * one (src/theme/Mermaid/styles.module.css), so no diagram code runs or downloads in the reader's
 * browser and switching colour mode needs no script. React does not hydrate inside the string
 * (as src/theme/CodeBlock/Content does with a block's lines).
 *
 * Drawn by ./render.ts (one Chromium for the build, the site's mermaid config). Without a
 * Chromium the block is left alone: Docusaurus's remark plugin turns it into the `mermaid`
 * element with its text (`value`), drawn in the browser as before (src/theme/Mermaid), and the
 * build warns once. A diagram mermaid cannot parse fails the build, naming the page.
 *
 * Each diagram's SVG ids start with `diagram-<hash of its text>-<its place on the page>-<mode>`:
 * unique on the page, the same from build to build.
 */
import {createHash} from 'node:crypto';
import {diagramRenderer, type MermaidThemeConfig, type Renderer} from './render';

type MdNode = {type: string; lang?: string | null; meta?: string | null; value?: string; children?: MdNode[];
  data?: Record<string, unknown>};
type VFileLike = {path?: string; history?: string[]};

export type Options = {mermaid: MermaidThemeConfig};

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

/** Turns a code block into the `mermaid` element with its drawings (mutates the node). */
export function toDrawnDiagram(node: MdNode, drawings: {light: string; dark: string}): void {
  for (const key of Object.keys(node)) delete (node as Record<string, unknown>)[key];
  Object.assign(node, {type: 'drawnMermaid', data: {hName: 'mermaid', hProperties: {html: drawings.light + drawings.dark}}});
}

export async function drawDiagrams(tree: MdNode, renderer: Renderer | null, where: string): Promise<void> {
  const blocks = mermaidBlocks(tree);
  if (!blocks.length || !renderer) return;
  for (const [index, node] of blocks.entries()) {
    const text = node.value ?? '';
    try {
      toDrawnDiagram(node, await renderer.render(text, diagramId(text, index)));
    } catch (error) {
      throw new Error(`${where}: Mermaid could not draw diagram ${index + 1} of the page`, {cause: error});
    }
  }
}

export default function remarkStaticDiagrams(options: Options) {
  return async (tree: MdNode, file: VFileLike): Promise<void> => {
    if (!mermaidBlocks(tree).length) return;
    await drawDiagrams(tree, await diagramRenderer(options.mermaid), file.path ?? file.history?.[0] ?? '(a page)');
  };
}
