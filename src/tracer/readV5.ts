/**
 * The v5 JSON reader: the SimplifiedConfig loaders of v2ray-core v5.52.0, app/router/router.go:180
 * and app/dns/dns.go:405, which read protobuf JSON names.
 */
import {type Cidr, type IP, parseIP} from './ip';
import type {Balancer, DnsModel, DomainEntry, DomainRuleGroup, DomainStrategy, FallbackStrategy, IpEntry, QueryStrategy, Rule, RouterModel} from './model';
import {dnsCommon, dnsDomainMatcher, isObj, type Json, networkName, noEffectiveFields, own, parsePortText, serverKind, str, strictStringList} from './readCommon';
import type {MatcherType} from './strmatcher';

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

export function v5Router(router: unknown, errors: string[]): RouterModel {
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

export function v5Dns(dns: unknown, errors: string[]): DnsModel {
  const d = isObj(dns) ? dns : {};
  const model: DnsModel = {
    ...dnsCommon(dns),
    queryStrategy: 'UseIP',
    fallbackStrategy: 'Enabled',
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
