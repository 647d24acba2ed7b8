/**
 * Rules an earlier rule leaves nothing to: a property of the configuration, not of a destination,
 * so the panel checks it once per configuration, off the main thread (TracePanel/shadowWorker.ts).
 */
import type {Condition, DomainEntry, Model, Rule} from './model';
import {type Cidr, cidrContains, normaliseCidr} from './ip';
import type {Warning} from './types';

function domainCovers(a: DomainEntry, b: DomainEntry): boolean {
  if (a.text === b.text) return true;
  if (a.kind !== 'plain' || b.kind !== 'plain') return false;
  const bv = b.value.toLowerCase();
  if (a.type === 'domain' && (b.type === 'domain' || b.type === 'full')) return bv === a.value.toLowerCase() || bv.endsWith('.' + a.value.toLowerCase());
  if (a.type === 'substr' && b.type !== 'regex') return b.value.includes(a.value);
  return false;
}

function cidrCovers(a: Cidr, b: Cidr): boolean {
  return a.ip.length === b.ip.length && a.prefix <= b.prefix && cidrContains(a, b.ip);
}

function conditionCovers(a: Condition, b: Condition): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'domain': return (b as typeof a).entries.every((e) => a.entries.some((x) => domainCovers(x, e)));
    case 'user': case 'inboundTag': return (b as typeof a).values.every((v) => a.values.includes(v));
    case 'protocol': return (b as typeof a).values.every((v) => a.values.some((x) => v.startsWith(x)));
    case 'network': return (b as typeof a).networks.every((n) => a.networks.includes(n));
    case 'port': case 'sourcePort': return (b as typeof a).ranges.every(([f, t]) => a.ranges.some(([x, y]) => x <= f && t <= y));
    case 'ip': case 'source': return (b as typeof a).entries.every((e) => a.entries.some((x) => x.text === e.text
      || (x.kind === 'cidr' && e.kind === 'cidr' && !x.inverse && !e.inverse && e.cidrs.every((c) => x.cidrs.some((y) => cidrCovers(y, c))))));
    case 'attrs': return a.code === (b as typeof a).code;
  }
}

/** Whether rule a, placed before rule b, leaves b nothing: every condition of a covers one of b's. */
export function ruleCovers(a: Rule, b: Rule): boolean {
  return a.conditions.length > 0 && a.conditions.every((ca) => b.conditions.some((cb) => conditionCovers(ca, cb)));
}

/** The key of the network a CIDR names: its first `prefix` bits and the prefix. */
function cidrKey(c: Cidr, prefix = c.prefix): string {
  const n = normaliseCidr(c);
  const p = Math.min(prefix, n.ip.length * 8);
  let bits = '';
  for (let i = 0; i < p; i++) bits += ((n.ip[i >> 3] ?? 0) >> (7 - (i & 7))) & 1;
  return `${n.ip.length}/${bits}`;
}

const kindBit: Record<Condition['kind'], number> = {domain: 1, ip: 2, source: 4, port: 8, sourcePort: 16, network: 32, user: 64, inboundTag: 128, protocol: 256, attrs: 512};
/** The kinds an index can find candidates by, most selective first; port and network are scanned. */
const indexed: Condition['kind'][] = ['domain', 'inboundTag', 'user', 'ip', 'source', 'protocol', 'attrs'];

/** Keys under which a covering condition files itself: conditionCovers(a, b) implies keysOf(a) meets queryKeys(b). */
function keysOf(c: Condition): string[] {
  switch (c.kind) {
    case 'domain': return c.entries.flatMap((x) => [`t:${x.text}`, ...(x.kind === 'plain' && x.type === 'domain' ? [`d:${x.value.toLowerCase()}`] : []), ...(x.kind === 'plain' && x.type === 'substr' ? [`k:${x.value}`] : [])]);
    case 'ip': case 'source': return c.entries.flatMap((x) => [`t:${x.text}`, ...(x.kind === 'cidr' && !x.inverse ? x.cidrs.map((y) => `c:${cidrKey(y)}`) : [])]);
    case 'user': case 'inboundTag': case 'protocol': return c.values;
    case 'attrs': return [c.code];
    default: return [];
  }
}

/** The keys a condition covering `c` must have filed itself under (from c's first entry); null: a substring too long to list. */
function queryKeys(c: Condition): string[] | null {
  switch (c.kind) {
    case 'domain': {
      const e = c.entries[0];
      if (!e) return [];
      const keys = [`t:${e.text}`];
      if (e.kind !== 'plain' || e.type === 'regex') return keys;
      const v = e.value.toLowerCase();
      if (e.type === 'domain' || e.type === 'full') {
        const labels = v.split('.');
        for (let i = 0; i < labels.length; i++) keys.push(`d:${labels.slice(i).join('.')}`);
      }
      if (e.value.length > 64) return null;
      for (let i = 0; i < e.value.length; i++) for (let j = i; j <= e.value.length; j++) keys.push(`k:${e.value.slice(i, j)}`);
      return keys;
    }
    case 'ip': case 'source': {
      const e = c.entries[0];
      if (!e) return [];
      const keys = [`t:${e.text}`];
      const first = e.kind === 'cidr' && !e.inverse ? e.cidrs[0] : undefined;
      if (first) for (let p = 0; p <= first.prefix; p++) keys.push(`c:${cidrKey(first, p)}`);
      return keys;
    }
    case 'user': case 'inboundTag': return c.values.slice(0, 1);
    case 'protocol': { const v = c.values[0] ?? ''; return Array.from({length: v.length + 1}, (_, i) => v.slice(0, i)); }
    case 'attrs': return [c.code];
    default: return null;
  }
}

type Group = {mask: number; rules: Rule[]; index: Map<string, Set<Rule>> | null; kind: Condition['kind'] | null};

/**
 * Rules an earlier rule makes unreachable: every condition of the earlier one covers one of the
 * later one's. Earlier rules are grouped by the kinds of condition they have (only a rule whose
 * kinds the later one also has can cover it), and each group is indexed by its most selective
 * kind, so a configuration of 10,000 domain rules is checked in about linear time; groups of
 * port and network conditions only are compared rule by rule. `deadline` (a performance.now()
 * time) cuts the check short: `complete` then says how far it got.
 */
export function shadowedRulesWithin(model: Model, deadline = Infinity): {warnings: Warning[]; checked: number; complete: boolean} {
  const out: Warning[] = [];
  const groups = new Map<number, Group>();
  const rules = model.router.rules;
  for (let j = 0; j < rules.length; j++) {
    if ((j & 255) === 0 && performance.now() > deadline) return {warnings: out, checked: j, complete: false};
    const b = rules[j]!;
    const maskB = b.conditions.reduce((m, c) => m | kindBit[c.kind], 0);
    let by: Rule | undefined;
    for (const g of groups.values()) {
      if ((g.mask & ~maskB) !== 0) continue;
      let candidates: Iterable<Rule> = g.rules;
      if (g.index && g.kind) {
        const found = new Set<Rule>();
        let all = false;
        for (const cb of b.conditions.filter((c) => c.kind === g.kind)) {
          const keys = queryKeys(cb);
          if (keys === null) { all = true; break; }
          for (const k of keys) for (const r of g.index.get(k) ?? []) found.add(r);
        }
        if (!all) candidates = found;
      }
      for (const a of candidates) {
        if (a.index >= b.index || (by && a.index >= by.index)) continue;
        if (ruleCovers(a, b)) by = a;
      }
    }
    if (by) out.push({code: 'shadowedRule', rule: b.index, by: by.index});
    if (b.conditions.length === 0) continue;
    let g = groups.get(maskB);
    if (!g) {
      const kind = indexed.find((k) => (maskB & kindBit[k]) !== 0) ?? null;
      g = {mask: maskB, rules: [], index: kind ? new Map() : null, kind};
      groups.set(maskB, g);
    }
    g.rules.push(b);
    if (g.index && g.kind) {
      const c = b.conditions.find((x) => x.kind === g!.kind)!;
      for (const k of keysOf(c)) {
        let set = g.index.get(k);
        if (!set) { set = new Set(); g.index.set(k, set); }
        set.add(b);
      }
    }
  }
  return {warnings: out, checked: rules.length, complete: true};
}

/** shadowedRulesWithin without a deadline. */
export function shadowedRules(model: Model): Warning[] {
  return shadowedRulesWithin(model).warnings;
}
