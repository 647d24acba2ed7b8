/**
 * Oracle 2, the case classes of issue 42: generated routing configurations that each stress one
 * reading of the configuration where the tracer once disagreed with the toolkit, run through the
 * real v2ray 5.52.0 and the tracer in the v4 format and again in the v5 format (v5.ts). A case is
 * one destination through a configuration that starts (the outbound must agree), or one
 * configuration the toolkit refuses to start (the tracer must refuse it too: `model.errors`).
 *
 * Classes (each at least MIN cases per run, both formats counted together):
 * - empty-lists: `"domain": []`, `"ip": []`, `"inboundTag": []`... next to one effective field add
 *   no condition (app/router/config.go, the len() > 0 checks); only empty fields: "this rule has
 *   no effective fields" (config.go:126), a refusal;
 * - spaced-networks: network lists as written, not trimmed ("udp, tcp": " tcp" is unknown, so TCP
 *   does not match; common/net/network.go:60);
 * - port-syntax: port lists with spaces, empty items, leading zeros, reversed ranges, numbers, and
 *   the forms infra/conf/cfgcommon/common.go:109/:209 refuses ("60000-80000", "1000 - 2000", "-5",
 *   "1-2-3", "080", "70000");
 * - re2: `regexp:` patterns whose RE2 reading differs from JavaScript's ([[:alpha:]], \z, (?i),
 *   \b, \pL) and patterns Go refuses ((?=x), a{1001}, \Z, \1), with destinations in mixed case
 *   (the router matches the name as the client sent it, case-sensitively, except for the
 *   lower-cased `domain:` pattern: app/router/condition.go:93);
 * - balancers: rules to balancers whose selectors match one outbound, several or none, with and
 *   without `fallbackTag` (a missing one too): app/router/balancing.go:31, strategy_random.go;
 * - strategies-hosts: AsIs, IPIfNonMatch and IPOnDemand (in their v4 spellings) with `hosts`
 *   answering the names (a name mapped to several addresses, to another name), `ip` and `domain`
 *   rules in either order (app/router/router.go:107-117).
 *
 * `--plant NAME` runs one class with a fault put into what the tracer reads (each class's `plant`:
 * the mistake the tracer once made) and succeeds only when the comparison then disagrees.
 */
type Json = Record<string, unknown>;

export type ClassCase = {config: Json; dests: {host: string; port: number}[]};

export type CaseClass = {
  name: string;
  says: string;
  generate: (rnd: () => number) => ClassCase;
  /** a fault in the configuration the tracer reads (not the toolkit's copy) */
  plant: (config: Json) => Json;
};

export const MIN = 40;

const TAGS = ['o0', 'o1', 'o2', 'o3', 'o4'];
const HOSTS = ['www.example.com', 'api.example.com', 'example.com', 'shop.example.cn', 'mail.qq.com', 'x.google.com'];
const IPS = ['10.1.2.3', '192.168.1.5', '8.8.8.8', '110.242.68.66', '203.0.113.9'];

const pickOf = (rnd: () => number) => <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

/** The shared frame: one SOCKS inbound `in`, blackhole outbounds o0..o4 (o0 the default), hosts for every name. */
function frame(rnd: () => number, routing: Json, extraHosts: Record<string, string | string[]> = {}): Json {
  const pick = pickOf(rnd);
  const hosts: Record<string, string | string[]> = {};
  for (const d of HOSTS) hosts[d] = pick(IPS);
  return {
    log: {loglevel: 'warning'},
    inbounds: [{tag: 'in', listen: '127.0.0.1', port: 0, protocol: 'socks', settings: {auth: 'noauth'}}],
    outbounds: TAGS.map((tag) => ({tag, protocol: 'blackhole'})),
    dns: {hosts: {...hosts, ...extraHosts}},
    routing,
  };
}

const rulesOf = (c: Json): Json[] => ((c.routing as Json).rules as Json[]);
const mapRules = (c: Json, f: (r: Json) => Json): Json => ({...c, routing: {...(c.routing as Json), rules: rulesOf(c).map(f)}});
const dests = (rnd: () => number, hosts: readonly string[], n = 4): {host: string; port: number}[] => {
  const pick = pickOf(rnd);
  return Array.from({length: n}, () => ({host: pick(hosts), port: pick([80, 443, 53, 8080])}));
};

const emptyLists: CaseClass = {
  name: 'empty-lists',
  says: 'empty lists add no condition; a rule of empty lists only is refused',
  generate: (rnd) => {
    const pick = pickOf(rnd);
    const empties = ['domain', 'ip', 'inboundTag', 'user', 'protocol', 'source', 'network'];
    const rule = (): Json => {
      const r: Json = {type: 'field', outboundTag: pick(TAGS.slice(1))};
      for (const k of empties) if (rnd() < 0.35) r[k] = [];
      // one effective condition, or (one rule in eight) none at all
      if (rnd() < 0.875) {
        const k = pick(['port', 'domain', 'ip', 'inboundTag']);
        if (k === 'port') r.port = pick(['80', '443', '53,8080']);
        if (k === 'domain') r.domain = [pick(['domain:example.com', 'full:mail.qq.com', 'keyword:google'])];
        if (k === 'ip') r.ip = [pick(['10.0.0.0/8', '8.8.8.8', '203.0.113.0/24'])];
        if (k === 'inboundTag') r.inboundTag = [pick(['in', 'other'])];
      }
      return r;
    };
    const config = frame(rnd, {rules: Array.from({length: 1 + Math.floor(rnd() * 3)}, rule)});
    return {config, dests: dests(rnd, [...HOSTS, ...IPS])};
  },
  // the tracer's old reading: an empty list kept as a condition nothing meets
  plant: (c) => mapRules(c, (r) => {
    const out = {...r};
    const never: Json = {domain: ['full:never.invalid'], ip: ['192.0.2.255'], inboundTag: ['never'], user: ['never@invalid'], protocol: ['never'], source: ['192.0.2.255'], network: ['unix']};
    for (const k of Object.keys(never)) if (Array.isArray(out[k]) && (out[k] as unknown[]).length === 0) out[k] = never[k];
    return out;
  }),
};

const spacedNetworks: CaseClass = {
  name: 'spaced-networks',
  says: 'network lists are read as written: a spaced item is an unknown network',
  generate: (rnd) => {
    const pick = pickOf(rnd);
    const rule = (): Json => ({
      type: 'field', outboundTag: pick(TAGS.slice(1)),
      network: pick(['tcp, udp', 'udp, tcp', ' tcp', 'tcp ', 'udp,tcp', 'TCP', 'Tcp,udp', 'udp , tcp', 'tcp,udp', ['udp', ' tcp'], ['tcp']]),
      ...(rnd() < 0.4 ? {port: pick(['80', '443', '53'])} : {}),
    });
    return {config: frame(rnd, {rules: Array.from({length: 1 + Math.floor(rnd() * 3)}, rule)}), dests: dests(rnd, [...HOSTS, ...IPS])};
  },
  // the tracer's old reading: every item trimmed
  plant: (c) => mapRules(c, (r) => ({...r, network: typeof r.network === 'string' ? r.network.split(',').map((x) => x.trim()).join(',')
    : (r.network as string[]).map((x) => x.trim())})),
};

const REFUSED_PORTS = ['60000-80000', '1000 - 2000', '-5', '1-2-3', '080', '70000', '+80', '80-', '1e3'];
const portSyntax: CaseClass = {
  name: 'port-syntax',
  says: 'port lists: spaces around items, empty items, leading zeros in ranges, reversed ranges, numbers; refused forms refused',
  generate: (rnd) => {
    const pick = pickOf(rnd);
    const ok = [' 443 ', '80, 443', '443,', ',53', '0080-0443', '90-80', '1-100,443', '8000-9000', '53', '80 ,8080', 443, 8080];
    const rule = (): Json => ({type: 'field', outboundTag: pick(TAGS.slice(1)), port: rnd() < 0.3 ? pick(REFUSED_PORTS) : pick(ok)});
    return {config: frame(rnd, {rules: Array.from({length: 1 + Math.floor(rnd() * 2)}, rule)}), dests: dests(rnd, [...HOSTS, ...IPS])};
  },
  // the tracer's old reading: Number() on each half, spaces and signs forgiven
  plant: (c) => mapRules(c, (r) => {
    if (typeof r.port !== 'string') return r;
    const lenient = r.port.split(',').map((p) => {
      const t = p.trim();
      if (!t.includes('-')) return String(Math.min(Number(t.replace('+', '')) || 0, 65535));
      const cut = t.indexOf('-');
      return `${Math.min(Number(t.slice(0, cut).trim()) || 0, 65535)}-${Math.min(Number(t.slice(cut + 1).split('-')[0]!.trim()) || 0, 65535)}`;
    }).join(',');
    return {...r, port: lenient};
  }),
};

const RE2_OK = ['^[[:alpha:]]+\\.example\\.com$', 'com\\z', '(?i)^www\\.', '^www\\.', '\\bexample\\b', '[[:digit:]]', '^[^.]+\\.[^.]+$',
  '^\\pL+\\.', 'EXAMPLE', '(?i)example\\.COM$', '^[[:upper:]]', 'qq\\.com\\z', '^(a|ap)i\\.'];
const RE2_REFUSED = ['(?=x)x', 'a{1001}', '\\Z', '(?<=a)b', '(a)\\1', '[[:foo:]]'];
const re2: CaseClass = {
  name: 're2',
  says: 'regexp: patterns in Go\'s RE2 dialect, names in mixed case; patterns Go refuses are refused',
  generate: (rnd) => {
    const pick = pickOf(rnd);
    const rule = (): Json => {
      const kind = rnd();
      const domain = kind < 0.12 ? [`regexp:${pick(RE2_REFUSED)}`]
        : kind < 0.3 ? [pick(['domain:example.com', 'full:www.example.com', 'keyword:Example', 'domain:EXAMPLE.com'])]
          : [`regexp:${pick(RE2_OK)}`];
      return {type: 'field', outboundTag: pick(TAGS.slice(1)), domain};
    };
    const names = ['WWW.Example.COM', 'www.example.com', 'Api.example.com', 'a1.example.com', 'Example.com', 'MAIL.QQ.COM', 'api.example.com', 'ex.ample.com'];
    return {config: frame(rnd, {rules: Array.from({length: 1 + Math.floor(rnd() * 3)}, rule)}), dests: dests(rnd, names)};
  },
  // a dialect mistake: every pattern read case-insensitively
  plant: (c) => mapRules(c, (r) => ({...r, domain: (r.domain as string[]).map((d) => (d.startsWith('regexp:') && !d.startsWith('regexp:(?i)') ? `regexp:(?i)${d.slice(7)}` : d))})),
};

const balancers: CaseClass = {
  name: 'balancers',
  says: 'balancers whose selectors pick one outbound, several or none, with and without fallbackTag',
  generate: (rnd) => {
    const pick = pickOf(rnd);
    const balancer = (tag: string): Json => ({
      tag, selector: pick([['o3'], ['o1', 'o2'], ['nothing'], ['o'], ['x', 'y'], ['o4']]),
      ...(rnd() < 0.6 ? {fallbackTag: pick(['o2', 'o4', 'o1', 'missing'])} : {}),
    });
    const rule = (): Json => ({type: 'field', balancerTag: pick(['b1', 'b2']), ...(rnd() < 0.5 ? {port: pick(['80', '443'])} : {network: 'tcp'})});
    return {config: frame(rnd, {balancers: [balancer('b1'), balancer('b2')], rules: Array.from({length: 1 + Math.floor(rnd() * 2)}, rule)}), dests: dests(rnd, [...HOSTS, ...IPS])};
  },
  // the fallbackTag forgotten
  plant: (c) => ({...c, routing: {...(c.routing as Json), balancers: ((c.routing as Json).balancers as Json[]).map((b) => ({...b, fallbackTag: undefined}))}}),
};

const strategiesHosts: CaseClass = {
  name: 'strategies-hosts',
  says: 'AsIs, IPIfNonMatch and IPOnDemand with hosts answering the names (several addresses, a name mapped to a name)',
  generate: (rnd) => {
    const pick = pickOf(rnd);
    const extra: Record<string, string | string[]> = {'multi.example.com': ['8.8.8.8', '10.9.9.9'], 'alias.example.com': 'mail.qq.com'};
    const rule = (): Json => (rnd() < 0.65
      ? {type: 'field', outboundTag: pick(TAGS.slice(1)), ip: [pick(['10.0.0.0/8', '8.8.8.0/24', '192.168.0.0/16', '203.0.113.0/24', '110.242.0.0/16'])]}
      : {type: 'field', outboundTag: pick(TAGS.slice(1)), domain: [pick(['domain:example.com', 'full:mail.qq.com', 'keyword:google', 'domain:cn'])]});
    const ds = pick(['AsIs', 'IPIfNonMatch', 'IPOnDemand', 'IpIfNonMatch', 'ipondemand', 'IPIfNonMatch', 'IPOnDemand']);
    const config = frame(rnd, {domainStrategy: ds, rules: Array.from({length: 1 + Math.floor(rnd() * 4)}, rule)}, extra);
    return {config, dests: dests(rnd, [...HOSTS, 'multi.example.com', 'alias.example.com', 'multi.example.com', 'alias.example.com', IPS[0]!, IPS[2]!])};
  },
  // the strategy ignored: every configuration read as AsIs
  plant: (c) => ({...c, routing: {...(c.routing as Json), domainStrategy: 'AsIs'}}),
};

export const CLASSES: CaseClass[] = [emptyLists, spacedNetworks, portSyntax, re2, balancers, strategiesHosts];
