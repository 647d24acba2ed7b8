// @ts-check
// What the schema generator reads, shared by its parts: the facts' configuration objects and
// fields (through builder/facts/facts.mjs and factsWalk.mjs, the same reading the example check
// uses), facts/config-schema-facts.json and the site's address the descriptions link to.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {facts} from '../facts/facts.mjs';
import {objects} from '../facts/factsWalk.mjs';

export const root = fileURLToPath(new URL('../../', import.meta.url));
/** The site's address: descriptions link to its English pages. */
export const SITE = 'https://www.v2fly.org';
/** The v2ray-core tag the facts were read at. */
export const CHECKED_AGAINST = 'v5.52.0';

/**
 * @typedef {import('../facts/factsWalk.mjs').FactObject} FactObject
 * @typedef {{name: string, type: string, values?: unknown[] | null, default?: unknown, note?: string,
 *   deprecated?: boolean, range?: [number, number]}} FactField
 * @typedef {Record<string, unknown>} Schema
 * @typedef {{v5: boolean, defs: Record<string, Schema>, names: Map<FactObject, string>,
 *   loose: string[], typedTargets: Set<FactObject>, queue: FactObject[]}} Ctx
 */

export const schemaFacts = /** @type {{enums: Record<string, {case: 'ci' | 'cs', source: string, silent?: string, byName?: string}>,
  required: Record<string, string>, patterns: Record<string, {pattern: string, format: string, source: string}>,
  removed: Record<string, {in: string, source: string}>}} */ (JSON.parse(readFileSync(join(root, 'facts/config-schema-facts.json'), 'utf8')));

/** Objects that are not JSON objects of a configuration file (environment, formats, merge rules, CLI). */
const NOT_CONFIG = new Set(['EnvironmentVariables', 'ConfigFormats', 'MergeBehaviour', 'MergeHelperKeys',
  // name tables: their "fields" are the names a key takes, each pointing at its message
  'InboundProtocolNames', 'OutboundProtocolNames', 'ServiceNames', 'GeoDataLoaders']);
export const configObjects = objects.filter((o) => !o.page.startsWith('/guide/') && o.page !== '/config/env' && !NOT_CONFIG.has(o.name));

/** The facts field list of an object (names, values, notes). @param {FactObject} o */
export const rawFields = (o) => /** @type {FactField[]} */ (facts[o.page]?.[o.key] ?? []);

/** @param {string} s */
export const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
