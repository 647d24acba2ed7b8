import {useEffect} from 'react';

/**
 * "Trace this example" links open the checker with the example in the address's fragment:
 * #trace=<the JSON, percent-encoded>. The fragment never leaves the browser.
 */
export const traceHashPrefix = '#trace=';

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

/**
 * A #trace= fragment that cannot be percent-decoded: most often an address cut short when it was
 * pasted. The site rewrites such a fragment as a whole so that it decodes (src/utils/hash.ts
 * wellFormedHash: `#trace=%7B%E0` becomes `#trace%3D%257B%25E0`), so that form is one too.
 */
export function undecodableTraceHash(hash: string): boolean {
  return hash.startsWith(traceHashPrefix) ? configFromHash(hash) === null : /^#trace%3D/i.test(hash);
}

/** Loads the fragment's configuration now and on each hashchange; tells `broken` (true or false) whether the last #trace= fragment could be read. */
export function useConfigFromHash(load: (text: string) => void, broken: (undecodable: boolean) => void): void {
  useEffect(() => {
    const onHash = (): void => {
      const {hash} = window.location;
      const text = configFromHash(hash);
      if (text !== null) load(text);
      if (text !== null || undecodableTraceHash(hash)) broken(text === null);
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [load, broken]);
}
