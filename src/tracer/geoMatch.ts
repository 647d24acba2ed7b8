/**
 * A written domain or IP entry against the geo files the reader opened: the matchers or CIDRs it
 * stands for, 'unknown' when its file is not open. Shared by routing (route.ts) and DNS (dns.ts).
 */
import type {DomainEntry, IpEntry} from './model';
import type {GeoData} from './geodata';
import {type Cidr, cidrContains, type IP, normaliseCidr} from './ip';
import {checkDeadline, DeadlineExceeded, type Matcher, newMatcher} from './strmatcher';

type Resolved = {matchers: Matcher[]} | {unknown: string} | {error: string};

/** A written entry's matcher, made once per configuration (the model's entries are not changed). */
const plainMatchers = new WeakMap<DomainEntry, Matcher>();
/** A geo list's matchers by the @attributes asked for, made once per opened file. */
const geoMatchers = new WeakMap<object, Map<string, Matcher[]>>();

export function resolveDomainEntry(e: DomainEntry, geo: GeoData): Resolved {
  try {
    if (e.kind === 'plain') {
      let m = plainMatchers.get(e);
      if (!m) { m = newMatcher(e.type, e.value); plainMatchers.set(e, m); }
      return {matchers: [m]};
    }
    const file = geo.sites.get(e.file);
    if (!file) return {unknown: e.file};
    // infra/conf/geodata/standard/standard.go:44: list names compare case-insensitively
    const list = file.lists.get(e.list.toUpperCase());
    if (!list) return {error: `list not found in ${e.file}: ${e.list}`};
    // infra/conf/geodata/geodata.go:42: with @attributes, only domains carrying all of them
    const key = e.attrs.join('@');
    const byAttrs = geoMatchers.get(list) ?? new Map<string, Matcher[]>();
    geoMatchers.set(list, byAttrs);
    let matchers = byAttrs.get(key);
    if (!matchers) {
      const kept = e.attrs.length === 0 ? list : list.filter((d) => e.attrs.every((a) => d.attrs.some((x) => x.toLowerCase() === a)));
      matchers = kept.map((d) => { checkDeadline(); return newMatcher(d.type, d.value); });
      byAttrs.set(key, matchers);
    }
    return {matchers};
  } catch (err) {
    if (err instanceof DeadlineExceeded) throw err; // not the entry's fault: the trace stops
    return {error: `${e.text}: ${(err as Error).message}`};
  }
}

type IpResolved = {cidrs: Cidr[]; inverse: boolean} | {unknown: string} | {error: string};

export function resolveIpEntry(e: IpEntry, geo: GeoData): IpResolved {
  if (e.kind === 'cidr') return {cidrs: e.cidrs.map(normaliseCidr), inverse: e.inverse};
  const file = geo.ips.get(e.file);
  if (!file) return {unknown: e.file};
  const list = file.lists.get(e.list.toUpperCase()); // standard.go:26 EqualFold
  if (!list) return {error: `country not found in ${e.file}: ${e.list}`};
  return {cidrs: list.map(normaliseCidr), inverse: e.inverse};
}

/** app/router/condition_geoip.go:71 GeoIPMatcher.Match, with :79 the inverse. */
export function ipIn(r: {cidrs: Cidr[]; inverse: boolean}, ip: IP): boolean {
  const m = r.cidrs.some((c) => cidrContains(c, ip));
  return r.inverse ? !m : m;
}
