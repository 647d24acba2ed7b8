// @ts-check
// The schema of one facts type ("[]ServerObject | []address string", "map<string, uint32>",
// "object (FooObject)", "uint16 | numeric string"), and the naming of the object definitions it
// refers to, which queues each object met for generate.mjs to define.
import {resolveObject} from '../facts/factsWalk.mjs';
import {configObjects, escapeRe} from './inputs.mjs';

/**
 * @typedef {import('./inputs.mjs').FactObject} FactObject
 * @typedef {import('./inputs.mjs').FactField} FactField
 * @typedef {import('./inputs.mjs').Schema} Schema
 * @typedef {import('./inputs.mjs').Ctx} Ctx
 */
/** A pattern matching `values` in any letter case (JSON Schema patterns have no flags). @param {string[]} values */
export function caseInsensitivePattern(values) {
  const one = (/** @type {string} */ v) => [...v].map((c) => {
    const lo = c.toLowerCase(); const up = c.toUpperCase();
    return lo === up ? escapeRe(c) : `[${lo}${up}]`;
  }).join('');
  return `^(?:${values.map(one).join('|')})$`;
}

/**
 * Splits at `sep` where it is not inside (), {} or <>.
 * @param {string} t @param {string} sep
 */
function splitTopLevel(t, sep) {
  const out = []; let depth = 0; let cur = '';
  for (const c of t) {
    if ('({<'.includes(c)) depth += 1;
    if (')}>'.includes(c)) depth -= 1;
    if (c === sep && depth === 0) { out.push(cur); cur = ''; continue; }
    cur += c;
  }
  out.push(cur);
  return out;
}

/** Splits a facts type at top-level " | ". @param {string} t */
export function splitAlternatives(t) {
  return splitTopLevel(t, '|').map((a) => a.trim()).filter(Boolean);
}

/** @param {Schema[]} list @returns {Schema} */
function anyOf(list) {
  const seen = new Set(); const uniq = [];
  for (const s of list) { const k = JSON.stringify(s); if (!seen.has(k)) { seen.add(k); uniq.push(s); } }
  if (uniq.length === 1) return /** @type {Schema} */ (uniq[0]);
  if (uniq.some((s) => Object.keys(s).length === 0)) return {};
  return {anyOf: uniq};
}

const INT_RANGES = /** @type {Record<string, [number, number]>} */ ({
  uint8: [0, 255], uint16: [0, 65535], uint32: [0, 4294967295], int16: [-32768, 32767], int32: [-2147483648, 2147483647],
});
const NUMERIC_STRING = {type: 'string', pattern: '^-?[0-9]+$'};

/**
 * Schema of a primitive facts type, or null.
 * @param {string} t
 * @param {boolean} proto the value belongs to a protobuf message (protojson takes numbers as strings)
 * @returns {Schema | null}
 */
function primitive(t, proto) {
  const s = t.replace(/\s*\(optional: unset differs from zero\)/, '').trim();
  if (/^(string|any string|address string|duration string|bytes|path|CIDR string|address$|enum string|SecurityType$)/.test(s)) return {type: 'string'};
  if (/^bool\b/.test(s)) return {type: 'boolean'};
  const int = /^(u?int(?:8|16|32|64)?|integer)\b/.exec(s);
  if (int) {
    const base = /** @type {string} */ (int[1]);
    /** @type {Schema} */
    const n = {type: 'integer'};
    const range = INT_RANGES[base];
    if (range) { n.minimum = range[0]; n.maximum = range[1]; } else if (/^uint/.test(base)) n.minimum = 0;
    return /numeric string/.test(s) || proto ? {anyOf: [n, NUMERIC_STRING]} : n;
  }
  if (/^(float(32|64)?|number)$/.test(s)) return proto ? {anyOf: [{type: 'number'}, NUMERIC_STRING]} : {type: 'number'};
  if (s === 'array') return {type: 'array'};
  if (s === 'object') return {type: 'object'};
  return null;
}

/** $ref to an object's definition. @param {FactObject} o @param {Ctx} ctx */
export const ref = (o, ctx) => ({$ref: `#/$defs/${defName(o, ctx)}`});

/** @param {FactObject} o @param {Ctx} ctx */
export function defName(o, ctx) {
  const known = ctx.names.get(o);
  if (known) return known;
  throw new Error(`${o.page} ${o.key}: not a definition of the ${ctx.v5 ? 'v5' : 'v4'} schema`);
}

/**
 * The schema of one facts type.
 * @param {string} type
 * @param {FactObject} owner
 * @param {string} where "<page> <object> <field>" for the loose list
 * @param {Ctx} ctx
 * @returns {Schema}
 */
export function typeSchema(type, owner, where, ctx) {
  const proto = owner.name.startsWith('v2ray.');
  const t = type.trim().replace(/^network list:\s*/, '').replace(/^ports?:\s*/, '');
  if (/^typed object/.test(t)) return {$ref: '#/$defs/TypedMessage'};
  const alts = splitAlternatives(t);
  if (alts.length > 1) {
    // "[]ServerObject | []address string": one array whose items take either form
    const arrays = alts.filter((a) => a.startsWith('[]'));
    const rest = alts.filter((a) => !a.startsWith('[]'));
    const merged = arrays.length > 1 ? [{type: 'array', items: anyOf(arrays.map((a) => typeSchema(a.slice(2), owner, where, ctx)))}]
      : arrays.map((a) => typeSchema(a, owner, where, ctx));
    return anyOf([...rest.map((a) => typeSchema(a, owner, where, ctx)), ...merged]);
  }
  if (t.startsWith('[]')) return {type: 'array', items: typeSchema(t.slice(2), owner, where, ctx)};
  const map = /^map<(.*)>$/.exec(t);
  if (map) {
    const inner = /** @type {string} */ (map[1]);
    const comma = inner.indexOf(',');
    /** @type {Schema} */
    const m = {type: 'object', additionalProperties: typeSchema(inner.slice(comma + 1), owner, where, ctx)};
    if (/^(uint32 level|level number as string)/.test(inner)) m.propertyNames = {pattern: '^[0-9]+$'};
    return m;
  }
  // inline objects: object {"value": uint32}, object {rules, domainStrategy}, object {"type": "none"}
  const inline = /^object \{(.*)\}$/.exec(t);
  if (inline) {
    /** @type {Record<string, Schema>} */
    const props = {};
    for (const item of splitTopLevel(/** @type {string} */ (inline[1]), ',')) {
      const m = /^\s*"?([\w@-]+)"?\s*(?::\s*(.*))?$/.exec(item);
      if (!m || m[1] === '...') continue;
      const it = (m[2] ?? '').trim();
      const quoted = /^"([^"]*)"$/.exec(it);
      props[/** @type {string} */ (m[1])] = quoted ? {const: quoted[1]}
        : it === '...' || it === '' ? {} : typeSchema(it.replace(/\s+(seconds|bytes)$/, '').replace(/ enum$/, ''), owner, where, ctx);
    }
    return {type: 'object', properties: props, additionalProperties: false};
  }
  if (/^number \(port\)$/.test(t)) return {type: 'integer', minimum: 0, maximum: 65535};
  if (/^number$/.test(t) && /port/.test(where)) return {type: 'integer', minimum: 0, maximum: 65535};
  if (/^string \(addr:port/.test(t) || /^"[^"]*" string$/.test(t) || /^comma-separated string$/.test(t)) return {type: 'string'};
  const objectOf = /^object \((.*)\)$/.exec(t);
  if (objectOf) {
    const inner = /** @type {string} */ (objectOf[1]).replace(/,.*$/, '').trim();
    if (/protocol-specific|message of the chosen|protobuf JSON of the registered|balancer message/.test(inner)) return {type: 'object'};
    const names = inner.split('|').map((n) => n.trim());
    const found = names.map((n) => resolveIn(n, owner, ctx));
    if (found.every(Boolean)) return anyOf(found.map((o) => ref(/** @type {FactObject} */ (o), ctx)));
  }
  const prim = primitive(t, proto);
  if (prim) return prim;
  const named = /^([A-Za-z][\w.]*)(?: \(.*\))?$/.exec(t);
  if (named) {
    const o = resolveIn(/** @type {string} */ (named[1]), owner, ctx);
    if (o) return ref(o, ctx);
  }
  ctx.loose.push(`${where}: ${type}`);
  return {};
}

/** An object name seen from an object's page, within the schema's branch. @param {string} name @param {FactObject} owner @param {Ctx} ctx */
export function resolveIn(name, owner, ctx) {
  const o = resolveObject(name, owner.page);
  if (!o || !configObjects.includes(o)) return null;
  if (!ctx.names.has(o)) addDefinition(o, ctx); // a message of the other branch that this one uses
  return o;
}

/** Names an object's definition (its heading, made unique) and queues it. @param {FactObject} o @param {Ctx} ctx */
export function addDefinition(o, ctx) {
  const taken = new Set(ctx.names.values());
  const base = o.heading.replace(/[^\w.-]/g, '_');
  let name = taken.has(base) ? `${base}_${o.page.split('/').filter(Boolean).slice(-1)[0]}` : base;
  for (let i = 2; taken.has(name); i += 1) name = `${base}${i}`;
  ctx.names.set(o, name);
  ctx.queue.push(o);
}
