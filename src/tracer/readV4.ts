/**
 * The v4 JSON reader: infra/conf/synthetic/router/router.go, infra/conf/rule/rule.go and
 * infra/conf/synthetic/dns/dns.go of v2ray-core v5.52.0.
 */
import {type IP, parseIP} from './ip';
import type {Balancer, DnsModel, DomainEntry, DomainRuleGroup, DomainStrategy, FallbackStrategy, QueryStrategy, Rule, RouterModel} from './model';
import {dnsCommon, dnsDomainMatcher, isObj, type Json, networkName, noEffectiveFields, parseDomainString, parseIpStrings, parsePortList, serverKind, str, strictStringList, stringList} from './readCommon';

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

export function v4Router(routing: unknown, errors: string[]): RouterModel {
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

export function v4Dns(dns: unknown, errors: string[]): DnsModel {
  const d = isObj(dns) ? dns : {};
  const model: DnsModel = {
    ...dnsCommon(dns),
    queryStrategy: queryStrategyOf(str(d.queryStrategy)) ?? 'UseIP', // dns.go:307
    fallbackStrategy: fallbackStrategyOf(str(d.fallbackStrategy)) ?? 'Enabled', // dns.go:325
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

export function fakePools(v: unknown): string[] {
  if (isObj(v)) return str(v.ipPool) ? [str(v.ipPool)] : [];
  if (Array.isArray(v)) return v.filter(isObj).map((p) => str(p.ipPool)).filter(Boolean);
  return [];
}
