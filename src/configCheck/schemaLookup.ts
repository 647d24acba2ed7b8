/**
 * Lookups in a generated schema (builder/schema/generate.mjs) at a place in the data: which
 * subschemas apply there, what they expect, the page documenting it, the object's heading, and
 * where a key unknown to an object belongs.
 */
import type {Expectation, Schema} from './types';

export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/**
 * A value's own property, never one it inherits: a key the reader wrote ("constructor",
 * "toString") must not find Object.prototype's members in a schema or in the data.
 */
export function ownValue(o: unknown, key: string | number): unknown {
  if (o === null || typeof o !== 'object') return undefined;
  return Object.hasOwn(o, key) ? (o as Record<string | number, unknown>)[key] : undefined;
}

/** Resolves a local JSON pointer ("#/$defs/X/properties/y") in the schema. */
function at(schema: Schema, pointer: string): Schema | undefined {
  let cur: unknown = schema;
  for (const seg of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = ownValue(cur, seg.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return cur && typeof cur === 'object' ? (cur as Schema) : undefined;
}

export function deref(schema: Schema, s: Schema | undefined): Schema | undefined {
  let cur = s;
  for (let i = 0; i < 8 && cur && typeof cur.$ref === 'string'; i += 1) cur = at(schema, cur.$ref);
  return cur;
}

const typesCache = new WeakMap<Schema, string[] | null>();
/** The JSON types a (sub)schema admits, or null when it does not say. */
export function typesOf(schema: Schema, s: Schema | undefined): string[] | null {
  if (!s) return null;
  if (!typesCache.has(s)) typesCache.set(s, typesOfUncached(schema, s));
  return typesCache.get(s)!;
}

function typesOfUncached(schema: Schema, s: Schema | undefined): string[] | null {
  const d = deref(schema, s);
  if (!d) return null;
  if (typeof d.type === 'string') return [d.type];
  if (Array.isArray(d.enum)) return [...new Set(d.enum.map(jsonType))];
  if ('const' in d) return [jsonType(d.const)];
  if (typeof d.pattern === 'string') return ['string'];
  if (Array.isArray(d.anyOf)) {
    const all = d.anyOf.map((x) => typesOf(schema, x as Schema));
    return all.some((x) => x === null) ? null : [...new Set(all.flat() as string[])];
  }
  return null;
}

export const admits = (types: string[] | null, actual: string): boolean =>
  types === null || types.includes(actual) || (actual === 'integer' && types.includes('number'));

const expectationsCache = new WeakMap<Schema, Expectation[]>();
/** What a (sub)schema expects, in data the messages put into words (the same array for the same schema). */
export function expectations(schema: Schema, s: Schema | undefined): Expectation[] {
  if (!s) return [];
  if (!expectationsCache.has(s)) expectationsCache.set(s, expectationsUncached(schema, s));
  return expectationsCache.get(s)!;
}

function expectationsUncached(schema: Schema, s: Schema | undefined): Expectation[] {
  const d = deref(schema, s);
  if (!d) return [];
  if (Array.isArray(d['x-list'])) return [{kind: 'list', values: d['x-list'] as string[]}];
  if (Array.isArray(d.enum)) return [{kind: 'values', values: d.enum as (string | number)[]}];
  if ('const' in d) return [{kind: 'values', values: [d.const as string]}];
  if (Array.isArray(d.anyOf)) {
    const enumBranch = d.anyOf.find((x) => Array.isArray((x as Schema).enum)) as Schema | undefined;
    if (d['x-any-case'] && enumBranch) return [{kind: 'values', values: enumBranch.enum as string[], anyCase: true}];
    return d.anyOf.flatMap((x) => expectations(schema, x as Schema));
  }
  if (typeof d['x-format'] === 'string') return [{kind: 'format', format: d['x-format']}];
  if (typeof d.pattern === 'string') return [{kind: 'text', text: d.pattern === '^#' ? '"#<full message name>"' : `/${d.pattern}/`}];
  if (typeof d.type === 'string') {
    const e: Expectation = {kind: 'type', type: d.type};
    if (typeof d.minimum === 'number') e.min = d.minimum;
    if (typeof d.maximum === 'number') e.max = d.maximum;
    return [e];
  }
  return [];
}

const branchCache = new WeakMap<Schema, Expectation[]>();
/** What any branch of an anyOf expects (the same array for the same anyOf). */
export function branchExpectations(schema: Schema, s: Schema | undefined): Expectation[] {
  if (!s) return [];
  if (!branchCache.has(s)) {
    const all = ((s.anyOf ?? []) as Schema[]).flatMap((b) => expectations(schema, b));
    // "a port" already says "0 to 65535, also as a string": the number branch need not be named too
    branchCache.set(s, all.some((e) => e.kind === 'format' && e.format === 'port') ? all.filter((e) => e.kind === 'format') : all);
  }
  return branchCache.get(s)!;
}

/** Whether data meets an `if` of the generated schemas (a const or pattern on sibling keys). */
function meetsCondition(cond: Schema | undefined, data: unknown): boolean {
  if (!cond || !data || typeof data !== 'object' || Array.isArray(data)) return false;
  const props = (cond.properties ?? {}) as Record<string, Schema>;
  return Object.entries(props).every(([k, c]) => {
    const v = ownValue(data, k);
    if ('const' in c) return v === c.const;
    if (typeof c.pattern === 'string') return typeof v === 'string' && new RegExp(c.pattern, 'u').test(v);
    return v !== undefined;
  });
}

/**
 * The schemas that apply to the value at `segments`, and its documentation: the "x-docs" of the
 * deepest property schema on the way down, following $ref, items, maps, anyOf branches and the
 * if/then rules the data meets.
 */
export function walkTo(schema: Schema, value: unknown, segments: readonly (string | number)[]): {docs?: string; schemas: Schema[]} {
  let docs = typeof schema['x-docs'] === 'string' ? schema['x-docs'] : undefined;
  let current: Schema[] = [deref(schema, schema) ?? schema];
  let data = value;
  for (const seg of segments) {
    const next: Schema[] = [];
    const expand = (s: Schema | undefined, d: unknown): void => {
      const x = deref(schema, s);
      if (!x) return;
      for (const b of (x.anyOf ?? []) as Schema[]) expand(b, d);
      for (const r of (x.allOf ?? []) as Schema[]) {
        if (r.if && meetsCondition(r.if as Schema, d)) expand(r.then as Schema, d);
        else if (!r.if) expand(r, d);
      }
      if (typeof seg === 'number' && x.items) next.push(x.items as Schema);
      if (typeof seg === 'string') {
        const p = ownValue(x.properties, seg) as Schema | undefined;
        if (p) next.push(p);
        else if (x.additionalProperties && typeof x.additionalProperties === 'object') next.push(x.additionalProperties as Schema);
      }
    };
    for (const s of current) expand(s, data);
    // a property's own link (the last one found), else that of the definition it refers to
    const found = next.filter((s) => typeof s['x-docs'] === 'string').at(-1)
      ?? next.map((s) => deref(schema, s)).find((s) => typeof s?.['x-docs'] === 'string');
    if (found) docs = found['x-docs'] as string;
    current = next;
    data = ownValue(data, seg);
    if (!current.length) break;
  }
  return {docs, schemas: current};
}

export function docsAt(schema: Schema, value: unknown, segments: readonly (string | number)[]): string | undefined {
  return walkTo(schema, value, segments).docs;
}

/** The heading of the object at `segments` ("InboundObject"), whichever rule found the problem. */
export function objectAt(schema: Schema, value: unknown, segments: readonly (string | number)[]): string | undefined {
  const seen: Schema[] = [];
  const collect = (s: Schema | undefined): void => {
    const x = deref(schema, s);
    if (!x || seen.includes(x)) return;
    seen.push(x);
    for (const b of (x.anyOf ?? []) as Schema[]) collect(b);
  };
  for (const s of walkTo(schema, value, segments).schemas) collect(s);
  return seen.map(titleOf).find((t) => t !== undefined);
}

/**
 * Where a key unknown to an object belongs, seen from that object: the nearest objects below it
 * (up to three levels) that have the key, those the file already has first ("wsSettings" for a
 * "path" beside it; "transport" or "inbounds[].streamSettings" for a root "dsSettings").
 */
export function belongsIn(schema: Schema, parent: Schema, data: unknown, key: string): string[] {
  const found: {path: string; present: boolean; depth: number}[] = [];
  type Step = {s: Schema; path: string; present: boolean; depth: number; data: unknown};
  const queue: Step[] = [{s: parent, path: '', present: true, depth: 0, data}];
  const visited = new Set<Schema>();
  while (queue.length && found.length < 12) {
    const {s, path, present, depth, data: d} = queue.shift()!;
    const x = deref(schema, s);
    if (!x || visited.has(x)) continue;
    visited.add(x);
    if (depth > 0 && ownValue(x.properties, key)) { found.push({path, present, depth}); continue; }
    if (depth >= 3) continue;
    for (const b of [...((x.anyOf ?? []) as Schema[]), ...((x.allOf ?? []) as Schema[]).map((r) => (r.then ?? r) as Schema)]) {
      queue.unshift({s: b, path, present, depth, data: d});
    }
    if (x.items) queue.push({s: x.items as Schema, path: `${path}[]`, present, depth, data: Array.isArray(d) ? d[0] : undefined});
    for (const [k, p] of Object.entries((x.properties ?? {}) as Record<string, Schema>)) {
      if (k === key || k.startsWith('_') || k.startsWith('$') || p.deprecated) continue;
      const v = d && typeof d === 'object' && !Array.isArray(d) ? ownValue(d, k) : undefined;
      queue.push({s: p, path: path ? `${path}.${k}` : k, present: present && v !== undefined, depth: depth + 1, data: v});
    }
  }
  const here = found.filter((f) => f.present);
  return (here.length ? here : found).sort((a, b) => a.depth - b.depth).slice(0, 3).map((f) => f.path);
}

/** The object's title (its heading, "RuleObject") for messages. */
export const titleOf = (s: unknown): string | undefined => (s && typeof s === 'object' && typeof (s as Schema).title === 'string' ? (s as Schema).title as string : undefined);
