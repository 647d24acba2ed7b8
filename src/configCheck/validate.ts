/**
 * A validator for the generated configuration schemas (builder/schema/generate.mjs) that walks the
 * schema instead of compiling it: no `eval` or `new Function`, so the page works under a
 * Content-Security-Policy without 'unsafe-eval', and nothing to compile, so it is ready as soon as
 * the schema is loaded. ajv's standalone code was measured first: 68 KB (v4) and 141 KB (v5) of
 * gzipped JS with descriptions stripped, which the page's byte budget cannot hold.
 *
 * It reads the keywords the generator writes (type, enum, const, pattern, minimum, maximum,
 * properties, patternProperties, additionalProperties, propertyNames, items, required, anyOf,
 * allOf, if/then, not, $ref to a local definition) and reports errors as ajv does with
 * `allErrors` and `verbose` (the shape src/configCheck/problems.ts reads): a failed anyOf after its
 * branches' errors, a $ref's errors with schema paths from the referenced definition.
 * tests/schema/config-check.test.ts checks that its verdicts are ajv's on every corpus file.
 */

type Schema = Record<string, unknown>;

export type ValidationError = {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  /** The key itself failed (propertyNames). */
  propertyName?: string;
  message?: string;
  schema?: unknown;
  parentSchema?: Schema;
  data?: unknown;
};

/** What is wrong with `data` against the schema: nothing (an empty list) when it fits. Pure: it keeps no state between calls. */
export type Validator = (data: unknown) => readonly ValidationError[];

const KNOWN = new Set(['type', 'enum', 'const', 'pattern', 'minimum', 'maximum', 'properties', 'patternProperties',
  'additionalProperties', 'propertyNames', 'items', 'required', 'anyOf', 'allOf', 'if', 'then', 'not', '$ref', '$defs',
  '$schema', '$id', 'title', 'description', 'deprecated', 'x-docs', 'x-any-case', 'x-list', 'x-format', 'x-proto', 'x-removed']);

const escapePointer = (s: string): string => (s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s);

function typeMatches(type: string, v: unknown): boolean {
  switch (type) {
    case 'string': return typeof v === 'string';
    case 'boolean': return typeof v === 'boolean';
    case 'null': return v === null;
    case 'array': return Array.isArray(v);
    case 'object': return v !== null && typeof v === 'object' && !Array.isArray(v);
    case 'number': return typeof v === 'number' && Number.isFinite(v);
    case 'integer': return typeof v === 'number' && Number.isFinite(v) && v % 1 === 0;
    default: throw new Error(`validate: unknown type ${type}`);
  }
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A validator of `root` (its `$ref`s point into its own `$defs`). Throws on a keyword it does not
 * know, so a generator change that needs more is noticed by the unit tests, not by readers.
 */
export function makeValidator(root: Schema): Validator {
  const patterns = new Map<string, RegExp>();
  const regex = (p: string): RegExp => {
    let re = patterns.get(p);
    if (!re) { re = new RegExp(p, 'u'); patterns.set(p, re); }
    return re;
  };
  const resolved = new Map<string, Schema>();
  const resolve = (ref: string): Schema => {
    const known = resolved.get(ref);
    if (known) return known;
    let cur: unknown = root;
    for (const seg of ref.replace(/^#\/?/, '').split('/').filter(Boolean)) cur = (cur as Record<string, unknown> | undefined)?.[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (!cur || typeof cur !== 'object') throw new Error(`validate: cannot resolve ${ref}`);
    resolved.set(ref, cur as Schema);
    return cur as Schema;
  };
  for (const k of Object.keys(root)) if (!KNOWN.has(k)) throw new Error(`validate: unknown keyword ${k}`);

  /** Records an error of keyword `keyword` of `s` (at `sp`) on `data` (at `path`). */
  function report(out: ValidationError[] | null, s: Schema, sp: string, data: unknown, path: string, keyword: string, params: Record<string, unknown>): false {
    out?.push({keyword, instancePath: path, schemaPath: `${sp}/${keyword}`, params, schema: s[keyword], parentSchema: s, data});
    return false;
  }

  /**
   * Validates `data` at `path` against `s` (at `sp`); pushes errors to `out` unless it is null
   * (then it stops at the first). Returns validity. Plain loops, no closures: it runs for every
   * value of a 1 MB file.
   */
  function check(s: Schema | boolean, sp: string, data: unknown, path: string, out: ValidationError[] | null): boolean {
    if (s === true) return true;
    if (s === false) return report(out, {}, sp, data, path, 'false schema', {});
    let ok = true;
    if (typeof s.$ref === 'string') {
      if (!check(resolve(s.$ref), s.$ref, data, path, out)) { ok = false; if (!out) return false; }
    }
    if (typeof data === 'number') {
      if (typeof s.maximum === 'number' && !(data <= s.maximum)) ok = report(out, s, sp, data, path, 'maximum', {comparison: '<=', limit: s.maximum});
      if (typeof s.minimum === 'number' && !(data >= s.minimum)) ok = report(out, s, sp, data, path, 'minimum', {comparison: '>=', limit: s.minimum});
    } else if (typeof data === 'string') {
      if (typeof s.pattern === 'string' && !regex(s.pattern).test(data)) ok = report(out, s, sp, data, path, 'pattern', {pattern: s.pattern});
    } else if (Array.isArray(data)) {
      if (s.items !== undefined) {
        for (let i = 0; i < data.length; i += 1) {
          if (!check(s.items as Schema, `${sp}/items`, data[i], `${path}/${i}`, out)) { ok = false; if (!out) return false; }
        }
      }
    } else if (data !== null && typeof data === 'object') {
      const obj = data as Record<string, unknown>;
      if (Array.isArray(s.required)) {
        for (const k of s.required as string[]) if (!Object.hasOwn(obj, k)) ok = report(out, s, sp, data, path, 'required', {missingProperty: k});
      }
      const props = s.properties as Record<string, Schema> | undefined;
      const pprops = s.patternProperties as Record<string, Schema> | undefined;
      // only named properties to look at (the if of a rule): visit those, not every key of the data
      const onlyNamed = !pprops && s.additionalProperties === undefined && s.propertyNames === undefined;
      for (const key of onlyNamed ? Object.keys(props ?? {}).filter((k) => Object.hasOwn(obj, k)) : Object.keys(obj)) {
        const at = `${path}/${escapePointer(key)}`;
        let matched = false;
        if (props && Object.hasOwn(props, key)) {
          matched = true;
          if (!check(props[key]!, `${sp}/properties/${escapePointer(key)}`, obj[key], at, out)) ok = false;
        }
        if (pprops) {
          for (const p in pprops) {
            if (!regex(p).test(key)) continue;
            matched = true;
            if (!check(pprops[p]!, `${sp}/patternProperties/${escapePointer(p)}`, obj[key], at, out)) ok = false;
          }
        }
        if (!matched && s.additionalProperties !== undefined) {
          if (s.additionalProperties === false) ok = report(out, s, sp, data, path, 'additionalProperties', {additionalProperty: key});
          else if (!check(s.additionalProperties as Schema, `${sp}/additionalProperties`, obj[key], at, out)) ok = false;
        }
        if (s.propertyNames !== undefined) {
          const errs: ValidationError[] = [];
          if (!check(s.propertyNames as Schema, `${sp}/propertyNames`, key, path, errs)) {
            for (const e of errs) out?.push({...e, propertyName: key});
            ok = report(out, s, sp, data, path, 'propertyNames', {propertyName: key});
          }
        }
        if (!out && !ok) return false;
      }
    }
    if (typeof s.type === 'string' && !typeMatches(s.type, data) && !(s.type === 'number' && typeMatches('integer', data))) ok = report(out, s, sp, data, path, 'type', {type: s.type});
    if (Array.isArray(s.enum)) {
      let found = false;
      for (const x of s.enum) if (equal(x, data)) { found = true; break; }
      if (!found) ok = report(out, s, sp, data, path, 'enum', {allowedValues: s.enum});
    }
    if ('const' in s && !equal(s.const, data)) ok = report(out, s, sp, data, path, 'const', {allowedValue: s.const});
    if (!out && !ok) return false;
    if (Array.isArray(s.anyOf)) {
      const branches: ValidationError[] | null = out ? [] : null;
      const list = s.anyOf as Schema[];
      let passed = false;
      for (let i = 0; i < list.length && !passed; i += 1) passed = check(list[i]!, `${sp}/anyOf/${i}`, data, path, branches);
      // a failed anyOf comes after its branches' errors; a passing one leaves none
      if (!passed) {
        if (out && branches) for (const e of branches) out.push(e);
        ok = report(out, s, sp, data, path, 'anyOf', {});
      }
    }
    if (Array.isArray(s.allOf)) {
      const list = s.allOf as Schema[];
      for (let i = 0; i < list.length; i += 1) if (!check(list[i]!, `${sp}/allOf/${i}`, data, path, out)) { ok = false; if (!out) return false; }
    }
    if (s.if !== undefined && s.then !== undefined && check(s.if as Schema, `${sp}/if`, data, path, null)) {
      if (!check(s.then as Schema, `${sp}/then`, data, path, out)) ok = report(out, s, sp, data, path, 'if', {failingKeyword: 'then'});
    }
    if (s.not !== undefined && check(s.not as Schema, `${sp}/not`, data, path, null)) ok = report(out, s, sp, data, path, 'not', {});
    return ok;
  }

  return (data: unknown) => {
    const errors: ValidationError[] = [];
    return check(root, '#', data, '', errors) ? [] : errors;
  };
}
