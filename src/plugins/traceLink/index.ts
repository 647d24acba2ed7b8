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
 */

type MdNode = {type: string; lang?: string | null; meta?: string | null; value?: string; url?: string; children?: MdNode[]; data?: Record<string, unknown>};
type VFileLike = {path?: string};

export const traceMetaPattern = /(?:^|\s)trace=(?:"([^"]+)"|(\S+))/;

export function traceName(meta: string | null | undefined): string | null {
  const m = traceMetaPattern.exec(meta ?? '');
  return m ? (m[1] ?? m[2] ?? null) : null;
}

export function traceHref(json: string): string {
  const compact = JSON.stringify(JSON.parse(json));
  return `pathname:///awesome/config-checker#trace=${encodeURIComponent(compact)}`;
}

export default function remarkTraceLink() {
  return (tree: MdNode, file: VFileLike): void => {
    const english = /[\\/]i18n[\\/]en[\\/]/.test(file.path ?? '');
    const walk = (node: MdNode): void => {
      const children = node.children;
      if (!children) return;
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (child.type === 'code' && traceName(child.meta) !== null) {
          let href: string;
          try {
            href = traceHref(child.value ?? '');
          } catch {
            throw new Error(`${file.path ?? '?'}: a trace= example is not valid JSON`);
          }
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
