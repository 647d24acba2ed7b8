#!/usr/bin/env node
// JSON Schemas (draft 2020-12) of the v4 and v5 JSON configuration, generated from the facts read
// off v2ray-core (facts/config-fields.json + config-fields-extra.json, through
// scripts/facts/factsWalk.mjs, the same reading the example check uses) and from
// facts/config-schema-facts.json (enforced enums, their case handling, required fields).
// Every object of a configuration page becomes a $defs entry named after its heading; every
// property carries an English description and, in "x-docs", the page and anchor documenting it.
// Two more annotations help the checker word its messages: "x-any-case" (an enum the toolkit
// reads in any letter case), "x-list" (the values of a comma-separated list) and "x-format" (what a
// pattern the toolkit holds a value to means: port, uuid, nonEmpty, path) and "x-proto" (an object
// read as protobuf JSON, whose keys are case-sensitive) and "x-removed" (keys an object once had,
// with the release that removed them).
// Types the facts give in prose that this file cannot read become unconstrained ({}) and are
// listed in the result's `loose`: the build (src/plugins/configSchemas) and the unit test fail on
// any, so a new facts type is a decision, not a silently unchecked field.
// Usage: generate.mjs [outDir] writes <outDir>/v4/config.json and <outDir>/v5/config.json.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {headings} from '../content/anchors.mjs';
import {fileFor} from '../content/files.mjs';
import {facts, slug} from '../facts/facts.mjs';
import {objects, resolveObject, V4_SETTINGS} from '../facts/factsWalk.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The site's address: descriptions link to its English pages. */
export const SITE = 'https://www.v2fly.org';
/** The v2ray-core tag the facts were read at. */
export const CHECKED_AGAINST = 'v5.52.0';

/**
 * @typedef {import('../facts/factsWalk.mjs').FactObject} FactObject
 * @typedef {{name: string, type: string, values?: unknown[] | null, default?: unknown, note?: string,
 *   deprecated?: boolean}} FactField
 * @typedef {Record<string, unknown>} Schema
 * @typedef {{v5: boolean, defs: Record<string, Schema>, names: Map<FactObject, string>,
 *   loose: string[], typedTargets: Set<FactObject>, queue: FactObject[]}} Ctx
 */

const schemaFacts = /** @type {{enums: Record<string, {case: 'ci' | 'cs', source: string, silent?: string, byName?: string}>,
  required: Record<string, string>, patterns: Record<string, {pattern: string, format: string, source: string}>,
  removed: Record<string, {in: string, source: string}>}} */ (JSON.parse(readFileSync(join(root, 'facts/config-schema-facts.json'), 'utf8')));

/** Objects that are not JSON objects of a configuration file (environment, formats, merge rules, CLI). */
const NOT_CONFIG = new Set(['EnvironmentVariables', 'ConfigFormats', 'MergeBehaviour', 'MergeHelperKeys',
  // name tables: their "fields" are the names a key takes, each pointing at its message
  'InboundProtocolNames', 'OutboundProtocolNames', 'ServiceNames', 'GeoDataLoaders']);
export const configObjects = objects.filter((o) => !o.page.startsWith('/guide/') && o.page !== '/config/env' && !NOT_CONFIG.has(o.name));

/** The facts field list of an object (names, values, notes). @param {FactObject} o */
const rawFields = (o) => /** @type {FactField[]} */ (facts[o.page]?.[o.key] ?? []);

/** Keys the multi-file merger reads from any v4 object (/config/multiple_config). */
const MERGE_KEYS = [...(resolveObject('MergeHelperKeys', '/config/multiple_config')?.fields.keys() ?? [])].filter((k) => k.startsWith('_'));

/** @param {string} s */
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
const ref = (o, ctx) => ({$ref: `#/$defs/${defName(o, ctx)}`});

/** @param {FactObject} o @param {Ctx} ctx */
function defName(o, ctx) {
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
function resolveIn(name, owner, ctx) {
  const o = resolveObject(name, owner.page);
  if (!o || !configObjects.includes(o)) return null;
  if (!ctx.names.has(o)) addDefinition(o, ctx); // a message of the other branch that this one uses
  return o;
}

/** Names an object's definition (its heading, made unique) and queues it. @param {FactObject} o @param {Ctx} ctx */
function addDefinition(o, ctx) {
  const taken = new Set(ctx.names.values());
  const base = o.heading.replace(/[^\w.-]/g, '_');
  let name = taken.has(base) ? `${base}_${o.page.split('/').filter(Boolean).slice(-1)[0]}` : base;
  for (let i = 2; taken.has(name); i += 1) name = `${base}${i}`;
  ctx.names.set(o, name);
  ctx.queue.push(o);
}

/** The English description of a field, ending with its documentation address. */
function describe(/** @type {FactField} */ f, /** @type {FactObject} */ o, /** @type {string} */ docs, /** @type {string} */ silent = '') {
  const parts = [];
  if (f.note) parts.push(f.note.charAt(0).toUpperCase() + f.note.slice(1).replace(/\.?$/, '.'));
  else parts.push(`${o.heading}.${f.name}: ${f.type}.`);
  if (f.default !== null && f.default !== undefined && f.default !== '') parts.push(`Default: ${typeof f.default === 'string' ? f.default : JSON.stringify(f.default)}.`);
  if (f.values?.length) parts.push(`Values: ${f.values.map(String).join(', ')}.`);
  if (silent) parts.push(`V2Ray does not refuse other values: ${silent}.`);
  if (f.deprecated) parts.push('Deprecated.');
  parts.push(`Documentation: ${SITE}/en_US${docs}`);
  return parts.join(' ');
}

/** An object's heading on its page, as scripts/facts/facts.mjs names it. @param {FactObject} o */
const docsPath = (o) => `${o.page}#${slug(o.heading)}`;

/** @param {string} page @returns {string | null} the Chinese source of a page (its headings are the English page's too) */
function pageSource(page) {
  const file = fileFor(page, 'zh');
  return file === null ? null : readFileSync(join(root, file), 'utf8');
}

/** @type {Map<string, Map<string, Map<string, string>>>} */
const anchorCache = new Map();
/**
 * Field anchors of a page: object heading -> field name -> heading id, from the page's headings
 * as the content check reads them (scripts/content/anchors.mjs): a "### `field`" below "## Object".
 * @param {string} page
 */
export function fieldAnchors(page) {
  const cached = anchorCache.get(page);
  if (cached) return cached;
  /** @type {Map<string, Map<string, string>>} */
  const result = new Map();
  /** @type {Map<string, string> | null} */
  let current = null;
  for (const h of headings(pageSource(page) ?? '')) {
    if (h.level === 2) { current = new Map(); result.set(h.title, current); }
    else if (h.level === 3 && current) current.set(h.title, h.id);
  }
  anchorCache.set(page, result);
  return result;
}

/** Values a field's enum enforces, or null. @param {FactField} f */
const plainValues = (f) => (f.values?.length && f.values.every((v) => /^[\w.+-]+$/.test(String(v))) ? f.values.map(String) : null);

/**
 * Applies an enum to a field schema: at the string leaves (string, []string, string | []string).
 * @param {Schema} s @param {Schema} e
 * @returns {Schema}
 */
function withEnum(s, e) {
  if (s.type === 'string') return {...e};
  if (s.type === 'integer') return {...e};
  if (s.type === 'array' && s.items) return {...s, items: withEnum(/** @type {Schema} */ (s.items), e)};
  if (Array.isArray(s.anyOf)) return {...s, anyOf: s.anyOf.map((x) => withEnum(x, e))};
  return s;
}

/** A comma-separated list of `values` ("tcp,udp"). @param {string[]} values @param {boolean} ci */
function commaListPattern(values, ci) {
  const one = ci ? caseInsensitivePattern(values).slice(1, -1) : `(?:${values.map(escapeRe).join('|')})`;
  return `^${one}(?:,${one})*$`; // no spaces: the toolkit splits on "," and does not trim
}

/**
 * Applies a pattern the toolkit holds string values to (config-schema-facts.json "patterns") at
 * the string leaves of a field schema, with "x-format" naming it for the checker's messages.
 * @param {Schema} s @param {{pattern: string, format: string}} rule @returns {Schema}
 */
function withPattern(s, rule) {
  if (s.type === 'string') return {...s, pattern: rule.pattern, 'x-format': rule.format};
  if (s.type === 'array' && s.items) return {...s, items: withPattern(/** @type {Schema} */ (s.items), rule)};
  if (Array.isArray(s.anyOf)) return {...s, anyOf: s.anyOf.map((x) => withPattern(x, rule))};
  return s;
}

/** The integer leaves of a field schema held to [min, max]. @param {Schema} s @param {[number, number]} r @returns {Schema} */
function withRange(s, [min, max]) {
  if (s.type === 'integer') return {...s, minimum: min, maximum: max};
  if (Array.isArray(s.anyOf)) return {...s, anyOf: s.anyOf.map((x) => withRange(x, [min, max]))};
  return s;
}

/** @param {FactObject} o @param {FactField} f @param {Schema} base @param {Ctx} ctx */
function fieldSchema(o, f, base, ctx) {
  const key = `${o.page} ${o.key} ${f.name}`;
  const pattern = schemaFacts.patterns[key];
  if (pattern) {
    const s = withPattern(base, pattern);
    if (JSON.stringify(s) === JSON.stringify(base)) throw new Error(`config-schema-facts.json: ${key} has no string form to hold to its pattern`);
    return s;
  }
  // a range the toolkit holds a number to ("range" in the facts: mKCP's mtu and tti)
  if (Array.isArray(f.range)) base = withRange(base, /** @type {[number, number]} */ (f.range));
  const values = plainValues(f);
  if (values && /^enum string/.test(f.type)) {
    // protobuf enums: the name as written, or its number
    return withEnum(base, {anyOf: [{enum: values}, {type: 'integer'}]});
  }
  // a header object {"type": …}: the type picks a loader by id in any letter case, and without it
  // the toolkit refuses the header (infra/conf/cfgcommon/loader/loader.go:46-58)
  if (values && /^object \{"type"/.test(f.type) && base.type === 'object' && base.properties && typeof base.properties === 'object') {
    const props = /** @type {Record<string, Schema>} */ (base.properties);
    const typeEnum = {type: 'string', 'x-any-case': true, anyOf: [{enum: values}, {pattern: caseInsensitivePattern(values)}]};
    return {...base, properties: {...props, type: {...props.type, ...typeEnum}}, required: ['type']};
  }
  const rule = schemaFacts.enums[key];
  if (!rule) return base;
  if (!values) throw new Error(`config-schema-facts.json: ${key} has no plain values in the facts`);
  if (base.type === 'object') throw new Error(`config-schema-facts.json: ${key} is an object; its values cannot be enforced on it`);
  const e = values.every((v) => /^\d+$/.test(v)) ? {enum: values.map(Number)}
    : rule.case === 'ci' ? {type: 'string', 'x-any-case': true, anyOf: [{enum: values}, {pattern: caseInsensitivePattern(values)}]}
      : rule.byName ? {anyOf: [{enum: values}, {type: 'string', pattern: '^#'}]} : {enum: values};
  if (/comma/.test(f.type)) {
    // a single string is a comma-separated list of the values; an array holds one value each
    const list = {type: 'string', pattern: commaListPattern(values, rule.case === 'ci'), 'x-list': values};
    if (Array.isArray(base.anyOf)) return {...base, anyOf: base.anyOf.map((x) => (x.type === 'string' ? list : withEnum(x, e)))};
  }
  return withEnum(base, e);
}

/**
 * Gives the keys of an inline object ({"value": …} wrappers and the like) their holder's link.
 * @param {Schema} s @param {string} holder @param {string} docs
 */
function describeInline(s, holder, docs) {
  for (const x of [s, ...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(s.items ? [/** @type {Schema} */ (s.items)] : [])]) {
    const props = /** @type {Record<string, Schema> | undefined} */ (x.properties);
    if (x.type !== 'object' || !props) continue;
    for (const [k, p] of Object.entries(props)) {
      p.description ??= `"${k}" of ${holder}. Documentation: ${SITE}/en_US${docs}`;
      p['x-docs'] ??= docs;
    }
  }
}

/** Proto names of v5 message fields whose facts name differs (scripts/schema/protoNames.mjs). */
const protoNames = /** @type {{names: Record<string, string>}} */ (JSON.parse(readFileSync(join(root, 'facts/config-proto-names.json'), 'utf8'))).names;
/** The JSON name protoc gives a proto field name: "fallback_tag" -> "fallbackTag". @param {string} s */
const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

/**
 * The definition of one object.
 * @param {FactObject} o @param {Ctx} ctx @returns {Schema}
 */
function objectDef(o, ctx) {
  const docs = docsPath(o);
  /** @type {Record<string, Schema>} */
  const properties = {};
  /** @type {Record<string, Schema>} */
  const patternProperties = {};
  const fields = rawFields(o);
  for (const f of fields) {
    for (const name of f.name.split(/,\s*/).map((n) => n.trim())) {
      if (/^<.*>$/.test(name)) continue; // "<service name>": a map, handled by its holder
      const base = typeSchema(f.type, o, `${o.page} ${o.heading}.${name}`, ctx);
      const anchor = fieldAnchors(o.page).get(o.heading)?.get(name);
      const fieldDocs = anchor ? `${o.page}#${anchor}` : docs;
      const s = {...fieldSchema(o, f, base, ctx), description: describe(f, o, fieldDocs, schemaFacts.enums[`${o.page} ${o.key} ${f.name}`]?.silent), 'x-docs': fieldDocs};
      describeInline(s, name, fieldDocs);
      if (f.deprecated) s.deprecated = true;
      properties[name] = s;
      // protobuf JSON (jsonpb, common/registry/registry.go:68) takes a field's proto name and its
      // lowerCamelCase JSON name alike; Go structs (the v5 root, infra/conf/v5cfg) only their tags
      if (o.name.startsWith('v2ray.')) {
        const proto = protoNames[`${o.page} ${o.key} ${name}`] ?? name;
        for (const alias of new Set([proto, camel(proto)])) {
          if (alias !== name) patternProperties[`^${escapeRe(alias)}$`] = {...s, description: `Same as "${name}". ${s.description}`};
        }
      }
    }
  }
  const arrayBody = fields.find((f) => f.name.startsWith('[]'));
  if (arrayBody) {
    // the message is written as an array of items whose keys are the other fields
    for (const k of Object.keys(properties)) if (k.startsWith('[]')) delete properties[k];
    return {type: 'array', title: o.heading, description: `${o.heading} (${o.page}): an array. Documentation: ${SITE}/en_US${docs}`, 'x-docs': docs,
      items: {type: 'object', properties, additionalProperties: false}};
  }
  /** @type {Schema} */
  const def = {
    type: 'object',
    title: o.heading,
    description: `${o.heading} (${o.page}). Documentation: ${SITE}/en_US${docs}`,
    'x-docs': docs,
    properties,
    additionalProperties: false,
  };
  if (Object.keys(patternProperties).length) def.patternProperties = patternProperties;
  // keys the object once had: the checker says they were removed, and when
  const removed = Object.entries(schemaFacts.removed).filter(([k]) => k.startsWith(`${o.page} ${o.key} `))
    .map(([k, r]) => [k.slice(`${o.page} ${o.key} `.length), r.in]);
  if (removed.length) def['x-removed'] = Object.fromEntries(removed);
  // a protobuf message: its keys are matched as written (Go structs match any letter case)
  if (o.name.startsWith('v2ray.')) def['x-proto'] = true;
  if (!ctx.v5) {
    for (const k of MERGE_KEYS) {
      properties[k] ??= {description: `Read by the multi-file merger, removed before the toolkit sees the file. Documentation: ${SITE}/en_US/config/multiple_config#mergehelperkeys`, 'x-docs': '/config/multiple_config#mergehelperkeys'};
    }
  }
  if (ctx.typedTargets.has(o)) properties['@type'] = {type: 'string', description: `The message name when this object is given as a typed message: "${o.name}".`};
  const required = fields.map((f) => f.name).filter((n) => schemaFacts.required[`${o.page} ${o.key} ${n}`]);
  if (required.length) def.required = required;
  const rules = objectRules(o, ctx);
  if (rules.length) def.allOf = rules;
  return def;
}

/**
 * Conditions between fields: settings chosen by protocol, transportSettings by transport, ...
 * @param {FactObject} o @param {Ctx} ctx @returns {Schema[]}
 */
function objectRules(o, ctx) {
  /** @type {Schema[]} */
  const rules = [];
  /** @param {string} key @param {string} value @param {boolean} ci @param {string} field @param {Schema} then */
  const when = (key, value, ci, field, then) => rules.push({
    if: {properties: {[key]: ci ? {pattern: caseInsensitivePattern([value])} : {const: value}}, required: [key]},
    then: {properties: {[field]: then}},
  });
  if (!ctx.v5 && /^(Inbound|Outbound)Object$/.test(o.name)) {
    const dir = o.name.startsWith('Inbound') ? 'in' : 'out';
    for (const [name, [d, protocol]] of Object.entries(V4_SETTINGS)) {
      if (d !== dir) continue;
      const target = resolveObject(name, '/config/overview');
      if (target && ctx.names.has(target)) when('protocol', protocol, true, 'settings', ref(target, ctx));
    }
  }
  if (!ctx.v5 && o.name === 'InboundObject') {
    // infra/conf/v4/v2ray.go:121-137: a port is needed unless listen names a Unix socket
    rules.push({if: {not: {required: ['listen'], properties: {listen: {type: 'string', pattern: '^[/@]'}}}}, then: {required: ['port']}});
  }
  if (!ctx.v5 && o.name === 'RuleObject') {
    // infra/conf/rule/rule.go:236
    rules.push({anyOf: [{required: ['outboundTag']}, {required: ['balancerTag']}]});
  }
  if (ctx.v5 && /^(Inbound|Outbound)Config$/.test(o.name)) {
    const names = resolveObject(o.name.startsWith('Inbound') ? 'InboundProtocolNames' : 'OutboundProtocolNames', '/v5/config/proxy');
    for (const [protocol, type] of names?.fields ?? []) {
      const target = resolveIn(/\(([^)]*)\)/.exec(type)?.[1] ?? '', names ?? o, ctx);
      if (target) when('protocol', protocol, false, 'settings', ref(target, ctx));
    }
    // "#<full message name>" picks a proxy message by name (common/registry/registry.go:50)
    for (const target of configObjects.filter((x) => x.v5 && x.name.startsWith('v2ray.core.proxy.') && !x.registry)) {
      when('protocol', `#${target.name}`, false, 'settings', ref(target, ctx));
    }
  }
  for (const [field, type] of o.fields) {
    const chosen = /message of the chosen (transport|security)/.exec(type);
    const by = chosen ? /** @type {string} */ (chosen[1]) : /balancer message for strategy/.test(type) ? 'strategy' : null;
    if (!by) continue;
    const registry = by === 'strategy' ? 'balancer' : by;
    for (const target of configObjects.filter((x) => x.v5 === ctx.v5 && x.registry?.startsWith(`${registry}:`))) {
      when(by, /** @type {string} */ (target.registry).slice(registry.length + 1), false, field, ref(target, ctx));
    }
  }
  return rules;
}

/**
 * The "services" map: keys are the names of the service registry (/config/service lists them,
 * the same registry for v4 and v5), values the registered message; a message the facts lack
 * fields for stays an unconstrained object.
 * @param {Ctx} ctx @returns {Schema}
 */
function servicesSchema(ctx) {
  const names = /** @type {FactField[]} */ (rawFields(/** @type {FactObject} */ (objects.find((o) => o.name === 'ServicesMap'))))[0]?.values ?? [];
  /** @type {Record<string, Schema>} */
  const props = {};
  for (const name of names.map(String)) {
    const candidates = configObjects.filter((x) => x.registry === `service:${name}`);
    const o = candidates.find((x) => x.v5 === ctx.v5) ?? candidates[0];
    if (o && !ctx.names.has(o)) addDefinition(o, ctx);
    props[name] = o ? {...ref(o, ctx), description: `The ${name} service. Documentation: ${SITE}/en_US${docsPath(o)}`, 'x-docs': docsPath(o)}
      : {type: 'object', description: `The ${name} service (its fields are not documented here). Documentation: ${SITE}/en_US${ctx.v5 ? '/v5/config/service' : '/config/service'}`,
        'x-docs': ctx.v5 ? '/v5/config/service' : '/config/service'};
  }
  return {type: 'object', properties: props, additionalProperties: false};
}

/**
 * Builds one schema.
 * @param {'v4' | 'v5'} version
 * @returns {{schema: Schema, loose: string[], names: Map<FactObject, string>}}
 */
export function buildSchema(version) {
  const v5 = version === 'v5';
  /** @type {Ctx} */
  const ctx = {v5, defs: {}, names: new Map(), loose: [], typedTargets: new Set(), queue: []};
  const mine = configObjects.filter((o) => o.v5 === v5);
  for (const o of mine) addDefinition(o, ctx);
  const typedFields = mine.some((o) => [...o.fields.values()].some((t) => /typed object/.test(t)));
  if (typedFields) for (const o of mine) if (o.name.startsWith('v2ray.')) ctx.typedTargets.add(o);
  for (let o = ctx.queue.shift(); o; o = ctx.queue.shift()) ctx.defs[defName(o, ctx)] = objectDef(o, ctx);
  // the "services" map of the root: keys are registered service names
  for (const o of mine) {
    if (!/^map<service name, object>$/.test(o.fields.get('services') ?? '')) continue;
    const props = /** @type {Record<string, Schema>} */ (ctx.defs[defName(o, ctx)]?.properties);
    const before = /** @type {Schema} */ (props.services);
    props.services = {...servicesSchema(ctx), description: before.description, 'x-docs': before['x-docs']};
  }
  for (let o = ctx.queue.shift(); o; o = ctx.queue.shift()) ctx.defs[defName(o, ctx)] = objectDef(o, ctx);
  if (typedFields) {
    ctx.defs.TypedMessage = {
      type: 'object',
      description: 'A typed message: "@type" names the message (its full name, optionally after a "types.v2fly.org/" prefix) and the other keys are its fields.',
      required: ['@type'],
      properties: {'@type': {type: 'string', description: `The full name of the message, such as "v2ray.core.proxy.vmess.Account". Documentation: ${SITE}/en_US/v5/config/overview#components`, 'x-docs': '/v5/config/overview#components'}},
      allOf: [...ctx.typedTargets].map((o) => ({
        if: {properties: {'@type': {pattern: `(^|/)${escapeRe(o.name)}$`}}, required: ['@type']},
        then: ref(o, ctx),
      })),
    };
  }
  const rootObject = v5 ? resolveObject('RootConfig', '/v5/config/overview') : resolveObject('ConfigObject', '/config/overview');
  if (!rootObject) throw new Error('no root object in the facts');
  const rootName = defName(rootObject, ctx);
  const rootDef = /** @type {Schema} */ (ctx.defs[rootName]);
  if (!v5) {
    // v4 ignores keys it does not know at the root; "$schema" is how editors find this file
    /** @type {Record<string, Schema>} */ (rootDef.properties).$schema = {type: 'string', description: `Address of this schema, for editors: ${SITE}/schemas/v4/config.json. The toolkit ignores it.`};
  }
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${SITE}/schemas/${version}/config.json`,
    title: `V2Ray ${version} JSON configuration`,
    description: `Generated from the fields read off v2fly/v2ray-core ${CHECKED_AGAINST}. Documentation: ${SITE}/en_US${v5 ? '/v5/config/overview' : '/config/overview'}`,
    $ref: `#/$defs/${rootName}`,
    $defs: ctx.defs,
  };
  return {schema, loose: ctx.loose, names: ctx.names};
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2] ?? join(root, 'build/schemas');
  for (const version of /** @type {const} */ (['v4', 'v5'])) {
    const {schema, loose} = buildSchema(version);
    mkdirSync(join(out, version), {recursive: true});
    writeFileSync(join(out, version, 'config.json'), `${JSON.stringify(schema, null, 1)}\n`);
    console.log(`${version}: ${Object.keys(/** @type {object} */ (schema.$defs)).length} definitions, ${loose.length} loose types`);
    for (const l of loose) console.log(`  loose: ${l}`);
  }
}
