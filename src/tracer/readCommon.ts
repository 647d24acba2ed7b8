/**
 * What the v4 and v5 readers share: JSON guards, the list, port, domain-rule and IP-rule parsers
 * of infra/conf (v5's simplified config reuses several of them), and the name server's kind.
 */
import {type Cidr, parseCidr} from './ip';
import type {DnsModel, DomainEntry, IpEntry, PortRange, ServerKind} from './model';
import type {MatcherType} from './strmatcher';

export type Json = Record<string, unknown>;
export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** infra/conf/cfgcommon/common.go:25 StringList: an array, or one string split at commas. */
export function stringList(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return v.map((x) => String(x));
  if (typeof v === 'string') return v.split(',');
  return undefined;
}

/**
 * A value of a lookup table only when the table itself has it: a written name such as
 * "constructor" or "__proto__" must not read Object.prototype's members.
 */
export function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

const maxUint32 = 4294967295;

/**
 * common/net/port.go:28 PortFromString: strconv.ParseUint(s, 10, 32), digits only (no sign, no
 * space), then :19 PortFromInt refuses what is over 65535.
 */
function portFromString(s: string): number {
  if (!/^\d+$/.test(s) || Number(s) > maxUint32) throw new Error(`invalid port range: ${s}`);
  const n = Number(s);
  if (n > 65535) throw new Error(`invalid port range: ${n}`);
  return n;
}

/**
 * infra/conf/cfgcommon/common.go:209 PortList.UnmarshalText: split at commas, each part trimmed
 * (:212), empty parts skipped (:213). A part with "-" goes to :109 parseStringPort, which splits
 * at the first "-" only (:115 SplitN) and parses both halves with PortFromString, so
 * "1000 - 2000" (spaces), "-5" (empty half), "1-2-3" ("2-3") and "60000-80000" (over 65535) are
 * refused; a reversed range ("80-20") is not checked here and matches nothing. Any other part
 * goes to :100 parseIntPort, a JSON number into a uint32: "080", "+80", "1e3" are refused.
 */
export function parsePortText(text: string): PortRange[] {
  const out: PortRange[] = [];
  for (const part of text.split(',')) {
    const t = part.trim();
    if (t === '') continue;
    if (t.includes('-')) {
      const cut = t.indexOf('-');
      try {
        out.push([portFromString(t.slice(0, cut)), portFromString(t.slice(cut + 1))]);
      } catch (e) {
        throw new Error(`invalid port range: ${t} > ${(e as Error).message}`);
      }
    } else {
      if (!/^(0|[1-9]\d*)$/.test(t) || Number(t) > maxUint32) throw new Error(`invalid port: ${t}`);
      const n = Number(t);
      if (n > 65535) throw new Error(`invalid port: ${t} > invalid port range: ${n}`);
      out.push([n, n]);
    }
  }
  return out;
}

/**
 * infra/conf/cfgcommon/common.go:191 PortList.UnmarshalJSON: a string is read by UnmarshalText;
 * a JSON number must fit a uint32 and, unless it is 0, is one port (:204, not checked against
 * 65535 there). Anything else is refused. "port": 0 and "port": "" leave the list empty, and an
 * empty list still makes a condition (app/router/config.go:70 checks the list, not its length)
 * that no port matches.
 */
export function parsePortList(v: unknown): PortRange[] {
  if (typeof v === 'string') return parsePortText(v);
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 0 || v > maxUint32) throw new Error(`invalid port: ${JSON.stringify(v)}`);
    return v === 0 ? [] : [[v, v]];
  }
  throw new Error(`invalid port: ${JSON.stringify(v)}`);
}

/** infra/conf/rule/rule.go:17 parseDomainRule (v4 strings; also DNS "domains"). */
export function parseDomainString(domain: string): DomainEntry {
  const geo = (file: string, rest: string): DomainEntry => {
    const parts = rest.split('@'); // infra/conf/geodata/geodata.go:18
    return {text: domain, kind: 'geo', file, list: (parts[0] ?? '').trim(), attrs: parts.slice(1).map((a) => a.trim().toLowerCase()).filter(Boolean)};
  };
  if (domain.startsWith('geosite:')) {
    if (domain.length === 8) throw new Error(`empty listname in rule: ${domain}`);
    return geo('geosite.dat', domain.slice(8));
  }
  const ext = domain.startsWith('ext:') ? 4 : domain.startsWith('ext-domain:') ? 11 : 0;
  if (ext) {
    const kv = domain.slice(ext).split(':');
    if (kv.length !== 2) throw new Error(`invalid external resource: ${domain}`);
    return geo(kv[0] ?? '', kv[1] ?? '');
  }
  const plain = (type: MatcherType, value: string, what: string): DomainEntry => {
    if (value.length === 0) throw new Error(`empty ${what} type of rule: ${domain}`);
    return {text: domain, kind: 'plain', type, value};
  };
  if (domain.startsWith('regexp:')) return plain('regex', domain.slice(7), 'regexp');
  if (domain.startsWith('domain:')) return plain('domain', domain.slice(7), 'domain');
  if (domain.startsWith('full:')) return plain('full', domain.slice(5), 'full domain');
  if (domain.startsWith('keyword:')) return plain('substr', domain.slice(8), 'keyword');
  if (domain.startsWith('dotless:')) { // rule.go:95
    const sub = domain.slice(8);
    if (sub.includes('.')) throw new Error(`substr in dotless rule should not contain a dot: ${sub}`);
    return {text: domain, kind: 'plain', type: 'regex', value: sub === '' ? '^[^.]*$' : `^[^.]*${sub}[^.]*$`};
  }
  return {text: domain, kind: 'plain', type: 'substr', value: domain}; // rule.go:106 default: plain
}

/** infra/conf/rule/rule.go:113 toCidrList. */
export function parseIpStrings(ips: string[]): IpEntry[] {
  const out: IpEntry[] = [];
  const custom: Cidr[] = [];
  const customText: string[] = [];
  for (const ip of ips) {
    if (ip.startsWith('geoip:')) {
      const inverse = ip.startsWith('geoip:!');
      const country = ip.slice(inverse ? 7 : 6);
      if (country.length === 0) throw new Error('empty country name in rule');
      out.push({text: ip, kind: 'geo', file: 'geoip.dat', list: country, inverse});
      continue;
    }
    const ext = ip.startsWith('ext:') ? 4 : ip.startsWith('ext-ip:') ? 7 : 0;
    if (ext) {
      const kv = ip.slice(ext).split(':');
      if (kv.length !== 2) throw new Error(`invalid external resource: ${ip}`);
      const file = kv[0] ?? '';
      let country = kv[1] ?? '';
      if (!file || !country) throw new Error('empty filename or empty country in rule');
      const inverse = country.startsWith('!');
      if (inverse) country = country.slice(1);
      out.push({text: ip, kind: 'geo', file, list: country, inverse});
      continue;
    }
    custom.push(parseCidr(ip));
    customText.push(ip);
  }
  // rule.go:195: the written CIDRs form one list, after the geo lists
  if (custom.length > 0) out.push({text: customText.join(', '), kind: 'cidr', cidrs: custom, inverse: false});
  return out;
}

/**
 * infra/conf/cfgcommon/common.go:25 StringList.UnmarshalJSON (and :67 NetworkList): an array of
 * strings, or one string split at commas, nothing trimmed; null leaves the field unset; anything
 * else is refused.
 */
export function strictStringList(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  if (typeof v === 'string') return v.split(',');
  throw new Error(`unknown format of a string list: ${JSON.stringify(v)}`);
}

/**
 * common/net/network.go:60 ParseNetwork: lower-cased, not trimmed; anything but tcp, udp and unix
 * is Network_Unknown, which no connection has, so " udp" (from "tcp, udp") matches nothing.
 */
export const networkName = (n: string): string => {
  const l = n.toLowerCase();
  return l === 'tcp' || l === 'udp' || l === 'unix' ? l : `unknown(${JSON.stringify(n)})`;
};

/** app/router/config.go:126: a rule whose fields add no condition stops the router (router.go:52). */
export const noEffectiveFields = 'this rule has no effective fields';

export function serverKind(address: string): {kind: ServerKind; host: string; port?: number} {
  // app/dns/nameserver.go:46 NewServer
  const lower = address.toLowerCase();
  if (lower === 'localhost') return {kind: 'localhost', host: ''};
  if (lower === 'fakedns') return {kind: 'fakedns', host: ''};
  const m = /^([a-z0-9+.-]+):\/\/([^/?#]*)/i.exec(address);
  if (m) {
    const scheme = (m[1] ?? '').toLowerCase();
    const hostPort = m[2] ?? '';
    const hp = /^\[([^\]]+)\](?::(\d+))?$/.exec(hostPort) ?? /^([^:]*)(?::(\d+))?$/.exec(hostPort);
    const host = hp ? hp[1] ?? '' : hostPort;
    const port = hp?.[2] ? Number(hp[2]) : undefined;
    const kinds: Record<string, [ServerKind, number]> = {
      https: ['doh', 443], 'https+local': ['dohLocal', 443], tcp: ['tcp', 53], 'tcp+local': ['tcpLocal', 53], 'quic+local': ['quicLocal', 853],
    };
    const k = own(kinds, scheme);
    if (k) return {kind: k[0], host, port: port ?? k[1]};
  }
  return {kind: 'udp', host: address};
}

/**
 * The dns "domainMatcher": v4 infra/conf/synthetic/dns/dns.go:210 (copied at :297), v5 SimplifiedConfig
 * domain_matcher; compared as written (app/dns/dns.go:117).
 */
export const dnsDomainMatcher = (v: unknown): 'linear' | 'mph' => (v === 'mph' || v === 'hybrid' ? 'mph' : 'linear');

/** The dns fields v4 (infra/conf/synthetic/dns/dns.go) and v5 (app/dns/config.proto SimplifiedConfig) name alike; no server or host read yet. */
export function dnsCommon(dns: unknown): Pick<DnsModel, 'present' | 'servers' | 'hosts' | 'tag' | 'clientIp' | 'disableFallback' | 'disableFallbackIfMatch'> {
  const d = isObj(dns) ? dns : {};
  return {
    present: isObj(dns),
    servers: [],
    hosts: [],
    tag: str(d.tag) || undefined,
    clientIp: str(d.clientIp) || undefined,
    disableFallback: d.disableFallback === true,
    disableFallbackIfMatch: d.disableFallbackIfMatch === true,
  };
}
