/**
 * Where a connection goes: app/router of v2ray-core v5.52.0, rule by rule, in one or two passes.
 * An IP condition on a domain looks the domain up through `lookup`, which the caller passes in
 * (dns.ts traceLookup), as the toolkit's router is handed its DNS client: this file does not
 * import the DNS half.
 */
import type {Balancer, Condition, Model, Rule} from './model';
import {evalAttrs} from './attrs';
import type {GeoData} from './geodata';
import {ipIn, resolveDomainEntry, resolveIpEntry} from './geoMatch';
import {formatIP, type IP, parseIP} from './ip';
import {checkDeadline} from './strmatcher';
import type {Alternative, CondResult, DnsTrace, Destination, LookupOptions, RouteResult, Step, Tri} from './types';

/** A DNS lookup as routing asks for it (dns.ts traceLookup). */
export type DnsLookup = (model: Model, name: string, geo: GeoData, opts: LookupOptions) => DnsTrace;

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

function dnsResolveForRouting(model: Model, geo: GeoData, lookup: DnsLookup, ctx: Ctx, depth: number, again: boolean): {ips: IP[] | null; trace: DnsTrace} {
  const t = lookup(model, ctx.domain, geo, {fake: false, answer: ctx.dest.dnsAnswer, depth: depth + 1, again, unreachable: ctx.dest.unreachable, nxdomain: ctx.dest.nxdomain});
  return {ips: t.ips === null ? null : t.ips.map((s) => parseIP(s) as IP), trace: t};
}

/** The route of one connection; `lookup` answers the DNS lookups IP conditions ask for. */
export function route(model: Model, dest: Destination, geo: GeoData, lookup: DnsLookup, opts: {skipDNSResolve?: boolean; depth?: number} = {}): RouteResult {
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
    const r = dnsResolveForRouting(model, geo, lookup, ctx, depth, again);
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
