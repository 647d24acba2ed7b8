// The one writer of geoip.dat / geosite.dat for every suite: the lab's world, the example check's
// made-up tags, the tracer's unit tests and its comparison with v2ray. The format is protobuf as
// app/router/routercommon/common.proto of v2ray-core v5.52.0 says (4.34's app/router/config.proto
// has the same field numbers):
//   GeoIPList{repeated GeoIP entry = 1}; GeoIP{string country_code = 1; repeated CIDR cidr = 2};
//   CIDR{bytes ip = 1; uint32 prefix = 2};
//   GeoSiteList{repeated GeoSite entry = 1}; GeoSite{string country_code = 1; repeated Domain domain = 2};
//   Domain{Type type = 1; string value = 2; repeated Attribute attribute = 3};
//   Domain.Type: Plain (substring) = 0, Regex = 1, RootDomain = 2, Full = 3;
//   Attribute{string key = 1; bool bool_value = 2}.
import {mkdirSync, writeFileSync} from 'node:fs';
import {isIPv4, isIPv6} from 'node:net';
import {join} from 'node:path';

/** @param {number} n @returns {number[]} */
function varint(n) {
  const out = [];
  let v = n;
  while (v > 0x7f) { out.push((v & 0x7f) | 0x80); v = Math.floor(v / 128); }
  out.push(v);
  return out;
}
/** A length-delimited field. @param {number} field @param {Uint8Array} bytes */
const lenField = (field, bytes) => Buffer.concat([Buffer.from([...varint(field * 8 + 2), ...varint(bytes.length)]), bytes]);
/** A varint field. @param {number} field @param {number} n */
const intField = (field, n) => Buffer.from([...varint(field * 8), ...varint(n)]);
/** A string field. @param {number} field @param {string} s */
const strField = (field, s) => lenField(field, Buffer.from(s, 'utf8'));

/** Domain.Type by the name routing rules use for it. */
const DOMAIN_TYPES = /** @type {const} */ ({substr: 0, regex: 1, domain: 2, full: 3});

/**
 * One geosite domain: a bare string is a `domain:` entry (the name and its subdomains); a tuple
 * names the type, the value, then any attributes (`geosite:cn@ads` matches entries with `ads`).
 * @typedef {string | [keyof typeof DOMAIN_TYPES, string, ...string[]]} SiteEntry
 */

/**
 * An address as v2ray reads it (common/net ParseAddress): 4 bytes for IPv4, 16 for IPv6, except
 * that an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) counts as IPv4, as src/tracer/ip.ts has it.
 * @param {string} address
 * @returns {number[]}
 */
export function ipBytes(address) {
  if (isIPv4(address)) return address.split('.').map(Number);
  if (!isIPv6(address)) throw new Error(`geo: not an IP address: ${address}`);
  let text = address;
  /** @type {number[]} */
  let tail = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) { // an IPv4 tail takes the last two groups
    tail = /** @type {string} */ (v4[1]).split('.').map(Number);
    text = `${text.slice(0, -(/** @type {string} */ (v4[1])).length)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (/** @type {string} */ s) => (s ? s.split(':') : []);
  const left = groups(head), right = rest === undefined ? [] : groups(rest);
  const all = rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const bytes = all.flatMap((g) => { const n = parseInt(g, 16); return [n >> 8, n & 0xff]; });
  if (tail.length) bytes.splice(12, 4, ...tail);
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? bytes.slice(12) : bytes;
}

/**
 * A CIDR ("10.0.0.0/8", "fc00::/7", or a bare address for a single host) as {ip, prefix}.
 * @param {string} cidr
 */
export function parseCidr(cidr) {
  const [address = '', mask] = cidr.split('/');
  const ip = ipBytes(address);
  const prefix = mask === undefined ? ip.length * 8 : Number(mask);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > ip.length * 8) throw new Error(`geo: bad prefix in ${cidr}`);
  return {ip, prefix};
}

/**
 * geoip.dat bytes: each code (written in upper case, as the real files do) with its CIDRs.
 * @param {Record<string, string[]>} table code -> CIDRs (IPv4 or IPv6)
 * @returns {Buffer}
 */
export function geoipDat(table) {
  return Buffer.concat(Object.entries(table).map(([code, cidrs]) => lenField(1, Buffer.concat([
    strField(1, code.toUpperCase()),
    ...cidrs.map((c) => {
      const {ip, prefix} = parseCidr(c);
      return lenField(2, Buffer.concat([lenField(1, Buffer.from(ip)), intField(2, prefix)]));
    }),
  ]))));
}

/**
 * geosite.dat bytes: each code (upper case) with its domains.
 * @param {Record<string, SiteEntry[]>} table code -> domains
 * @returns {Buffer}
 */
export function geositeDat(table) {
  return Buffer.concat(Object.entries(table).map(([code, domains]) => lenField(1, Buffer.concat([
    strField(1, code.toUpperCase()),
    ...domains.map((d) => {
      const [type, value, ...attributes] = typeof d === 'string' ? /** @type {const} */ (['domain', d]) : d;
      return lenField(2, Buffer.concat([
        intField(1, DOMAIN_TYPES[type]), strField(2, value),
        ...attributes.map((a) => lenField(3, Buffer.concat([strField(1, a), intField(2, 1)]))),
      ]));
    }),
  ]))));
}

/**
 * Geo files for configurations that only need their tags to exist (the example check): every
 * geoip code gets a /24 of its own in 198.18.0.0/15 (the benchmarking range), every geosite code
 * one domain, CODE.example, carrying every attribute asked for.
 * @param {string} dir the folder for V2RAY_LOCATION_ASSET (made when missing)
 * @param {{ip: Map<string, Set<string>>, site: Map<string, Map<string, Set<string>>>}} tags
 *   geoip file -> codes; geosite file -> code -> attributes (ext:FILE:CODE names other files)
 */
export function writeGeoFiles(dir, tags) {
  mkdirSync(dir, {recursive: true});
  for (const [file, codes] of tags.ip) {
    writeFileSync(join(dir, file), geoipDat(Object.fromEntries([...codes].map((code, i) => [code, [`198.${18 + (i >> 8)}.${i & 0xff}.0/24`]]))));
  }
  for (const [file, sites] of tags.site) {
    writeFileSync(join(dir, file), geositeDat(Object.fromEntries([...sites].map(([code, attrs]) => [code,
      [/** @type {SiteEntry} */ (['domain', `${code.replace(/[^a-z0-9-]/gi, '')}.example`, ...attrs])]]))));
  }
}
