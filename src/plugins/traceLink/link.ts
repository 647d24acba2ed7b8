/**
 * The pure half of the trace links (src/plugins/traceLink): what a fence's meta names, the
 * configuration it stands for and the link's address. Nothing here reads files or the page map,
 * so the browser tests can import it as it is.
 */
import {traceHash} from '../../utils/traceHash';
import {wrapFragment} from './wrap';

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

/**
 * The configuration a trace= fence stands for: its JSON, wrapped when the fence names a fragment
 * (v5: the page is in the v5 docs instance).
 * Throws an Error naming the page and the fence's line when the JSON does not parse or the
 * fragment cannot be wrapped.
 */
export function traceConfigFor(meta: string | null | undefined, code: string, path: string, v5: boolean, line?: number): unknown {
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
    return wrapFragment(kind, value, {v5, page});
  } catch (e) {
    throw new Error(`${where}: ${(e as Error).message}`);
  }
}

export function traceHref(config: unknown): string {
  return `pathname:///awesome/config-checker${traceHash(config)}`;
}
