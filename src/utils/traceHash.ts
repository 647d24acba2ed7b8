/**
 * "Trace this example" links open the checker with the example in the address's fragment:
 * #trace=<the JSON, percent-encoded>. The fragment never leaves the browser. The build writes
 * these links (src/plugins/traceLink) and the checker reads them (ConfigChecker/useConfigFromHash),
 * both through this file.
 */
export const traceHashPrefix = '#trace=';

/** The fragment a link carries a configuration in. */
export function traceHash(config: unknown): string {
  return `${traceHashPrefix}${encodeURIComponent(JSON.stringify(config))}`;
}

/**
 * The configuration in a #trace= fragment, laid out two spaces per level when it is JSON (the
 * links carry it on one line to keep the address short); as it came when it is not JSON, so the
 * checker can point at the mistake; null when the fragment is not percent-decodable.
 */
export function configFromHash(hash: string): string | null {
  if (!hash.startsWith(traceHashPrefix)) return null;
  let text: string;
  try {
    text = decodeURIComponent(hash.slice(traceHashPrefix.length));
  } catch {
    return null;
  }
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The prefix as src/utils/hash.ts wellFormedHash writes it when it rewrites the fragment: `#trace%3D`. */
const rewrittenPrefix = `#${encodeURIComponent(traceHashPrefix.slice(1))}`.toLowerCase();

/**
 * A #trace= fragment that cannot be percent-decoded: most often an address cut short when it was
 * pasted. The site rewrites such a fragment as a whole so that it decodes (src/utils/hash.ts
 * wellFormedHash: `#trace=%7B%E0` becomes `#trace%3D%257B%25E0`), so that form is one too.
 */
export function undecodableTraceHash(hash: string): boolean {
  return hash.startsWith(traceHashPrefix) ? configFromHash(hash) === null : hash.slice(0, rewrittenPrefix.length).toLowerCase() === rewrittenPrefix;
}
