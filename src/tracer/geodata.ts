/**
 * A small protobuf reader for geoip.dat and geosite.dat (app/router/routercommon/common.proto at
 * v5.52.0): GeoIPList{repeated GeoIP entry=1}, GeoIP{string country_code=1; repeated CIDR cidr=2;
 * bool inverse_match=3}, CIDR{bytes ip=1; uint32 prefix=2}; GeoSiteList{repeated GeoSite entry=1},
 * GeoSite{string country_code=1; repeated Domain domain=2}, Domain{Type type=1; string value=2;
 * repeated Attribute attribute=3}, Attribute{string key=1; bool bool_value=2; int64 int_value=3}.
 * Runs in the browser on the reader's own file: nothing is sent anywhere.
 */
import type {Cidr} from './ip';
import type {MatcherType} from './strmatcher';

export type GeoDomain = {type: MatcherType; value: string; attrs: string[]};
export type GeoSiteFile = {kind: 'site'; name: string; lists: Map<string, GeoDomain[]>};
export type GeoIPFile = {kind: 'ip'; name: string; lists: Map<string, Cidr[]>};

type Field = {no: number; wire: number; int?: number; bytes?: Uint8Array};

function* fields(buf: Uint8Array): Generator<Field> {
  let pos = 0;
  const varint = (): number => {
    let result = 0, mul = 1;
    for (let i = 0; i < 10; i++) {
      if (pos >= buf.length) throw new Error('truncated varint');
      const b = buf[pos++] ?? 0;
      result += (b & 0x7f) * mul;
      if ((b & 0x80) === 0) return result;
      mul *= 128;
    }
    throw new Error('varint too long');
  };
  while (pos < buf.length) {
    const key = varint();
    const no = Math.floor(key / 8), wire = key & 7;
    if (no === 0) throw new Error('field number 0');
    switch (wire) {
      case 0: yield {no, wire, int: varint()}; break;
      case 1: pos += 8; if (pos > buf.length) throw new Error('truncated'); break;
      case 5: pos += 4; if (pos > buf.length) throw new Error('truncated'); break;
      case 2: {
        const len = varint();
        if (pos + len > buf.length) throw new Error('truncated field');
        yield {no, wire, bytes: buf.subarray(pos, pos + len)};
        pos += len;
        break;
      }
      default: throw new Error(`unsupported wire type ${wire}`);
    }
  }
}

const utf8 = new TextDecoder();
// routercommon Domain.Type: Plain=0, Regex=1, RootDomain=2, Full=3 (common.proto); mapped as
// app/router/condition.go:45 matcherTypeMap does.
const domainTypes: MatcherType[] = ['substr', 'regex', 'domain', 'full'];

export function readGeoSite(name: string, data: Uint8Array): GeoSiteFile {
  const lists = new Map<string, GeoDomain[]>();
  for (const entry of fields(data)) {
    if (entry.no !== 1 || !entry.bytes) continue;
    let code = '';
    const domains: GeoDomain[] = [];
    for (const f of fields(entry.bytes)) {
      if (f.no === 1 && f.bytes) code = utf8.decode(f.bytes);
      else if (f.no === 2 && f.bytes) {
        const d: GeoDomain = {type: 'substr', value: '', attrs: []};
        for (const g of fields(f.bytes)) {
          if (g.no === 1 && g.int !== undefined) d.type = domainTypes[g.int] ?? 'substr';
          else if (g.no === 2 && g.bytes) d.value = utf8.decode(g.bytes);
          else if (g.no === 3 && g.bytes) {
            for (const a of fields(g.bytes)) if (a.no === 1 && a.bytes) d.attrs.push(utf8.decode(a.bytes));
          }
        }
        domains.push(d);
      }
    }
    lists.set(code.toUpperCase(), domains);
  }
  return {kind: 'site', name, lists};
}

export function readGeoIP(name: string, data: Uint8Array): GeoIPFile {
  const lists = new Map<string, Cidr[]>();
  for (const entry of fields(data)) {
    if (entry.no !== 1 || !entry.bytes) continue;
    let code = '';
    const cidrs: Cidr[] = [];
    for (const f of fields(entry.bytes)) {
      if (f.no === 1 && f.bytes) code = utf8.decode(f.bytes);
      else if (f.no === 2 && f.bytes) {
        let ip = new Uint8Array(0), prefix = 0;
        for (const g of fields(f.bytes)) {
          if (g.no === 1 && g.bytes) ip = g.bytes.slice();
          else if (g.no === 2 && g.int !== undefined) prefix = g.int;
        }
        if (ip.length === 4 || ip.length === 16) cidrs.push({ip, prefix});
      }
    }
    lists.set(code.toUpperCase(), cidrs);
  }
  return {kind: 'ip', name, lists};
}

/**
 * Tells a geosite file from a geoip file by its first domain or CIDR entry; null when neither.
 */
export function readGeoFile(name: string, data: Uint8Array): GeoSiteFile | GeoIPFile {
  const site = readGeoSite(name, data);
  const ip = readGeoIP(name, data);
  const siteCount = [...site.lists.values()].reduce((n, l) => n + l.filter((d) => d.value !== '').length, 0);
  const ipCount = [...ip.lists.values()].reduce((n, l) => n + l.length, 0);
  if (siteCount === 0 && ipCount === 0) throw new Error('no geosite list or geoip list in this file');
  return ipCount > siteCount ? ip : site;
}

/** The data files the reader gave, by file name (geosite.dat, geoip.dat, ext: names). */
export type GeoData = {sites: Map<string, GeoSiteFile>; ips: Map<string, GeoIPFile>};

export function emptyGeoData(): GeoData {
  return {sites: new Map(), ips: new Map()};
}
