/**
 * What a JSON Schema cannot say about a configuration and the toolkit decides at load time (v2ray
 * test), read off v2ray-core v5.52.0: port ranges the wrong way round, addresses and CIDR masks,
 * where an inbound may listen, rules without a condition or without a target, a balancer tag
 * naming no balancer; and the settings whose typo silently turns protection off (a socks `auth`
 * the toolkit does not know serves without authentication, a stream `security` other than "tls"
 * connects without TLS, a QUIC `security` it does not know sends without encryption). Each finding
 * names the value's path; problems.ts places it and messages.ts words it. Linear in the file: one walk.
 */

export type RuleCode =
  /** "from-to" with from > to, or a port over 65535 in a string (cfgcommon/common.go:157-176, common/net/port.go:19-34) */
  | 'portRange'
  /** a port list entry over 65535 or the wrong way round: accepted, matches nothing (cfgcommon/common.go:186-229) */
  | 'portNeverMatches'
  /** not an IP address (infra/conf/rule/rule.go:333-378: "unsupported address for router") */
  | 'ip'
  /** a CIDR mask over 32 (IPv4) or 128 (IPv6) (rule.go:352-355, 368-371) */
  | 'cidrMask'
  /** listen: an IP, "localhost", an absolute path or "@name" (infra/conf/v4/v2ray.go:128-147, v5cfg/inbound.go:25-45) */
  | 'listen'
  /** v5: a port is needed unless listening on a socket path (v5cfg/inbound.go:19-45; v4's schema says it) */
  | 'listenPort'
  /** a protocol that cannot run without its settings (v4: vmess.go:134, trojan.go:39, shadowsocks.go:29/75, vless.go:59; v5: uuid, method) */
  | 'settingsMissing'
  /** a TLS certificate with neither certificateFile nor certificate (cfgcommon/tlscfg: both file and bytes are empty) */
  | 'certificateMissing'
  /** v5: transportSettings without transport are read as tcp's (unknown field) */
  | 'transportMissing'
  /** services.policy.system without stats: 5.52.0 dereferences it and crashes (app/policy/config.go:83-92) */
  | 'policyStats'
  /** a rule without any condition (app/router/config.go:126-128) */
  | 'noCondition'
  /** a balancer tag no balancer has (app/router/router.go:60-66) */
  | 'balancerMissing'
  /** an outbound tag no outbound has: accepted, the connections are dropped at run time */
  | 'outboundMissing'
  /** a key written twice in one object: the last one counts */
  | 'duplicateKey'
  /** a key written twice whose earlier value cannot be read: the toolkit's JSON reader refuses it */
  | 'duplicateKeyRefused'
  /** socks "auth" other than "noauth"/"password": no authentication (infra/conf/v4/socks.go:44-53) */
  | 'socksAuth'
  /** socks accounts without "auth": "password": they are not asked for (socks.go:44-53) */
  | 'socksAccountsIgnored'
  /** stream "security" other than "tls" (any case): no TLS (infra/conf/v4/transport_internet.go:349) */
  | 'noTls'
  /** QUIC "security" other than its two ciphers: no packet encryption (transport_internet.go:263-271) */
  | 'quicNoEncryption';

export type Finding = {code: RuleCode; segments: (string | number)[]; at: 'key' | 'value'; values?: Record<string, string>; warning?: boolean};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const own = (o: Obj, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);
/** Go structs (v4) match keys in any letter case: the value of the key written in any case. */
const anyCase = (o: Obj, k: string): unknown => {
  if (Object.hasOwn(o, k)) return o[k];
  const lower = k.toLowerCase();
  for (const key of Object.keys(o)) if (key.toLowerCase() === lower) return o[key];
  return undefined;
};
const get2 = (o: Obj, k: string): unknown => anyCase(o, k);
const keyIn = (o: Obj, k: string): string | undefined => Object.keys(o).find((key) => key.toLowerCase() === k.toLowerCase());

/** Go's net.ParseIP for IPv4: four decimal bytes, no leading zeros (Go 1.17 and later). */
export function isIPv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** Go's net.ParseIP for IPv6 (with an IPv4 tail allowed), brackets as v2ray strips them. */
export function isIPv6(s: string): boolean {
  let t = s.startsWith('[') && s.endsWith(']') ? s.slice(1, -1) : s;
  if (!t.includes(':')) return false;
  let groups = 8;
  const lastColon = t.lastIndexOf(':');
  if (t.slice(lastColon + 1).includes('.')) {
    if (!isIPv4(t.slice(lastColon + 1))) return false;
    t = `${t.slice(0, lastColon + 1)}0:0`;
  }
  const halves = t.split('::');
  if (halves.length > 2) return false;
  const parse = (h: string) => (h === '' ? [] : h.split(':'));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (![...head, ...tail].every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? head.length + tail.length < groups : head.length === groups;
}

const isIP = (s: string): boolean => isIPv4(s) || isIPv6(s);

/** A rule's "ip"/"source" entry (rule.go ParseIP after the geoip:/ext: prefixes): null when the toolkit reads it. */
function ipEntryProblem(s: string): {code: RuleCode; values: Record<string, string>} | null {
  const entry = s.startsWith('!') ? s.slice(1) : s;
  if (/^(geoip|ext|ext-ip):/i.test(entry)) return null;
  const slash = entry.indexOf('/');
  const addr = slash < 0 ? entry : entry.slice(0, slash);
  if (!isIP(addr)) return {code: 'ip', values: {value: s}};
  if (slash >= 0) {
    const mask = entry.slice(slash + 1);
    const max = isIPv4(addr) ? 32 : 128;
    if (!/^\d+$/.test(mask) || Number(mask) > max) return {code: 'cidrMask', values: {value: s, max: String(max)}};
  }
  return null;
}

/** A port number in a string as net.PortFromString reads it. */
const portOk = (s: string): boolean => /^\d+$/.test(s) && Number(s) <= 65535;

/** An inbound's "port" (cfgcommon PortRange): a number, "n", "from-to" with from <= to, "env:NAME". */
function portRangeProblem(v: unknown): boolean {
  if (typeof v !== 'string' || v.startsWith('env:')) return false;
  const pair = v.split('-');
  if (pair.length !== 2) return false; // one port: the schema's pattern says what is wrong
  const [a = '', b = ''] = pair;
  return portOk(a) && portOk(b) && Number(a) > Number(b);
}

/** A rule's "port"/"sourcePort" list (cfgcommon PortList): true when an entry is refused, 'never' when it can never match. */
function portListProblem(v: unknown): 'refused' | 'never' | null {
  if (typeof v === 'number') return v > 65535 ? 'never' : null;
  if (typeof v !== 'string') return null;
  let never = false;
  for (const raw of v.split(',')) {
    const t = raw.trim();
    if (!t) continue;
    if (t.includes('-')) {
      if (t.startsWith('env:')) continue;
      // strings.SplitN(s, "-", 2): "1-2-3" is "1" and "2-3", and "2-3" is no port
      const dash = t.indexOf('-');
      const a = t.slice(0, dash);
      const b = t.slice(dash + 1);
      if (!portOk(a) || !portOk(b)) return 'refused';
      if (Number(a) > Number(b)) never = true;
    } else if (!portOk(t)) return 'refused';
  }
  return never ? 'never' : null;
}

const V4_CONDITIONS = ['domain', 'domains', 'ip', 'port', 'network', 'source', 'sourcePort', 'user', 'inboundTag', 'protocol', 'attrs'];
const V5_CONDITIONS = ['domain', 'cidr', 'geoip', 'portRange', 'port_range', 'portList', 'port_list', 'networkList', 'network_list', 'networks',
  'sourceCidr', 'source_cidr', 'sourceGeoip', 'source_geoip', 'sourcePortList', 'source_port_list', 'userEmail', 'user_email', 'inboundTag', 'inbound_tag',
  'protocol', 'attributes', 'geoDomain', 'geo_domain'];
const nonEmpty = (v: unknown): boolean => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v.length > 0 : isObj(v) ? Object.keys(v).length > 0 : typeof v === 'number');

/** What the toolkit decides about `value` (a v4 or v5 configuration) beyond the schema. */
export function findings(value: unknown, version: 'v4' | 'v5'): Finding[] {
  const out: Finding[] = [];
  if (!isObj(value)) return out;
  const get = version === 'v4' ? anyCase : own;
  const outboundTags = new Set<string>();
  for (const o of Array.isArray(get(value, 'outbounds')) ? get(value, 'outbounds') as unknown[] : []) {
    if (isObj(o) && typeof get(o, 'tag') === 'string') outboundTags.add(get(o, 'tag') as string);
  }
  // tags the toolkit adds itself: the API's outbound, and v4 reverse portals and bridges
  // the commander's (v4 "api", v5 services.commander) outbound, app/commander/commander.go
  const services = get(value, 'services');
  // the services map is read as protobuf in both formats (the same registry)
  const policy = isObj(services) ? own(services, 'policy') : undefined;
  const system = isObj(policy) ? own(policy, 'system') : undefined;
  if (isObj(system) && system.stats === undefined) out.push({code: 'policyStats', segments: ['services', 'policy', 'system'], at: 'key'});
  const api = version === 'v4' ? get(value, 'api') : isObj(services) ? own(services, 'commander') : undefined;
  if (isObj(api) && typeof get(api, 'tag') === 'string') outboundTags.add(get(api, 'tag') as string);
  const reverse = get(value, 'reverse');
  if (isObj(reverse)) {
    for (const k of ['portals', 'bridges']) {
      for (const x of Array.isArray(get(reverse, k)) ? get(reverse, k) as unknown[] : []) if (isObj(x) && typeof get(x, 'tag') === 'string') outboundTags.add(get(x, 'tag') as string);
    }
  }

  // inbounds: port ranges, listen, socks authentication, streams
  const inbounds = get(value, 'inbounds');
  if (Array.isArray(inbounds)) {
    inbounds.forEach((ib, i) => {
      if (!isObj(ib)) return;
      const portKey = keyIn(ib, 'port') ?? 'port';
      const port = get(ib, 'port');
      if (portRangeProblem(port)) out.push({code: 'portRange', segments: ['inbounds', i, portKey], at: 'value', values: {value: String(port)}});
      const listen = get(ib, 'listen');
      const socketListen = typeof listen === 'string' && (listen.startsWith('/') || listen.startsWith('@'));
      // v4's schema says so itself (InboundObject: port required unless listen names a socket)
      if (version === 'v5' && port === undefined && !socketListen) out.push({code: 'listenPort', segments: ['inbounds', i], at: 'value'});
      if (typeof listen === 'string' && listen !== '') {
        const socket = listen.startsWith('/') || listen.startsWith('@');
        if (!isIP(listen) && listen !== 'localhost' && !socket) out.push({code: 'listen', segments: ['inbounds', i, keyIn(ib, 'listen') ?? 'listen'], at: 'value', values: {value: listen}});
      }
      const protocol = String(get(ib, 'protocol') ?? '').toLowerCase();
      const settings = get(ib, 'settings');
      if (settings === undefined && (version === 'v4' ? ['shadowsocks', 'vless'] : ['shadowsocks', 'dokodemo-door']).includes(protocol)) {
        out.push({code: 'settingsMissing', segments: ['inbounds', i], at: 'value', values: {protocol}});
      }
      if (version === 'v4' && protocol === 'socks' && isObj(settings)) {
        const authKey = keyIn(settings, 'auth');
        const auth = authKey ? settings[authKey] : undefined;
        const accounts = get(settings, 'accounts');
        if (typeof auth === 'string' && auth !== 'noauth' && auth !== 'password') {
          out.push({code: 'socksAuth', segments: ['inbounds', i, 'settings', authKey!], at: 'value', values: {value: auth}});
        } else if (auth !== 'password' && Array.isArray(accounts) && accounts.length > 0) {
          out.push({code: 'socksAccountsIgnored', segments: ['inbounds', i, 'settings', keyIn(settings, 'accounts')!], at: 'key'});
        }
      }
      streamFindings(get(ib, 'streamSettings'), ['inbounds', i, keyIn(ib, 'streamSettings') ?? 'streamSettings'], version, out);
    });
  }
  const outbounds = get(value, 'outbounds');
  if (Array.isArray(outbounds)) {
    outbounds.forEach((ob, i) => {
      if (!isObj(ob)) return;
      const protocol = String(get(ob, 'protocol') ?? '').toLowerCase();
      if (get(ob, 'settings') === undefined && (version === 'v4' ? ['vmess', 'vless', 'trojan', 'shadowsocks'] : ['vmess', 'vless']).includes(protocol)) {
        out.push({code: 'settingsMissing', segments: ['outbounds', i], at: 'value', values: {protocol}});
      }
      streamFindings(get(ob, 'streamSettings'), ['outbounds', i, keyIn(ob, 'streamSettings') ?? 'streamSettings'], version, out);
    });
  }

  // routing
  if (version === 'v4') {
    const routing = get(value, 'routing');
    if (isObj(routing)) {
      const balancerTags = new Set<string>();
      for (const b of Array.isArray(get(routing, 'balancers')) ? get(routing, 'balancers') as unknown[] : []) if (isObj(b) && typeof get(b, 'tag') === 'string') balancerTags.add(get(b, 'tag') as string);
      const rulesKey = keyIn(routing, 'rules') ?? 'rules';
      const rules = get(routing, 'rules');
      if (Array.isArray(rules)) {
        rules.forEach((r, j) => {
          if (!isObj(r)) return;
          const at = ['routing', rulesKey, j];
          const outboundTag = get(r, 'outboundTag');
          const balancerTag = get(r, 'balancerTag');
          if (typeof outboundTag === 'string' && outboundTag) {
            if (!outboundTags.has(outboundTag)) out.push({code: 'outboundMissing', segments: [...at, keyIn(r, 'outboundTag')!], at: 'value', values: {tag: outboundTag}, warning: true});
          } else if (typeof balancerTag === 'string' && balancerTag) {
            if (!balancerTags.has(balancerTag)) out.push({code: 'balancerMissing', segments: [...at, keyIn(r, 'balancerTag')!], at: 'value', values: {tag: balancerTag}});
          }
          // neither tag: the schema's RuleObject says so (anyOf required)
          if (!V4_CONDITIONS.some((k) => nonEmpty(get(r, k)))) out.push({code: 'noCondition', segments: at, at: 'value'});
          for (const k of ['ip', 'source']) {
            const list = get(r, k);
            const key = keyIn(r, k) ?? k;
            const entries = typeof list === 'string' ? [list] : Array.isArray(list) ? list : [];
            entries.forEach((e, n) => {
              if (typeof e !== 'string') return;
              const p = ipEntryProblem(e);
              if (p) out.push({code: p.code, segments: typeof list === 'string' ? [...at, key] : [...at, key, n], at: 'value', values: p.values});
            });
          }
          for (const k of ['port', 'sourcePort']) {
            const p = portListProblem(get(r, k));
            if (p) out.push({code: p === 'refused' ? 'portRange' : 'portNeverMatches', segments: [...at, keyIn(r, k)!], at: 'value', values: {value: String(get(r, k))}, ...(p === 'never' ? {warning: true} : {})});
          }
        });
      }
    }
  } else {
    const router = own(value, 'router');
    if (isObj(router)) {
      const balancerTags = new Set<string>();
      const brKey = Object.hasOwn(router, 'balancingRule') ? 'balancingRule' : 'balancing_rule';
      for (const b of Array.isArray(router[brKey]) ? router[brKey] as unknown[] : []) if (isObj(b) && typeof b.tag === 'string') balancerTags.add(b.tag);
      const rules = own(router, 'rule');
      if (Array.isArray(rules)) {
        rules.forEach((r, j) => {
          if (!isObj(r)) return;
          const at = ['router', 'rule', j];
          for (const k of ['balancingTag', 'balancing_tag']) {
            const t = own(r, k);
            if (typeof t === 'string' && t && !balancerTags.has(t) && !(typeof own(r, 'tag') === 'string' && own(r, 'tag'))) out.push({code: 'balancerMissing', segments: [...at, k], at: 'value', values: {tag: t}});
          }
          const tag = own(r, 'tag') ?? own(r, 'outboundTag');
          if (typeof tag === 'string' && tag && !outboundTags.has(tag)) out.push({code: 'outboundMissing', segments: [...at, Object.hasOwn(r, 'tag') ? 'tag' : 'outboundTag'], at: 'value', values: {tag}, warning: true});
          if (!V5_CONDITIONS.some((k) => nonEmpty(own(r, k)))) out.push({code: 'noCondition', segments: at, at: 'value'});
          for (const k of ['geoip', 'sourceGeoip', 'source_geoip']) {
            const list = own(r, k);
            if (!Array.isArray(list)) continue;
            list.forEach((g, n) => {
              if (!isObj(g) || !Array.isArray(g.cidr)) return;
              g.cidr.forEach((c, m) => {
                if (!isObj(c)) return;
                const ipKey = Object.hasOwn(c, 'ipAddr') ? 'ipAddr' : Object.hasOwn(c, 'ip_addr') ? 'ip_addr' : null;
                const ip = ipKey ? c[ipKey] : undefined;
                if (ipKey && typeof ip === 'string' && !isIP(ip)) out.push({code: 'ip', segments: [...at, k, n, 'cidr', m, ipKey], at: 'value', values: {value: ip}});
                else if (!ipKey && !Object.hasOwn(c, 'ip')) out.push({code: 'ip', segments: [...at, k, n, 'cidr', m], at: 'value', values: {value: ''}});
                const prefix = c.prefix;
                if (typeof ip === 'string' && typeof prefix === 'number' && prefix > (isIPv4(ip) ? 32 : 128)) {
                  out.push({code: 'cidrMask', segments: [...at, k, n, 'cidr', m, 'prefix'], at: 'value', values: {value: `${ip}/${prefix}`, max: isIPv4(ip) ? '32' : '128'}});
                }
              });
            });
          }
        });
      }
    }
    // v5 static hosts: "ip" holds addresses (app/dns/hosts.go: invalid IP address in static hosts)
    const dns = own(value, 'dns');
    const hosts = isObj(dns) ? own(dns, 'staticHosts') ?? own(dns, 'static_hosts') : undefined;
    if (Array.isArray(hosts)) {
      const hostsKey = isObj(dns) && Object.hasOwn(dns, 'staticHosts') ? 'staticHosts' : 'static_hosts';
      hosts.forEach((h, n) => {
        if (!isObj(h) || !Array.isArray(h.ip)) return;
        h.ip.forEach((ip, m) => { if (typeof ip === 'string' && !isIP(ip)) out.push({code: 'ip', segments: ['dns', hostsKey, n, 'ip', m], at: 'value', values: {value: ip}}); });
      });
    }
  }
  return out;
}

/** A v4 stream's security: "tls" in any case turns TLS on, anything else leaves it off; QUIC's own cipher likewise. */
function streamFindings(stream: unknown, at: (string | number)[], version: 'v4' | 'v5', out: Finding[]): void {
  if (!isObj(stream)) return;
  if (version === 'v5') {
    const settings = own(stream, 'transportSettings') ?? own(stream, 'transport_settings');
    if (isObj(settings) && Object.keys(settings).length > 0 && own(stream, 'transport') === undefined) out.push({code: 'transportMissing', segments: at, at: 'value'});
    return;
  }
  const tlsKey = keyIn(stream, 'tlsSettings');
  const tls = tlsKey ? stream[tlsKey] : undefined;
  const certsKey = isObj(tls) ? keyIn(tls, 'certificates') : undefined;
  const certs = isObj(tls) && certsKey ? tls[certsKey] : undefined;
  if (Array.isArray(certs)) {
    certs.forEach((c, n) => {
      if (!isObj(c)) return;
      const file = get2(c, 'certificateFile');
      const inline = get2(c, 'certificate');
      if (!(typeof file === 'string' && file) && !(Array.isArray(inline) && inline.length)) out.push({code: 'certificateMissing', segments: [...at, tlsKey!, certsKey!, n], at: 'value'});
    });
  }
  const secKey = keyIn(stream, 'security');
  const security = secKey ? stream[secKey] : undefined;
  if (typeof security === 'string' && security.toLowerCase() !== 'tls' && security.toLowerCase() !== 'none' && security !== '') {
    out.push({code: 'noTls', segments: [...at, secKey!], at: 'value', values: {value: security}});
  }
  const quicKey = keyIn(stream, 'quicSettings');
  const quic = quicKey ? stream[quicKey] : undefined;
  if (isObj(quic)) {
    const k = keyIn(quic, 'security');
    const v = k ? quic[k] : undefined;
    if (typeof v === 'string' && !['aes-128-gcm', 'chacha20-poly1305', 'none', ''].includes(v.toLowerCase())) {
      out.push({code: 'quicNoEncryption', segments: [...at, quicKey!, k!], at: 'value', values: {value: v}});
    }
  }
}
