/**
 * How a routing, DNS, Fake DNS or balancer fragment (a fence with fragment=<Object>) becomes the
 * smallest configuration the checker loads and the tracer runs: the fragment in its place, a first
 * outbound `default` standing in for the outbound a connection takes when no rule sends it
 * elsewhere, and a stand-in outbound for every tag the fragment names (blackhole for a tag that
 * says block, freedom otherwise). A balancer fragment also gets a rule that sends every TCP and UDP
 * connection to it, so a trace reaches it. Pure: used by the remark plugin (index.ts) at build time
 * and by the unit tests.
 */

type Json = Record<string, unknown>;
export type Where = {v5: boolean; /** the page's file name without folder and extension: router, dns, routing... */ page: string};

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);

/** A tag for the outbounds a selector prefix picks: `proxy-` gives proxy-1 and proxy-2. */
const membersOf = (prefix: string): string[] => [1, 2].map((n) => `${prefix}${/[-_.]$/.test(prefix) ? '' : '-'}${n}`);

/** The stand-in outbounds: `default` first, then every named tag once, in the order named. */
function standIns(tags: string[]): Json[] {
  const out = ['default', ...tags].filter((t, i, all) => t !== '' && all.indexOf(t) === i);
  return out.map((tag) => ({tag, protocol: /^(block|blackhole|reject)/i.test(tag) ? 'blackhole' : 'freedom'}));
}

/** The balancer used to hold a strategy fragment. */
const heldBalancer = {tag: 'balancer', prefix: 'proxy-'};

function v4Routing(routing: Json): Json {
  const rules = Array.isArray(routing.rules) ? routing.rules.filter(isObj) : [];
  const balancers = Array.isArray(routing.balancers) ? [...routing.balancers.filter(isObj)] : [];
  // a balancerTag naming no balancer of the fragment gets one whose members are stand-ins too
  for (const tag of rules.flatMap((r) => strings(r.balancerTag))) {
    if (!balancers.some((b) => b.tag === tag)) balancers.push({tag, selector: [`${tag}-`]});
  }
  const tags = [
    ...rules.flatMap((r) => strings(r.outboundTag)),
    ...balancers.flatMap((b) => [...strings(b.selector).flatMap(membersOf), ...strings(b.fallbackTag)]),
  ];
  const added = balancers.length > (Array.isArray(routing.balancers) ? routing.balancers.length : 0);
  return {outbounds: standIns(tags), routing: added ? {...routing, balancers} : routing};
}

/** A v4 balancer fragment, with a rule that sends every connection to it. */
function v4Balancer(balancer: Json): Json {
  return v4Routing({rules: [{type: 'field', network: 'tcp,udp', balancerTag: balancer.tag}], balancers: [balancer]});
}
const v4Strategy = (strategy: Json): Json =>
  v4Balancer({tag: heldBalancer.tag, selector: [heldBalancer.prefix], strategy});

function v5Router(router: Json): Json {
  const rules = Array.isArray(router.rule) ? router.rule.filter(isObj) : [];
  const balancers = Array.isArray(router.balancingRule) ? router.balancingRule.filter(isObj) : [];
  const tags = [
    ...rules.flatMap((r) => strings(r.tag)),
    ...balancers.flatMap((b) => [...strings(b.outbound_selector).flatMap(membersOf), ...strings(b.fallback_tag)]),
  ];
  return {outbounds: standIns(tags), router};
}
const v5Balancer = (balancer: Json): Json =>
  v5Router({rule: [{balancingTag: balancer.tag, networks: 'tcp,udp'}], balancingRule: [balancer]});

/**
 * An observatory fragment: what it observes is what a balancer reading it picks from, so the
 * wrapper adds stand-ins for the outbounds its subjectSelector names and a balancer over the same
 * prefixes with the strategy that reads it (leastPing for the background observatory, leastLoad
 * for the burst one), and a rule sending every connection there.
 */
function v4Observed(key: string, fragment: Json, strategy: 'leastPing' | 'leastLoad', inServices: boolean): Json {
  const selector = strings(fragment.subjectSelector);
  const wrapped = v4Balancer({tag: heldBalancer.tag, selector, strategy: {type: strategy}});
  return inServices ? {...wrapped, services: {[key]: fragment}} : {...wrapped, [key]: fragment};
}

/**
 * v4 multiObservatory: one balancer per observer, under the observer's tag, reading it by
 * observerTag, each reached by connections from an inbound of that tag.
 */
function v4MultiObserved(fragment: Json): Json {
  const observers = Array.isArray(fragment.observers) ? fragment.observers.filter(isObj) : [];
  const balancers = observers.map((o) => {
    const settings = isObj(o.settings) ? o.settings : {};
    return {tag: o.tag, selector: strings(settings.subjectSelector), strategy: {type: o.type === 'burst' ? 'leastLoad' : 'leastPing', settings: {observerTag: o.tag}}};
  });
  const rules = observers.map((o) => ({type: 'field', inboundTag: [o.tag], balancerTag: o.tag}));
  return {...v4Routing({rules, balancers}), multiObservatory: fragment};
}

function v5Observed(key: string, fragment: Json, strategy: 'leastping' | 'leastload'): Json {
  const wrapped = v5Balancer({tag: heldBalancer.tag, outbound_selector: strings(fragment.subjectSelector), strategy});
  return {...wrapped, services: {[key]: fragment}};
}

/**
 * A partial file of services only (the observatory pages' persistentProbeResult excerpt, beside
 * filesystemstorage): wrapped as its observatory service would be, the other services kept.
 */
function observedServices(f: Json, observed: (key: string, service: Json) => Json | null): Json {
  const services = isObj(f.services) ? f.services : {};
  for (const [key, service] of Object.entries(services)) {
    const w = isObj(service) ? observed(key, service) : null;
    if (w) return {...f, ...w, services};
  }
  throw new Error('services without a backgroundObservatory or burstObservatory');
}

type Row = (fragment: Json, where: Where) => Json;

/** v4 format (docs/ and its English copy): the facts file's object names. */
export const V4_WRAP: Record<string, Row> = {
  RoutingObject: (f) => v4Routing(f),
  RuleObject: (f) => v4Routing({rules: [f]}),
  BalancerObject: (f) => v4Balancer(f),
  StrategyObject: (f) => v4Strategy(f),
  RandomSettings: (f) => v4Strategy({type: 'random', settings: f}),
  LeastPingSettings: (f) => v4Strategy({type: 'leastPing', settings: f}),
  LeastLoadSettings: (f) => v4Strategy({type: 'leastLoad', settings: f}),
  CostObject: (f) => v4Strategy({type: 'leastLoad', settings: {costs: [f]}}),
  DnsObject: (f) => ({outbounds: standIns([]), dns: f}),
  ServerObject: (f) => ({outbounds: standIns([]), dns: {servers: [f]}}),
  // a pool is used by a "fakedns" server only: the page says both are needed
  FakeDnsObject: (f) => ({outbounds: standIns([]), dns: {fakedns: f, servers: ['fakedns']}}),
  ObservatoryObject: (f) => v4Observed('observatory', f, 'leastPing', false),
  BurstObservatoryObject: (f) => v4Observed('burstObservatory', f, 'leastLoad', false),
  MultiObservatoryObject: (f) => v4MultiObserved(f),
  // the observatory services' pages (config/service/*.md) call their object Config; in the v4
  // format the service sits in the top-level services object
  Config: (f, where) => {
    if (where.page === 'backgroundObservatory') return v4Observed('backgroundObservatory', f, 'leastPing', true);
    if (where.page === 'burstObservatory') return v4Observed('burstObservatory', f, 'leastLoad', true);
    throw new Error(`Config of the ${where.page} page`);
  },
  // wrap=services on a partial file (the checks take it as written; only its trace link is wrapped)
  services: (f) => observedServices(f, (key, s) =>
    key === 'backgroundObservatory' ? v4Observed(key, s, 'leastPing', true) : key === 'burstObservatory' ? v4Observed(key, s, 'leastLoad', true) : null),
};

/** v5 format (versioned_docs/v5 and its English copy): the pages' heading names. */
export const V5_WRAP: Record<string, Row> = {
  SimplifiedConfig: (f, where) => {
    if (where.page === 'router') return v5Router(f);
    if (where.page === 'dns') return {outbounds: standIns([]), router: {}, dns: f};
    throw new Error(`SimplifiedConfig of the ${where.page} page`);
  },
  // the router's settings shown on another page (the geo page's example) name the message in full
  'router.SimplifiedConfig': (f) => v5Router(f),
  SimplifiedRoutingRule: (f) => v5Router({rule: [f]}),
  BalancingRule: (f) => v5Balancer(f),
  StrategyRandomConfig: (f) => v5Balancer({tag: heldBalancer.tag, outbound_selector: [heldBalancer.prefix], strategy: 'random', strategy_settings: f}),
  StrategyLeastPingConfig: (f) => v5Balancer({tag: heldBalancer.tag, outbound_selector: [heldBalancer.prefix], strategy: 'leastping', strategy_settings: f}),
  StrategyLeastLoadConfig: (f) => v5Balancer({tag: heldBalancer.tag, outbound_selector: [heldBalancer.prefix], strategy: 'leastload', strategy_settings: f}),
  // services of their own, apart from the DNS servers (app/dns/fakedns/fake.go:283). The empty
  // "router" (v5 only) lets the checker tell the format: outbounds and services are in both.
  FakeDnsPool: (f) => ({outbounds: standIns([]), router: {}, services: {fakeDns: f}}),
  FakeDnsPoolMulti: (f) => ({outbounds: standIns([]), router: {}, services: {fakeDnsMulti: f}}),
  Config: (f, where) => {
    if (where.page === 'backgroundObservatory') return v5Observed('backgroundObservatory', f, 'leastping');
    if (where.page === 'burstObservatory') return v5Observed('burstObservatory', f, 'leastload');
    throw new Error(`Config of the ${where.page} page`);
  },
  services: (f) => observedServices(f, (key, s) =>
    key === 'backgroundObservatory' ? v5Observed(key, s, 'leastping') : key === 'burstObservatory' ? v5Observed(key, s, 'leastload') : null),
};

/**
 * The configuration a fragment of object `kind` stands in. Throws when no row knows the
 * object or the fragment is not of the shape the row needs, naming the object (the caller adds
 * the page and the fence).
 */
export function wrapFragment(kind: string, fragment: unknown, where: Where): Json {
  const table = where.v5 ? V5_WRAP : V4_WRAP;
  const row = Object.hasOwn(table, kind) ? table[kind] : undefined;
  if (!row) {
    throw new Error(`no trace wrapping for a ${where.v5 ? 'v5' : 'v4'} fragment=${kind} (known: ${Object.keys(table).join(', ')})`);
  }
  // FakeDnsObject may be an array of pools; every other fragment is one object
  if (!isObj(fragment) && !(kind === 'FakeDnsObject' && Array.isArray(fragment))) {
    throw new Error(`fragment=${kind} is not a JSON object`);
  }
  return row(fragment as Json, where);
}
