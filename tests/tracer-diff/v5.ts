/**
 * The same configuration in the v5 format (`v2ray run -format jsonv5`): every generated v4
 * configuration is written again with v5's field names, run on 5.52.0 and read by the tracer's v5
 * reader, so both readers are compared with the toolkit. The names follow v2ray-core v5.52.0:
 * infra/conf/v5cfg (root: log, dns, router, inbounds, outbounds), app/log/config.proto
 * (LogSpecification), app/router/config.proto (SimplifiedRoutingRule, BalancingRule read with Go's
 * encoding/json, config.go:190), app/dns/config.proto (SimplifiedConfig, SimplifiedNameServer,
 * SimplifiedHostMapping), proxy/freedom/config.proto (destinationOverride).
 *
 * What v5 cannot say the same way is written in its own way, and the tracer reads that v5 file, not
 * the v4 one: in a routing rule, `domain` and `geoDomain` are two conditions that must both match
 * (app/router/config.go:42 and :50), where v4 has one list; `staticHosts` has no geosite type, so
 * a v4 `geosite:` hosts key is left out of the v5 file. A `dns.fakedns` pool is written as
 * `fakeDns`, which the v5 loader reads but does not pass on (app/dns/dns.go:495).
 */
type Json = Record<string, unknown>;

/** v4 domain string → v5 router Domain ({type, value}) or a geoDomain code. */
function routerDomain(d: string): {domain?: Json; geo?: Json} {
  if (d.startsWith('geosite:')) return {geo: {code: d.slice(8)}};
  for (const [prefix, type] of [['domain:', 'RootDomain'], ['full:', 'Full'], ['keyword:', 'Plain'], ['regexp:', 'Regex']] as const) {
    if (d.startsWith(prefix)) return {domain: {type, value: d.slice(prefix.length)}};
  }
  return {domain: {type: 'Plain', value: d}};
}

/** v4 domain string → v5 DNS PriorityDomain ({type, domain}) or a geoDomain code (app/dns/config.proto:45 DomainMatchingType). */
function dnsDomain(d: string): {domain?: Json; geo?: Json} {
  if (d.startsWith('geosite:')) return {geo: {code: d.slice(8)}};
  for (const [prefix, type] of [['domain:', 'Subdomain'], ['full:', 'Full'], ['keyword:', 'Keyword'], ['regexp:', 'Regex']] as const) {
    if (d.startsWith(prefix)) return {domain: {type, domain: d.slice(prefix.length)}};
  }
  return {domain: {type: 'Keyword', domain: d}}; // a bare string is a keyword (infra/conf/rule/rule.go:106)
}

/** v4 IP strings → v5 GeoIP list: a code (maybe inverted) per geoip entry, then one CIDR list. */
export function geoips(ips: string[]): Json[] {
  const out: Json[] = [];
  const cidr: Json[] = [];
  for (const ip of ips) {
    if (ip.startsWith('geoip:')) {
      const inverse = ip.startsWith('geoip:!');
      out.push({code: ip.slice(inverse ? 7 : 6), ...(inverse ? {inverseMatch: true} : {})});
    } else {
      const [addr, prefix] = ip.split('/');
      cidr.push({ipAddr: addr, prefix: prefix === undefined ? (addr!.includes(':') ? 128 : 32) : Number(prefix)});
    }
  }
  if (cidr.length) out.push({cidr});
  return out;
}

const QUERY: Record<string, string> = {UseIP: 'USE_IP', UseIPv4: 'USE_IP4', UseIPv6: 'USE_IP6'};

function rule(r: Json): Json {
  const out: Json = {};
  if (typeof r.outboundTag === 'string') out.tag = r.outboundTag;
  else if (typeof r.balancerTag === 'string') out.balancingTag = r.balancerTag;
  const domains = (r.domain as string[] | undefined)?.map(routerDomain) ?? [];
  const plain = domains.flatMap((d) => (d.domain ? [d.domain] : []));
  const geo = domains.flatMap((d) => (d.geo ? [d.geo] : []));
  if (plain.length) out.domain = plain;
  if (geo.length) out.geoDomain = geo;
  if (r.ip) out.geoip = geoips(r.ip as string[]);
  if (r.port !== undefined) out.portList = String(r.port);
  if (r.network) out.networks = r.network;
  if (r.inboundTag) out.inboundTag = r.inboundTag;
  return out;
}

function outbound(o: Json): Json {
  const settings = o.settings as Json | undefined;
  const redirect = typeof settings?.redirect === 'string' ? Number(settings.redirect.split(':').pop()) : 0;
  return {tag: o.tag, protocol: o.protocol, ...(redirect ? {settings: {destinationOverride: {server: {port: redirect}}}} : {})};
}

function inbound(i: Json): Json {
  const settings = (i.settings ?? {}) as Json;
  if (i.protocol === 'dokodemo-door') return {tag: i.tag, protocol: i.protocol, listen: i.listen, port: i.port, settings: {address: settings.address, port: settings.port, networks: settings.network}};
  return {tag: i.tag, protocol: i.protocol, listen: i.listen, port: i.port, settings: {}};
}

function nameServer(s: unknown): Json {
  const o: Json = typeof s === 'string' ? {address: s} : (s as Json);
  const domains = (o.domains as string[] | undefined)?.map(dnsDomain) ?? [];
  const out: Json = {address: {address: o.address, ...(o.port ? {port: o.port} : {})}};
  const prioritized = domains.flatMap((d) => (d.domain ? [d.domain] : []));
  const geo = domains.flatMap((d) => (d.geo ? [d.geo] : []));
  if (prioritized.length) out.prioritizedDomain = prioritized;
  if (geo.length) out.geoDomain = geo;
  if (o.expectIps) out.geoip = geoips(o.expectIps as string[]);
  if (o.clientIp) out.clientIp = o.clientIp;
  if (o.queryStrategy) out.queryStrategy = QUERY[o.queryStrategy as string];
  if (o.tag) out.tag = o.tag;
  if (o.fallbackStrategy) out.fallbackStrategy = o.fallbackStrategy; // app/dns/config.proto FallbackStrategy names
  if (o.skipFallback) out.skipFallback = true;
  return out;
}

/** v4 hosts key → v5 SimplifiedHostMapping type and domain; null for geosite (no such type). */
function hostKey(key: string): {type: string; domain: string} | null {
  if (key.startsWith('geosite:')) return null;
  for (const [prefix, type] of [['domain:', 'Subdomain'], ['full:', 'Full'], ['keyword:', 'Keyword'], ['regexp:', 'Regex']] as const) {
    if (key.startsWith(prefix)) return {type, domain: key.slice(prefix.length)};
  }
  return {type: 'Full', domain: key}; // a bare hosts key is a full name (infra/conf/synthetic/dns/dns.go:442)
}

function dns(d: Json): Json {
  const out: Json = {};
  if (d.servers) out.nameServer = (d.servers as unknown[]).map(nameServer);
  if (d.hosts) {
    // v4 reads the keys sorted (infra/conf/synthetic/dns/dns.go:344); v5 keeps the written order
    out.staticHosts = Object.keys(d.hosts as Json).sort().flatMap((key) => {
      const k = hostKey(key);
      if (!k) return [];
      const value = (d.hosts as Json)[key];
      const v = String(Array.isArray(value) ? value[0] : value);
      const isIp = /^\d+(\.\d+){3}$/.test(v) || v.includes(':');
      return [isIp ? {...k, ip: Array.isArray(value) ? value.map(String) : [v]} : {...k, proxiedDomain: v}];
    });
  }
  if (d.clientIp) out.clientIp = d.clientIp;
  if (d.tag) out.tag = d.tag;
  if (d.queryStrategy) out.queryStrategy = QUERY[d.queryStrategy as string];
  if (d.domainMatcher) out.domainMatcher = d.domainMatcher;
  for (const k of ['fallbackStrategy', 'disableFallback', 'disableFallbackIfMatch']) if (d[k]) out[k] = d[k];
  // written, though the loader does not copy it into the runtime config (app/dns/dns.go:495):
  // whether a FakeDNS answer still comes from the default pool is part of the comparison
  const fake = d.fakedns as Json | undefined;
  if (fake) out.fakeDns = {pools: [{ipPool: fake.ipPool, lruSize: fake.poolSize}]};
  return out;
}

/** The v5 form of a generated v4 configuration. `errorLog`: the error log file. */
export function toV5(c: Json, errorLog: string): Json {
  const log = c.log as Json;
  const routing = (c.routing ?? {}) as Json;
  // the v4 names compare case-insensitively (infra/conf/synthetic/router/router.go:96)
  const ds: Record<string, string> = {asis: 'AsIs', ipifnonmatch: 'IpIfNonMatch', ipondemand: 'IpOnDemand'};
  return {
    log: {access: {type: 'File', path: log.access}, error: {type: 'File', level: 'Warning', path: errorLog}},
    inbounds: (c.inbounds as Json[]).map(inbound),
    outbounds: (c.outbounds as Json[]).map(outbound),
    ...(c.dns ? {dns: dns(c.dns as Json)} : {}),
    router: {
      domainStrategy: ds[String(routing.domainStrategy ?? '').toLowerCase()] ?? 'AsIs',
      rule: ((routing.rules ?? []) as Json[]).map(rule),
      ...(routing.balancers ? {balancingRule: (routing.balancers as Json[]).map((b) => ({tag: b.tag, outbound_selector: b.selector, ...(typeof b.fallbackTag === 'string' ? {fallback_tag: b.fallbackTag} : {})}))} : {}),
    },
  };
}
