/**
 * Which DNS servers a lookup asks, in which order, and what each answers: app/dns of v2ray-core
 * v5.52.0. A server whose queries go through routing is routed by route.ts, handed this lookup
 * for the IP conditions on the way.
 */
import type {DomainEntry, Model, NameServer} from './model';
import type {GeoData} from './geodata';
import {ipIn, resolveDomainEntry, resolveIpEntry} from './geoMatch';
import {type Cidr, formatIP, type IP, parseIP} from './ip';
import {route} from './route';
import {checkDeadline, LinearIndexMatcher, matcherString, MphIndexMatcher} from './strmatcher';
import type {Destination, DnsTrace, LookupOptions, ServerStep, Want} from './types';

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
        route: route(model, dest, geo, traceLookup, {skipDNSResolve: s.kind !== 'udp', depth: (opts.depth ?? 0) + 1}),
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
