import {useEffect} from 'react';
import {configFromHash, undecodableTraceHash} from '@site/src/utils/traceHash';

/**
 * Loads the fragment's configuration now and on each hashchange; tells `broken` (true or false)
 * whether the last #trace= fragment could be read. The fragment `taken` (already loaded) is not
 * loaded again now.
 */
export function useConfigFromHash(load: (text: string) => void, broken: (undecodable: boolean) => void, taken: string | null = null): void {
  useEffect(() => {
    let first = true;
    const onHash = (): void => {
      const {hash} = window.location;
      const text = configFromHash(hash);
      const already = first && hash === taken;
      first = false;
      if (text !== null && !already) load(text);
      if (text !== null || undecodableTraceHash(hash)) broken(text === null);
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [load, broken, taken]);
}
