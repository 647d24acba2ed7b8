/** What the search page writes into its address (src/theme/SearchPage). */
import {searchAddressMaxChars} from '@site/src/constants';

/**
 * The longest start of `q` whose `q=` parameter, encoded as the address writes it, fits in
 * `maxChars` (whole characters: a pair of UTF-16 surrogates is never split).
 */
export function capForAddress(q: string, maxChars = searchAddressMaxChars): string {
  const encodedLength = (s: string) => new URLSearchParams({q: s}).toString().length - 2;
  if (encodedLength(q) <= maxChars) return q;
  const chars = Array.from(q);
  // Each character encodes to at least one address character: binary search on how many fit.
  let low = 0;
  let high = Math.min(chars.length, maxChars);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (encodedLength(chars.slice(0, mid).join('')) <= maxChars) low = mid; else high = mid - 1;
  }
  return chars.slice(0, low).join('');
}
