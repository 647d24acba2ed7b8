/**
 * "Trace this example" links. A JSON block whose fence meta carries trace="<name>"
 * gets, right after it, a paragraph with a link that opens the checker with the example loaded:
 * /awesome/config-checker#trace=<the JSON, percent-encoded>. The example travels in the fragment,
 * so it never reaches a server.
 *
 * The link is written `pathname://…` (Docusaurus's escape for links it must not check): the
 * fragment is no heading id, so the broken-anchor check would reject it otherwise. Link still adds
 * the locale's base URL (/en_US/), and would open such a link in a new tab unless it says
 * target="_self" (@docusaurus/core 3.10.2 lib/client/exports/Link.js, the isInternal branch).
 *
 * A fence that also says fragment=<Object> (a rule, a routing or dns object, a balancer...) is
 * wrapped into the smallest configuration that loads (wrap.ts); a fragment no row knows stops the
 * build with the page and the fence's line, rather than giving a link to a broken configuration.
 * A partial file says wrap=<row> instead (wrapName), so that the other checks take it as written.
 */
import {traceHash} from '../../utils/traceHash';
import {wrapFragment} from './wrap';
import {pageRootOf} from '../../../builder/content/files.mjs';

type MdNode = {type: string; lang?: string | null; meta?: string | null; value?: string; url?: string; children?: MdNode[]; data?: Record<string, unknown>; position?: {start: {line: number}}};
type VFileLike = {path?: string};

export const traceMetaPattern = /(?:^|\s)trace=(?:"([^"]+)"|(\S+))/;

export function traceName(meta: string | null | undefined): string | null {
  const m = traceMetaPattern.exec(meta ?? '');
  return m ? (m[1] ?? m[2] ?? null) : null;
}

export function fragmentName(meta: string | null | undefined): string | null {
  return /(?:^|\s)fragment=(\S+)/.exec(meta ?? '')?.[1] ?? null;
}

/**
 * wrap=<row> on a partial file that the example check and the lab take as written (lab=, no
 * fragment=): only its trace link is wrapped, by that row of wrap.ts (wrap=services).
 */
export function wrapName(meta: string | null | undefined): string | null {
  return /(?:^|\s)wrap=(\S+)/.exec(meta ?? '')?.[1] ?? null;
}

/** Whether a page (its file path) belongs to the v5 docs instance, in either language. */
export const isV5Page = (path: string): boolean => pageRootOf(path)?.v5 === true;

/**
 * The configuration a trace= fence stands for: its JSON, wrapped when the fence names a fragment.
 * Throws an Error naming the page and the fence's line when the JSON does not parse or the
 * fragment cannot be wrapped.
 */
export function traceConfig(meta: string | null | undefined, code: string, path: string, line?: number): unknown {
  const where = `${path}${line === undefined ? '' : `:${line}`} (trace="${traceName(meta) ?? ''}")`;
  let value: unknown;
  try {
    value = JSON.parse(code) as unknown;
  } catch {
    throw new Error(`${where}: a trace= example is not valid JSON`);
  }
  const kind = fragmentName(meta) ?? wrapName(meta);
  if (kind === null) return value;
  const page = (/([^\\/]+)\.mdx?$/.exec(path)?.[1]) ?? '';
  try {
    return wrapFragment(kind, value, {v5: isV5Page(path), page});
  } catch (e) {
    throw new Error(`${where}: ${(e as Error).message}`);
  }
}

export function traceHref(config: unknown): string {
  return `pathname:///awesome/config-checker${traceHash(config)}`;
}

export default function remarkTraceLink() {
  return (tree: MdNode, file: VFileLike): void => {
    const english = pageRootOf(file.path ?? '')?.lang === 'en';
    const walk = (node: MdNode): void => {
      const children = node.children;
      if (!children) return;
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (child.type === 'code' && traceName(child.meta) !== null) {
          const href = traceHref(traceConfig(child.meta, child.value ?? '', file.path ?? '?', child.position?.start.line));
          children.splice(i + 1, 0, {
            type: 'paragraph',
            children: [{type: 'link', url: href, data: {hProperties: {target: '_self', 'data-trace-link': ''}}, children: [{type: 'text', value: english ? 'Trace this example in the checker' : '在检查器中追踪这个示例'}]}],
          });
          i++;
        } else {
          walk(child);
        }
      }
    };
    walk(tree);
  };
}
