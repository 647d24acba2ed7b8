/**
 * Domain matchers as v2ray-core v5.52.0 common/strmatcher has them. Pure logic: no React, no
 * Docusaurus. Line numbers name files at tag v5.52.0.
 */
import {RE2JS} from 're2js';

export type MatcherType = 'full' | 'domain' | 'substr' | 'regex';

/** A trace that runs past its deadline (setDeadline) stops with this error. */
export class DeadlineExceeded extends Error {
  constructor() {
    super('deadline exceeded');
    this.name = 'DeadlineExceeded';
  }
}

let deadlineAt = Infinity;
let deadlineTicks = 0;

/**
 * Sets the time (performance.now()) after which long loops of the engine stop with
 * DeadlineExceeded, or Infinity for none; returns the previous one. The panel traces with a
 * deadline, so that no configuration, link or name can keep the page busy for long.
 */
export function setDeadline(at: number): number {
  const previous = deadlineAt;
  deadlineAt = at;
  return previous;
}

/** Called in the engine's loops: checks the clock every 64 calls. */
export function checkDeadline(): void {
  if (deadlineAt !== Infinity && (++deadlineTicks & 63) === 0 && performance.now() > deadlineAt) throw new DeadlineExceeded();
}

export type Matcher = {type: MatcherType; pattern: string; match: (s: string) => boolean};

/**
 * common/strmatcher/matchers.go:157 ToDomain: letters, digits, '-' and '.' only (upper case is
 * lowered); other ASCII is an error. Non-ASCII input is converted to Punycode first (the toolkit
 * uses idna.Punycode.ToASCII; here the WHATWG URL host parser, which also applies UTS 46 mapping,
 * so exotic input can differ), then checked again.
 */
export function toDomain(input: string): string {
  let pattern = input;
  if (/[^\x00-\x7f]/.test(pattern)) {
    if (/[\s/?#@:[\]\\%]/.test(pattern)) throw new Error('pattern string does not conform to Letter-Digit-Hyphen (LDH) subset');
    pattern = new URL(`http://${pattern}/`).hostname;
  }
  let hasUpper = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    if (c >= 0x80) throw new Error('pattern string does not conform to Letter-Digit-Hyphen (LDH) subset');
    if (c >= 65 && c <= 90) hasUpper = true;
    else if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 46) continue;
    else throw new Error('pattern string does not conform to Letter-Digit-Hyphen (LDH) subset');
  }
  return hasUpper ? pattern.toLowerCase() : pattern;
}

/**
 * Go's regexp package (RE2 syntax and semantics, linear time) as re2js, a port of RE2/J, has it:
 * the same verdicts as Go on POSIX classes ([[:alpha:]]), \z, inline flags ((?i)), and the same
 * refusals (look-arounds such as (?=x), repeat counts over 1000 such as a{1001}, \C, \Z);
 * tests/unit/tracer-regexp.test.ts checks it against Go's own answers. matchers.go:107 compiles
 * with regexp.Compile, no flags; Match is MatchString, a search anywhere in the name.
 * Compiled patterns are kept (up to regexCacheSize), so a trace compiles each pattern once.
 */
const regexCache = new Map<string, RE2JS>();
const regexCacheSize = 10000;

export function compileRegex(pattern: string): RE2JS {
  let re = regexCache.get(pattern);
  if (re === undefined) {
    try {
      re = RE2JS.compile(pattern);
    } catch (e) {
      // re2js words its syntax errors as Go's regexp/syntax does ("error parsing regexp: ...")
      throw new Error(e instanceof Error ? e.message : String(e));
    }
    if (regexCache.size >= regexCacheSize) regexCache.clear();
    regexCache.set(pattern, re);
  }
  return re;
}

/** common/strmatcher/matchers.go:95 Type.New */
export function newMatcher(type: MatcherType, pattern: string): Matcher {
  switch (type) {
    case 'full': // matchers.go:27 FullMatcher.Match: equality
      return {type, pattern, match: (s) => s === pattern};
    case 'substr': // matchers.go:69 SubstrMatcher.Match: strings.Contains
      return {type, pattern, match: (s) => s.includes(pattern)};
    case 'domain': { // matchers.go:101 pattern through ToDomain; :46 suffix at a label boundary
      const p = toDomain(pattern);
      return {type, pattern: p, match: (s) => s.endsWith(p) && (s.length === p.length || s[s.length - p.length - 1] === '.')};
    }
    case 'regex': { // matchers.go:107 "regex matching is case-sensitive"
      const re = compileRegex(pattern);
      return {type, pattern, match: (s) => re.test(s)};
    }
  }
}

/** The prefix the toolkit prints for a matcher (matchers.go:23, :42, :65, :86). */
export function matcherString(m: Pick<Matcher, 'type' | 'pattern'>): string {
  return {full: 'full:', domain: 'domain:', substr: 'keyword:', regex: 'regexp:'}[m.type] + m.pattern;
}

/**
 * What both index matchers share (common/strmatcher/strmatcher.go IndexMatcher): matchers added in
 * order, each known by its index from 1; they differ in the order Match lists the indices.
 */
abstract class IndexMatcher {
  protected matchers: Matcher[] = [];

  add(m: Matcher): number {
    this.matchers.push(m);
    return this.matchers.length;
  }

  size(): number {
    return this.matchers.length;
  }

  matchAny(input: string): boolean {
    return this.matchers.some((m) => m.match(input));
  }

  abstract match(input: string): number[];
}

/**
 * common/strmatcher/indexmatcher_linear.go: indices start at 1 (:18); Match (:53) lists full
 * matches, then domain matches, then substring matches, then regex matches (CompositeMatches,
 * matchers.go:257).
 */
export class LinearIndexMatcher extends IndexMatcher {

  match(input: string): number[] {
    const full: number[] = [];
    const substr: {pos: number; pat: number; value: number}[] = [];
    const regex: number[] = [];
    // matchergroup_domain.go:53: walk the trie from the last label; nodes met later (longer
    // suffixes) rank first (CompositeMatchesReverse, matchers.go:277); within a node, the order
    // of adding.
    const domainByLen = new Map<number, number[]>();
    let substrIdx = 0;
    this.matchers.forEach((m, i) => {
      checkDeadline();
      const id = i + 1;
      if (m.type === 'full') {
        if (m.pattern === input) full.push(id);
      } else if (m.type === 'domain') {
        if (m.match(input)) {
          const labels = m.pattern === '' ? 0 : m.pattern.split('.').length;
          const list = domainByLen.get(labels);
          if (list) list.push(id); else domainByLen.set(labels, [id]);
        }
      } else if (m.type === 'substr') {
        // matchergroup_substr.go:22: every occurrence, sorted by (position, pattern index)
        const pat = substrIdx++;
        for (let j = input.lastIndexOf(m.pattern); j !== -1; j = j === 0 ? -1 : input.lastIndexOf(m.pattern, j - 1)) {
          substr.push({pos: j, pat, value: id});
          if (m.pattern === '') break;
        }
      } else if (m.match(input)) {
        regex.push(id);
      }
    });
    const domain = [...domainByLen.entries()].sort((a, b) => b[0] - a[0]).flatMap((e) => e[1]);
    substr.sort((a, b) => a.pos - b.pos || a.pat - b.pat);
    return [...full, ...domain, ...substr.map((s) => s.value), ...regex];
  }
}

/**
 * common/strmatcher/indexmatcher_mph.go, what `"domainMatcher": "mph"` (or "hybrid") selects
 * (app/dns/dns.go:116-119, app/router/condition.go:73): the same matches as the linear one, in
 * an order of its own. Match (:61) lists, in this order:
 * - full and domain matches from a hash table of patterns (matchergroup_mph.go): a full pattern
 *   under its own text; a domain pattern under its text and under "." + its text (:62-66). Match
 *   (:154) looks up every suffix of the input that starts with a dot, from the shortest, then the
 *   whole input, and reverses that list (CompositeMatchesReverse): the whole input first, then
 *   longer suffixes before shorter ones; under one text, full patterns before domain ones, each
 *   in the order added (:103);
 * - substring matches from an Aho-Corasick automaton over the reversed input
 *   (matchergroup_ac_automation.go:129): by where the occurrence starts, leftmost first; at one
 *   start, the pattern the automaton stands on (when it is a pattern) first, then the others from
 *   the shortest up (its failure path, reversed with everything else);
 * - regex matches, in the order added.
 * The one difference in what matches: the domain pattern "" matches no usual name here (its keys
 * are "" and "."), where the linear matcher matches every name.
 */
export class MphIndexMatcher extends IndexMatcher {
  /** Not the base's: the domain pattern "" matches here only what its keys match. */
  override matchAny(input: string): boolean {
    return this.match(input).length > 0;
  }

  match(input: string): number[] {
    // the hash table: text -> [full values..., domain values...]
    const table = new Map<string, {full: number[]; domain: number[]}>();
    const put = (key: string, kind: 'full' | 'domain', id: number) => {
      const entry = table.get(key) ?? {full: [], domain: []};
      entry[kind].push(id);
      table.set(key, entry);
    };
    const substr: {pattern: string; id: number}[] = [];
    const regex: number[] = [];
    this.matchers.forEach((m, i) => {
      const id = i + 1;
      const p = m.pattern.toLowerCase();
      if (m.type === 'full') put(p, 'full', id);
      else if (m.type === 'domain') { put(p, 'domain', id); put(`.${p}`, 'domain', id); }
      else if (m.type === 'substr') substr.push({pattern: m.pattern, id});
      else if (m.match(input)) regex.push(id);
    });
    const lookups: number[][] = [];
    const look = (key: string) => { const e = table.get(key); if (e) lookups.push([...e.full, ...e.domain]); };
    for (let i = input.length - 1; i >= 0; i--) if (input[i] === '.') look(input.slice(i));
    look(input);
    const hashed = lookups.reverse().flat();

    // the automaton: the ids of one pattern text together, in the order added
    const byText = new Map<string, number[]>();
    for (const s of substr) { const list = byText.get(s.pattern); if (list) list.push(s.id); else byText.set(s.pattern, [s.id]); }
    const texts = [...byText.keys()].filter((t) => t !== '');
    // nothing longer than the longest pattern can be a piece of one: that bounds the state search
    // below, so a long name costs its length times the patterns' (not its length squared)
    const maxLen = texts.reduce((n, t) => Math.max(n, t.length), 0);
    const ends = new Set<string>();
    for (const t of texts) for (let i = 0; i < t.length; i++) ends.add(t.slice(i));
    const found: number[] = [];
    for (let start = 0; start < input.length; start++) {
      checkDeadline();
      const here = texts.filter((t) => input.startsWith(t, start)).sort((a, b) => a.length - b.length);
      if (here.length === 0) continue;
      // the automaton's state at this start: the longest prefix of the rest that ends some pattern
      let state = 0;
      for (let len = Math.min(input.length - start, maxLen); len > 0; len--) {
        if (ends.has(input.slice(start, start + len))) { state = len; break; }
      }
      const longest = here[here.length - 1]!;
      const first = longest.length === state ? [longest] : [];
      for (const t of [...first, ...here.filter((t) => !first.includes(t))]) found.push(...byText.get(t)!);
    }
    return [...hashed, ...found, ...regex];
  }
}
