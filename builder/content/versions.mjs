// v2ray-core versions as the pages and facts write them ('4.37.3', 'v5.2', 'v4.34.0').

/** @param {string} s @returns {number[]} [major, minor, patch]; a missing or odd part is 0 */
export const versionOf = (s) => s.replace(/^v/, '').split('.').map((n) => Number(n) || 0);

/** Negative, zero or positive as a is older than, the same as or newer than b. @param {number[]} a @param {number[]} b */
export function compareVersions(a, b) {
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}
