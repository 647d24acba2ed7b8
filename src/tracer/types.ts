/**
 * What the tracer answers: the steps of a route (route.ts), of a DNS lookup (dns.ts) and the
 * whole trace (trace.ts). Its own file because routing and DNS both speak of each other's results.
 */
import type {Balancer, Condition, NameServer, Rule} from './model';

export type Tri = 'yes' | 'no' | 'unknown';

export type Destination = {
  address: string; // domain or IP
  port: number;
  network: 'tcp' | 'udp';
  sourceIp?: string;
  sourcePort?: number;
  inboundTag?: string;
  user?: string;
  protocol?: string; // sniffed protocol (http, tls, quic, bittorrent) or set by the toolkit
  /** What the DNS servers answer for the domain, if the reader knows; else IP conditions on a looked-up address stay undecided. */
  dnsAnswer?: string[];
  /** DNS servers (indices) that time out / answer NXDOMAIN when the router looks the domain up */
  unreachable?: number[];
  nxdomain?: number[];
  /** session attributes (HTTP sniffing sets :method, :path, ...), for "attrs" conditions */
  attrs?: Record<string, string>;
};

/** Why a condition came out as it did: the entry that matched, or what is missing. */
export type CondResult = {
  condition: Condition;
  result: Tri;
  /** the entry (as written) that matched, or the value that failed */
  entry?: string;
  /** machine-readable reason for the page: see reasons below */
  reason: string;
  /** the value from the connection that was tested */
  value?: string;
};

export type RuleStep = {kind: 'rule'; rule: Rule; pass: 1 | 2; result: Tri; conditions: CondResult[]};
/** `again`: the lookup before it failed and was not kept, so this IP condition looks up once more. */
export type LookupStep = {kind: 'lookup'; why: 'IpOnDemand' | 'IpIfNonMatch'; rule?: number; dns: DnsTrace; again?: boolean};
export type PassStep = {kind: 'secondPass'} | {kind: 'noSecondPass'; why: 'strategy' | 'ip' | 'skip'};
export type BalancerStep = {
  kind: 'balancer';
  balancer: Balancer | null;
  tag: string;
  candidates: string[];
  /** 'random' picks one at random; 'observed' depends on observatory results; 'none' means no candidate */
  pick: 'random' | 'observed' | 'none';
  result: string | null; // the fallbackTag or null when the candidates decide
};
export type OutboundStep = {kind: 'outbound'; tag: string; via: 'rule' | 'balancer' | 'default'; missingTag?: string; rule?: number};
export type Step = RuleStep | LookupStep | PassStep | BalancerStep | OutboundStep;

export type Alternative = {rule: number; outbound: string; because: string[]; balancer?: string};

export type Warning =
  | {code: 'dnsFallbackToOther'; server: number; serverName: string; rules: string[]; name: string}
  | {code: 'domainRuleNeedsSniffing'; rules: number[]; inbound?: string}
  | {code: 'shadowedRule'; rule: number; by: number}
  | {code: 'v5DomainAndGeoDomain'; rule: number}
  | {code: 'missingOutbound'; rule: number; tag: string};

export type RouteResult = {
  steps: Step[];
  /** the outbound when every undecided condition is false */
  outbound: string | null;
  alternatives: Alternative[];
  errors: string[];
};

export type ServerStep = {
  server: NameServer | null; // null: the built-in localhost client used when no server is configured
  name: string;
  why: 'domain' | 'fallback' | 'only';
  matched?: string; // the domain rule that put it first
  fake: boolean; // answers with a fake IP
  /** when `fake`: the pools the fake address comes from (clients(), app/dns/nameserver.go:136-150) */
  fakePools?: string[];
  /** undecided: put first only if a geo list contains the name */
  maybeFirst?: string;
  routed: {tag: string; tagRandom: boolean; route: RouteResult; target: string; network: 'tcp' | 'udp'} | null;
  expectIPs: string[];
  /** with a known answer: the IPs kept after expectIPs / queryStrategy, and what happens then */
  kept?: string[];
  outcome?: 'answer' | 'next' | 'stop' | 'timeout';
  /** in a repeated lookup: answered from the server's cache, nothing sent (nameserver_udp.go:253) */
  cached?: boolean;
  queryStrategy: string;
  clientIp?: string;
  /** the EDNS Client Subnet the queries carry (clientSubnet), when they carry one */
  ecs?: string;
};

export type DnsTrace = {
  name: string;
  hosts: {result: 'none' | 'ips' | 'empty' | 'replaced' | 'unknown'; ips?: string[]; replacedBy?: string; entries: string[]};
  /** the name actually asked (after a domain-to-domain hosts mapping) */
  asked: string;
  servers: ServerStep[];
  skipped: {server: NameServer; name: string; why: 'fakedns' | 'disabled' | 'disabledIfAnyMatch'}[];
  /** resulting IPs when known (hosts or the given answer) */
  ips: string[] | null;
  fake: boolean;
  errors: string[];
};

export type TraceResult = {
  route: RouteResult;
  lookups: DnsTrace[];
  /** a DNS query for the name from a client through the DNS outbound (FakeDNS included), when the name is a domain */
  clientQuery: DnsTrace | null;
  warnings: Warning[];
  errors: string[];
  /** the configuration is one v2ray refuses to start with (errors says why): nothing was traced */
  refused?: boolean;
};

/** Which address families the lookup asks for: LookupIP both (dns.go:259), LookupIPv4/IPv6 one. */
export type Want = {v4: boolean; v6: boolean};

export type LookupOptions = {
  fake: boolean;
  /** the answer every server gives for the name (A and AAAA records together) */
  answer?: string[];
  depth?: number;
  want?: Want;
  /** indices of servers that time out (the next server is then asked) */
  unreachable?: number[];
  /** indices of servers that answer with an error code such as NXDOMAIN (the lookup ends there) */
  nxdomain?: number[];
  /** a repeat of a failed lookup: servers with a cache answer from it (cached) */
  again?: boolean;
};
