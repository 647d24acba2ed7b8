/**
 * Which format, v4 or v5, a configuration is written in: by its keys, else by which schema it fits.
 */
import type {Validator} from './validate';
import {deref, walkTo} from './schemaLookup';
import type {Parsed, Schema, Version} from './types';

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
