/**
 * The tracer: where a connection goes (app/router) and which DNS servers a lookup asks
 * (app/dns), step by step, following v2ray-core v5.52.0. Pure logic; the page turns the steps
 * into sentences. Three-valued: a condition that needs data the tracer does not have (a geo list
 * not opened, the DNS answer, the client's address) is 'unknown', and both outcomes are given.
 */
import type {Balancer, Condition, DomainEntry, IpEntry, Model, NameServer, Rule} from './config';
import {evalAttrs} from './attrs';
import type {GeoData} from './geodata';
import {type Cidr, cidrContains, formatIP, type IP, normaliseCidr, parseIP} from './ip';
import {checkDeadline, DeadlineExceeded, LinearIndexMatcher, MphIndexMatcher, type Matcher, matcherString, newMatcher, setDeadline} from './strmatcher';

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

// ---------------- geo data ----------------

type Resolved = {matchers: Matcher[]} | {unknown: string} | {error: string};

/** A written entry's matcher, made once per configuration (the model's entries are not changed). */
const plainMatchers = new WeakMap<DomainEntry, Matcher>();
/** A geo list's matchers by the @attributes asked for, made once per opened file. */
const geoMatchers = new WeakMap<object, Map<string, Matcher[]>>();

function resolveDomainEntry(e: DomainEntry, geo: GeoData): Resolved {
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

function resolveIpEntry(e: IpEntry, geo: GeoData): IpResolved {
  if (e.kind === 'cidr') return {cidrs: e.cidrs.map(normaliseCidr), inverse: e.inverse};
  const file = geo.ips.get(e.file);
  if (!file) return {unknown: e.file};
  const list = file.lists.get(e.list.toUpperCase()); // standard.go:26 EqualFold
  if (!list) return {error: `country not found in ${e.file}: ${e.list}`};
  return {cidrs: list.map(normaliseCidr), inverse: e.inverse};
}

/** app/router/condition_geoip.go:71 GeoIPMatcher.Match, with :79 the inverse. */
function ipIn(r: {cidrs: Cidr[]; inverse: boolean}, ip: IP): boolean {
  const m = r.cidrs.some((c) => cidrContains(c, ip));
  return r.inverse ? !m : m;
}

// ---------------- routing ----------------

type Ctx = {
  dest: Destination;
  domain: string; // '' when the target is an IP
  targetIP: IP | null;
  sourceIP: IP | null;
  skipDNSResolve: boolean;
  protocol?: string;
  inboundTag?: string;
  user?: string;
};

type Resolver = {
  active: boolean;
  done: boolean;
  ips: IP[] | null; // null: unknown answer
  trace?: DnsTrace;
};

function evalCondition(c: Condition, ctx: Ctx, geo: GeoData, resolver: Resolver, onLookup: () => void, errors: string[]): CondResult {
  switch (c.kind) {
    case 'domain': {
      // app/router/condition.go:98: no domain, no match
      if (ctx.domain === '') return {condition: c, result: 'no', reason: 'noDomain'};
      let unknown: string | undefined;
      for (const e of c.entries) {
        checkDeadline();
        const r = resolveDomainEntry(e, geo);
        if ('error' in r) { errors.push(r.error); continue; }
        if ('unknown' in r) { unknown ??= e.text; continue; }
        // condition.go:93 Match: MatchAny over all entries
        if (r.matchers.some((m) => m.match(ctx.domain))) return {condition: c, result: 'yes', entry: e.text, reason: 'matched', value: ctx.domain};
      }
      if (unknown) return {condition: c, result: 'unknown', entry: unknown, reason: 'geoMissing', value: ctx.domain};
      return {condition: c, result: 'no', reason: 'notInList', value: ctx.domain};
    }
    case 'user': {
      // condition.go:202: empty user never matches
      const u = ctx.user ?? '';
      if (!u) return {condition: c, result: 'no', reason: 'noUser'};
      return c.values.filter(Boolean).includes(u) ? {condition: c, result: 'yes', entry: u, reason: 'matched', value: u} : {condition: c, result: 'no', reason: 'notInList', value: u};
    }
    case 'inboundTag': {
      const t = ctx.inboundTag ?? '';
      if (!t) return {condition: c, result: 'no', reason: 'noInbound'};
      return c.values.filter(Boolean).includes(t) ? {condition: c, result: 'yes', entry: t, reason: 'matched', value: t} : {condition: c, result: 'no', reason: 'notInList', value: t};
    }
    case 'protocol': {
      // condition.go:264: prefix match on the sniffed protocol
      const p = ctx.protocol ?? '';
      if (!p) return {condition: c, result: 'no', reason: 'noProtocol'};
      const hit = c.values.filter(Boolean).find((v) => p.startsWith(v));
      return hit !== undefined ? {condition: c, result: 'yes', entry: hit, reason: 'matched', value: p} : {condition: c, result: 'no', reason: 'notInList', value: p};
    }
    case 'network': {
      // condition.go:181
      const hit = c.networks.includes(ctx.dest.network);
      return {condition: c, result: hit ? 'yes' : 'no', reason: hit ? 'matched' : 'notInList', value: ctx.dest.network, entry: hit ? ctx.dest.network : undefined};
    }
    case 'port':
    case 'sourcePort': {
      // condition.go:161; common/net/port.go MemoryPortList.Contains: From <= port <= To
      const port = c.kind === 'port' ? ctx.dest.port : ctx.dest.sourcePort;
      if (port === undefined) return {condition: c, result: 'unknown', reason: 'noSourcePort'};
      const hit = c.ranges.find(([a, b]) => a <= port && port <= b);
      return hit ? {condition: c, result: 'yes', entry: hit[0] === hit[1] ? `${hit[0]}` : `${hit[0]}-${hit[1]}`, reason: 'matched', value: String(port)}
        : {condition: c, result: 'no', reason: 'notInList', value: String(port)};
    }
    case 'ip':
    case 'source': {
      let ips: IP[];
      let lookedUp = false;
      if (c.kind === 'source') {
        if (!ctx.sourceIP) return {condition: c, result: 'unknown', reason: 'noSource'};
        ips = [ctx.sourceIP];
      } else if (ctx.targetIP) {
        ips = [ctx.targetIP];
      } else if (resolver.active && ctx.domain !== '') {
        // features/routing/dns/context.go:19 GetTargetIPs: looks the domain up on first use and keeps
        // the addresses; a failed lookup is not kept (:29-34), so every later IP condition looks up again
        if (!resolver.done || resolver.ips?.length === 0) onLookup();
        lookedUp = true;
        if (resolver.ips === null) {
          // the answer is unknown: undecided unless no entry could ever match
          return {condition: c, result: 'unknown', reason: 'answerUnknown'};
        }
        ips = resolver.ips;
      } else {
        // condition.go:137: no IPs (a domain target, and no lookup in this pass): no match
        return {condition: c, result: 'no', reason: 'noIP'};
      }
      // condition.go:130: any IP in any list
      let unknown: string | undefined;
      for (const e of c.entries) {
        const r = resolveIpEntry(e, geo);
        if ('error' in r) { errors.push(r.error); continue; }
        if ('unknown' in r) { unknown ??= e.text; continue; }
        const hit = ips.find((ip) => ipIn(r, ip));
        if (hit) return {condition: c, result: 'yes', entry: e.text, reason: lookedUp ? 'matchedLookup' : 'matched', value: formatIP(hit)};
      }
      const value = ips.map(formatIP).join(', ');
      if (ips.length === 0) return {condition: c, result: 'no', reason: 'noIP'};
      if (unknown) return {condition: c, result: 'unknown', entry: unknown, reason: 'geoMissing', value};
      return {condition: c, result: 'no', reason: lookedUp ? 'notInListLookup' : 'notInList', value};
    }
    case 'attrs': {
      // condition.go:319: no attributes, no match; :298 a Starlark expression otherwise, an
      // evaluation error counting as no match (:311)
      if (!ctx.dest.attrs) return {condition: c, result: 'no', reason: 'noAttrs'};
      try {
        const hit = evalAttrs(c.code, ctx.dest.attrs);
        return {condition: c, result: hit ? 'yes' : 'no', reason: hit ? 'matched' : 'notInList', entry: c.code};
      } catch (e) {
        const msg = (e as Error).message;
        if (msg.includes('not in attrs')) return {condition: c, result: 'no', reason: 'notInList', entry: c.code};
        return {condition: c, result: 'unknown', reason: 'attrsUnsupported', entry: c.code};
      }
    }
  }
}

/** app/router/condition.go:32 ConditionChan.Apply: all conditions, in BuildCondition's order. */
function evalRule(rule: Rule, ctx: Ctx, geo: GeoData, resolver: Resolver, onLookup: () => void, errors: string[]): {result: Tri; conditions: CondResult[]} {
  const out: CondResult[] = [];
  let result: Tri = 'yes';
  for (const c of rule.conditions) {
    const r = evalCondition(c, ctx, geo, resolver, onLookup, errors);
    out.push(r);
    if (r.result === 'no') return {result: 'no', conditions: out};
    if (r.result === 'unknown') result = 'unknown';
  }
  return {result, conditions: out};
}

/** app/proxyman/outbound/outbound.go:150 Manager.Select: every tag starting with a selector. */
export function balancerCandidates(model: Model, b: Balancer): string[] {
  return model.outbounds.map((o) => o.tag).filter((t) => t !== '' && b.selectors.some((s) => t.startsWith(s)));
}

/** Repeated failed lookups shown at most (one per IP condition in v2ray; the outcome cannot change). */
const maxLookups = 20;

function dnsResolveForRouting(model: Model, geo: GeoData, ctx: Ctx, depth: number, again: boolean): {ips: IP[] | null; trace: DnsTrace} {
  const t = traceLookup(model, ctx.domain, geo, {fake: false, answer: ctx.dest.dnsAnswer, depth: depth + 1, again, unreachable: ctx.dest.unreachable, nxdomain: ctx.dest.nxdomain});
  return {ips: t.ips === null ? null : t.ips.map((s) => parseIP(s) as IP), trace: t};
}

export function route(model: Model, dest: Destination, geo: GeoData, opts: {skipDNSResolve?: boolean; depth?: number} = {}): RouteResult {
  const depth = opts.depth ?? 0;
  const targetIP = parseIP(dest.address);
  const ctx: Ctx = {
    dest,
    domain: targetIP ? '' : dest.address.trim(),
    targetIP,
    sourceIP: dest.sourceIp ? parseIP(dest.sourceIp) : null,
    skipDNSResolve: opts.skipDNSResolve ?? false,
    protocol: dest.protocol,
    inboundTag: dest.inboundTag,
    user: dest.user,
  };
  const steps: Step[] = [];
  const alternatives: Alternative[] = [];
  const errors: string[] = [];
  const ds = model.router.domainStrategy;
  const resolver: Resolver = {active: false, done: false, ips: null};
  let lookupWhy: 'IpOnDemand' | 'IpIfNonMatch' = 'IpOnDemand';
  let currentRule = -1;
  const onLookup = (): void => {
    const again = resolver.done;
    resolver.done = true;
    if (depth > 2) { resolver.ips = []; return; }
    if (again && steps.filter((s) => s.kind === 'lookup').length >= maxLookups) return;
    const r = dnsResolveForRouting(model, geo, ctx, depth, again);
    resolver.ips = r.ips;
    resolver.trace = r.trace;
    steps.push({kind: 'lookup', why: lookupWhy, rule: currentRule, dns: r.trace, ...(again ? {again} : {})});
  };

  const finish = (rule: Rule | null, undecidedBecause: string[] | null): string | null => {
    return pickOutbound(model, rule, steps, alternatives, undecidedBecause);
  };

  const pass = (n: 1 | 2): Rule | null => {
    for (const rule of model.router.rules) {
      checkDeadline();
      currentRule = rule.index;
      const r = evalRule(rule, ctx, geo, resolver, onLookup, errors);
      steps.push({kind: 'rule', rule, pass: n, result: r.result, conditions: r.conditions});
      if (r.result === 'yes') return rule;
      if (r.result === 'unknown') {
        const because = r.conditions.filter((c) => c.result === 'unknown').map((c) => c.entry ?? c.reason);
        // what happens if this rule matches: its outbound
        const shadow: Step[] = [];
        const out = pickOutbound(model, rule, shadow, [], null);
        if (!alternatives.some((x) => x.rule === rule.index)) alternatives.push({rule: rule.index, outbound: out ?? '', because, balancer: rule.balancerTag});
      }
    }
    return null;
  };

  // app/router/router.go:107: IpOnDemand resolves from the first pass on (unless the DNS module asked)
  if (ds === 'IpOnDemand' && !ctx.skipDNSResolve) resolver.active = true;
  let matched = pass(1);
  if (!matched) {
    // router.go:117: only IpIfNonMatch, only for a domain, and not for the DNS module's own queries
    if (ds !== 'IpIfNonMatch') steps.push({kind: 'noSecondPass', why: 'strategy'});
    else if (ctx.domain === '') steps.push({kind: 'noSecondPass', why: 'ip'});
    else if (ctx.skipDNSResolve) steps.push({kind: 'noSecondPass', why: 'skip'});
    else {
      steps.push({kind: 'secondPass'});
      resolver.active = true;
      lookupWhy = 'IpIfNonMatch';
      matched = pass(2);
    }
  }
  const outbound = finish(matched, null);
  return {steps, outbound, alternatives, errors};
}

/**
 * app/router/config.go:27 Rule.GetTag and balancing.go:31 Balancer.PickOutbound, then
 * app/dispatcher/default.go:329: an unknown tag, or no route, means the default outbound.
 */
function pickOutbound(model: Model, rule: Rule | null, steps: Step[], _alts: Alternative[], _b: string[] | null): string | null {
  const defaultTag = model.outbounds[0]?.tag ?? null; // the first outbound is the default handler
  if (!rule) {
    steps.push({kind: 'outbound', tag: defaultTag ?? '', via: 'default'});
    return defaultTag;
  }
  let tag: string | null = rule.outboundTag ?? null;
  if (rule.balancerTag) {
    const b = model.router.balancers.find((x) => x.tag === rule.balancerTag) ?? null;
    if (!b) {
      steps.push({kind: 'balancer', balancer: null, tag: rule.balancerTag, candidates: [], pick: 'none', result: null});
      return null; // router.go:65: the toolkit refuses to start
    }
    const candidates = balancerCandidates(model, b);
    const pick = candidates.length === 0 ? 'none' : b.strategy === 'random' ? 'random' : 'observed';
    // balancing.go:46 / strategy_random.go:83: no candidate -> empty tag -> fallbackTag, else default
    const result = candidates.length === 0 ? (b.fallbackTag || null) : null;
    steps.push({kind: 'balancer', balancer: b, tag: b.tag, candidates, pick, result});
    if (candidates.length === 0) {
      if (!b.fallbackTag) {
        steps.push({kind: 'outbound', tag: defaultTag ?? '', via: 'default', rule: rule.index});
        return defaultTag;
      }
      tag = b.fallbackTag;
    } else {
      tag = candidates[0] ?? null;
      if (candidates.length > 1) {
        steps.push({kind: 'outbound', tag: candidates.join(' | '), via: 'balancer', rule: rule.index});
        return candidates.join(' | ');
      }
    }
  }
  // app/proxyman/outbound/outbound.go:90 GetHandler looks the tag up among handlers that have
  // one (:110 AddHandler files only a non-empty tag), so a v5 rule without "tag" (tag "") finds none either
  if (tag === null || tag === '' || !model.outbounds.some((o) => o.tag === tag)) {
    steps.push({kind: 'outbound', tag: defaultTag ?? '', via: 'default', missingTag: tag ?? '', rule: rule.index});
    return defaultTag;
  }
  steps.push({kind: 'outbound', tag: tag ?? '', via: rule.balancerTag ? 'balancer' : 'rule', rule: rule.index});
  return tag;
}

// ---------------- DNS ----------------

type Client = {
  server: NameServer | null;
  name: string;
  fake: boolean;
  fakePools: string[];
  fallback: 'Enabled' | 'Disabled' | 'DisabledIfAnyMatch';
  queryStrategy: string;
  tag: string;
  tagRandom: boolean;
  clientIp?: string;
  rules: {rule: string; entries: DomainEntry[]}[];
};

// app/dns/config.go:25: a localhost server answers these first (labelled geosite:private in logs)
const localRule = {
  rule: 'geosite:private',
  entries: ([
    ['regex', '^[^.]+$'], ['domain', 'local'], ['domain', 'localdomain'], ['domain', 'localhost'], ['domain', 'lan'],
    ['domain', 'home.arpa'], ['domain', 'example'], ['domain', 'invalid'], ['domain', 'test'],
  ] as const).map(([type, value]) => ({text: matcherString({type, pattern: value}), kind: 'plain', type, value}) as DomainEntry),
};

function serverName(s: NameServer): string {
  switch (s.kind) {
    case 'localhost': return 'localhost';
    case 'fakedns': return 'fakedns';
    case 'udp': return `UDP:${s.host}:${s.port}`;
    default: return s.address;
  }
}

/**
 * The EDNS Client Subnet a query carries (app/dns/dnscommon.go:67-96 genEDNS0Options): a 4-byte
 * address as family 1, masked to /24; any 16-byte one as family 2, masked to /96. The v4 reader
 * keeps an IPv4 clientIp in 4 bytes (infra/conf/synthetic/dns/dns.go:142, common/net/address.go:100);
 * the v5 loader parses it with Go's net.ParseIP (app/dns/dns.go:464 per server, :498 the global
 * one), which returns 16 bytes, so there an IPv4 clientIp goes out as the IPv4-mapped prefix
 * ::ffff:0:0/96 and carries nothing of the address.
 */
export function clientSubnet(clientIp: string | undefined, format: 'v4' | 'v5'): string | undefined {
  const ip = clientIp ? parseIP(clientIp) : null;
  if (!ip) return undefined;
  if (ip.length === 4) return format === 'v4' ? `${[...ip.slice(0, 3), 0].join('.')}/24` : '::ffff:0:0/96';
  return `${formatIP(Uint8Array.from([...ip.slice(0, 12), 0, 0, 0, 0]))}/96`;
}

/** app/dns/dns.go:50 New and nameserver.go:85 NewClient: each server's effective settings. */
function clients(model: Model): Client[] {
  const d = model.dns;
  if (d.servers.length === 0) {
    // dns.go:80: no server: one localhost client, without the local-domain rules
    return [{server: null, name: 'localhost', fake: false, fakePools: [], fallback: 'Enabled', queryStrategy: 'UseIP', tag: '', tagRandom: true, rules: []}];
  }
  return d.servers.map((s) => {
    // nameserver.go:120: a server's own fallbackStrategy, else skipFallback, else the global one
    let fallback: Client['fallback'] = 'Enabled';
    if (s.fallbackStrategy) fallback = s.fallbackStrategy;
    else if (s.skipFallback) fallback = 'Disabled';
    else if (d.fallbackStrategy !== 'Enabled') fallback = d.fallbackStrategy;
    else if (d.disableFallback) fallback = 'Disabled';
    else if (d.disableFallbackIfMatch) fallback = 'DisabledIfAnyMatch';
    const rules = s.domains.map((g) => ({rule: g.rule, entries: g.entries}));
    if (s.kind === 'localhost') rules.push(localRule); // nameserver.go:159
    const queryStrategy = s.queryStrategy ?? d.queryStrategy; // nameserver.go:107
    // nameserver.go:136: a server's own pools; else (an empty "fakedns" of its own, or the address
    // "fakedns") the dns-level pools, which in v4 the top-level "fakedns" replaces
    // (infra/conf/v4/v2ray.go:420-423); else :140-150 198.18.0.0/15 and fc00::/18, each when its
    // family is queried
    const global = model.fakeDnsTopLevel.length > 0 ? model.fakeDnsTopLevel : d.fakeDnsPools;
    const defaults = [...(queryStrategy !== 'UseIPv6' ? ['198.18.0.0/15'] : []), ...(queryStrategy !== 'UseIPv4' ? ['fc00::/18'] : [])];
    const fakePools = s.fakeDnsPools.length > 0 ? s.fakeDnsPools : global.length > 0 ? global : defaults;
    return {
      server: s,
      name: serverName(s),
      // nameserver.go:136 + dns.go:197: a "fakedns" address, or a v4 server with its own pool
      fake: s.kind === 'fakedns' || s.fakeDns,
      fakePools,
      fallback,
      queryStrategy,
      tag: s.tag ?? d.tag ?? '', // nameserver.go:98: else a random "v2ray.system.<uuid>" tag
      tagRandom: !(s.tag ?? d.tag),
      clientIp: s.clientIp ?? d.clientIp, // nameserver.go:104
      rules,
    };
  });
}

function hostsLookup(model: Model, name: string, geo: GeoData, errors: string[], depth: number, want: Want): {addrs: ({ip: IP} | {domain: string})[] | null; entries: string[]; unknown: string[]} {
  // app/dns/hosts.go:18 NewStaticHosts: one LinearIndexMatcher over every mapping (geosite lists expanded)
  const g = new LinearIndexMatcher();
  const values: ({ip: IP} | {domain: string})[][] = [];
  const entryOf: string[] = [];
  const unknown: string[] = [];
  for (const h of model.dns.hosts) {
    checkDeadline();
    const r = resolveDomainEntry(h.match, geo);
    if ('error' in r) { errors.push(r.error); continue; }
    if ('unknown' in r) { if (!unknown.includes(h.key)) unknown.push(h.key); continue; }
    for (const m of r.matchers) {
      g.add(m);
      values.push(h.proxied ? [{domain: h.proxied}] : h.ips.map((ip) => ({ip})));
      entryOf.push(h.key);
    }
  }
  // hosts.go:70 lookupInternal: the addresses of every matching mapping, in match order
  const ids = g.match(name);
  const addrs = ids.flatMap((id) => values[id - 1] ?? []);
  const entries = [...new Set(ids.map((id) => entryOf[id - 1] ?? ''))];
  if (addrs.length === 0) return {addrs: null, entries, unknown};
  // hosts.go:82: a single domain is unwrapped, at most 5 levels deep
  const first = addrs[0];
  if (addrs.length === 1 && first && 'domain' in first) {
    if (depth > 0) {
      const inner = hostsLookup(model, first.domain, geo, errors, depth - 1, want);
      if (inner.addrs !== null) return {addrs: inner.addrs, entries: [...entries, ...inner.entries], unknown: [...unknown, ...inner.unknown]};
    }
    return {addrs, entries, unknown};
  }
  // hosts.go:92 filterIP: addresses of the wanted families; domain entries dropped
  return {addrs: addrs.filter((a) => 'ip' in a && (a.ip.length === 4 ? want.v4 : want.v6)), entries, unknown};
}

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

export function traceLookup(model: Model, rawName: string, geo: GeoData, opts: LookupOptions): DnsTrace {
  const want = opts.want ?? {v4: true, v6: true};
  const errors: string[] = [];
  // dns.go:279: a trailing dot is dropped
  const name = rawName.trim().replace(/\.$/, '');
  const trace: DnsTrace = {name, hosts: {result: 'none', entries: []}, asked: name, servers: [], skipped: [], ips: null, fake: opts.fake, errors};
  const h = hostsLookup(model, name, geo, errors, 5, want);
  if (h.addrs !== null) {
    if (h.addrs.length === 0) {
      // dns.go:285: recorded but no usable address: the lookup fails
      trace.hosts = {result: 'empty', entries: h.entries};
      trace.ips = [];
      return trace;
    }
    const first = h.addrs[0];
    if (h.addrs.length === 1 && first && 'domain' in first) {
      // dns.go:287: the name is replaced, then asked of the servers
      trace.hosts = {result: 'replaced', replacedBy: first.domain, entries: h.entries};
      trace.asked = first.domain;
    } else {
      trace.hosts = {result: 'ips', ips: h.addrs.map((a) => formatIP((a as {ip: IP}).ip)), entries: h.entries};
      trace.ips = trace.hosts.ips ?? [];
      return trace;
    }
  } else if (h.unknown.length > 0) {
    trace.hosts = {result: 'unknown', entries: h.unknown};
  }

  const all = clients(model);
  const asked = trace.asked;
  // dns.go:108 establishDomainRules: one index over every server's rules, in server order; the
  // index matcher "domainMatcher" names (dns.go:116-125) decides the order of the matches
  const matcher = model.dns.domainMatcher === 'mph' ? new MphIndexMatcher() : new LinearIndexMatcher();
  const info: {client: number; rule: string}[] = [];
  const maybe = new Map<number, string>();
  all.forEach((c, ci) => {
    for (const r of c.rules) {
      for (const e of r.entries) {
        checkDeadline();
        const res = resolveDomainEntry(e, geo);
        if ('error' in res) { errors.push(res.error); continue; }
        if ('unknown' in res) { if (!maybe.has(ci)) maybe.set(ci, r.rule); continue; }
        for (const m of res.matchers) { matcher.add(m); info.push({client: ci, rule: r.rule}); }
      }
    }
  });
  // dns.go:319 sortClients
  const used = new Set<number>();
  const order: {ci: number; why: 'domain' | 'fallback'; matched?: string}[] = [];
  for (const id of matcher.match(asked)) {
    const {client: ci, rule} = info[id - 1]!;
    if (used.has(ci)) continue;
    if (!opts.fake && all[ci]!.fake) continue; // dns.go:334
    used.add(ci);
    order.push({ci, why: 'domain', matched: rule});
  }
  const hasDomainMatch = order.length > 0; // dns.go:343
  all.forEach((c, ci) => {
    if (used.has(ci)) return;
    if (!opts.fake && c.fake) { if (c.server) trace.skipped.push({server: c.server, name: c.name, why: 'fakedns'}); return; }
    if (c.fallback === 'Disabled') { if (c.server) trace.skipped.push({server: c.server, name: c.name, why: 'disabled'}); return; }
    if (c.fallback === 'DisabledIfAnyMatch' && hasDomainMatch) { if (c.server) trace.skipped.push({server: c.server, name: c.name, why: 'disabledIfAnyMatch'}); return; }
    used.add(ci);
    order.push({ci, why: 'fallback'});
  });

  const answer = opts.answer?.map((a) => parseIP(a)).filter((x): x is IP => x !== null);
  let done = false;
  for (const o of order) {
    const c = all[o.ci]!;
    const s = c.server;
    // nameserver.go:189: with FakeDNS wanted and this client able to, the fake server answers
    const fake = opts.fake && c.fake;
    const step: ServerStep = {
      server: s, name: c.name, why: all.length === 1 && !s ? 'only' : o.why, matched: o.matched, fake, ...(fake ? {fakePools: c.fakePools} : {}),
      maybeFirst: o.why === 'fallback' ? maybe.get(o.ci) : undefined,
      routed: null, expectIPs: s && !fake ? s.expectIPs.map((e) => e.text) : [], queryStrategy: c.queryStrategy, clientIp: c.clientIp,
    };
    // the local resolver and FakeDNS take no client IP (nameserver_local.go:20, nameserver_fakedns.go:26)
    const ecs = s && !fake && s.kind !== 'localhost' && s.kind !== 'fakedns' ? clientSubnet(c.clientIp, model.format) : undefined;
    if (ecs) step.ecs = ecs;
    // nameserver.go:46: classic UDP, DoH and DoT-less TCP go through routing with the client's tag
    if (s && (s.kind === 'udp' || s.kind === 'doh' || s.kind === 'tcp') && !fake && (opts.depth ?? 0) < 2) {
      const network = s.kind === 'udp' ? 'udp' : 'tcp';
      const dest: Destination = {
        address: s.host, port: s.port, network,
        inboundTag: c.tag || undefined,
        // nameserver_udp.go:201 / nameserver_tcp.go:206 "dns", nameserver_doh.go:232 "tls"
        protocol: s.kind === 'doh' ? 'tls' : 'dns',
      };
      step.routed = {
        tag: c.tag, tagRandom: c.tagRandom, target: `${s.host}:${s.port}`, network,
        // nameserver_doh.go:233 / nameserver_tcp.go:207: SkipDNSResolve
        route: route(model, dest, geo, {skipDNSResolve: s.kind !== 'udp', depth: (opts.depth ?? 0) + 1}),
      };
    }
    if (!done) {
      const v4 = want.v4 && c.queryStrategy !== 'UseIPv6', v6 = want.v6 && c.queryStrategy !== 'UseIPv4';
      if (!v4 && !v6) {
        // nameserver.go:184: no record type left: an empty response, and dns.go:308 stops there
        step.kept = [];
        step.outcome = 'stop';
        trace.ips = [];
        done = true;
      } else if (s && opts.unreachable?.includes(s.index)) {
        step.outcome = 'timeout'; // a timeout (context.DeadlineExceeded): dns.go:308 asks the next
        // (a timeout leaves no record, so a repeated lookup waits for it again)
      } else if (s && !fake && opts.nxdomain?.includes(s.index)) {
        // an error answer (NXDOMAIN: dnscommon.go:41 RCodeError) is none of the errors dns.go:308
        // moves on for: the lookup ends there, without asking the next server
        step.kept = [];
        step.outcome = 'stop';
        trace.ips = [];
        done = true;
      } else if (fake) {
        step.outcome = 'answer';
        done = true;
      } else if (answer) {
        // nameserver.go:183 queryStrategy picks the record types; :206 expectIPs keeps matching IPs
        let kept = answer.filter((ip) => (ip.length === 4 ? v4 : v6));
        if (kept.length === 0) {
          step.kept = [];
          step.outcome = 'stop'; // an empty answer is not a reason to ask the next server (dns.go:308)
          trace.ips = [];
          done = true;
        } else {
          if (s && s.expectIPs.length > 0) {
            const resolved = s.expectIPs.map((e) => resolveIpEntry(e, geo));
            if (resolved.some((r) => 'unknown' in r)) {
              step.kept = undefined;
              step.outcome = undefined;
              trace.ips = null;
              done = true;
              trace.servers.push(step);
              continue;
            }
            const rs = resolved.filter((r): r is {cidrs: Cidr[]; inverse: boolean} => 'cidrs' in r);
            kept = kept.filter((ip) => rs.some((r) => ipIn(r, ip)));
          }
          step.kept = kept.map(formatIP);
          if (kept.length > 0) { step.outcome = 'answer'; trace.ips = step.kept; done = true; }
          else step.outcome = 'next'; // errExpectedIPNonMatch: the next server is asked
        }
      }
    }
    // a repeated lookup: every server but the system resolver and FakeDNS keeps what it was
    // answered, an error code and an empty answer too (nameserver_udp.go:253, nameserver_doh.go:332,
    // nameserver_tcp.go:314, nameserver_quic.go:285; dnscommon.go:37 getIPs), so only a timeout
    // is asked again
    if (opts.again && s && !fake && step.outcome !== undefined && step.outcome !== 'timeout' && s.kind !== 'localhost' && s.kind !== 'fakedns') step.cached = true;
    trace.servers.push(step);
  }
  if (answer && !done) trace.ips = [];
  return trace;
}

// ---------------- warnings ----------------

function domainCovers(a: DomainEntry, b: DomainEntry): boolean {
  if (a.text === b.text) return true;
  if (a.kind !== 'plain' || b.kind !== 'plain') return false;
  const bv = b.value.toLowerCase();
  if (a.type === 'domain' && (b.type === 'domain' || b.type === 'full')) return bv === a.value.toLowerCase() || bv.endsWith('.' + a.value.toLowerCase());
  if (a.type === 'substr' && b.type !== 'regex') return b.value.includes(a.value);
  return false;
}

function cidrCovers(a: Cidr, b: Cidr): boolean {
  return a.ip.length === b.ip.length && a.prefix <= b.prefix && cidrContains(a, b.ip);
}

function conditionCovers(a: Condition, b: Condition): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'domain': return (b as typeof a).entries.every((e) => a.entries.some((x) => domainCovers(x, e)));
    case 'user': case 'inboundTag': return (b as typeof a).values.every((v) => a.values.includes(v));
    case 'protocol': return (b as typeof a).values.every((v) => a.values.some((x) => v.startsWith(x)));
    case 'network': return (b as typeof a).networks.every((n) => a.networks.includes(n));
    case 'port': case 'sourcePort': return (b as typeof a).ranges.every(([f, t]) => a.ranges.some(([x, y]) => x <= f && t <= y));
    case 'ip': case 'source': return (b as typeof a).entries.every((e) => a.entries.some((x) => x.text === e.text
      || (x.kind === 'cidr' && e.kind === 'cidr' && !x.inverse && !e.inverse && e.cidrs.every((c) => x.cidrs.some((y) => cidrCovers(y, c))))));
    case 'attrs': return a.code === (b as typeof a).code;
  }
}

/** Whether rule a, placed before rule b, leaves b nothing: every condition of a covers one of b's. */
export function ruleCovers(a: Rule, b: Rule): boolean {
  return a.conditions.length > 0 && a.conditions.every((ca) => b.conditions.some((cb) => conditionCovers(ca, cb)));
}

/** The key of the network a CIDR names: its first `prefix` bits and the prefix. */
function cidrKey(c: Cidr, prefix = c.prefix): string {
  const n = normaliseCidr(c);
  const p = Math.min(prefix, n.ip.length * 8);
  let bits = '';
  for (let i = 0; i < p; i++) bits += ((n.ip[i >> 3] ?? 0) >> (7 - (i & 7))) & 1;
  return `${n.ip.length}/${bits}`;
}

const kindBit: Record<Condition['kind'], number> = {domain: 1, ip: 2, source: 4, port: 8, sourcePort: 16, network: 32, user: 64, inboundTag: 128, protocol: 256, attrs: 512};
/** The kinds an index can find candidates by, most selective first; port and network are scanned. */
const indexed: Condition['kind'][] = ['domain', 'inboundTag', 'user', 'ip', 'source', 'protocol', 'attrs'];

/** Keys under which a covering condition files itself: conditionCovers(a, b) implies keysOf(a) meets queryKeys(b). */
function keysOf(c: Condition): string[] {
  switch (c.kind) {
    case 'domain': return c.entries.flatMap((x) => [`t:${x.text}`, ...(x.kind === 'plain' && x.type === 'domain' ? [`d:${x.value.toLowerCase()}`] : []), ...(x.kind === 'plain' && x.type === 'substr' ? [`k:${x.value}`] : [])]);
    case 'ip': case 'source': return c.entries.flatMap((x) => [`t:${x.text}`, ...(x.kind === 'cidr' && !x.inverse ? x.cidrs.map((y) => `c:${cidrKey(y)}`) : [])]);
    case 'user': case 'inboundTag': case 'protocol': return c.values;
    case 'attrs': return [c.code];
    default: return [];
  }
}

/** The keys a condition covering `c` must have filed itself under (from c's first entry); null: a substring too long to list. */
function queryKeys(c: Condition): string[] | null {
  switch (c.kind) {
    case 'domain': {
      const e = c.entries[0];
      if (!e) return [];
      const keys = [`t:${e.text}`];
      if (e.kind !== 'plain' || e.type === 'regex') return keys;
      const v = e.value.toLowerCase();
      if (e.type === 'domain' || e.type === 'full') {
        const labels = v.split('.');
        for (let i = 0; i < labels.length; i++) keys.push(`d:${labels.slice(i).join('.')}`);
      }
      if (e.value.length > 64) return null;
      for (let i = 0; i < e.value.length; i++) for (let j = i; j <= e.value.length; j++) keys.push(`k:${e.value.slice(i, j)}`);
      return keys;
    }
    case 'ip': case 'source': {
      const e = c.entries[0];
      if (!e) return [];
      const keys = [`t:${e.text}`];
      const first = e.kind === 'cidr' && !e.inverse ? e.cidrs[0] : undefined;
      if (first) for (let p = 0; p <= first.prefix; p++) keys.push(`c:${cidrKey(first, p)}`);
      return keys;
    }
    case 'user': case 'inboundTag': return c.values.slice(0, 1);
    case 'protocol': { const v = c.values[0] ?? ''; return Array.from({length: v.length + 1}, (_, i) => v.slice(0, i)); }
    case 'attrs': return [c.code];
    default: return null;
  }
}

type Group = {mask: number; rules: Rule[]; index: Map<string, Set<Rule>> | null; kind: Condition['kind'] | null};

/**
 * Rules an earlier rule makes unreachable: every condition of the earlier one covers one of the
 * later one's. Earlier rules are grouped by the kinds of condition they have (only a rule whose
 * kinds the later one also has can cover it), and each group is indexed by its most selective
 * kind, so a configuration of 10,000 domain rules is checked in about linear time; groups of
 * port and network conditions only are compared rule by rule. `deadline` (a performance.now()
 * time) cuts the check short: `complete` then says how far it got.
 */
export function shadowedRulesWithin(model: Model, deadline = Infinity): {warnings: Warning[]; checked: number; complete: boolean} {
  const out: Warning[] = [];
  const groups = new Map<number, Group>();
  const rules = model.router.rules;
  for (let j = 0; j < rules.length; j++) {
    if ((j & 255) === 0 && performance.now() > deadline) return {warnings: out, checked: j, complete: false};
    const b = rules[j]!;
    const maskB = b.conditions.reduce((m, c) => m | kindBit[c.kind], 0);
    let by: Rule | undefined;
    for (const g of groups.values()) {
      if ((g.mask & ~maskB) !== 0) continue;
      let candidates: Iterable<Rule> = g.rules;
      if (g.index && g.kind) {
        const found = new Set<Rule>();
        let all = false;
        for (const cb of b.conditions.filter((c) => c.kind === g.kind)) {
          const keys = queryKeys(cb);
          if (keys === null) { all = true; break; }
          for (const k of keys) for (const r of g.index.get(k) ?? []) found.add(r);
        }
        if (!all) candidates = found;
      }
      for (const a of candidates) {
        if (a.index >= b.index || (by && a.index >= by.index)) continue;
        if (ruleCovers(a, b)) by = a;
      }
    }
    if (by) out.push({code: 'shadowedRule', rule: b.index, by: by.index});
    if (b.conditions.length === 0) continue;
    let g = groups.get(maskB);
    if (!g) {
      const kind = indexed.find((k) => (maskB & kindBit[k]) !== 0) ?? null;
      g = {mask: maskB, rules: [], index: kind ? new Map() : null, kind};
      groups.set(maskB, g);
    }
    g.rules.push(b);
    if (g.index && g.kind) {
      const c = b.conditions.find((x) => x.kind === g!.kind)!;
      for (const k of keysOf(c)) {
        let set = g.index.get(k);
        if (!set) { set = new Set(); g.index.set(k, set); }
        set.add(b);
      }
    }
  }
  return {warnings: out, checked: rules.length, complete: true};
}

/** shadowedRulesWithin without a deadline. */
export function shadowedRules(model: Model): Warning[] {
  return shadowedRulesWithin(model).warnings;
}

export function trace(model: Model, dest: Destination, geo: GeoData): TraceResult {
  // where v2ray refuses to start, nothing is routed: the reasons are the answer
  if (model.errors.length > 0) {
    return {route: {steps: [], outbound: null, alternatives: [], errors: []}, lookups: [], clientQuery: null, warnings: [], errors: [...new Set(model.errors)], refused: true};
  }
  const r = route(model, dest, geo);
  const warnings: Warning[] = [];
  const lookups = r.steps.filter((s): s is LookupStep => s.kind === 'lookup').map((s) => s.dns);
  const targetIP = parseIP(dest.address);
  let clientQuery: DnsTrace | null = null;
  const hasFake = model.dns.servers.some((s) => s.kind === 'fakedns' || s.fakeDns);
  if (!targetIP && dest.address.trim() !== '') {
    clientQuery = traceLookup(model, dest.address, geo, {fake: true, answer: dest.dnsAnswer});
    if (!hasFake && lookups.length > 0) clientQuery = null;
  }
  // a lookup that falls back to a server meant for other names
  for (const t of [...lookups, ...(clientQuery ? [clientQuery] : [])]) {
    for (const s of t.servers) {
      if (s.why === 'fallback' && s.server && s.server.domains.length > 0 && !s.fake) {
        if (!warnings.some((w) => w.code === 'dnsFallbackToOther' && w.server === s.server!.index)) {
          warnings.push({code: 'dnsFallbackToOther', server: s.server.index, serverName: s.name, rules: s.server.domains.map((d) => d.rule), name: t.asked});
        }
      }
    }
  }
  // a domain rule that cannot match: the client sends an IP and the inbound does not sniff
  if (targetIP) {
    const domainRules = model.router.rules.filter((x) => x.conditions.some((c) => c.kind === 'domain')).map((x) => x.index);
    const inbound = dest.inboundTag ? model.inbounds.find((i) => i.tag === dest.inboundTag) : undefined;
    const sniffs = inbound ? inbound.sniffing : model.inbounds.some((i) => i.sniffing);
    if (domainRules.length > 0 && !sniffs) warnings.push({code: 'domainRuleNeedsSniffing', rules: domainRules, inbound: dest.inboundTag});
  }
  // shadowed rules are a property of the configuration, not of a destination: the panel runs
  // shadowedRules() once per configuration, off the main thread (shadowWorker.ts)
  for (const rule of model.router.rules) {
    if (model.format === 'v5' && rule.conditions.filter((c) => c.kind === 'domain').length > 1) warnings.push({code: 'v5DomainAndGeoDomain', rule: rule.index});
    if (rule.outboundTag && !model.outbounds.some((o) => o.tag === rule.outboundTag)) warnings.push({code: 'missingOutbound', rule: rule.index, tag: rule.outboundTag});
  }
  const errors = [...model.errors, ...r.errors, ...lookups.flatMap((l) => l.errors)];
  for (const b of model.router.rules) {
    if (b.balancerTag && !model.router.balancers.some((x) => x.tag === b.balancerTag)) errors.push(`balancer ${b.balancerTag} not found`);
  }
  return {route: r, lookups, clientQuery, warnings, errors: [...new Set(errors)]};
}

/**
 * trace() with a deadline: null when it runs longer than `ms` milliseconds (the engine's loops
 * check the clock), so that a configuration, a shared link or a name cannot keep the page busy.
 */
export function traceWithin(model: Model, dest: Destination, geo: GeoData, ms: number): TraceResult | null {
  const previous = setDeadline(performance.now() + ms);
  try {
    return trace(model, dest, geo);
  } catch (e) {
    if (e instanceof DeadlineExceeded) return null;
    throw e;
  } finally {
    setDeadline(previous);
  }
}
