/**
 * A configuration's problems: the validator's errors (validate.ts, in ajv's shape) turned into one
 * problem per mistake, at the right place, with what was expected, a "did you mean" and the page
 * documenting the field; and the findings of semantics.ts beside them.
 */
import {getNodeValue, type Node} from 'jsonc-parser';
import type {ValidationError, Validator} from './validate';
import {didYouMean} from './suggest';
import {findings} from './semantics';
import {displayPath, MAX_DEPTH, parseConfig, placeIn, pointerSegments} from './parse';
import {admits, belongsIn, branchExpectations, deref, docsAt, expectations, jsonType, objectAt, ownValue, titleOf, typesOf} from './schemaLookup';
import type {CheckResult, Expectation, Parsed, Problem, Schema, Version} from './types';

/** A value's kind in words for "found …": a string is shown, short; others by type. */
function describeFound(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return Array.isArray(v) ? '[…]' : '{…}';
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

/**
 * Checks a configuration text. `validate` is the page's validator for the root schema (validate.ts
 * makeValidator, which reports every error with its data and schema); `schema` the same schema as JSON.
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
  /** A value that is none of the expected ones, with "did you mean" among the listed values. */
  const addMismatch = (expected: Expectation[], data: unknown, segments: (string | number)[]): void => {
    const p: Problem = {kind: 'mismatch', expected, found: describeFound(data), ...valuePlace(segments)};
    add(p, () => {
      const values = expected.flatMap((x) => (x.kind === 'values' ? x.values.map(String) : []));
      const suggestion = typeof data === 'string' ? didYouMean(data, values) : null;
      if (suggestion && p.kind === 'mismatch') p.suggestion = suggestion;
      p.docs = docsAt(schema, value, segments);
    });
  };

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
    addMismatch(expected, a.data, segments);
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
        addMismatch(expected, e.data, segments);
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
