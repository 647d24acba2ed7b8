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
import {traceConfigFor, traceHref, traceName} from './link';
import {pageRootOf} from '../../../builder/content/files.mjs';

export {fragmentName, traceConfigFor, traceHref, traceMetaPattern, traceName, wrapName} from './link';

type MdNode = {type: string; lang?: string | null; meta?: string | null; value?: string; url?: string; children?: MdNode[]; data?: Record<string, unknown>; position?: {start: {line: number}}};
type VFileLike = {path?: string};

/** Whether a page (its file path) belongs to the v5 docs instance, in either language. */
export const isV5Page = (path: string): boolean => pageRootOf(path)?.v5 === true;

/** traceConfigFor, the page's instance read off its file path by the page map. */
export function traceConfig(meta: string | null | undefined, code: string, path: string, line?: number): unknown {
  return traceConfigFor(meta, code, path, isV5Page(path), line);
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
