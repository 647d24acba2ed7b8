/**
 * Reads a parsed configuration (v4 JSON or v5 JSON) into the tracer's model, following how
 * v2ray-core v5.52.0 builds its runtime config: infra/conf/synthetic/router/router.go,
 * infra/conf/rule/rule.go and infra/conf/synthetic/dns/dns.go for v4; the SimplifiedConfig
 * loaders in app/router/router.go:180 and app/dns/dns.go:405 (protobuf JSON names) for v5.
 * Geo lists stay references here; they are looked up when a trace runs, so the reader can open
 * their data files afterwards.
 */
import {type Cidr, parseCidr, parseIP, type IP} from './ip';
import {newMatcher, type MatcherType} from './strmatcher';

export type Format = 'v4' | 'v5';

/** One written domain entry: a concrete matcher, or a geo list to look up. */
export type DomainEntry =
  | {text: string; kind: 'plain'; type: MatcherType; value: string}
  | {text: string; kind: 'geo'; file: string; list: string; attrs: string[]};

/** One written IP entry: CIDRs, or a geo list (possibly inverted). */
export type IpEntry =
  | {text: string; kind: 'cidr'; cidrs: Cidr[]; inverse: boolean}
  | {text: string; kind: 'geo'; file: string; list: string; inverse: boolean};

export type PortRange = [number, number];

export type Condition =
  | {kind: 'domain'; field: 'domain' | 'geoDomain'; entries: DomainEntry[]}
  | {kind: 'ip' | 'source'; field: string; entries: IpEntry[]}
  | {kind: 'port' | 'sourcePort'; field: string; ranges: PortRange[]}
  | {kind: 'network'; field: string; networks: string[]}
  | {kind: 'user' | 'inboundTag' | 'protocol'; field: string; values: string[]}
  | {kind: 'attrs'; field: string; code: string};

export type Rule = {
  index: number; // 0-based position in the list
  ruleTag?: string;
  outboundTag?: string;
  balancerTag?: string;
  conditions: Condition[];
};

export type Balancer = {tag: string; selectors: string[]; strategy: string; fallbackTag: string};

export type DomainStrategy = 'AsIs' | 'UseIp' | 'IpIfNonMatch' | 'IpOnDemand';

export type RouterModel = {domainStrategy: DomainStrategy; rules: Rule[]; balancers: Balancer[]};

export type ServerKind = 'udp' | 'localhost' | 'fakedns' | 'doh' | 'dohLocal' | 'tcp' | 'tcpLocal' | 'quicLocal';
export type QueryStrategy = 'UseIP' | 'UseIPv4' | 'UseIPv6';
export type FallbackStrategy = 'Enabled' | 'Disabled' | 'DisabledIfAnyMatch';

export type DomainRuleGroup = {rule: string; entries: DomainEntry[]};

export type NameServer = {
  index: number;
  address: string; // as written (IP, URL, localhost, fakedns)
  port: number;
  kind: ServerKind;
  host: string; // the host the query goes to (IP or domain), '' for localhost/fakedns
  tag?: string;
  clientIp?: string;
  queryStrategy?: QueryStrategy;
  fallbackStrategy?: FallbackStrategy;
  skipFallback: boolean;
  domains: DomainRuleGroup[];
  expectIPs: IpEntry[];
  fakeDns: boolean; // this server has its own fakedns pool (v4 "fakedns" field)
  fakeDnsPools: string[]; // the pools of that field; empty for `"fakedns": true` (then the dns-level pools)
};

export type HostEntry = {key: string; match: DomainEntry; ips: IP[]; proxied?: string};

export type DnsModel = {
  present: boolean;
  servers: NameServer[];
  hosts: HostEntry[];
  tag?: string;
  clientIp?: string;
  queryStrategy: QueryStrategy;
  fallbackStrategy: FallbackStrategy;
  disableFallback: boolean;
  disableFallbackIfMatch: boolean;
  fakeDnsPools: string[]; // global fakedns pools (v4 "fakedns" at the top level of dns)
  /** app/dns/dns.go:116-125: "mph" or "hybrid" picks the mph index matcher, anything else the linear one. */
  domainMatcher: 'linear' | 'mph';
};

export type Inbound = {tag: string; protocol: string; sniffing: boolean; destOverride: string[]};

export type Model = {
  format: Format;
  outbounds: {tag: string; protocol: string}[];
  inbounds: Inbound[];
  router: RouterModel;
  dns: DnsModel;
  fakeDnsTopLevel: string[]; // v4 top-level "fakedns" pools
  /**
   * Inbound tags connections get without an inbound of that tag: a v4 reverse bridge's own tag
   * (app/reverse/bridge.go:105-107, :175-177) and a loopback outbound's inboundTag
   * (proxy/loopback/loopback.go:49), in the order written, each once.
   */
  entryTags: string[];
  /** Things the toolkit would refuse at start-up, as far as the tracer can tell. */
  errors: string[];
};

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** infra/conf/cfgcommon/common.go:25 StringList: an array, or one string split at commas. */
function stringList(v: unknown): string[] | undefined {
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

// ---------- v4 ----------

/**
 * infra/conf/cfgcommon/common.go:25 StringList.UnmarshalJSON (and :67 NetworkList): an array of
 * strings, or one string split at commas, nothing trimmed; null leaves the field unset; anything
 * else is refused.
 */
function strictStringList(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  if (typeof v === 'string') return v.split(',');
  throw new Error(`unknown format of a string list: ${JSON.stringify(v)}`);
}

/**
 * common/net/network.go:60 ParseNetwork: lower-cased, not trimmed; anything but tcp, udp and unix
 * is Network_Unknown, which no connection has, so " udp" (from "tcp, udp") matches nothing.
 */
const networkName = (n: string): string => {
  const l = n.toLowerCase();
  return l === 'tcp' || l === 'udp' || l === 'unix' ? l : `unknown(${JSON.stringify(n)})`;
};

/** app/router/config.go:126: a rule whose fields add no condition stops the router (router.go:52). */
const noEffectiveFields = 'this rule has no effective fields';

function v4Rule(raw: unknown, index: number, errors: string[]): Rule | null {
  if (!isObj(raw)) { errors.push(`rule ${index + 1}: not an object`); return null; }
  // infra/conf/rule/rule.go:322: only type "field" (case-insensitive) is accepted
  if (str(raw.type).toLowerCase() !== 'field') {
    errors.push(`rule ${index + 1}: unknown router rule type: ${str(raw.type)}`);
    return null;
  }
  const rule: Rule = {index, conditions: []};
  // rule.go:226: outboundTag wins over balancerTag; one of them is required
  if (str(raw.outboundTag)) rule.outboundTag = str(raw.outboundTag);
  else if (str(raw.balancerTag)) rule.balancerTag = str(raw.balancerTag);
  else { errors.push(`rule ${index + 1}: neither outboundTag nor balancerTag is specified in routing rule`); return null; }
  try {
    // rule.go:243-261: "domain" and "domains" go into the same list: one condition, and only
    // when the list is not empty (app/router/config.go:42 len(rr.Domain) > 0)
    const domains = [...(strictStringList(raw.domain) ?? []), ...(strictStringList(raw.domains) ?? [])];
    if (domains.length > 0) rule.conditions.push({kind: 'domain', field: 'domain', entries: domains.map(parseDomainString)});
    // app/router/config.go:39 BuildCondition adds conditions in this order; each list only when
    // it has entries (:63, :67, :82, :87, :111), a port list whenever it is written (:71, :78)
    const user = strictStringList(raw.user);
    if (user && user.length > 0) rule.conditions.push({kind: 'user', field: 'user', values: user});
    const inboundTag = strictStringList(raw.inboundTag);
    if (inboundTag && inboundTag.length > 0) rule.conditions.push({kind: 'inboundTag', field: 'inboundTag', values: inboundTag});
    if (raw.port !== undefined && raw.port !== null) rule.conditions.push({kind: 'port', field: 'port', ranges: parsePortList(raw.port)});
    if (raw.sourcePort !== undefined && raw.sourcePort !== null) rule.conditions.push({kind: 'sourcePort', field: 'sourcePort', ranges: parsePortList(raw.sourcePort)});
    const network = strictStringList(raw.network);
    if (network && network.length > 0) rule.conditions.push({kind: 'network', field: 'network', networks: network.map(networkName)});
    const ip = strictStringList(raw.ip);
    const ipEntries = ip ? parseIpStrings(ip) : [];
    if (ipEntries.length > 0) rule.conditions.push({kind: 'ip', field: 'ip', entries: ipEntries});
    const source = strictStringList(raw.source);
    const sourceEntries = source ? parseIpStrings(source) : [];
    if (sourceEntries.length > 0) rule.conditions.push({kind: 'source', field: 'source', entries: sourceEntries});
    const protocol = strictStringList(raw.protocol);
    if (protocol && protocol.length > 0) rule.conditions.push({kind: 'protocol', field: 'protocol', values: protocol});
    if (str(raw.attrs)) rule.conditions.push({kind: 'attrs', field: 'attrs', code: str(raw.attrs)});
  } catch (e) {
    errors.push(`rule ${index + 1}: ${(e as Error).message}`);
    return null;
  }
  if (rule.conditions.length === 0) { errors.push(`rule ${index + 1}: ${noEffectiveFields}`); return null; }
  return rule;
}

function domainStrategyOf(s: string): DomainStrategy {
  // infra/conf/synthetic/router/router.go:96 getDomainStrategy (v4 names, case-insensitive)
  switch (s.toLowerCase()) {
    case 'alwaysip': case 'always_ip': case 'always-ip': return 'UseIp';
    case 'ipifnonmatch': case 'ip_if_non_match': case 'ip-if-non-match': return 'IpIfNonMatch';
    case 'ipondemand': case 'ip_on_demand': case 'ip-on-demand': return 'IpOnDemand';
    default: return 'AsIs';
  }
}

function v4Router(routing: unknown, errors: string[]): RouterModel {
  const r = isObj(routing) ? routing : {};
  const settings = isObj(r.settings) ? r.settings : undefined;
  const ds = typeof r.domainStrategy === 'string' ? r.domainStrategy : str(settings?.domainStrategy);
  // router.go:139: "rules", then the deprecated settings.rules appended
  const rawRules = [...(Array.isArray(r.rules) ? r.rules : []), ...(Array.isArray(settings?.rules) ? settings.rules : [])];
  const rules: Rule[] = [];
  rawRules.forEach((raw, i) => {
    const rule = v4Rule(raw, i, errors);
    if (rule) rules.push(rule);
  });
  const balancers: Balancer[] = [];
  for (const b of Array.isArray(r.balancers) ? r.balancers : []) {
    if (!isObj(b)) continue;
    // router.go:39 BalancingRule.Build
    const selectors = stringList(b.selector) ?? [];
    const tag = str(b.tag);
    if (!tag) errors.push('empty balancer tag');
    if (selectors.length === 0) errors.push(`balancer ${tag}: empty selector list`);
    const type = isObj(b.strategy) ? str(b.strategy.type).toLowerCase() : '';
    const strategy = type === '' ? 'random' : type;
    if (!['random', 'leastload', 'leastping'].includes(strategy)) errors.push(`balancer ${tag}: unknown balancing strategy: ${type}`);
    balancers.push({tag, selectors, strategy, fallbackTag: str(b.fallbackTag)});
  }
  return {domainStrategy: domainStrategyOf(ds), rules, balancers};
}

function serverKind(address: string): {kind: ServerKind; host: string; port?: number} {
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

function queryStrategyOf(s: string): QueryStrategy | undefined {
  // infra/conf/synthetic/dns/dns.go:146 (v4 names, case-insensitive)
  const l = s.toLowerCase();
  if (['useip', 'use_ip', 'use-ip'].includes(l)) return 'UseIP';
  if (['useip4', 'useipv4', 'use_ip4', 'use_ipv4', 'use_ip_v4', 'use-ip4', 'use-ipv4', 'use-ip-v4'].includes(l)) return 'UseIPv4';
  if (['useip6', 'useipv6', 'use_ip6', 'use_ipv6', 'use_ip_v6', 'use-ip6', 'use-ipv6', 'use-ip-v6'].includes(l)) return 'UseIPv6';
  return undefined;
}

function fallbackStrategyOf(s: string): FallbackStrategy | undefined {
  // dns.go:168
  const l = s.toLowerCase();
  if (l === 'enabled') return 'Enabled';
  if (l === 'disabled') return 'Disabled';
  if (['disabledifanymatch', 'disabled_if_any_match', 'disabled-if-any-match'].includes(l)) return 'DisabledIfAnyMatch';
  return undefined;
}

/** v4 "domainMatcher" (infra/conf/synthetic/dns/dns.go:210, copied at :297); compared as written (app/dns/dns.go:117). */
const dnsDomainMatcher = (v: unknown): 'linear' | 'mph' => (v === 'mph' || v === 'hybrid' ? 'mph' : 'linear');

function v4Dns(dns: unknown, errors: string[]): DnsModel {
  const d = isObj(dns) ? dns : {};
  const model: DnsModel = {
    present: isObj(dns),
    servers: [],
    hosts: [],
    tag: str(d.tag) || undefined,
    clientIp: str(d.clientIp) || undefined,
    queryStrategy: queryStrategyOf(str(d.queryStrategy)) ?? 'UseIP', // dns.go:307
    fallbackStrategy: fallbackStrategyOf(str(d.fallbackStrategy)) ?? 'Enabled', // dns.go:325
    disableFallback: d.disableFallback === true,
    disableFallbackIfMatch: d.disableFallbackIfMatch === true,
    domainMatcher: dnsDomainMatcher(d.domainMatcher),
    fakeDnsPools: fakePools(d.fakedns),
  };
  (Array.isArray(d.servers) ? d.servers : []).forEach((s, index) => {
    try {
      // dns.go:37 NameServerConfig.UnmarshalJSON: a string address, or an object
      const o: Json = typeof s === 'string' ? {address: s} : isObj(s) ? s : {};
      const address = str(o.address);
      if (!address) throw new Error('NameServer address is not specified.');
      const k = serverKind(address);
      const domains: DomainRuleGroup[] = (Array.isArray(o.domains) ? o.domains : []).map((rule) => ({rule: String(rule), entries: [parseDomainString(String(rule))]}));
      model.servers.push({
        index, address, kind: k.kind, host: k.host,
        port: k.port ?? (typeof o.port === 'number' && o.port > 0 ? o.port : 53),
        tag: str(o.tag) || undefined,
        clientIp: str(o.clientIp) || undefined,
        queryStrategy: queryStrategyOf(str(o.queryStrategy)),
        fallbackStrategy: fallbackStrategyOf(str(o.fallbackStrategy)),
        skipFallback: o.skipFallback === true,
        domains,
        expectIPs: parseIpStrings(stringList(o.expectIps) ?? []),
        fakeDns: o.fakedns !== undefined && o.fakedns !== false && o.fakedns !== null,
        fakeDnsPools: fakePools(o.fakedns),
      });
    } catch (e) {
      errors.push(`dns server ${index + 1}: ${(e as Error).message}`);
    }
  });
  // dns.go:344: hosts keys sorted, each by its prefix
  if (isObj(d.hosts)) {
    for (const key of Object.keys(d.hosts).sort()) {
      const value = d.hosts[key];
      const vals = Array.isArray(value) ? value.map(String) : [String(value)];
      // dns.go:242 getHostMapping: a domain value (first one found) makes a domain-to-domain mapping
      const firstDomain = vals.find((v) => parseIP(v) === null);
      const mapping = firstDomain !== undefined ? {ips: [] as IP[], proxied: firstDomain} : {ips: vals.map((v) => parseIP(v) as IP)};
      let match: DomainEntry;
      try {
        if (key.startsWith('geosite:') || key.startsWith('ext:') || key.startsWith('regexp:') || key.startsWith('keyword:') || key.startsWith('full:') || key.startsWith('domain:') || key.startsWith('dotless:')) {
          match = parseDomainString(key);
        } else {
          match = {text: key, kind: 'plain', type: 'full', value: key}; // dns.go:442 default: full
        }
      } catch (e) {
        errors.push(`dns hosts ${key}: ${(e as Error).message}`);
        continue;
      }
      model.hosts.push({key, match, ...mapping});
    }
  }
  return model;
}

function fakePools(v: unknown): string[] {
  if (isObj(v)) return str(v.ipPool) ? [str(v.ipPool)] : [];
  if (Array.isArray(v)) return v.filter(isObj).map((p) => str(p.ipPool)).filter(Boolean);
  return [];
}

// ---------- v5 ----------

const v5DomainTypes: Record<string, MatcherType> = {Plain: 'substr', Regex: 'regex', RootDomain: 'domain', Full: 'full', 0: 'substr', 1: 'regex', 2: 'domain', 3: 'full'};
const v5DnsDomainTypes: Record<string, MatcherType> = {Full: 'full', Subdomain: 'domain', Keyword: 'substr', Regex: 'regex', 0: 'full', 1: 'domain', 2: 'substr', 3: 'regex'};

/**
 * app/router/router.go:237 / app/dns/dns.go:438: a GeoSite with a code (with @attrs) is loaded
 * from filePath or the default file, replacing what its domain holds; one without a code keeps
 * the domains written in it.
 */
function v5Geo(v: unknown, file: string): DomainEntry[] {
  const out: DomainEntry[] = [];
  for (const g of Array.isArray(v) ? v.filter(isObj) : []) {
    if (str(g.code)) {
      const parts = str(g.code).split('@');
      const f = str(g.filePath) || file;
      out.push({text: `${f === file ? '' : f + ':'}${str(g.code)}`, kind: 'geo', file: f, list: (parts[0] ?? '').trim(), attrs: parts.slice(1).map((a) => a.trim().toLowerCase()).filter(Boolean)});
      continue;
    }
    for (const d of Array.isArray(g.domain) ? g.domain.filter(isObj) : []) {
      const type = enumValue(v5DomainTypes, d.type, 'Plain', 'Domain.Type');
      const value = str(d.value);
      out.push({text: `${{substr: 'keyword:', regex: 'regexp:', domain: 'domain:', full: 'full:'}[type]}${value}`, kind: 'plain', type, value});
    }
  }
  return out;
}

function v5GeoIP(v: unknown): IpEntry[] {
  const out: IpEntry[] = [];
  for (const g of Array.isArray(v) ? v.filter(isObj) : []) {
    const inverse = g.inverseMatch === true;
    if (str(g.code)) {
      const file = str(g.filePath) || 'geoip.dat';
      out.push({text: `${inverse ? '!' : ''}${str(g.code)}`, kind: 'geo', file, list: str(g.code), inverse});
      continue;
    }
    const cidrs: Cidr[] = [];
    const texts: string[] = [];
    for (const c of Array.isArray(g.cidr) ? g.cidr.filter(isObj) : []) {
      const addr = str(c.ipAddr) || str(c.ip);
      const ip = parseIP(addr);
      if (!ip) throw new Error(`invalid IP address ${addr}`);
      const prefix = typeof c.prefix === 'number' ? c.prefix : 0;
      cidrs.push({ip, prefix});
      texts.push(`${addr}/${prefix}`);
    }
    // a GeoIP with CIDRs and inverseMatch is inverted as a whole (condition_geoip.go:79)
    out.push({text: `${inverse ? '!' : ''}${texts.join(', ')}`, kind: 'cidr', cidrs, inverse});
  }
  return out;
}

/** A protobuf enum read from JSON (jsonpb): its name or its number; anything else is refused. */
function enumValue<T>(table: Record<string, T>, v: unknown, fallback: string, name: string): T {
  const key = v === undefined || v === null ? fallback : typeof v === 'number' || typeof v === 'string' ? String(v) : '';
  const value = own(table, key);
  if (value === undefined) throw new Error(`unknown value ${JSON.stringify(v)} for enum ${name}`);
  return value;
}

/** A repeated protobuf field read from JSON: an array of strings (null: none). */
function repeatedStrings(v: unknown, field: string): string[] {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  throw new Error(`${field}: expected an array of strings, got ${JSON.stringify(v)}`);
}

function v5Rule(raw: unknown, index: number, errors: string[]): Rule | null {
  if (!isObj(raw)) { errors.push(`rule ${index + 1}: not an object`); return null; }
  const rule: Rule = {index, conditions: []};
  // router.go:275: tag or balancingTag (a protobuf oneof); with neither the rule's tag is ""
  // (config.go:27 GetTag), and app/dispatcher/default.go:330 finds no handler of that tag, so
  // the default outbound takes the connection
  if (str(raw.tag)) rule.outboundTag = str(raw.tag);
  else if (str(raw.balancingTag)) rule.balancerTag = str(raw.balancingTag);
  try {
    // app/router/config.go:42 and :50: "domain" and "geoDomain" are two separate conditions,
    // each only when it has entries
    if (Array.isArray(raw.domain) && raw.domain.length > 0) {
      rule.conditions.push({kind: 'domain', field: 'domain', entries: raw.domain.filter(isObj).map((d) => {
        const type = enumValue(v5DomainTypes, d.type, 'Plain', 'Domain.Type');
        const value = str(d.value);
        const prefix = {substr: 'keyword:', regex: 'regexp:', domain: 'domain:', full: 'full:'}[type];
        return {text: `${prefix}${value}`, kind: 'plain', type, value} as DomainEntry;
      })});
    }
    const geoDomain = v5Geo(raw.geoDomain, 'geosite.dat');
    if (geoDomain.length > 0) rule.conditions.push({kind: 'domain', field: 'geoDomain', entries: geoDomain});
    const userEmail = repeatedStrings(raw.userEmail, 'userEmail');
    if (userEmail.length > 0) rule.conditions.push({kind: 'user', field: 'userEmail', values: userEmail});
    const inboundTag = repeatedStrings(raw.inboundTag, 'inboundTag');
    if (inboundTag.length > 0) rule.conditions.push({kind: 'inboundTag', field: 'inboundTag', values: inboundTag});
    // router.go:250: portList parsed when not empty, by the v4 reader's UnmarshalText
    if (str(raw.portList)) rule.conditions.push({kind: 'port', field: 'portList', ranges: parsePortText(str(raw.portList))});
    if (str(raw.sourcePortList)) rule.conditions.push({kind: 'sourcePort', field: 'sourcePortList', ranges: parsePortText(str(raw.sourcePortList))});
    // common/net/network.go:23 NetworkList.UnmarshalJSONPB: an array, or a string split at
    // commas, not trimmed; config.go:82 only when not empty
    const networks = strictStringList(raw.networks);
    if (networks && networks.length > 0) rule.conditions.push({kind: 'network', field: 'networks', networks: networks.map(networkName)});
    const geoip = v5GeoIP(raw.geoip);
    if (geoip.length > 0) rule.conditions.push({kind: 'ip', field: 'geoip', entries: geoip});
    const sgeoip = v5GeoIP(raw.sourceGeoip);
    if (sgeoip.length > 0) rule.conditions.push({kind: 'source', field: 'sourceGeoip', entries: sgeoip});
    const protocol = repeatedStrings(raw.protocol, 'protocol');
    if (protocol.length > 0) rule.conditions.push({kind: 'protocol', field: 'protocol', values: protocol});
    if (str(raw.attributes)) rule.conditions.push({kind: 'attrs', field: 'attributes', code: str(raw.attributes)});
  } catch (e) {
    errors.push(`rule ${index + 1}: ${(e as Error).message}`);
    return null;
  }
  if (rule.conditions.length === 0) { errors.push(`rule ${index + 1}: ${noEffectiveFields}`); return null; }
  return rule;
}

function v5Router(router: unknown, errors: string[]): RouterModel {
  const r = isObj(router) ? router : {};
  // app/router/config.proto DomainStrategy enum names: AsIs, UseIp, IpIfNonMatch, IpOnDemand
  const dsRaw = r.domainStrategy;
  const dsNames: DomainStrategy[] = ['AsIs', 'UseIp', 'IpIfNonMatch', 'IpOnDemand'];
  const ds = typeof dsRaw === 'number' ? (Number.isInteger(dsRaw) && dsRaw >= 0 ? dsNames[dsRaw] : undefined) ?? 'AsIs' : dsNames.find((n) => n === dsRaw) ?? 'AsIs';
  const rules: Rule[] = [];
  (Array.isArray(r.rule) ? r.rule : []).forEach((raw, i) => {
    const rule = v5Rule(raw, i, errors);
    if (rule) rules.push(rule);
  });
  // app/router/config.go:190 BalancingRule.UnmarshalJSONPB reads the rule with encoding/json and
  // the JSON names tag, outbound_selector, strategy, strategy_settings, fallback_tag (snake case;
  // encoding/json compares names case-insensitively, so outboundSelector is not read)
  const goField = (o: Json, name: string): unknown => {
    if (name in o) return o[name];
    const k = Object.keys(o).find((x) => x.toLowerCase() === name);
    return k === undefined ? undefined : o[k];
  };
  const balancers: Balancer[] = (Array.isArray(r.balancingRule) ? r.balancingRule : []).filter(isObj).map((b) => {
    const sel = goField(b, 'outbound_selector');
    const strategy = str(goField(b, 'strategy')) || 'random'; // config.go:203
    // config.go:135 Build: exactly these names (v5cfg loads the settings by the same name first)
    if (!['random', 'leastping', 'leastload'].includes(strategy)) errors.push(`balancer ${str(b.tag)}: unrecognized balancer type ${strategy}`);
    return {tag: str(goField(b, 'tag')), selectors: Array.isArray(sel) ? sel.map(String) : [], strategy, fallbackTag: str(goField(b, 'fallback_tag'))};
  });
  return {domainStrategy: ds, rules, balancers};
}

const v5Query: Record<string, QueryStrategy> = {USE_IP: 'UseIP', USE_IP4: 'UseIPv4', USE_IP6: 'UseIPv6', 0: 'UseIP', 1: 'UseIPv4', 2: 'UseIPv6'};
const v5Fallback: Record<string, FallbackStrategy> = {Enabled: 'Enabled', Disabled: 'Disabled', DisabledIfAnyMatch: 'DisabledIfAnyMatch', 0: 'Enabled', 1: 'Disabled', 2: 'DisabledIfAnyMatch'};

function v5Dns(dns: unknown, errors: string[]): DnsModel {
  const d = isObj(dns) ? dns : {};
  const model: DnsModel = {
    present: isObj(dns),
    servers: [],
    hosts: [],
    tag: str(d.tag) || undefined,
    clientIp: str(d.clientIp) || undefined,
    queryStrategy: 'UseIP',
    fallbackStrategy: 'Enabled',
    disableFallback: d.disableFallback === true,
    disableFallbackIfMatch: d.disableFallbackIfMatch === true,
    domainMatcher: dnsDomainMatcher(d.domainMatcher ?? d.domain_matcher), // SimplifiedConfig domain_matcher (config.proto:165), copied at dns.go:500
    // app/dns/dns.go:495: the simplified loader does not copy fakeDns into the runtime config
    fakeDnsPools: [],
  };
  try {
    model.queryStrategy = enumValue(v5Query, d.queryStrategy, 'USE_IP', 'QueryStrategy');
    model.fallbackStrategy = enumValue(v5Fallback, d.fallbackStrategy, 'Enabled', 'FallbackStrategy');
  } catch (e) {
    errors.push(`dns: ${(e as Error).message}`);
  }
  (Array.isArray(d.nameServer) ? d.nameServer : []).forEach((s, index) => {
    if (!isObj(s)) return;
    try {
      const ep = isObj(s.address) ? s.address : {};
      const address = str(ep.address);
      if (!address) throw new Error('NameServer address is not specified.');
      const k = serverKind(address);
      const domains: DomainRuleGroup[] = [];
      for (const p of Array.isArray(s.prioritizedDomain) ? s.prioritizedDomain.filter(isObj) : []) {
        const type = enumValue(v5DnsDomainTypes, p.type, 'Full', 'DomainMatchingType');
        const prefix = {substr: 'keyword:', regex: 'regexp:', domain: 'domain:', full: 'full:'}[type];
        domains.push({rule: `${prefix}${str(p.domain)}`, entries: [{text: `${prefix}${str(p.domain)}`, kind: 'plain', type, value: str(p.domain)}]});
      }
      // dns.go:438: geoDomain entries are appended after prioritizedDomain
      for (const g of v5Geo(s.geoDomain, 'geosite.dat')) domains.push({rule: g.kind === 'geo' ? `geosite:${g.text}` : g.text, entries: [g]});
      model.servers.push({
        index, address, kind: k.kind, host: k.host,
        port: k.port ?? (typeof ep.port === 'number' && ep.port > 0 ? ep.port : 53),
        tag: str(s.tag) || undefined,
        clientIp: str(s.clientIp) || undefined,
        queryStrategy: s.queryStrategy === undefined || s.queryStrategy === null ? undefined : enumValue(v5Query, s.queryStrategy, 'USE_IP', 'QueryStrategy'),
        fallbackStrategy: s.fallbackStrategy === undefined || s.fallbackStrategy === null ? undefined : enumValue(v5Fallback, s.fallbackStrategy, 'Enabled', 'FallbackStrategy'),
        skipFallback: s.skipFallback === true,
        domains,
        expectIPs: v5GeoIP(s.geoip),
        fakeDns: false, // dns.go:462: fakeDns of a simplified name server is not copied either
        fakeDnsPools: [],
      });
    } catch (e) {
      errors.push(`dns nameServer ${index + 1}: ${(e as Error).message}`);
    }
  });
  for (const h of Array.isArray(d.staticHosts) ? d.staticHosts.filter(isObj) : []) {
    let type: MatcherType;
    try {
      type = enumValue(v5DnsDomainTypes, h.type, 'Full', 'DomainMatchingType');
    } catch (e) {
      errors.push(`dns staticHosts ${str(h.domain)}: ${(e as Error).message}`);
      continue;
    }
    const prefix = {substr: 'keyword:', regex: 'regexp:', domain: 'domain:', full: 'full:'}[type];
    const ips = (Array.isArray(h.ip) ? h.ip : []).map((x) => parseIP(String(x))).filter((x): x is IP => x !== null);
    const key = `${prefix}${str(h.domain)}`;
    model.hosts.push({key, match: {text: key, kind: 'plain', type, value: str(h.domain)}, ips, proxied: str(h.proxiedDomain) || undefined});
  }
  return model;
}

function inboundsOf(v: unknown): Inbound[] {
  return (Array.isArray(v) ? v : []).filter(isObj).map((i) => {
    const sn = isObj(i.sniffing) ? i.sniffing : undefined;
    return {tag: str(i.tag), protocol: str(i.protocol), sniffing: sn?.enabled === true, destOverride: stringList(sn?.destOverride) ?? []};
  });
}

type Outbound = {tag: string; protocol: string};

/**
 * An outbound handler added at start (app/proxyman/outbound/outbound.go:100-115): one of the same
 * tag is replaced, and when that one was the default (the first), the new one is the default, so
 * it takes that place in the list; otherwise it comes last.
 */
function addHandler(outbounds: Outbound[], h: Outbound): Outbound[] {
  return outbounds.some((o) => o.tag === h.tag) ? outbounds.map((o) => (o.tag === h.tag ? h : o)) : [...outbounds, h];
}

/**
 * The outbounds a connection can be sent to: the written ones, and those the apps add when they
 * start. Each v4 reverse portal (infra/conf/reverse.go:21,34) adds an outbound under its tag
 * (app/reverse/portal.go:56-60 at v5.52.0, :56 at v4.34.0). The commander (v4 "api", v5
 * services.commander) removes any handler of its tag, which clears the default when it was that
 * one (outbound.go:140-142), then adds its own (app/commander/commander.go:90-97 at v5.52.0, :83-87
 * at v4.34.0), which so becomes the default in its place; a rule sending the API inbound to that
 * tag reaches it.
 */
function outboundsOf(c: Json, format: Format): Outbound[] {
  let outbounds: Outbound[] = (Array.isArray(c.outbounds) ? c.outbounds : []).filter(isObj).map((o) => ({tag: str(o.tag), protocol: str(o.protocol)}));
  if (format === 'v4' && isObj(c.reverse) && Array.isArray(c.reverse.portals)) {
    for (const p of c.reverse.portals.filter(isObj)) {
      const tag = str(p.tag);
      if (tag) outbounds = addHandler(outbounds, {tag, protocol: 'reverse-portal'}); // portal.go:32: an empty tag is refused
    }
  }
  const commander = format === 'v4' ? c.api : isObj(c.services) ? c.services.commander : undefined;
  const tag = isObj(commander) ? str(commander.tag) : '';
  return tag ? addHandler(outbounds, {tag, protocol: 'commander'}) : outbounds;
}

/** Model.entryTags: the tags of v4 reverse bridges, then the loopback outbounds' inboundTag. */
function entryTagsOf(c: Json, format: Format): string[] {
  const bridges = format === 'v4' && isObj(c.reverse) && Array.isArray(c.reverse.bridges) ? c.reverse.bridges.filter(isObj).map((b) => str(b.tag)) : [];
  const loopbacks = (Array.isArray(c.outbounds) ? c.outbounds : []).filter(isObj)
    .filter((o) => o.protocol === 'loopback')
    .map((o) => (isObj(o.settings) ? str(o.settings.inboundTag) : ''));
  return [...bridges, ...loopbacks].filter((t, i, all) => t !== '' && all.indexOf(t) === i);
}

/**
 * The written domain entries are compiled when the toolkit starts, so a pattern Go's regexp
 * refuses, or a domain: value outside the letter-digit-hyphen set, stops it: the router in
 * app/router/condition.go:58 NewDomainMatcher ("failed to build domain condition"), the DNS in
 * app/dns/dns.go:108 establishDomainRules and app/dns/hosts.go:18 NewStaticHosts.
 */
function checkPatterns(model: Model): void {
  const check = (e: DomainEntry, where: string): void => {
    if (e.kind !== 'plain') return;
    try {
      newMatcher(e.type, e.value);
    } catch (err) {
      model.errors.push(`${where}: ${e.text}: ${(err as Error).message}`);
    }
  };
  for (const rule of model.router.rules) {
    for (const c of rule.conditions) if (c.kind === 'domain') for (const e of c.entries) check(e, `rule ${rule.index + 1}: failed to build domain condition`);
  }
  for (const s of model.dns.servers) for (const g of s.domains) for (const e of g.entries) check(e, `dns server ${s.index + 1}: failed to add domain rule`);
  for (const h of model.dns.hosts) check(h.match, 'dns hosts: failed to create static hosts');
}

export function readConfig(value: unknown, format: Format): Model {
  const model = readModel(value, format);
  checkPatterns(model);
  return model;
}

function readModel(value: unknown, format: Format): Model {
  const c = isObj(value) ? value : {};
  const errors: string[] = [];
  const outbounds = outboundsOf(c, format);
  const entryTags = entryTagsOf(c, format);
  if (format === 'v4') {
    return {
      format, outbounds, inbounds: inboundsOf(c.inbounds),
      router: v4Router(c.routing, errors), dns: v4Dns(c.dns, errors),
      fakeDnsTopLevel: fakePools(c.fakedns), entryTags, errors,
    };
  }
  return {
    format, outbounds, inbounds: inboundsOf(c.inbounds),
    router: v5Router(c.router, errors), dns: v5Dns(c.dns, errors),
    fakeDnsTopLevel: [], entryTags, errors,
  };
}

/** Tells v5 JSON from v4 JSON by the keys only one of them has. */
export function guessFormat(value: unknown): Format {
  const c = isObj(value) ? value : {};
  if ('router' in c || 'services' in c || (isObj(c.dns) && ('nameServer' in c.dns || 'staticHosts' in c.dns))) return 'v5';
  return 'v4';
}
