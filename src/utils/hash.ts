/**
 * The element id an address's hash names: `#%E8%B7%AF%E7%94%B1` -> `路由`, `#ruleobject` as is.
 * A hash a reader types need not be valid percent-encoding (`#100%`, `#%`): decodeURIComponent
 * throws on those, and an uncaught throw in a client module crashed the page. Such a
 * hash is taken as typed; no element has that id, so nothing scrolls, and the page keeps working.
 */
export function hashId(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The hash rewritten so that it decodes: its text percent-encoded as a whole (`#100%` ->
 * `#100%25`), which decodes back to the text as typed. Null when the hash already decodes.
 * Docusaurus itself decodes the hash after a same-page navigation (ClientLifecyclesDispatcher),
 * where no helper of ours can guard it; rewriting the address first keeps every reader safe.
 */
export function wellFormedHash(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    decodeURIComponent(raw);
    return null;
  } catch {
    return `#${encodeURIComponent(raw)}`;
  }
}
