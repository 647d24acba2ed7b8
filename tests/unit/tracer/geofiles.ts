/**
 * Writes tiny geosite.dat / geoip.dat files in memory (protobuf, app/router/routercommon/common.proto),
 * for the tracer's tests: GeoSiteList{GeoSite entry=1}, GeoSite{country_code=1, Domain domain=2},
 * Domain{type=1, value=2, Attribute attribute=3}, Attribute{key=1, bool_value=2};
 * GeoIPList{GeoIP entry=1}, GeoIP{country_code=1, CIDR cidr=2}, CIDR{ip=1, prefix=2}.
 */
import {parseCidr} from '../../../src/tracer/ip';

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v >= 0x80) { out.push((v & 0x7f) | 0x80); v = Math.floor(v / 128); }
  out.push(v);
  return out;
}
const len = (no: number, bytes: number[]): number[] => [...varint(no * 8 + 2), ...varint(bytes.length), ...bytes];
const int = (no: number, n: number): number[] => [...varint(no * 8), ...varint(n)];
const str = (no: number, s: string): number[] => len(no, [...new TextEncoder().encode(s)]);

const types = {substr: 0, regex: 1, domain: 2, full: 3} as const;
export type SiteEntry = [keyof typeof types, string, ...string[]]; // type, value, attributes

export function geositeDat(lists: Record<string, SiteEntry[]>): Uint8Array {
  const bytes = Object.entries(lists).flatMap(([code, domains]) => len(1, [
    ...str(1, code.toUpperCase()),
    ...domains.flatMap(([type, value, ...attrs]) => len(2, [
      ...int(1, types[type]), ...str(2, value), ...attrs.flatMap((a) => len(3, [...str(1, a), ...int(2, 1)])),
    ])),
  ]));
  return Uint8Array.from(bytes);
}

export function geoipDat(lists: Record<string, string[]>): Uint8Array {
  const bytes = Object.entries(lists).flatMap(([code, cidrs]) => len(1, [
    ...str(1, code.toUpperCase()),
    ...cidrs.flatMap((c) => {
      const p = parseCidr(c);
      return len(2, [...len(1, [...p.ip]), ...int(2, p.prefix)]);
    }),
  ]));
  return Uint8Array.from(bytes);
}
