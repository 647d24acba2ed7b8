// How a v4 fragment becomes the smallest complete configuration that holds it at the right place,
// for `v2ray -test`. One row per object of the facts file that examples use; a
// fragment of an object without a row fails the check ("no wrapping for X").
import {V4_SETTINGS} from '../../builder/facts/factsWalk.mjs';

const UUID = '8e50d5ae-397d-49b0-9964-1fc852b673fb';
const server = {address: '127.0.0.1', port: 10086};

/** @typedef {Record<string, unknown>} Json */

/** @param {string} protocol @param {unknown} settings @param {Json} [extra] @returns {Json} */
const inbound = (protocol, settings, extra = {}) => ({inbounds: [{port: 10000, listen: '127.0.0.1', protocol, settings, ...extra}]});
/** @param {string} protocol @param {unknown} settings @param {Json} [extra] @returns {Json} */
const outbound = (protocol, settings, extra = {}) => ({outbounds: [{protocol, settings, ...extra}]});
/** A VMess outbound carrying the stream settings, as a client would. @param {Json} streamSettings */
const stream = (streamSettings) => outbound('vmess', {vnext: [{...server, users: [{id: UUID}]}]}, {streamSettings});
/** @param {unknown} rule @returns {string[]} */
const tagsOf = (rule) => {
  const r = /** @type {Json} */ (rule ?? {});
  return typeof r.outboundTag === 'string' ? [r.outboundTag] : [];
};
/** Outbounds and balancers that the rules name, so the router can be built. @param {Json} routing */
function withTargets(routing) {
  const rules = Array.isArray(routing.rules) ? routing.rules : [];
  const outTags = [...new Set(rules.flatMap(tagsOf))];
  const balancers = Array.isArray(routing.balancers) ? [...routing.balancers] : [];
  for (const r of rules) {
    const tag = /** @type {Json} */ (r).balancerTag;
    if (typeof tag === 'string' && !balancers.some((b) => /** @type {Json} */ (b).tag === tag)) {
      balancers.push({tag, selector: ['target']});
    }
  }
  return {
    routing: {...routing, ...(balancers.length ? {balancers} : {})},
    outbounds: [...outTags, 'target'].map((tag) => ({protocol: 'freedom', tag})),
  };
}

/**
 * Object name -> wrapper. `page` is the route of the page that documents the object (an
 * AccountObject of the socks page goes into a socks inbound, of the http page into an http one).
 * @type {Record<string, (f: Json, page: string) => Json>}
 */
export const WRAP = {
  ConfigObject: (f) => f,
  LogObject: (f) => ({log: f}),
  // inbounds and outbounds
  InboundObject: (f) => ({inbounds: [f]}),
  AllocateObject: (f) => inbound('socks', {}, {port: '10000-10010', allocate: f}),
  SniffingObject: (f) => inbound('socks', {}, {sniffing: f}),
  OutboundObject: (f) => ({outbounds: [f]}),
  ProxySettingsObject: (f) => ({outbounds: [
    {protocol: 'freedom', proxySettings: f},
    {protocol: 'freedom', tag: typeof f.tag === 'string' ? f.tag : 'proxy'},
  ]}),
  MuxObject: (f) => ({outbounds: [{protocol: 'vmess', settings: {vnext: [{...server, users: [{id: UUID}]}]}, mux: f}]}),
  // protocol settings (V4_SETTINGS) and their parts
  ...Object.fromEntries(Object.entries(V4_SETTINGS).map(([name, [dir, protocol]]) => [
    name, (/** @type {Json} */ f) => (dir === 'in' ? inbound(protocol, f) : outbound(protocol, f)),
  ])),
  ResponseObject: (f) => outbound('blackhole', {response: f}),
  DetourObject: (f) => inbound('vmess', {clients: [{id: UUID}], detour: f}),
  DefaultObject: (f) => inbound('vmess', {clients: [{id: UUID}], default: f}),
  VMessServerObject: (f) => outbound('vmess', {vnext: [f]}),
  VMessUserObject: (f) => outbound('vmess', {vnext: [{...server, users: [f]}]}),
  VLessClientObject: (f) => inbound('vless', {clients: [f], decryption: 'none'}),
  VLessServerObject: (f) => outbound('vless', {vnext: [f]}),
  VLessUserObject: (f) => outbound('vless', {vnext: [{...server, users: [f]}]}),
  TrojanClientObject: (f) => inbound('trojan', {clients: [f]}),
  TrojanServerObject: (f) => outbound('trojan', {servers: [f]}),
  FallbackObject: (f, page) => (page.endsWith('/trojan')
    ? inbound('trojan', {clients: [{password: 'example'}], fallbacks: [f]})
    : inbound('vless', {clients: [{id: UUID}], decryption: 'none', fallbacks: [f]})),
  ShadowsocksServerObject: (f) => outbound('shadowsocks', {servers: [f]}),
  SocksServerObject: (f) => outbound('socks', {servers: [f]}),
  SocksUserObject: (f) => outbound('socks', {servers: [{...server, users: [f]}]}),
  HttpServerObject: (f) => outbound('http', {servers: [f]}),
  HttpUserObject: (f) => outbound('http', {servers: [{...server, users: [f]}]}),
  AccountObject: (f, page) => (page.endsWith('/socks')
    ? inbound('socks', {auth: 'password', accounts: [f]})
    : inbound('http', {accounts: [f]})),
  Hysteria2ServerObject: (f) => outbound('hysteria2', {servers: [f]}),
  // transport
  TransportObject: (f) => ({transport: f}),
  StreamSettingsObject: (f) => stream(f),
  TLSObject: (f) => stream({security: 'tls', tlsSettings: f}),
  CertificateObject: (f) => stream({security: 'tls', tlsSettings: {certificates: [f]}}),
  SockoptObject: (f) => stream({sockopt: f}),
  TcpObject: (f) => stream({network: 'tcp', tcpSettings: f}),
  HttpHeaderObject: (f) => stream({network: 'tcp', tcpSettings: {header: f}}),
  HttpRequestObject: (f) => stream({network: 'tcp', tcpSettings: {header: {type: 'http', request: f}}}),
  HttpResponseObject: (f) => stream({network: 'tcp', tcpSettings: {header: {type: 'http', response: f}}}),
  KcpObject: (f) => stream({network: 'kcp', kcpSettings: f}),
  WebSocketObject: (f) => stream({network: 'ws', wsSettings: f}),
  HttpObject: (f) => stream({network: 'http', security: 'tls', httpSettings: f}),
  DomainSocketObject: (f) => stream({network: 'domainsocket', dsSettings: f}),
  QuicObject: (f) => stream({network: 'quic', quicSettings: f}),
  GrpcObject: (f) => stream({network: 'grpc', grpcSettings: f}),
  Hy2Object: (f) => stream({network: 'hy2', hy2Settings: f}),
  Hy2CongestionObject: (f) => stream({network: 'hy2', hy2Settings: {congestion: f}}),
  // routing
  RoutingObject: (f) => withTargets(f),
  RuleObject: (f) => withTargets({rules: [f]}),
  BalancerObject: (f) => withTargets({balancers: [f]}),
  StrategyObject: (f) => withTargets({balancers: [{tag: 'balancer', selector: ['target'], strategy: f}]}),
  RandomSettings: (f) => WRAP.StrategyObject({type: 'random', settings: f}, ''),
  LeastPingSettings: (f) => WRAP.StrategyObject({type: 'leastPing', settings: f}, ''),
  LeastLoadSettings: (f) => WRAP.StrategyObject({type: 'leastLoad', settings: f}, ''),
  CostObject: (f) => WRAP.StrategyObject({type: 'leastLoad', settings: {costs: [f]}}, ''),
  // dns, policy, the rest of the root
  DnsObject: (f) => ({dns: f}),
  ServerObject: (f) => ({dns: {servers: [f]}}),
  FakeDnsObject: (f) => ({dns: {fakedns: f}}),
  PolicyObject: (f) => ({policy: f}),
  LevelPolicyObject: (f) => ({policy: {levels: {0: f}}}),
  SystemPolicyObject: (f) => ({policy: {system: f}}),
  // ObservatoryService needs an observatory to read (/config/api#services): 5.52.0 refuses the
  // file without one ("not all dependency are resolved")
  ApiObject: (f) => ({api: f, ...(JSON.stringify(f.services ?? []).includes('ObservatoryService')
    ? {observatory: {subjectSelector: ['target']}, outbounds: [{protocol: 'freedom', tag: 'target'}]} : {})}),
  StatsObject: (f) => ({stats: f}),
  ReverseObject: (f) => ({reverse: f}),
  BridgeObject: (f) => ({reverse: {bridges: [f]}}),
  PortalObject: (f) => ({reverse: {portals: [f]}}),
  BrowserForwarderObject: (f) => ({browserForwarder: f}),
  ObservatoryObject: (f) => ({observatory: f}),
  BurstObservatoryObject: (f) => ({burstObservatory: f}),
  PingConfigObject: (f) => ({burstObservatory: {pingConfig: f}}),
  MultiObservatoryObject: (f) => ({multiObservatory: f}),
  ObserverItemObject: (f) => ({multiObservatory: {observers: [f]}}),
};

/**
 * The complete configuration for a fragment, or null when no row knows the object. Registered
 * service messages ("jsonv5 service:stats") go into the v4 "services" map under their name.
 * @param {{name: string, page: string, registry: string | null}} object
 * @param {Json} fragment
 * @returns {Json | null}
 */
export function wrapFragment(object, fragment) {
  const row = WRAP[object.name];
  if (row) return row(fragment, object.page);
  const service = /^service:(.+)$/.exec(object.registry ?? '');
  if (service) return {services: {[/** @type {string} */ (service[1])]: fragment}};
  return null;
}

// ---- v5 (jsonv5) fragments ----

/** A v5 stream configuration on an outbound, where `v2ray test` builds it. @param {Json} streamSettings */
const stream5 = (streamSettings) => ({outbounds: [{protocol: 'freedom', streamSettings}]});
/** Outbounds for the tags a v5 router names, so the names point somewhere. @param {Json} router */
function withTargets5(router) {
  const rules = Array.isArray(router.rule) ? router.rule : [];
  const tags = [...new Set(rules.map((r) => /** @type {Json} */ (r).tag).filter((t) => typeof t === 'string'))];
  return {router, outbounds: [...tags, 'target'].map((tag) => ({protocol: 'freedom', tag}))};
}
/** A leastLoad (or other) balancer holding the strategy settings. @param {string} strategy @param {Json} settings */
const balancer5 = (strategy, settings) => withTargets5({balancingRule: [{tag: 'balancer', outboundSelector: ['target'], strategy, strategySettings: settings}]});
/** The root keys that hold a service directly (infra/conf/v5cfg/root.go); every other goes under "services". */
const ROOT_SERVICES = new Set(['log', 'dns', 'router']);

/**
 * v5 object (facts name) -> wrapper; registered messages ("inbound:vmess", "transport:ws",
 * "service:stats", "balancer:leastload", "security:tls") are wrapped by their registry below.
 * @type {Record<string, (f: Json) => Json>}
 */
export const WRAP5 = {
  RootConfig: (f) => f,
  InboundConfig: (f) => ({inbounds: [f]}),
  OutboundConfig: (f) => ({outbounds: [f]}),
  StreamConfig: (f) => stream5(f),
  BalancingRule: (f) => withTargets5({balancingRule: [f]}),
  'v2ray.core.app.router.SimplifiedRoutingRule': (f) => withTargets5({rule: [f]}),
  // the server of a full VLESS outbound message, as its page's complete example has it
  'v2ray.core.common.protocol.ServerEndpoint': (f) => ({outbounds: [{protocol: '#v2ray.core.proxy.vless.outbound.Config', settings: {vnext: [f]}}]}),
  'v2ray.core.transport.internet.rrpit.transport.SessionSetting': (f) => stream5({transport: 'rrpit', transportSettings: {session: f}}),
};

/**
 * The complete v5 configuration for a fragment, or null when neither a row nor its registry says
 * where it goes (the check then reports it as checked by the field list only, with this reason).
 * @param {{name: string, registry: string | null}} object
 * @param {Json} f
 * @returns {Json | null}
 */
export function wrapV5Fragment(object, f) {
  const row = WRAP5[object.name];
  if (row) return row(f);
  const [kind, name] = (object.registry ?? '').split(':');
  if (!name) return null;
  switch (kind) {
    case 'inbound': return {inbounds: [{protocol: name, listen: '127.0.0.1', port: 10000, settings: f}]};
    case 'outbound': return {outbounds: [{protocol: name, settings: f}]};
    case 'transport': return stream5({transport: name, transportSettings: f});
    case 'security': return stream5({security: name, securitySettings: f});
    case 'balancer': return balancer5(name, f);
    case 'service': return ROOT_SERVICES.has(name) ? {[name]: f} : {services: {[name]: f}};
    default: return null;
  }
}
