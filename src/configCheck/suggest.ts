/**
 * Edit distance with adjacent transpositions (optimal string alignment), the measure for
 * "did you mean": "protocl" is one edit from "protocol", "prot" is four. With `limit`, any
 * distance above it is returned as limit + 1 without computing it: names whose lengths differ by
 * more cannot be that close, so a 500,000-character value costs nothing.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // three rows of the table are enough (this one, the one before, the one before that)
  let before = new Int32Array(b.length + 1);
  let previous = Int32Array.from({length: b.length + 1}, (_, j) => j);
  let row = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i += 1) {
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      row[j] = v;
    }
    [before, previous, row] = [previous, row, before];
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/** Prefixes that turn a name into its opposite ("disableX" / "enableX"), as pairs. */
const OPPOSITES: readonly [string, string][] = [['disable', 'enable'], ['disallow', 'allow'], ['deny', 'allow'], ['no', ''], ['un', ''], ['in', '']];

/**
 * Whether two names differ (up to one more typo) only in a prefix that turns one into the other's
 * opposite: "disableSessionResumption" is not a misspelling of "enableSessionResumption", and
 * suggesting it would invert what the reader meant.
 */
export function oppositeOnly(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  for (const [neg, pos] of OPPOSITES) {
    for (const [p, q] of [[x, y], [y, x]] as const) {
      if (!p.startsWith(neg) || !q.startsWith(pos)) continue;
      const restP = p.slice(neg.length);
      const restQ = q.slice(pos.length);
      // "no" + "SNI" vs "SNI": the rest must be a word, not "ne" of "none"
      if (restP.length >= 3 && restQ !== restP.slice(0, 0) && editDistance(restP, restQ, 1) <= 1) return true;
    }
  }
  return false;
}

/**
 * The known name a mistyped one most likely meant, or null: the same name in another letter case
 * first, else the nearest within a third of the name's length (at least 1, at most 3 edits), never
 * one that only says the opposite (oppositeOnly).
 */
export function didYouMean(word: string, known: readonly string[]): string | null {
  const lower = word.toLowerCase();
  const sameCase = known.find((k) => k.length === word.length && k.toLowerCase() === lower);
  if (sameCase !== undefined) return sameCase === word ? null : sameCase;
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const k of known) {
    if (oppositeOnly(word, k)) continue;
    const distance = editDistance(lower, k.toLowerCase(), limit);
    if (distance < bestDistance) { best = k; bestDistance = distance; }
  }
  return best;
}
