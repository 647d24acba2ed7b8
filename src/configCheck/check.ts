/**
 * The configuration checker's logic, without the page: reads a configuration as the toolkit does
 * (comments allowed), validates it against a generated JSON Schema (scripts/schema/generate.mjs)
 * and turns ajv's errors into problems a reader can act on: one per mistake, at the right line and
 * column, with what was expected, a "did you mean" and the page documenting the field.
 */
import {getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError} from 'jsonc-parser';
import type {ValidationError, Validator} from './validate';
import {blankComments} from './comments';
import {didYouMean} from './suggest';
import {findings, type RuleCode} from './semantics';
import {decodeBytes, type Decoded} from './bytes';

export type Expectation =
  | {kind: 'type'; type: string; min?: number; max?: number}
  | {kind: 'values'; values: (string | number)[]; anyCase?: boolean}
  | {kind: 'list'; values: string[]}
  /** A pattern the toolkit holds a string to, by what it means ("x-format" of the schema). */
  | {kind: 'format'; format: string}
  | {kind: 'text'; text: string};

export type ProblemDetail =
  | {kind: 'syntax'; code: string}
  | {kind: 'empty'}
  | {kind: 'tooDeep'; limit: number}
  /** `unprotected`: the key meant is one whose absence turns protection off (SECURITY_KEYS), and v4 ignores the misspelling. */
  | {kind: 'unknownKey'; key: string; object?: string; suggestion?: string; belongs?: string[]; unprotected?: string}
  | {kind: 'removedKey'; key: string; object?: string; version: string}
  | {kind: 'bom'}
  /** The file is UTF-16 (V2Ray reads UTF-8 only and stops at the first byte). */
  | {kind: 'encoding'; encoding: 'UTF-16LE' | 'UTF-16BE'}
  /** Bytes that are not UTF-8: V2Ray reads each as U+FFFD. */
  | {kind: 'notUtf8'}
  /** What the toolkit decides beyond the schema (semantics.ts). */
  | {kind: 'rule'; code: RuleCode; values?: Record<string, string>}
  | {kind: 'keyCase'; key: string; written: string}
  | {kind: 'missingKey'; key: string; object?: string}
  | {kind: 'mismatch'; expected: Expectation[]; found?: string; suggestion?: string}
  | {kind: 'requireOne'; keys: string[]; object?: string};

export type Problem = ProblemDetail & {
  /** An error (the default) makes the toolkit refuse the file or do something else than it says; a warning is about what it accepts but ignores. */
  severity?: 'warning';
  /** Where in the document: `inbounds[0].port`, or '' for the whole file. */
  path: string;
  /** 1-based line and column of `from`. */
  line: number;
  column: number;
  /** Offsets into the checked text (for the editor's marks). */
  from: number;
  to: number;
  /** Page and anchor documenting the field ("/config/inbounds#inboundobject"), when known. */
  docs?: string;
};

export type Version = 'v4' | 'v5';
type Schema = Record<string, unknown>;

/** Offsets where each line of `text` starts: made once per text, so a position costs a search, not a rescan. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line and column of an offset, from the text's line starts (lineStarts). */
export function lineColumnIn(starts: readonly number[], offset: number): {line: number; column: number} {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid; else hi = mid - 1;
  }
  return {line: lo + 1, column: offset - starts[lo]! + 1};
}

/** 1-based line and column of an offset (one position; for many, lineStarts once and lineColumnIn). */
export function lineColumn(text: string, offset: number): {line: number; column: number} {
  return lineColumnIn(lineStarts(text.slice(0, offset)), Math.min(offset, text.length));
}

/** How deep a configuration may nest: real ones stay under 20; the checker's readers recurse. */
export const MAX_DEPTH = 100;

/**
 * The offset of the first bracket nested deeper than `limit` in JSON text (comments blanked),
 * or -1. A plain loop, so any depth is measured without recursion.
 */
export function tooDeepAt(plain: string, limit = MAX_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < plain.length; i += 1) {
    const c = plain.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) { depth += 1; if (depth > limit) return i; }
    else if (c === 93 /* ] */ || c === 125 /* } */) depth -= 1;
  }
  return -1;
}

/** `/inbounds/0/port` -> ['inbounds', 0, 'port']. */
export function pointerSegments(pointer: string): (string | number)[] {
  if (!pointer) return [];
  const parts = pointer.slice(1).split('/');
  const out: (string | number)[] = new Array(parts.length);
  for (let i = 0; i < parts.length; i += 1) {
    let s = parts[i]!;
    if (s.includes('~')) s = s.replace(/~1/g, '/').replace(/~0/g, '~');
    out[i] = /^\d+$/.test(s) ? Number(s) : s;
  }
  return out;
}

/** ['inbounds', 0, 'port'] -> `inbounds[0].port`. */
export function displayPath(segments: readonly (string | number)[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : /^[A-Za-z_$@][\w$@-]*$/.test(s) ? `${i ? '.' : ''}${s}` : `[${JSON.stringify(s)}]`)).join('');
}

/** A value's kind in words for "found …": a string is shown, short; others by type. */
function describeFound(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return Array.isArray(v) ? '[…]' : '{…}';
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/**
 * A value's own property, never one it inherits: a key the reader wrote ("constructor",
 * "toString") must not find Object.prototype's members in a schema or in the data.
 */
function ownValue(o: unknown, key: string | number): unknown {
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

function deref(schema: Schema, s: Schema | undefined): Schema | undefined {
  let cur = s;
  for (let i = 0; i < 8 && cur && typeof cur.$ref === 'string'; i += 1) cur = at(schema, cur.$ref);
  return cur;
}

const typesCache = new WeakMap<Schema, string[] | null>();
/** The JSON types a (sub)schema admits, or null when it does not say. */
function typesOf(schema: Schema, s: Schema | undefined): string[] | null {
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

const admits = (types: string[] | null, actual: string): boolean =>
  types === null || types.includes(actual) || (actual === 'integer' && types.includes('number'));

const expectationsCache = new WeakMap<Schema, Expectation[]>();
/** What a (sub)schema expects, in data the messages put into words (the same array for the same schema). */
function expectations(schema: Schema, s: Schema | undefined): Expectation[] {
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
function branchExpectations(schema: Schema, s: Schema | undefined): Expectation[] {
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
function walkTo(schema: Schema, value: unknown, segments: readonly (string | number)[]): {docs?: string; schemas: Schema[]} {
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
function objectAt(schema: Schema, value: unknown, segments: readonly (string | number)[]): string | undefined {
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
function belongsIn(schema: Schema, parent: Schema, data: unknown, key: string): string[] {
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
const titleOf = (s: unknown): string | undefined => (s && typeof s === 'object' && typeof (s as Schema).title === 'string' ? (s as Schema).title as string : undefined);

export type CheckResult = {problems: Problem[]; value?: unknown};

/**
 * A configuration text read as the toolkit reads it. `value` is what could be read, also when
 * `problems` (an empty text, syntax errors) say the text is not valid JSON.
 */
export type Parsed = {text: string; starts: number[]; tree?: Node; value?: unknown; problems: Problem[]};

/** Where an offset of a parsed text is, for a problem at `path`. */
function placeIn(starts: readonly number[], from: number, to: number, path: (string | number)[]) {
  return {...lineColumnIn(starts, from), from, to, path: displayPath(path)};
}

const segmentsOfRule = new WeakMap<Problem, (string | number)[]>();

/**
 * Keys whose absence turns protection off, read by v4 into Go structs that ignore a misspelling:
 * the message says what the toolkit then does (messages.ts). Socks/HTTP accounts and socks auth
 * (infra/conf/v4/socks.go:44-60, http.go), TLS verification and pinning (cfgcommon/tlscfg/tls.go:17-26),
 * VMess's refusal of insecure ciphers (vmess.go), mKCP's seed (transport_internet.go).
 */
export const SECURITY_KEYS: Record<string, true> = {
  accounts: true, auth: true, verifyClientCertificate: true, pinnedPeerCertificateChainSha256: true,
  disableSystemRoot: true, disableInsecureEncryption: true, seed: true,
};

/**
 * The findings of semantics.ts as problems, and every key written twice in one object (a warning:
 * the toolkit's JSON reader keeps the last value), placed at offsets; line and column come later.
 */
function ruleProblems(tree: Node, value: unknown, version: Version, validate?: Validator): Problem[] {
  const out: Problem[] = [];
  const find = nodeFinder(tree);
  for (const f of findings(value, version)) {
    const n = find(f.segments);
    const keyNode = f.at === 'key' ? n?.parent?.children?.[0] : undefined;
    const target = keyNode ?? n ?? tree;
    const p: Problem = {kind: 'rule', code: f.code, ...(f.values ? {values: f.values} : {}), ...(f.warning ? {severity: 'warning' as const} : {}),
      line: 0, column: 0, from: target.offset, to: target.offset + target.length, path: ''};
    segmentsOfRule.set(p, f.segments);
    out.push(p);
  }
  let checkedDuplicates = 0;
  // keys written twice, found in one pass over the tree (no recursion: depth is bounded by MAX_DEPTH, but a stack is as simple)
  const stack: {n: Node; path: (string | number)[]}[] = [{n: tree, path: []}];
  while (stack.length) {
    const {n, path} = stack.pop()!;
    if (n.type === 'object') {
      const seen = new Map<string, Node>();
      for (const prop of n.children ?? []) {
        const k = prop.children?.[0];
        if (!k) continue;
        const key = String(k.value);
        const earlier = seen.get(key);
        if (earlier) {
          // the toolkit's JSON reader decodes the earlier value too and refuses the file when that
          // value cannot be read: check it in place of the last one (a few: each costs a validation)
          const refused = version === 'v5' && goStructIn5(path) && validate !== undefined && checkedDuplicates < MAX_DUPLICATE_CHECKS
            && earlierRefused(value, [...path, key], earlier, validate);
          checkedDuplicates += 1;
          const p: Problem = {kind: 'rule', code: refused ? 'duplicateKeyRefused' : 'duplicateKey', values: {key}, ...(refused ? {} : {severity: 'warning' as const}),
            line: 0, column: 0, from: earlier.offset, to: earlier.offset + earlier.length, path: ''};
          segmentsOfRule.set(p, [...path, key]);
          out.push(p);
        }
        seen.set(key, k);
        const child = prop.children?.[1];
        if (child && (child.type === 'object' || child.type === 'array')) stack.push({n: child, path: [...path, key]});
      }
    } else if (n.type === 'array') {
      (n.children ?? []).forEach((c, i) => { if (c.type === 'object' || c.type === 'array') stack.push({n: c, path: [...path, i]}); });
    }
  }
  return out;
}

/** How many keys written twice get their earlier value checked (each costs one validation of the file). */
const MAX_DUPLICATE_CHECKS = 20;

/**
 * Where v5 reads a key twice, both values decoded: the Go structs of infra/conf/v5cfg (the root, an
 * inbound or outbound, its streamSettings and sniffing) and a balancing rule. Everywhere else the
 * reader keeps the last value without decoding the first (measured with the mutation corpus: v4
 * files pass through a merge into maps first, so v4 never decodes the first value).
 */
function goStructIn5(path: readonly (string | number)[]): boolean {
  const p = path.join('/');
  return p === '' || /^(inbounds|outbounds)\/\d+(\/streamSettings|\/sniffing)?$/.test(p) || /^router\/balancingRule\/\d+$/.test(p);
}

/** Whether the earlier of two values of one key has a type the schema refuses where the last one stands. */
function earlierRefused(value: unknown, segments: (string | number)[], keyNode: Node, validate: Validator): boolean {
  const valueNode = keyNode.parent?.children?.[1];
  if (!valueNode) return false;
  const earlierValue: unknown = getNodeValue(valueNode);
  // a copy of the path down to the object holding the key, the rest shared
  const copy = (v: unknown, i: number): unknown => {
    if (i === segments.length) return earlierValue;
    const seg = segments[i]!;
    if (Array.isArray(v)) { const a = [...v]; a[seg as number] = copy(v[seg as number], i + 1); return a; }
    if (v && typeof v === 'object') return {...(v as Record<string, unknown>), [seg]: copy((v as Record<string, unknown>)[seg as string], i + 1)};
    return v;
  };
  const pointer = `/${segments.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
  const at = (p: string) => p === pointer || p.startsWith(`${pointer}/`);
  const before = new Set(validate(value).filter((e) => at(e.instancePath)).map((e) => `${e.instancePath}|${e.keyword}`));
  // a value of the wrong JSON type is what the decoder refuses; other faults of the first value go unread
  return validate(copy(value, 0)).some((e) => e.instancePath === pointer && e.keyword === 'type' && !before.has(`${e.instancePath}|${e.keyword}`));
}

/** Reads a configuration text: comments blanked, JSON syntax checked. */
export function parseConfig(text: string): Parsed {
  const starts = lineStarts(text);
  // a byte-order mark: said once, by name (V2Ray's JSON reader refuses it), then read past
  const bom = text.startsWith('\uFEFF');
  const plain = blankComments(bom ? ` ${text.slice(1)}` : text);
  const bomProblem: Problem[] = bom ? [{kind: 'bom', ...placeIn(starts, 0, 1, [])}] : [];
  if (!plain.trim()) return {text, starts, problems: [...bomProblem, {kind: 'empty', ...placeIn(starts, 0, 0, [])}]};
  const deep = tooDeepAt(plain);
  if (deep >= 0) return {text, starts, problems: [{kind: 'tooDeep', limit: MAX_DEPTH, ...placeIn(starts, deep, deep + 1, [])}]};
  const syntax: ParseError[] = [];
  const tree = parseTree(plain, syntax, {allowTrailingComma: false, disallowComments: true, allowEmptyContent: false});
  const value: unknown = tree ? getNodeValue(tree) : undefined;
  const seen = new Set<number>();
  const syntaxProblems: Problem[] = [];
  for (const e of syntax) {
    if (syntaxProblems.length === 5) break;
    const trailing = e.error === 3 /* PropertyNameExpected */ || e.error === 4; /* ValueExpected */
    const before = plain.slice(Math.max(0, e.offset - 200), e.offset);
    const comma = before.trimEnd().endsWith(',') ? e.offset - before.length + before.trimEnd().length - 1 : -1;
    const isTrailing = trailing && comma >= 0 && /^\s*[}\]]/.test(plain.slice(e.offset, e.offset + 200));
    // one problem per mistake: the parser reports a trailing comma in an object twice, at the brace
    const from = isTrailing ? comma : e.offset;
    if (seen.has(from)) continue;
    seen.add(from);
    syntaxProblems.push({kind: 'syntax', code: isTrailing ? 'TrailingComma' : printParseErrorCode(e.error), ...placeIn(starts, from, from + Math.max(1, isTrailing ? 1 : e.length), [])});
  }
  const problems = [...bomProblem, ...syntaxProblems];
  return tree ? {text, starts, tree, value, problems} : {text, starts, problems};
}

/**
 * Checks a configuration text. `validate` is ajv's compiled root schema (made with verbose: true,
 * allErrors: true); `schema` the same schema as JSON.
 */
export function checkConfig(text: string, validate: Validator, schema: Schema): CheckResult {
  return checkParsed(parseConfig(text), validate, schema);
}

/** How many problems the page lists; the rest are counted ("and N more"). */
export const SHOWN_PROBLEMS = 200;

/** A node of the parse tree at a path, with each object's and array's children indexed on first use. */
function nodeFinder(tree: Node): (segments: readonly (string | number)[]) => Node | undefined {
  const index = new WeakMap<Node, Map<string | number, Node>>();
  const childrenOf = (n: Node): Map<string | number, Node> => {
    let m = index.get(n);
    if (!m) {
      m = new Map();
      for (const [i, c] of (n.children ?? []).entries()) {
        if (n.type === 'array') m.set(i, c);
        // a repeated key: the last one is the value JSON readers keep
        else if (c.type === 'property' && c.children?.[0]) m.set(String(c.children[0].value), c.children[1] ?? c);
      }
      index.set(n, m);
    }
    return m;
  };
  return (segments) => {
    let n: Node | undefined = tree;
    for (const seg of segments) {
      if (!n || (n.type !== 'object' && n.type !== 'array')) return undefined;
      n = childrenOf(n).get(n.type === 'array' ? seg : String(seg));
    }
    return n;
  };
}

/**
 * Checks what parseConfig read: its own problems if any, else those of the schema. Every problem
 * is found and placed; the first `detail` (in text order) also get their did-you-mean and link,
 * the costly part, so a file with 10,000 mistakes is answered as fast as one with ten.
 */
export function checkParsed(parsed: Parsed, validate: Validator, schema: Schema, detail = Infinity): CheckResult {
  const {starts, tree, value} = parsed;
  // a byte-order mark alone does not stop the check: the rest is read past it
  const bom = parsed.problems.filter((p) => p.kind === 'bom');
  if (parsed.problems.length > bom.length || !tree) return {problems: parsed.problems};
  // line, column and path are filled in for the problems shown (below): a file with 20,000
  // mistakes places them all for the order, but words only the first `detail`
  const segmentsOf = new Map<Problem, (string | number)[]>();
  // the path of the problem being made: every problem is made from one place() and add()ed right
  // after, so add() takes the path from here (a property deleted later turned 100,000 problems
  // into slow dictionary-mode objects)
  let placed: (string | number)[] = [];
  const place = (from: number, to: number, path: (string | number)[]) => { placed = path; return {from, to, line: 0, column: 0, path: ''}; };
  const errors = [...validate(value)];
  const extra = ruleProblems(tree, value, String(schema.$id ?? '').includes('/v5/') ? 'v5' : 'v4', validate);
  if (errors.length === 0) {
    extra.sort((a, b) => a.from - b.from);
    for (const p of extra.slice(0, detail)) {
      Object.assign(p, placeIn(starts, p.from, p.to, segmentsOfRule.get(p) ?? []));
      p.docs = docsAt(schema, value, segmentsOfRule.get(p) ?? []);
    }
    return {problems: [...bom, ...extra], value};
  }
  const position = new Map(errors.map((e, i) => [e, i]));
  const dropped = new Set<ValidationError>();
  const problems: Problem[] = [];
  /** What makes a problem complete (did-you-mean, link), run only for the problems shown. */
  const finishers = new Map<Problem, () => void>();
  const add = (p: Problem, finish?: () => void): void => {
    segmentsOf.set(p, placed);
    problems.push(p);
    if (finish) finishers.set(p, finish);
  };
  const findNode = nodeFinder(tree);
  const nodeAt = (segments: (string | number)[]): Node | undefined => findNode(segments);
  const valuePlace = (segments: (string | number)[]) => {
    const n = nodeAt(segments) ?? tree;
    return place(n.offset, n.offset + n.length, segments);
  };
  const keyPlace = (segments: (string | number)[], key: string) => {
    const keyNode = nodeAt([...segments, key])?.parent?.children?.[0];
    return keyNode ? place(keyNode.offset, keyNode.offset + keyNode.length, [...segments, key]) : valuePlace(segments);
  };
  const linkTo = (p: Problem, segments: (string | number)[]) => () => { p.docs = docsAt(schema, value, segments); };

  // anyOf: keep the errors of the one branch whose type fits the value; else one "expected …".
  // A failed anyOf is reported after its branches' errors, which come right before it; errors
  // from a branch that is a $ref carry schema paths of the referenced definition.
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf').sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const a of anyOfs) {
    if (dropped.has(a)) continue;
    dropped.add(a);
    const index = position.get(a)!;
    const block: ValidationError[] = [];
    const below = `${a.instancePath}/`;
    for (let j = index - 1; j >= 0; j -= 1) {
      const e = errors[j]!;
      if (e.instancePath !== a.instancePath && !e.instancePath.startsWith(below)) break;
      if (!dropped.has(e)) block.push(e);
    }
    const branchesOf = (a.parentSchema?.anyOf ?? []) as Schema[];
    const actual = jsonType(a.data);
    let fitting = branchesOf.map((b, i) => (admits(typesOf(schema, b), actual) ? i : -1)).filter((i) => i >= 0);
    // objects told apart by a key's constant ("type": "none" or the HTTP header): drop the branches the data's value rules out
    if (fitting.length > 1 && a.data && typeof a.data === 'object' && !Array.isArray(a.data)) {
      const d = a.data as Record<string, unknown>;
      const ruledOut = (b: Schema | undefined): boolean => {
        const x = deref(schema, b);
        const props = (x?.properties ?? {}) as Record<string, Schema>;
        return Object.entries(props).some(([k, p]) => 'const' in p && Object.hasOwn(d, k) && d[k] !== p.const);
      };
      const left = fitting.filter((i) => !ruledOut(branchesOf[i]));
      if (left.length >= 1) fitting = left;
    }
    const segments = pointerSegments(a.instancePath);
    if (branchesOf.length && branchesOf.every((b) => Array.isArray(b.required) && Object.keys(b).length === 1)) {
      block.filter((e) => e.keyword === 'required' && e.instancePath === a.instancePath).forEach((e) => dropped.add(e));
      const p: Problem = {kind: 'requireOne', keys: branchesOf.map((b) => (b.required as string[])[0] ?? ''), ...valuePlace(segments)};
      add(p, () => {
        const object = objectAt(schema, value, segments);
        if (object && p.kind === 'requireOne') p.object = object;
        p.docs = docsAt(schema, value, segments);
      });
      continue;
    }
    if (fitting.length === 1 && !a.parentSchema?.['x-any-case']) {
      const own = `${a.schemaPath}/`;
      const mine = `${own}${fitting[0]}/`;
      // a Set, not Array.includes: an anyOf over a 100,000-item array has as many errors (linear, not quadratic)
      const keep = new Set(block.filter((e) => e.schemaPath.startsWith(mine)
        || (!e.schemaPath.startsWith(own) && !(e.instancePath === a.instancePath && e.keyword === 'type'))));
      for (const e of block) if (!keep.has(e)) dropped.add(e);
      if (keep.size) continue;
    } else {
      block.forEach((e) => dropped.add(e));
    }
    const expected = a.parentSchema?.['x-any-case'] ? expectations(schema, a.parentSchema as Schema) : branchExpectations(schema, a.parentSchema);
    const p: Problem = {kind: 'mismatch', expected, found: describeFound(a.data), ...valuePlace(segments)};
    add(p, () => {
      const values = expected.flatMap((e) => (e.kind === 'values' ? e.values.map(String) : []));
      const suggestion = typeof a.data === 'string' ? didYouMean(a.data, values) : null;
      if (suggestion && p.kind === 'mismatch') p.suggestion = suggestion;
      p.docs = docsAt(schema, value, segments);
    });
  }

  for (const e of errors) {
    if (dropped.has(e) || e.keyword === 'if' || e.keyword === 'anyOf') continue;
    const segments = pointerSegments(e.instancePath);
    const parent = e.parentSchema as Schema | undefined;
    switch (e.keyword) {
      case 'additionalProperties': {
        const key = String((e.params as {additionalProperty: string}).additionalProperty);
        const known = Object.keys((parent?.properties as Schema | undefined) ?? {});
        const where = keyPlace(segments, key);
        const objectDocs = () => (typeof parent?.['x-docs'] === 'string' ? parent['x-docs'] : docsAt(schema, value, segments));
        // Go structs (v4 objects, the v5 root and infra/conf/v5cfg): encoding/json matches their
        // keys in any letter case; protobuf messages ("x-proto") only as written
        const goStruct = !parent?.['x-proto'];
        const lower = key.toLowerCase();
        const sameLetters = known.find((k) => k.length === key.length && k.toLowerCase() === lower);
        if (goStruct && sameLetters !== undefined) {
          const p: Problem = {kind: 'keyCase', key: sameLetters, written: key, ...where};
          add(p, () => { p.docs = objectDocs(); });
          break;
        }
        const removedIn = ownValue(parent?.['x-removed'], key) as string | undefined;
        if (removedIn) {
          const p: Problem = {kind: 'removedKey', key, version: removedIn, ...(titleOf(parent) ? {object: titleOf(parent)} : {}), ...where};
          add(p, () => { p.docs = objectDocs(); });
          break;
        }
        const p: Problem = {kind: 'unknownKey', key, ...(titleOf(parent) ? {object: titleOf(parent)} : {}), ...where};
        add(p, () => {
          if (p.kind !== 'unknownKey') return;
          const suggestion = didYouMean(key, known);
          if (suggestion) {
            p.suggestion = suggestion;
            // a Go struct ignores the misspelled key: where that turns protection off, say so
            if (goStruct && Object.hasOwn(SECURITY_KEYS, suggestion)) p.unprotected = suggestion;
          } else if (parent) {
            const belongs = belongsIn(schema, parent, e.data, key);
            if (belongs.length) p.belongs = belongs;
          }
          p.docs = objectDocs();
        });
        break;
      }
      case 'required': {
        const key = String((e.params as {missingProperty: string}).missingProperty);
        const n = nodeAt(segments) ?? tree;
        const p: Problem = {kind: 'missingKey', key, ...(titleOf(parent) ? {object: titleOf(parent)} : {}), ...place(n.offset, n.offset + 1, segments)};
        add(p, () => {
          // a rule's "required" (if/then) has no title of its own: name the object it is about
          if (p.kind === 'missingKey' && !p.object) { const object = objectAt(schema, value, segments); if (object) p.object = object; }
          p.docs = docsAt(schema, value, [...segments, key]) ?? docsAt(schema, value, segments);
        });
        break;
      }
      case 'enum':
      case 'const': {
        const expected = expectations(schema, parent);
        const p: Problem = {kind: 'mismatch', expected, found: describeFound(e.data), ...valuePlace(segments)};
        add(p, () => {
          const values = expected.flatMap((x) => (x.kind === 'values' ? x.values.map(String) : []));
          const suggestion = typeof e.data === 'string' ? didYouMean(e.data, values) : null;
          if (suggestion && p.kind === 'mismatch') p.suggestion = suggestion;
          p.docs = docsAt(schema, value, segments);
        });
        break;
      }
      case 'propertyNames':
        break; // reported with the key itself below (pattern on the key name)
      default: {
        if (e.propertyName !== undefined) {
          const p: Problem = {kind: 'mismatch', expected: [{kind: 'type', type: 'integer'}], found: JSON.stringify(e.propertyName), ...keyPlace(segments, e.propertyName)};
          add(p, linkTo(p, segments));
          break;
        }
        const expected = e.keyword === 'pattern' && Array.isArray(parent?.['x-list']) ? [{kind: 'list', values: parent['x-list'] as string[]} as Expectation]
          : expectations(schema, parent);
        const p: Problem = {kind: 'mismatch', expected: expected.length ? expected : [{kind: 'text', text: e.message ?? e.keyword}], found: describeFound(e.data), ...valuePlace(segments)};
        add(p, linkTo(p, segments));
      }
    }
  }
  // a missing key that a misspelled one in the same object stands for is said once, at the misspelling
  const objectPaths = new Map<Problem, string>();
  const objectPath = (p: Problem): string => {
    let path = objectPaths.get(p);
    if (path === undefined) objectPaths.set(p, path = displayPath(segmentsOf.get(p)!.slice(0, p.kind === 'missingKey' ? undefined : -1)));
    return path;
  };
  const missing = new Map<string, string[]>();
  for (const p of problems) if (p.kind === 'missingKey') missing.set(objectPath(p), [...(missing.get(objectPath(p)) ?? []), p.key]);
  const meant = new Set<string>();
  if (missing.size) {
    for (const p of problems) {
      if (p.kind !== 'unknownKey') continue;
      const keys = missing.get(objectPath(p));
      const m = keys && didYouMean(p.key, keys);
      if (m) meant.add(`${objectPath(p)}|${m}`);
    }
  }
  const ids = new Map<Expectation[], number>();
  const expectationIds = (e: Expectation[]) => {
    if (!ids.has(e)) ids.set(e, ids.size);
    return ids.get(e);
  };
  const seen = new Set<string>();
  // a finding of semantics.ts says more than the schema's error on the same value (what the toolkit does)
  const ruled = new Set(extra.map((p) => `${p.from}|${p.to}`));
  for (const p of extra) { segmentsOf.set(p, segmentsOfRule.get(p) ?? []); }
  const unique = [...problems.filter((p) => !(p.kind === 'mismatch' && ruled.has(`${p.from}|${p.to}`))), ...extra].filter((p) => {
    if (p.kind === 'missingKey' && meant.has(`${objectPath(p)}|${p.key}`)) return false;
    const k = `${p.kind}|${p.from}|${p.to}|${'key' in p ? p.key : ''}|${p.kind === 'mismatch' ? `${p.found}|${expectationIds(p.expected)}` : ''}|${p.kind === 'rule' ? p.code : ''}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  unique.sort((a, b) => a.from - b.from);
  for (const p of unique.slice(0, detail)) {
    Object.assign(p, placeIn(starts, p.from, p.to, segmentsOf.get(p)!));
    finishers.get(p)?.();
    if (p.kind === 'rule') p.docs = docsAt(schema, value, segmentsOf.get(p)!);
  }
  return {problems: [...bom, ...unique], value};
}

/**
 * Which configuration a parsed file is, when its keys say so: "routing", "inboundDetour",
 * "transport", "policy", … exist only in v4, "router" and a stream's "transport" or
 * "securitySettings" only in v5; the log's "access" and "error" are strings in v4, objects in v5.
 */
export function detectVersion(value: unknown, v4: Schema, v5: Schema): Version | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const rootKeys = (s: Schema) => Object.keys((deref(s, s) as Schema | undefined)?.properties as Schema ?? {});
  const k4 = new Set(rootKeys(v4));
  const k5 = new Set(rootKeys(v5));
  const keys = Object.keys(value);
  const only4 = keys.filter((k) => k4.has(k) && !k5.has(k)).length;
  const only5 = keys.filter((k) => k5.has(k) && !k4.has(k)).length;
  const streams = ['inbounds', 'outbounds'].flatMap((k) => {
    const list = (value as Record<string, unknown>)[k];
    return Array.isArray(list) ? list.map((x) => (x && typeof x === 'object' ? (x as Schema).streamSettings : undefined)) : [];
  }).filter((s): s is Schema => !!s && typeof s === 'object');
  // v4 names a stream's transport "network" with its "<name>Settings" (wsSettings, tlsSettings, …), v5 "transportSettings"/"securitySettings"
  const v4Settings = (k: string) => k.endsWith('Settings') && k !== 'transportSettings' && k !== 'securitySettings';
  const stream4 = streams.filter((s) => 'network' in s || 'sockopt' in s || Object.keys(s).some(v4Settings)).length;
  // "security" is in both; its settings are "securitySettings" only in v5 (v4: tlsSettings)
  const stream5 = streams.filter((s) => 'transport' in s || 'transportSettings' in s || 'socketSettings' in s || 'securitySettings' in s).length;
  // the log's access and error are file paths in v4 and objects ({"type": "File", …}) in v5
  const log = (value as Record<string, unknown>).log;
  const logs = log && typeof log === 'object' ? ['access', 'error'].map((k) => (log as Record<string, unknown>)[k]) : [];
  const log4 = logs.filter((x) => typeof x === 'string').length;
  const log5 = logs.filter((x) => x !== null && typeof x === 'object' && !Array.isArray(x)).length;
  // keys of a protocol's settings that only one format's settings for that protocol know
  // ("udpEnabled" and "address" of a v5 socks inbound, "accounts" of a v4 one)
  let settings4 = 0;
  let settings5 = 0;
  for (const list of ['inbounds', 'outbounds']) {
    const items = (value as Record<string, unknown>)[list];
    if (!Array.isArray(items)) continue;
    items.forEach((item, i) => {
      const settings = item && typeof item === 'object' ? (item as Schema).settings : undefined;
      if (!settings || typeof settings !== 'object' || Array.isArray(settings)) return;
      const knows4 = keyTester(v4, walkTo(v4, value, [list, i, 'settings']).schemas);
      const knows5 = keyTester(v5, walkTo(v5, value, [list, i, 'settings']).schemas);
      for (const k of Object.keys(settings)) {
        const in4 = knows4(k);
        const in5 = knows5(k);
        if (in4 && !in5) settings4 += 1;
        if (in5 && !in4) settings5 += 1;
      }
    });
  }
  const score4 = only4 + stream4 + log4 + settings4;
  const score5 = only5 + stream5 + log5 + settings5;
  if (score4 > score5) return 'v4';
  if (score5 > score4) return 'v5';
  return null;
}

/** Whether objects of these schemas (their anyOf branches too) have a key: properties, or a pattern of one. */
function keyTester(schema: Schema, schemas: Schema[]): (key: string) => boolean {
  const names = new Set<string>();
  const patterns: RegExp[] = [];
  const seen = new Set<Schema>();
  const visit = (s: Schema | undefined): void => {
    const x = deref(schema, s);
    if (!x || seen.has(x)) return;
    seen.add(x);
    for (const k of Object.keys((x.properties ?? {}) as Schema)) names.add(k);
    for (const p of Object.keys((x.patternProperties ?? {}) as Schema)) patterns.push(new RegExp(p, 'u'));
    for (const b of (x.anyOf ?? []) as Schema[]) visit(b);
  };
  for (const s of schemas) visit(s);
  return (key) => names.has(key) || patterns.some((re) => re.test(key));
}

/** Up to this length a file whose keys do not tell its format is tried against both schemas. */
export const FIT_LIMIT = 256 * 1024;

/**
 * How the format was decided: by the file's keys, by fitting exactly one schema (v5 simplified
 * settings such as "users": ["<uuid>"] are v5 without any v5-only key), or not at all (the file fits
 * both, or neither: then it is checked as v4, the format of most files readers have).
 */
export type VersionEvidence = {version: Version | null; by: 'keys' | 'fits' | 'none'; fitsNeither?: boolean};

/**
 * The format of a parsed file, decided by evidence, never by how many errors each schema finds: one
 * bad enum value of v4 costs more errors than an unknown v5 key, which once sent small v4 files to
 * v5. The second try validates twice, so only files up to FIT_LIMIT get it.
 */
export function decideVersion(parsed: Parsed, schemas: Record<Version, Schema>, validators: Record<Version, Validator>): VersionEvidence {
  const byKeys = detectVersion(parsed.value, schemas.v4, schemas.v5);
  if (byKeys) return {version: byKeys, by: 'keys'};
  if (parsed.value === undefined || parsed.text.length > FIT_LIMIT) return {version: null, by: 'none'};
  const fits4 = validators.v4(parsed.value).length === 0;
  const fits5 = validators.v5(parsed.value).length === 0;
  if (fits4 !== fits5) return {version: fits4 ? 'v4' : 'v5', by: 'fits'};
  return fits4 ? {version: null, by: 'none'} : {version: null, by: 'none', fitsNeither: true};
}

/** The format a parsed file's evidence says (decideVersion), or null when it says none. */
export function tellVersion(parsed: Parsed, schemas: Record<Version, Schema>, validators: Record<Version, Validator>): Version | null {
  return decideVersion(parsed, schemas, validators).version;
}

/**
 * What the page does with a configuration: the format told (the reader's choice, else the keys,
 * else v4), then checked. `detected` is what the file itself says, null when it does not.
 */
export type TextCheck = {
  version: Version;
  detected: Version | null;
  problems: Problem[];
  value?: unknown;
  /** Checked as v4 because nothing told the format and the file fits neither: what v5 would report. */
  otherTry?: {version: Version; count: number; first?: Problem};
};

export function checkText(text: string, schemas: Record<Version, Schema>, validators: Record<Version, Validator>, choice: Version | 'auto' = 'auto', detail = Infinity): TextCheck {
  const parsed = parseConfig(text);
  const evidence = decideVersion(parsed, schemas, validators);
  const version = choice === 'auto' ? evidence.version ?? 'v4' : choice;
  const {problems, value} = checkParsed(parsed, validators[version], schemas[version], detail);
  const result: TextCheck = {version, detected: evidence.version, problems, value};
  if (choice === 'auto' && evidence.fitsNeither) {
    const other = checkParsed(parsed, validators.v5, schemas.v5, 1).problems.filter((p) => p.severity !== 'warning');
    result.otherTry = {version: 'v5', count: other.length, ...(other[0] ? {first: other[0]} : {})};
  }
  return result;
}

/** What reading the bytes found (bytes.ts), as problems of the decoded text. */
export function byteProblems(decoded: Decoded): Problem[] {
  const starts = lineStarts(decoded.text);
  if (decoded.utf16) return [{kind: 'encoding', encoding: decoded.utf16, ...placeIn(starts, 0, Math.min(1, decoded.text.length), [])}];
  if (decoded.notUtf8At !== undefined) return [{kind: 'notUtf8', severity: 'warning', ...placeIn(starts, decoded.notUtf8At, decoded.notUtf8At + 1, [])}];
  return [];
}

/** A file's bytes, read as the toolkit reads them (bytes.ts), then checked as checkText does. */
export function checkBytes(bytes: Uint8Array, schemas: Record<Version, Schema>, validators: Record<Version, Validator>, choice: Version | 'auto' = 'auto') {
  const decoded = decodeBytes(bytes);
  const before = byteProblems(decoded);
  if (decoded.utf16) return {version: choice === 'auto' ? 'v4' : choice, detected: null, problems: before} satisfies TextCheck;
  const result = checkText(decoded.text, schemas, validators, choice);
  return {...result, problems: [...before, ...result.problems]};
}
