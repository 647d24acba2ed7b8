/**
 * The tracer's model of a configuration: what the v4 reader (readV4.ts) and the v5 reader
 * (readV5.ts) make of the JSON, and what routing and DNS (route.ts, dns.ts) read.
 */
import type {Cidr, IP} from './ip';
import type {MatcherType} from './strmatcher';

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
