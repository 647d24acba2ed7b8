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

export function useConfigFromHash(load: (text: string) => void): void {
  useEffect(() => {
    const onHash = (): void => {
      const text = configFromHash(window.location.hash);
      if (text !== null) load(text);
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [load]);
}
