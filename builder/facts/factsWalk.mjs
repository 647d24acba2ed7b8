// Field-list check of a JSON example against the facts file (facts/config-fields.json):
// every key must be a field of its object, walking into child objects wherever the facts type
// names one ("[]RuleObject", "object (TLSObject)", "map<level, LevelPolicyObject>", a v5
// "typed object" with "@type", protocol/transport/service settings chosen by a sibling key).
import {facts, objectHeadings} from './facts.mjs';

/**
 * @typedef {{name: string, type: string}} Field
 * @typedef {{page: string, key: string, name: string, heading: string, v5: boolean,
 *   registry: string | null, fields: Map<string, string>}} FactObject
 * @typedef {{kind: 'objects', objects: FactObject[], inline: Map<string, string>}
 *   | {kind: 'map', value: Spec}
 *   | {kind: 'chosen', by: string, registry: string}
 *   | {kind: 'protocolSettings'}
 *   | {kind: 'typed'}} Spec
 * @typedef {{v5: boolean, knownKeys: Set<string> | null, lateRootKeys?: Set<string>, errors: string[],
 *   newer: string[], notes: string[], currentHolder?: 'in' | 'out',
 *   mergeKeysRead?: boolean, onField?: (owner: FactObject | null, key: string, value: unknown) => void}} WalkState `knownKeys`: the
 *   JSON keys a toolkit binary declares (a key outside it goes to `newer`, unwalked);
 *   `lateRootKeys`: keys that binary declares only outside its root struct (ROOT_KEYS_AFTER_434);
 *   `mergeKeysRead`: the binary's multi-file merger reads _priority/_tag (5.0.1 on), so they count as
 *   known; `onField`: told each key found in the facts, with the object that documents it
 */

/** Every object of the facts file, with its heading on its page. @type {FactObject[]} */
export const objects = Object.entries(facts).flatMap(([page, objs]) => {
  const headings = objectHeadings(page);
  return Object.entries(objs).filter(([key, v]) => key !== 'note' && Array.isArray(v)).map(([key, v]) => {
    const registry = /\|\s*jsonv5\s+(\S+)/.exec(key)?.[1] ?? null;
    /** @type {Map<string, string>} */
    const fields = new Map();
    for (const f of /** @type {Field[]} */ (v)) for (const n of f.name.split(/,\s*/)) fields.set(n.trim(), f.type);
    return {
      page, key, fields, registry, v5: page.startsWith('/v5/'),
      name: key.replace(/\s*\|.*$/, '').replace(/\s*\(.*\)\s*$/, '').trim(),
      heading: headings.find((h) => h.key === key)?.heading ?? key,
    };
  });
});

/** Registered jsonv5 names ("service:stats", "transport:ws", "inbound:vmess") to their message. */
const byRegistry = new Map(objects.filter((o) => o.registry).map((o) => [/** @type {string} */ (o.registry), o]));

/**
 * The facts object a name means, seen from a page: its heading there, else an object of that
 * exact name (same branch first), else the one object whose protobuf name ends with ".<name>".
 * @param {string} name
 * @param {string} page
 * @returns {FactObject | null}
 */
export function resolveObject(name, page) {
  const onPage = objects.find((o) => o.page === page && (o.heading === name || o.name === name));
  if (onPage) return onPage;
  const v5 = page.startsWith('/v5/');
  const exact = objects.filter((o) => o.name === name);
  if (exact.length) return exact.find((o) => o.v5 === v5) ?? /** @type {FactObject} */ (exact[0]);
  const suffix = [...new Set(objects.filter((o) => o.name.endsWith(`.${name}`)).map((o) => o.name))];
  if (suffix.length === 1) return objects.find((o) => o.name === suffix[0]) ?? null;
  return null;
}

/**
 * v4 protocol settings objects: [direction, protocol] -> object name. The same table wraps a
 * settings fragment into an inbound or outbound of that protocol for the program run.
 */
export const V4_SETTINGS = {
  VMessInboundSettings: ['in', 'vmess'], VMessOutboundSettings: ['out', 'vmess'],
  VLessInboundSettings: ['in', 'vless'], VLessOutboundSettings: ['out', 'vless'],
  TrojanInboundSettings: ['in', 'trojan'], TrojanOutboundSettings: ['out', 'trojan'],
  ShadowsocksInboundSettings: ['in', 'shadowsocks'], ShadowsocksOutboundSettings: ['out', 'shadowsocks'],
  SocksInboundSettings: ['in', 'socks'], SocksOutboundSettings: ['out', 'socks'],
  HttpInboundSettings: ['in', 'http'], HttpOutboundSettings: ['out', 'http'],
  Hysteria2InboundSettings: ['in', 'hysteria2'], Hysteria2OutboundSettings: ['out', 'hysteria2'],
  DokodemoSettings: ['in', 'dokodemo-door'],
  FreedomSettings: ['out', 'freedom'], BlackholeSettings: ['out', 'blackhole'],
  DnsOutboundSettings: ['out', 'dns'], LoopbackSettings: ['out', 'loopback'],
};

/** @param {'in' | 'out'} dir @param {string} protocol */
function v4SettingsObject(dir, protocol) {
  const entry = Object.entries(V4_SETTINGS).find(([, [d, p]]) => d === dir && p === protocol);
  return entry ? resolveObject(entry[0], '/config/overview') : null;
}

/** @param {string} s @returns {string} */
const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

/**
 * What a facts type says about the value's keys.
 * @param {string} type
 * @param {string} fieldName
 * @param {string} page
 * @returns {Spec | null}
 */
export function specOf(type, fieldName, page) {
  const t = type.trim();
  if (fieldName === 'services' || fieldName === '<service name>') {
    return fieldName === 'services' ? {kind: 'map', value: {kind: 'chosen', by: '<key>', registry: 'service'}}
      : {kind: 'chosen', by: '<key>', registry: 'service'};
  }
  if (/typed object/.test(t)) return {kind: 'typed'};
  if (/protocol-specific|message of the chosen protocol/.test(t)) return {kind: 'protocolSettings'};
  if (/message of the chosen transport/.test(t)) return {kind: 'chosen', by: 'transport', registry: 'transport'};
  if (/message of the chosen security/.test(t)) return {kind: 'chosen', by: 'security', registry: 'security'};
  if (/balancer message for strategy/.test(t)) return {kind: 'chosen', by: 'strategy', registry: 'balancer'};
  const map = /^map<(.*)>$/.exec(t);
  if (map) {
    const inner = /** @type {string} */ (map[1]);
    const comma = inner.indexOf(',');
    const value = comma < 0 ? null : specOf(inner.slice(comma + 1), '', page);
    return value ? {kind: 'map', value} : null;
  }
  /** @type {Map<string, string>} */
  const inline = new Map();
  let rest = t;
  const brace = /\{([^{}]*)\}/.exec(t);
  if (brace && /^(\[\])?object \{/.test(t)) {
    for (const item of /** @type {string} */ (brace[1]).split(',')) {
      const m = /^\s*"?([\w@-]+)"?\s*(?::\s*(.*))?$/.exec(item);
      if (m && m[1] !== '...') inline.set(/** @type {string} */ (m[1]), (m[2] ?? '').trim());
    }
    rest = t.replace(brace[0], '');
  }
  const found = [];
  for (const token of rest.match(/[A-Za-z][\w.]*/g) ?? []) {
    if (/^(object|string|map|bool|see|config|number|int\d*|uint\d*|float\d*|no|fields|of|or|a|the)$/i.test(token)) continue;
    const o = resolveObject(token, page);
    if (o && !found.includes(o)) found.push(o);
  }
  if (!found.length && !inline.size) return null;
  return {kind: 'objects', objects: found, inline};
}

/**
 * Root keys that 4.34's binary declares only elsewhere (its root Config struct in
 * infra/conf/v2ray.go ends at "reverse"): the v4 "services" map came with v5. 5.52.0's root
 * struct declares it, so its walk passes no such set.
 */
export const ROOT_KEYS_AFTER_434 = new Set(['services']);

/** Keys the multi-file merger reads from any v4 object (/config/multiple_config MergeHelperKeys). */
const MERGE_KEYS = new Set([...(resolveObject('MergeHelperKeys', '/config/multiple_config')?.fields.keys() ?? [])]
  .filter((k) => k.startsWith('_')));

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks `value` against `spec`, pushing "unknown field" errors into state.errors.
 * @param {unknown} value
 * @param {Spec} spec
 * @param {string} path
 * @param {WalkState} state
 * @param {Record<string, unknown>} [parent] the object holding this value (for "chosen" specs)
 * @param {string} [keyHere] the key this value sits under
 */
export function walk(value, spec, path, state, parent, keyHere) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => walk(v, spec, `${path}[${i}]`, state, parent, keyHere));
    return;
  }
  if (!isObject(value)) return;
  if (spec.kind === 'map') {
    for (const [k, v] of Object.entries(value)) walk(v, spec.value, `${path}.${k}`, state, value, k);
    return;
  }
  if (spec.kind === 'typed') {
    const name = String(value['@type'] ?? '').replace(/^.*\//, '');
    const o = name ? resolveObject(name, '/v5/config/overview') : null;
    if (!o) { state.notes.push(`${path}: message ${JSON.stringify(name)} is not in the facts file; its fields are not checked`); return; }
    checkKeys(value, [o], new Map([['@type', '']]), path, state, parent);
    return;
  }
  if (spec.kind === 'chosen') {
    const choice = spec.by === '<key>' ? keyHere : parent?.[spec.by];
    const o = typeof choice === 'string' ? byRegistry.get(`${spec.registry}:${choice}`) : undefined;
    if (!o) {
      state.errors.push(`${path}: no ${spec.registry} named ${JSON.stringify(choice)} in the facts file`);
      return;
    }
    checkKeys(value, [o], new Map(), path, state, parent);
    return;
  }
  if (spec.kind === 'protocolSettings') {
    const protocol = parent?.protocol;
    const holder = state.currentHolder;
    let o = null;
    if (typeof protocol === 'string' && protocol.startsWith('#')) o = resolveObject(protocol.slice(1), '/v5/config/overview');
    else if (typeof protocol === 'string' && state.v5) {
      const names = resolveObject(holder === 'in' ? 'InboundProtocolNames' : 'OutboundProtocolNames', '/v5/config/proxy');
      const type = names?.fields.get(protocol);
      const s = type ? specOf(type, protocol, '/v5/config/proxy') : null;
      o = s && s.kind === 'objects' ? s.objects[0] ?? null : null;
    } else if (typeof protocol === 'string' && holder) o = v4SettingsObject(holder, protocol);
    if (!o && typeof protocol === 'string' && protocol.startsWith('#')) {
      state.notes.push(`${path}: message ${JSON.stringify(protocol.slice(1))} is not in the facts file; its fields are not checked`);
      return;
    }
    if (!o) {
      state.errors.push(`${path}: no ${holder === 'in' ? 'inbound' : 'outbound'} protocol ${JSON.stringify(protocol)} in the facts file`);
      return;
    }
    checkKeys(value, [o], new Map(), path, state, parent);
    return;
  }
  checkKeys(value, spec.objects, spec.inline, path, state, parent);
}

/**
 * @param {Record<string, unknown>} value
 * @param {FactObject[]} candidates
 * @param {Map<string, string>} inline
 * @param {string} path
 * @param {WalkState} state
 * @param {Record<string, unknown>} [_parent]
 */
function checkKeys(value, candidates, inline, path, state, _parent) {
  const holder = candidates.some((o) => /^Inbound(Object|Config)$/.test(o.name)) ? 'in'
    : candidates.some((o) => /^Outbound(Object|Config)$/.test(o.name)) ? 'out' : undefined;
  // protobuf JSON (v5, and registered messages on v4 pages) takes lowerCamelCase or snake_case
  const proto = state.v5 || candidates.some((o) => o.name.startsWith('v2ray.'));
  for (const [k, v] of Object.entries(value)) {
    const norm = proto ? camel(k) : k;
    let type = inline.get(k);
    let owner = null;
    if (type === undefined) {
      for (const o of candidates) {
        for (const [fname, ftype] of o.fields) {
          if (fname === k || (proto && camel(fname) === norm)) { type = ftype; owner = o; break; }
        }
        if (type !== undefined) break;
      }
    }
    const names = candidates.map((o) => o.heading).join(' | ') || 'object';
    if (type === undefined && MERGE_KEYS.has(k) && !state.v5) type = '';
    if (type === undefined) {
      state.errors.push(`${path}: unknown field "${k}" in ${names}`);
      continue;
    }
    state.onField?.(owner, k, v);
    // merge keys (_priority, _tag) are read by the multi-file merger, not by a struct
    if (state.knownKeys && !(state.mergeKeysRead && MERGE_KEYS.has(k)) && (!state.knownKeys.has(k) || (owner?.name === 'ConfigObject' && state.lateRootKeys?.has(k)))) {
      state.newer.push(`${path}.${k}`);
      continue; // what lies below a key 4.34 ignores does not matter to it
    }
    const child = type ? specOf(type, k, owner?.page ?? candidates[0]?.page ?? '/config/overview') : null;
    if (!child) continue;
    const saved = state.currentHolder;
    if (child.kind === 'protocolSettings') state.currentHolder = holder;
    walk(v, child, `${path}.${k}`, state, value, k);
    state.currentHolder = saved;
  }
}
