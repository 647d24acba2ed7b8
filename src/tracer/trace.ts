/**
 * The tracer: where a connection goes (app/router) and which DNS servers a lookup asks
 * (app/dns), step by step, following v2ray-core v5.52.0. Pure logic; the page turns the steps
 * into sentences. Three-valued: a condition that needs data the tracer does not have (a geo list
 * not opened, the DNS answer, the client's address) is 'unknown', and both outcomes are given.
 *
 * This file puts the halves together: route.ts (app/router), handed dns.ts's traceLookup as its
 * DNS client; shadowed.ts (rules an earlier rule covers); the results' types in types.ts.
 */
import type {Model} from './model';
import {traceLookup} from './dns';
import type {GeoData} from './geodata';
import {parseIP} from './ip';
import {route} from './route';
import {DeadlineExceeded, setDeadline} from './strmatcher';
import type {Destination, DnsTrace, LookupStep, TraceResult, Warning} from './types';

export function trace(model: Model, dest: Destination, geo: GeoData): TraceResult {
  // where v2ray refuses to start, nothing is routed: the reasons are the answer
  if (model.errors.length > 0) {
    return {route: {steps: [], outbound: null, alternatives: [], errors: []}, lookups: [], clientQuery: null, warnings: [], errors: [...new Set(model.errors)], refused: true};
  }
  const r = route(model, dest, geo, traceLookup);
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
