// @ts-check
// A field's schema beyond its type: the values, patterns and ranges the toolkit holds it to
// (facts/config-schema-facts.json), its English description and the page and anchor documenting it
// (the headings as the content check reads them).
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {headings} from '../content/anchors.mjs';
import {fileFor} from '../content/files.mjs';
import {slug} from '../facts/facts.mjs';
import {escapeRe, root, schemaFacts, SITE} from './inputs.mjs';
import {caseInsensitivePattern} from './typeSchema.mjs';

/**
 * @typedef {import('./inputs.mjs').FactObject} FactObject
 * @typedef {import('./inputs.mjs').FactField} FactField
 * @typedef {import('./inputs.mjs').Schema} Schema
 * @typedef {import('./inputs.mjs').Ctx} Ctx
 */

/** The English description of a field, ending with its documentation address. */
export function describe(/** @type {FactField} */ f, /** @type {FactObject} */ o, /** @type {string} */ docs, /** @type {string} */ silent = '') {
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

/** An object's heading on its page, as builder/facts/facts.mjs names it. @param {FactObject} o */
export const docsPath = (o) => `${o.page}#${slug(o.heading)}`;

/** @param {string} page @returns {string | null} the Chinese source of a page (its headings are the English page's too) */
function pageSource(page) {
  const file = fileFor(page, 'zh');
  return file === null ? null : readFileSync(join(root, file), 'utf8');
}

/** @type {Map<string, Map<string, Map<string, string>>>} */
const anchorCache = new Map();
/**
 * Field anchors of a page: object heading -> field name -> heading id, from the page's headings
 * as the content check reads them (builder/content/anchors.mjs): a "### `field`" below "## Object".
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
export function fieldSchema(o, f, base, ctx) {
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
export function describeInline(s, holder, docs) {
  for (const x of [s, ...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(s.items ? [/** @type {Schema} */ (s.items)] : [])]) {
    const props = /** @type {Record<string, Schema> | undefined} */ (x.properties);
    if (x.type !== 'object' || !props) continue;
    for (const [k, p] of Object.entries(props)) {
      p.description ??= `"${k}" of ${holder}. Documentation: ${SITE}/en_US${docs}`;
      p['x-docs'] ??= docs;
    }
  }
}
