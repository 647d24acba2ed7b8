#!/usr/bin/env node
// @ts-check
// JSON Schemas (draft 2020-12) of the v4 and v5 JSON configuration, generated from the facts read
// off v2ray-core (facts/config-fields.json + config-fields-extra.json, through
// builder/facts/factsWalk.mjs, the same reading the example check uses) and from
// facts/config-schema-facts.json (enforced enums, their case handling, required fields).
// Every object of a configuration page becomes a $defs entry named after its heading; every
// property carries an English description and, in "x-docs", the page and anchor documenting it.
// Two more annotations help the checker word its messages: "x-any-case" (an enum the toolkit
// reads in any letter case), "x-list" (the values of a comma-separated list) and "x-format" (what a
// pattern the toolkit holds a value to means: port, uuid, nonEmpty, path) and "x-proto" (an object
// read as protobuf JSON, whose keys are case-sensitive) and "x-removed" (keys an object once had,
// with the release that removed them).
// This file builds the objects' definitions and the root; typeSchema.mjs reads a field's type,
// fieldSchema.mjs adds its values, patterns and description, inputs.mjs holds what they all read.
// Types the facts give in prose that typeSchema.mjs cannot read become unconstrained ({}) and are
// listed in the result's `loose`: the build (src/plugins/configSchemas) and the unit test fail on
// any, so a new facts type is a decision, not a silently unchecked field.
// Usage: generate.mjs [outDir] writes <outDir>/v4/config.json and <outDir>/v5/config.json.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {objects, resolveObject, V4_SETTINGS} from '../facts/factsWalk.mjs';
import {CHECKED_AGAINST, configObjects, escapeRe, rawFields, root, schemaFacts, SITE} from './inputs.mjs';
import {addDefinition, caseInsensitivePattern, defName, ref, resolveIn, typeSchema} from './typeSchema.mjs';
import {describe, describeInline, docsPath, fieldAnchors, fieldSchema} from './fieldSchema.mjs';

/**
 * @typedef {import('./inputs.mjs').FactObject} FactObject
 * @typedef {import('./inputs.mjs').FactField} FactField
 * @typedef {import('./inputs.mjs').Schema} Schema
 * @typedef {import('./inputs.mjs').Ctx} Ctx
 */

/** Keys the multi-file merger reads from any v4 object (/config/multiple_config). */
const MERGE_KEYS = [...(resolveObject('MergeHelperKeys', '/config/multiple_config')?.fields.keys() ?? [])].filter((k) => k.startsWith('_'));

/** Proto names of v5 message fields whose facts name differs (scripts/facts/protoNames.mjs). */
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
      /** @type {Schema} */
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
    for (const [name, [d, protocol]] of /** @type {[string, [string, string]][]} */ (Object.entries(V4_SETTINGS))) {
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
