/**
 * A small protobuf reader for geoip.dat and geosite.dat (app/router/routercommon/common.proto at
 * v5.52.0): GeoIPList{repeated GeoIP entry=1}, GeoIP{string country_code=1; repeated CIDR cidr=2;
 * bool inverse_match=3}, CIDR{bytes ip=1; uint32 prefix=2}; GeoSiteList{repeated GeoSite entry=1},
 * GeoSite{string country_code=1; repeated Domain domain=2}, Domain{Type type=1; string value=2;
 * repeated Attribute attribute=3}, Attribute{string key=1; bool bool_value=2; int64 int_value=3}.
 * Runs in the browser on the reader's own file: nothing is sent anywhere.
 */
import type {Cidr} from './ip';
import {checkDeadline, type MatcherType} from './strmatcher';

export type GeoDomain = {type: MatcherType; value: string; attrs: string[]};

/**
 * A file's lists by upper-cased code, each decoded on first use and then kept: opening a file
 * only notes where each list lies in it (views into the reader's bytes, no copies), so memory
 * stays about the file's size however its lists are made. The first list of a code counts
 * (infra/conf/geodata/standard/standard.go:25 and :44 return the first EqualFold match).
 */
export class GeoLists<T> {
  private readonly raw = new Map<string, Uint8Array>();
  private readonly decoded = new Map<string, T[]>();

  constructor(private readonly decode: (entry: Uint8Array) => T[]) {}

  /** Notes an entry of the file (the GeoIP or GeoSite message) under its code. */
  note(code: string, entry: Uint8Array): void {
    const key = code.toUpperCase();
    if (!this.raw.has(key)) this.raw.set(key, entry);
  }

  get(code: string): T[] | undefined {
    const key = code.toUpperCase();
    let list = this.decoded.get(key);
    if (list !== undefined) return list;
    const entry = this.raw.get(key);
    if (entry === undefined) return undefined;
    list = this.decode(entry);
    this.decoded.set(key, list);
    return list;
  }

  get size(): number {
    return this.raw.size;
  }

  codes(): string[] {
    return [...this.raw.keys()];
  }

  /** The undecoded entries, in the order noted. */
  entries(): IterableIterator<Uint8Array> {
    return this.raw.values();
  }
}

export type GeoSiteFile = {kind: 'site'; name: string; lists: GeoLists<GeoDomain>};
export type GeoIPFile = {kind: 'ip'; name: string; lists: GeoLists<Cidr>};

/** The largest file the panel opens: the biggest published geoip.dat and geosite.dat are a few tens of MB. */
export const maxGeoFileBytes = 128 * 1024 * 1024;

type Field = {no: number; wire: number; int: number; start: number; end: number};

/**
 * Walks the fields of one protobuf message, calling `each` with the field number, wire type,
 * the varint value (wire 0) or the bytes' bounds (wire 2). No generator and no copies: a file
 * of millions of tiny entries is walked in one pass.
 */
function walk(buf: Uint8Array, each: (f: Field) => void, from = 0, to = buf.length): void {
  let pos = from;
  const varint = (): number => {
    let result = 0, mul = 1;
    for (let i = 0; i < 10; i++) {
      if (pos >= to) throw new Error('truncated varint');
      const b = buf[pos++] ?? 0;
      result += (b & 0x7f) * mul;
      if ((b & 0x80) === 0) return result;
      mul *= 128;
    }
    throw new Error('varint too long');
  };
  const f: Field = {no: 0, wire: 0, int: 0, start: 0, end: 0};
  while (pos < to) {
    const key = varint();
    f.no = Math.floor(key / 8); f.wire = key & 7;
    if (f.no === 0) throw new Error('field number 0');
    switch (f.wire) {
      case 0: f.int = varint(); f.start = f.end = pos; each(f); break;
      case 1: pos += 8; if (pos > to) throw new Error('truncated'); break;
      case 5: pos += 4; if (pos > to) throw new Error('truncated'); break;
      case 2: {
        const len = varint();
        if (pos + len > to) throw new Error('truncated field');
        f.start = pos; f.end = pos + len; f.int = 0;
        pos += len;
        each(f);
        break;
      }
      default: throw new Error(`unsupported wire type ${f.wire}`);
    }
  }
}

const utf8 = new TextDecoder();
// routercommon Domain.Type: Plain=0, Regex=1, RootDomain=2, Full=3 (common.proto); mapped as
// app/router/condition.go:45 matcherTypeMap does.
const domainTypes: MatcherType[] = ['substr', 'regex', 'domain', 'full'];

function decodeDomains(entry: Uint8Array): GeoDomain[] {
  const domains: GeoDomain[] = [];
  walk(entry, (f) => {
    if (f.no !== 2 || f.wire !== 2) return;
    checkDeadline(); // a list is decoded during a trace, under its deadline
    const d: GeoDomain = {type: 'substr', value: '', attrs: []};
    walk(entry, (g) => {
      if (g.no === 1 && g.wire === 0) d.type = domainTypes[g.int] ?? 'substr';
      else if (g.no === 2 && g.wire === 2) d.value = utf8.decode(entry.subarray(g.start, g.end));
      else if (g.no === 3 && g.wire === 2) {
        walk(entry, (a) => { if (a.no === 1 && a.wire === 2) d.attrs.push(utf8.decode(entry.subarray(a.start, a.end))); }, g.start, g.end);
      }
    }, f.start, f.end);
    domains.push(d);
  });
  return domains;
}

function decodeCidrs(entry: Uint8Array): Cidr[] {
  const cidrs: Cidr[] = [];
  walk(entry, (f) => {
    if (f.no !== 2 || f.wire !== 2) return;
    checkDeadline();
    let ip = new Uint8Array(0), prefix = 0;
    walk(entry, (g) => {
      if (g.no === 1 && g.wire === 2) ip = entry.slice(g.start, g.end);
      else if (g.no === 2 && g.wire === 0) prefix = g.int;
    }, f.start, f.end);
    if (ip.length === 4 || ip.length === 16) cidrs.push({ip, prefix});
  });
  return cidrs;
}

/**
 * An entry's code: its field 1, which the published files write first, so this reads a few bytes
 * of each entry (a malformed entry is left to the decoding, and its code is then '').
 */
function codeOf(data: Uint8Array, start: number, end: number): string {
  if (start + 2 > end || data[start] !== 0x0a) return '';
  let len = 0, mul = 1, pos = start + 1;
  for (let i = 0; i < 5 && pos < end; i++) {
    const b = data[pos++] ?? 0;
    len += (b & 0x7f) * mul;
    if ((b & 0x80) === 0) return pos + len <= end ? utf8.decode(data.subarray(pos, pos + len)) : '';
    mul *= 128;
  }
  return '';
}

/**
 * Notes every entry (field 1 of the list) under its code (its field 1). A loop of its own, not
 * walk(): a file of millions of tiny entries (40 MB of empty ones) is stepped through in well
 * under a second.
 */
function index<T>(data: Uint8Array, lists: GeoLists<T>): void {
  const end = data.length;
  let pos = 0;
  const varint = (): number => {
    let result = 0, mul = 1;
    for (let i = 0; i < 10; i++) {
      if (pos >= end) throw new Error('truncated varint');
      const b = data[pos++]!;
      result += (b & 0x7f) * mul;
      if (b < 0x80) return result;
      mul *= 128;
    }
    throw new Error('varint too long');
  };
  let sawEmpty = false;
  while (pos < end) {
    const key = data[pos]!;
    if (key === 0x0a && pos + 1 < end && data[pos + 1] === 0) { // field 1, length 0: an empty entry
      pos += 2;
      if (!sawEmpty) { sawEmpty = true; lists.note('', data.subarray(pos, pos)); }
      continue;
    }
    const k = varint();
    const no = Math.floor(k / 8), wire = k & 7;
    if (no === 0) throw new Error('field number 0');
    if (wire === 0) { varint(); continue; }
    if (wire === 1) { pos += 8; if (pos > end) throw new Error('truncated'); continue; }
    if (wire === 5) { pos += 4; if (pos > end) throw new Error('truncated'); continue; }
    if (wire !== 2) throw new Error(`unsupported wire type ${wire}`);
    const len = varint();
    if (pos + len > end) throw new Error('truncated field');
    if (no === 1) lists.note(codeOf(data, pos, pos + len), data.subarray(pos, pos + len));
    pos += len;
  }
}

export function readGeoSite(name: string, data: Uint8Array): GeoSiteFile {
  const lists = new GeoLists(decodeDomains);
  index(data, lists);
  return {kind: 'site', name, lists};
}

export function readGeoIP(name: string, data: Uint8Array): GeoIPFile {
  const lists = new GeoLists(decodeCidrs);
  index(data, lists);
  return {kind: 'ip', name, lists};
}

/**
 * Tells a geosite file from a geoip file by the items of its first lists (a CIDR has 4 or 16
 * address bytes in field 1; a domain a value in field 2), looking at no more than 64 items.
 */
export function readGeoFile(name: string, data: Uint8Array): GeoSiteFile | GeoIPFile {
  if (data.length > maxGeoFileBytes) throw new Error(`file larger than ${maxGeoFileBytes} bytes`);
  let ipItems = 0, siteItems = 0, seen = 0;
  const site = readGeoSite(name, data);
  for (const entry of site.lists.entries()) {
    if (seen >= 64) break;
    walk(entry, (f) => {
      if (f.no !== 2 || f.wire !== 2 || seen >= 64) return;
      seen++;
      let addr = false, value = false;
      walk(entry, (g) => {
        if (g.no === 1 && g.wire === 2 && (g.end - g.start === 4 || g.end - g.start === 16)) addr = true;
        if (g.no === 2 && g.wire === 2 && g.end > g.start) value = true;
      }, f.start, f.end);
      if (addr) ipItems++;
      else if (value) siteItems++;
    });
  }
  if (siteItems === 0 && ipItems === 0) throw new Error('no geosite list or geoip list in this file');
  return ipItems > siteItems ? readGeoIP(name, data) : site;
}

/** The data files the reader gave, by file name (geosite.dat, geoip.dat, ext: names). */
export type GeoData = {sites: Map<string, GeoSiteFile>; ips: Map<string, GeoIPFile>};

export function emptyGeoData(): GeoData {
  return {sites: new Map(), ips: new Map()};
}
