import {useEffect} from 'react';

/**
 * "Trace this example" links open the checker with the example in the address's fragment:
 * #trace=<the JSON, percent-encoded>. The fragment never leaves the browser.
 */
export const traceHashPrefix = '#trace=';

export function configFromHash(hash: string): string | null {
  if (!hash.startsWith(traceHashPrefix)) return null;
  try {
    return decodeURIComponent(hash.slice(traceHashPrefix.length));
  } catch {
    return null;
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
