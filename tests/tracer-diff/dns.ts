/**
 * Oracle 2 for the tracer, DNS part: generated `dns` sections run through the real v2ray 5.52.0,
 * in the v4 format and again in the v5 format (v5.ts), and through the tracer's traceLookup on the
 * same file; for every looked-up name the DNS servers asked, in order, the record types each was
 * asked for, the EDNS client subnet each was sent, the outbound that carried the queries to each
 * (seen by the port they arrive at), and the address finally used must agree.
 *
 * Run by run.ts inside its loopback-only namespace. Stand-ins (tests/toolkit/standins.mjs) answer from one table
 * that changes per configuration: plain DNS on 127.0.53.1-4 (ports 53, 5353 and REDIRECT), DoH at
 * https://127.0.53.5/dns-query (routed, also on port REDIRECT) and https+local://127.0.53.6/dns-query
 * (TLS from a CA made for the run, trusted through SSL_CERT_FILE), DNS over TCP at tcp://127.0.53.7
 * (routed, also on port REDIRECT) and tcp+local://127.0.53.10, and the system resolver's server
 * LOCAL, which the "localhost" server asks because /etc/resolv.conf is bind-mounted inside the
 * namespace to name it. A lookup is triggered by routing: `domainStrategy: "IPIfNonMatch"` with
 * `ip` rules, so a SOCKS CONNECT to a domain makes the router call LookupIP (v5.52.0
 * features/routing/dns/context.go:29). Each answer address has its own `ip` rule and blackhole
 * outbound, so the access log's tag says which address v2ray used.
 *
 * What is generated and why the outcome is what it is (v5.52.0):
 * - servers asked: first those whose `domains` match, in the order the domain index lists matches
 *   (keyword and regexp lists on any server), then every other server in config order
 *   (app/dns/dns.go:319 sortClients);
 * - the next server is asked only after a timeout (a silent stand-in, SILENT, in the first
 *   SILENT_CONFIGS configurations: 4 s, nameserver.go:195) or when no answer is inside `expectIps`
 *   (dns.go:308, errExpectedIPNonMatch); an NXDOMAIN answer (one stand-in address answering every
 *   name so, in some configurations) and an empty answer end the lookup (dns.go:308);
 * - `queryStrategy` at the dns level and per server picks the record types asked (nameserver.go:183
 *   option.With); "localhost" asks the system resolver for both and filters
 *   (features/dns/localdns/client.go:42);
 * - `hosts` answer first (every matching key's addresses), a domain mapped to a domain is
 *   unwrapped up to 5 levels and the result asked of the servers (hosts.go:82, dns.go:285);
 * - a server's `clientIp` wins over the global one (nameserver.go:104), sent as an ECS option;
 * - a FakeDNS server is skipped by the router's lookups (dns.go:334) and answers a client's query
 *   through the DNS outbound (a dokodemo-door inbound to a `dns` outbound) from its pool
 *   (nameserver_fakedns.go:26): the v4 `dns.fakedns` pool, or 198.18.0.0/15 when none reaches the
 *   server, as in the v5 format, whose loader does not copy `fakeDns` (dns.go:495).
 *
 * Not generated: QUIC servers (no stand-in), a domain as server address, IPv6 server addresses,
 * a server's own FakeDNS pool, `cacheStrategy`/`disableCache` (each name is asked once per
 * configuration).
 */
import {execFileSync} from 'node:child_process';
import {createSocket} from 'node:dgram';
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {readConfig} from '../../src/tracer/config';
import type {Format, Model} from '../../src/tracer/model';
import type {GeoData} from '../../src/tracer/geodata';
import {cidrContains, parseCidr, parseIP} from '../../src/tracer/ip';
import {traceLookup} from '../../src/tracer/dns';
import {route} from '../../src/tracer/route';
import type {DnsTrace, LookupStep} from '../../src/tracer/types';
import {dnsMessage, readReply} from '../toolkit/dnswire.mjs';
import {type Asked, dohServer, makeCertificates, newWorld, tcpDns, udpDns, type World, worldReplies} from '../toolkit/standins.mjs';
import {toV5} from './v5';

export type Started = {ok: boolean; out: () => string; stop: () => Promise<void>};

export type DnsRunner = {
  dir: string;
  geo: GeoData;
  rnd: () => number;
  start: (role: string, config: unknown, format: 'json' | 'jsonv5', port: number, env: Record<string, string>) => Promise<Started>;
  socksConnect: (port: number, host: string, dport: number) => Promise<void>;
  detour: (log: string, host: string, port: number, ms?: number) => Promise<string | null>;
};

const SERVERS = ['127.0.53.1', '127.0.53.2', '127.0.53.3', '127.0.53.4'];
const DOH = '127.0.53.5';
const DOHL = '127.0.53.6';
/** DNS over TCP: tcp:// (through routing) and tcp+local:// */
const TCP = '127.0.53.7';
const TCPL = '127.0.53.10';
/** the system resolver's server inside the namespace (/etc/resolv.conf), asked by "localhost" */
const LOCAL = '127.0.53.8';
/** queries routed to the outbound 'direct2' go to this port instead (freedom `redirect`,
 * proxy/freedom/freedom.go:101), so the port the stand-in saw tells which outbound carried them */
const REDIRECT = 5300;
/** logs queries but never answers: 5.52.0 gives up after 4 s (app/dns/nameserver.go:195) and asks
 * the next server (dns.go:308, context.DeadlineExceeded) */
const SILENT = '127.0.53.9';
/** configurations (the first ones) with the silent server first; one lookup each per format */
const SILENT_CONFIGS = 2;
const NAMES = ['www.example.com', 'api.example.com', 'example.com', 'shop.example.cn', 'x.google.com', 'google.com',
  'www.baidu.com', 'mail.qq.com', 'ads.example.net', 'cdn.example.net', 'foo.example.org', 'intra.corp.test', 'nas', 'printer.lan'];
/** the addresses answers come from; each has an `ip` rule to outbound a<i> (IPv6 last: an A answer's rule comes first) */
const ANSWERS = ['198.51.100.1', '198.51.100.2', '203.0.113.5', '110.242.68.66', '223.5.5.5', '2001:db8::5', '2001:db8::6'];
const A = ANSWERS.filter((a) => !a.includes(':'));
const AAAA = ANSWERS.filter((a) => a.includes(':'));
const EXPECT = ['198.51.100.0/24', '203.0.113.0/24', 'geoip:cn', '110.242.0.0/16', '198.51.100.2', '2001:db8::/32'];
const CLIENT_IPS = ['1.2.3.4', '100.64.7.9', '203.0.113.77'];
/** `domains` entries of every kind; keyword, regexp and geosite lists on any server */
const DOMAINS = ['domain:example.com', 'full:www.example.com', 'full:example.com', 'domain:google.com', 'geosite:google',
  'domain:example.net', 'full:mail.qq.com', 'domain:cn', 'domain:test', 'domain:org',
  'example', 'keyword:google', 'keyword:cdn', 'regexp:\\.cn$', 'regexp:^ads?\\.', 'geosite:cn', 'geosite:ads', 'keyword:qq', 'keyword:www', 'keyword:com'];
const STRATEGIES = ['UseIP', 'UseIPv4', 'UseIPv6'];
const FALLBACKS = ['Enabled', 'Disabled', 'DisabledIfAnyMatch'];
/** `hosts` keys with a prefix; a name may match several (hosts.go:70 lookupInternal) */
const HOST_KEYS = ['domain:example.com', 'full:api.example.com', 'keyword:baidu', 'regexp:^ads?\\.', 'geosite:google', 'geosite:cn',
  'domain:net', 'keyword:example'];
/** the v4 `dns.fakedns` pool when one is written */
const POOL = '100.100.0.0/16';

/** One entry for a run of the same server, name and subnet, with the record types asked (two
 * servers redirected to the same port in a row look like one, on both sides). */
function collapse(xs: Asked[]): Asked[] {
  const out: Asked[] = [];
  for (const a of xs) {
    const last = out[out.length - 1];
    if (last && last.server === a.server && last.name === a.name && last.ecs === a.ecs) {
      last.type = [...new Set([...last.type.split('+'), ...a.type.split('+')])].sort().join('+');
    } else out.push({...a});
  }
  return out;
}

type Step = DnsTrace['servers'][number];

/** The stand-in label a step's queries reach, or null when nothing is sent (FakeDNS). */
function labelOf(s: Step): string | null {
  const server = s.server;
  if (!server || s.fake || server.kind === 'fakedns') return null;
  const redirected = s.routed?.route.outbound === 'direct2';
  switch (server.kind) {
    case 'localhost': return 'localhost';
    case 'doh': return `doh ${server.host}:${redirected ? REDIRECT : server.port}`;
    case 'dohLocal': return `dohl ${server.host}:${server.port}`;
    case 'tcp': return `tcp ${server.host}:${redirected ? REDIRECT : server.port}`;
    case 'tcpLocal': return `tcpl ${server.host}:${server.port}`;
    default: return `${server.host}:${redirected ? REDIRECT : server.port}`;
  }
}

/** The record types a step asks for: those its queryStrategy leaves, and "localhost" then always both. */
function typesOf(s: Step, want: {v4: boolean; v6: boolean}): string {
  const v4 = want.v4 && s.queryStrategy !== 'UseIPv6', v6 = want.v6 && s.queryStrategy !== 'UseIPv4';
  if (!v4 && !v6) return ''; // nothing is sent (nameserver.go:184)
  if (s.server?.kind === 'localhost') return 'A+AAAA';
  return [v4 ? 'A' : '', v6 ? 'AAAA' : ''].filter(Boolean).join('+');
}

const show = (xs: Asked[]): string => xs.map((x) => `${x.server} ${x.name} ${x.type}${x.ecs ? ` ecs ${x.ecs}` : ''}`).join(', ') || '(none)';

/** The answer every server gives for the name (A and AAAA) and the servers answering NXDOMAIN / never, for traceLookup. */
function lookupInputs(model: Model, world: World, name: string): {answer: string[]; nxdomain: number[]; unreachable: number[]} {
  return {
    answer: [world.a.get(name), world.aaaa.get(name)].filter((x): x is string => x !== undefined),
    nxdomain: model.dns.servers.filter((s) => world.nx.has(s.host)).map((s) => s.index),
    unreachable: model.dns.servers.filter((s) => s.host === SILENT).map((s) => s.index),
  };
}

/** Whether a FakeDNS answer lies in one of the pools. */
function inPools(address: string, pools: string[]): boolean {
  const ip = parseIP(address);
  return ip !== null && pools.some((p) => cidrContains(parseCidr(p), ip));
}

/** One UDP query for `name` (type A) to 127.0.0.1:port: the reply's rcode and addresses, or null after 6 s. */
function udpQuery(port: number, name: string): Promise<{rcode: number; addresses: string[]} | null> {
  return new Promise((resolve) => {
    const s = createSocket('udp4');
    const msg = dnsMessage(name);
    const timer = setTimeout(() => { s.close(); resolve(null); }, 6000);
    s.on('message', (m) => { clearTimeout(timer); s.close(); try { const {rcode, records} = readReply(m); resolve({rcode, addresses: records.map((x) => x.address)}); } catch { resolve(null); } });
    s.on('error', () => { clearTimeout(timer); s.close(); resolve(null); });
    s.send(msg, port, '127.0.0.1');
  });
}

/** Points the system resolver at LOCAL inside the namespace (its own mount namespace: unshare --mount, private). */
function pointResolverAtLocal(dir: string): void {
  const file = join(dir, 'resolv.conf');
  writeFileSync(file, `nameserver ${LOCAL}\noptions timeout:2 attempts:1\n`);
  execFileSync('mount', ['--bind', file, '/etc/resolv.conf'], {timeout: 10_000});
}

type Count = {done: number; agree: number};
type Kinds = Record<string, number>;

/** One generated v4 configuration (its ports filled in per format later), and what the world answers. */
/**
 * The DNS case classes of issue 42: a run focused on one setting generates it on most servers
 * (`expect-ips`: expectIps on nine servers in ten; `fallback`: two to four servers, most with
 * domains, skipFallback or a fallbackStrategy on most, and a global fallback setting on most
 * configurations), and has no silent server.
 */
export type DnsFocus = 'expect-ips' | 'fallback';

/** What the tracer is given instead of the file, for a planted fault (`--plant`): the class's setting dropped. */
export const DNS_PLANTS: Record<DnsFocus, (config: Json) => Json> = {
  'expect-ips': (c) => {
    const d = structuredClone(c.dns) as Json;
    d.servers = (d.servers as unknown[]).map((s) => { if (typeof s !== 'object' || s === null) return s; const {expectIps: _, ...rest} = s as Json; return rest; });
    return {...c, dns: d};
  },
  fallback: (c) => {
    const d = structuredClone(c.dns) as Json;
    delete d.disableFallback; delete d.disableFallbackIfMatch; delete d.fallbackStrategy;
    d.servers = (d.servers as unknown[]).map((s) => { if (typeof s !== 'object' || s === null) return s; const {skipFallback: _a, fallbackStrategy: _b, ...rest} = s as Json; return rest; });
    return {...c, dns: d};
  },
};

function generate(rnd: () => number, world: World, n: number, port: number, focus?: DnsFocus): {config: Json; hasFake: boolean; silent: boolean} {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  world.a.clear(); world.aaaa.clear(); world.nx.clear();
  for (const name of NAMES) {
    world.a.set(name, pick(A));
    if (rnd() < 0.4) world.aaaa.set(name, pick(AAAA));
  }
  // servers: 1-4 of plain DNS (address:port pairs), localhost, DoH (routed and local) and FakeDNS
  const count = focus === 'fallback' ? 2 + Math.floor(rnd() * 3) : 1 + Math.floor(rnd() * 4);
  const chosen = new Set<string>();
  while (chosen.size < count) {
    const x = rnd();
    chosen.add(x < 0.1 ? 'localhost' : x < 0.2 ? `https://${DOH}/dns-query` : x < 0.26 ? `https+local://${DOHL}/dns-query` : x < 0.33 ? 'fakedns'
      : x < 0.39 ? `tcp://${TCP}` : x < 0.43 ? `tcp+local://${TCPL}` : `${pick(SERVERS)}:${rnd() < 0.3 ? 5353 : 53}`);
  }
  const servers: (string | Json)[] = [...chosen].map((entry) => {
    const plain = /^\d/.test(entry);
    const [address, p] = plain ? entry.split(':') : [entry, undefined];
    const domains = Array.from({length: focus === 'fallback' ? 1 + Math.floor(rnd() * 2) : Math.floor(rnd() * 3)}, () => pick(DOMAINS));
    const expectIps = entry !== 'fakedns' && rnd() < (focus === 'expect-ips' ? 0.9 : 0.3) ? [...new Set([pick(EXPECT), ...(rnd() < 0.3 ? [pick(EXPECT)] : [])])] : [];
    const clientIp = entry !== 'localhost' && entry !== 'fakedns' && rnd() < 0.2 ? pick(CLIENT_IPS) : undefined;
    const queryStrategy = entry !== 'fakedns' && rnd() < 0.25 ? pick(STRATEGIES) : undefined;
    // whether the server is asked when its domains do not match (nameserver.go:120)
    const fallback = rnd() < (focus === 'fallback' ? 0.7 : 0.1) ? (rnd() < 0.3 ? {skipFallback: true} : {fallbackStrategy: pick(FALLBACKS)}) : {};
    if ((!plain || p === '53') && domains.length === 0 && expectIps.length === 0 && !clientIp && !queryStrategy && rnd() < 0.6) return address!;
    return {address, ...(!plain || (p === '53' && rnd() < 0.5) ? {} : {port: Number(p)}), ...(domains.length ? {domains: [...new Set(domains)]} : {}),
      ...(expectIps.length ? {expectIps} : {}), ...(clientIp ? {clientIp} : {}), ...(queryStrategy ? {queryStrategy} : {}), ...fallback};
  });
  const silent = !focus && n <= SILENT_CONFIGS;
  if (silent) {
    // most lookups after the timeout succeed: no expectIps or queryStrategy to fail them
    for (const s of servers) if (typeof s === 'object') { delete s.expectIps; delete s.queryStrategy; delete s.skipFallback; delete s.fallbackStrategy; }
    servers.unshift(SILENT);
  }
  // NXDOMAIN: one stand-in address answers every name so
  const addresses = servers.map((s) => String(typeof s === 'string' ? s : s.address))
    .map((a) => (/^\d/.test(a) ? a : [DOHL, DOH, TCPL, TCP].find((x) => a.includes(`/${x}`)) ?? ''))
    .filter((a) => a !== '' && a !== SILENT);
  if (!silent && addresses.length > 0 && rnd() < 0.25) world.nx.add(pick(addresses));
  const hosts: Record<string, string> = {};
  for (let k = Math.floor(rnd() * 4); k > 0; k--) {
    const key = rnd() < 0.6 ? pick(NAMES) : pick(HOST_KEYS);
    hosts[key] = rnd() < 0.5 ? pick(A) : pick(NAMES.filter((x) => x !== key));
  }
  // the queries reach the stand-ins by rules to 'direct' (plain DNS by network, DoH by address);
  // before them, maybe an ip rule for one server address and, with the DNS module's `tag` set
  // (the inbound tag its queries carry, nameserver.go:98), maybe an inboundTag rule, both to
  // 'direct2'. A client's query comes in at 'dnsin' and goes to the DNS outbound.
  const byTag = rnd() < 0.5;
  const hasFake = chosen.has('fakedns');
  const queryStrategy = !silent && rnd() < 0.3 ? pick(STRATEGIES) : undefined;
  const x = rnd();
  const f = focus === 'fallback' ? 0.2 : 0.03;
  const fallback = silent ? {} : x < f ? {disableFallback: true} : x < 2 * f ? {disableFallbackIfMatch: true} : x < (focus === 'fallback' ? 0.7 : 0.1) ? {fallbackStrategy: pick(FALLBACKS)} : {};
  const config = {
    log: {loglevel: 'warning', access: ''},
    inbounds: [{tag: 'in', listen: '127.0.0.1', port, protocol: 'socks', settings: {auth: 'noauth'}},
      {tag: 'dnsin', listen: '127.0.0.1', port: port + 2000, protocol: 'dokodemo-door', settings: {address: SERVERS[0], port: 53, network: 'udp'}}],
    outbounds: [{tag: 'none', protocol: 'blackhole'}, {tag: 'direct', protocol: 'freedom'}, {tag: 'direct2', protocol: 'freedom', settings: {redirect: `:${REDIRECT}`}},
      {tag: 'dnsout', protocol: 'dns'}, ...ANSWERS.map((_, i) => ({tag: `a${i}`, protocol: 'blackhole'}))],
    dns: {servers, ...(byTag ? {tag: 'dnsq'} : {}), ...(Object.keys(hosts).length ? {hosts} : {}), ...(rnd() < 0.3 ? {clientIp: pick(CLIENT_IPS)} : {}),
      ...(queryStrategy ? {queryStrategy} : {}), ...fallback, ...(hasFake && rnd() < 0.5 ? {fakedns: {ipPool: POOL, poolSize: 1000}} : {}),
      // the mph index matcher orders keyword matches at one place otherwise (app/dns/dns.go:116-125)
      ...(rnd() < 0.25 ? {domainMatcher: 'mph'} : {})},
    routing: {
      domainStrategy: 'IPIfNonMatch',
      rules: [
        {type: 'field', inboundTag: ['dnsin'], outboundTag: 'dnsout'},
        ...(rnd() < 0.5 ? [rnd() < 0.3 ? {type: 'field', ip: [pick([DOH, TCP])], network: 'tcp', outboundTag: 'direct2'} : {type: 'field', ip: [pick(SERVERS)], network: 'udp', outboundTag: 'direct2'}] : []),
        ...(byTag ? [{type: 'field', inboundTag: ['dnsq'], outboundTag: 'direct2'}] : []),
        {type: 'field', network: 'udp', outboundTag: 'direct'},
        {type: 'field', ip: [DOH, TCP], network: 'tcp', outboundTag: 'direct'},
        ...ANSWERS.map((ip, i) => ({type: 'field', ip: [ip], outboundTag: `a${i}`}))],
    },
  };
  return {config, hasFake, silent};
}

type Json = Record<string, unknown>;

export type DnsPhase = {total: number; focus?: DnsFocus; plant?: boolean; portBase?: number};
export type DnsResult = {c: Record<Format, Count>; failures: string[]; kinds: Kinds};

/** One phase (see runDnsPhases). */
export async function runDns(r: DnsRunner, total: number, opts: Omit<DnsPhase, 'total'> = {}): Promise<DnsResult> {
  return (await runDnsPhases(r, [{total, ...opts}]))[0]!;
}

/**
 * Phases of lookups, each with its own counts, on one set of stand-ins: the plain comparison and
 * the focused classes share the servers (set up once, so no query can reach a server of an
 * earlier run).
 */
export async function runDnsPhases(r: DnsRunner, phases: DnsPhase[]): Promise<DnsResult[]> {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r.rnd() * xs.length)]!;
  const world: World = newWorld();
  pointResolverAtLocal(r.dir);
  const tls = makeCertificates(r.dir, [DOH, DOHL]);
  const closers: (() => void)[] = [];
  for (const address of SERVERS) for (const port of [53, 5353, REDIRECT]) { const s = await udpDns(address, port, worldReplies(world, `${address}:${port}`)); closers.push(() => s.close()); }
  for (const port of [53, REDIRECT]) { const s = await udpDns(SILENT, port, worldReplies(world, `${SILENT}:${port}`), true); closers.push(() => s.close()); }
  { const s = await udpDns(LOCAL, 53, worldReplies(world, 'localhost')); closers.push(() => s.close()); }
  for (const [address, port, label] of [[DOH, 443, `doh ${DOH}:443`], [DOH, REDIRECT, `doh ${DOH}:${REDIRECT}`], [DOHL, 443, `dohl ${DOHL}:443`]] as const) {
    const s = await dohServer(address, port, tls, worldReplies(world, label));
    closers.push(() => s.close());
  }
  for (const [address, port, label] of [[TCP, 53, `tcp ${TCP}:53`], [TCP, REDIRECT, `tcp ${TCP}:${REDIRECT}`], [TCPL, 53, `tcpl ${TCPL}:53`]] as const) {
    const s = await tcpDns(address, port, worldReplies(world, label));
    closers.push(() => s.close());
  }
  const env = {SSL_CERT_FILE: tls.ca};
  const results: DnsResult[] = [];
  // numbers configurations across the phases: their files and access logs are named by it, and a
  // log left by an earlier phase's configuration of the same number would answer for the new one
  let n = 0;
  try {
  for (const opts of phases) {
  const total = opts.total;
  const c: Record<Format, Count> = {v4: {done: 0, agree: 0}, v5: {done: 0, agree: 0}};
  let silentDone = 0;
  const failures: string[] = [];
  // what the cases exercised, so a run that tests little shows it
  const kinds: Kinds = {configs: 0, redirected: 0, timeout: 0, domainMatch: 0, moved: 0, severalAsked: 0, hosts: 0, replaced: 0, ecs: 0, noAnswer: 0,
    repeated: 0, noFallback: 0, mphOrder: 0, localhost: 0, doh: 0, dohLocal: 0, tcp: 0, tcpLocal: 0, nxdomain: 0, onlyAAAA: 0, onlyA: 0, aaaaUsed: 0, clientQuery: 0, fakeAnswer: 0, fakeV5PoolIgnored: 0, fakeSkipped: 0};
  const count = (k: string): void => { kinds[k] = (kinds[k] ?? 0) + 1; };
  {
    while (c.v4.done < total && failures.length < 30) {
      n++;
      // each run its own ports (a configuration uses port, +1000, +2000 and +3000)
      const port = (opts.portBase ?? 21000) + (n % 1000);
      const {config, hasFake, silent} = generate(r.rnd, world, n, port, opts.focus);
      count('configs');
      const runs = (['v4', 'v5'] as const).map((format) => {
        const p = format === 'v4' ? port : port + 1000;
        const log = join(r.dir, `dns-access-${n}-${format}.log`);
        const v4 = structuredClone(config) as {log: Json; inbounds: Json[]};
        v4.log.access = log;
        v4.inbounds[0]!.port = p;
        v4.inbounds[1]!.port = p + 2000;
        const written = format === 'v4' ? v4 : toV5(v4, join(r.dir, `dns-${n}-v5-error.log`));
        // a planted fault: the tracer reads the file with the class's setting dropped
        const plant = opts.plant && opts.focus ? DNS_PLANTS[opts.focus] : null;
        const traced = !plant ? written : format === 'v4' ? plant(v4 as unknown as Json) : toV5(plant(v4 as unknown as Json), join(r.dir, `dns-${n}-v5-error.log`));
        return {format, port: p, log, written: written as Json, model: readConfig(traced, format)};
      });
      const started = await Promise.all(runs.map((x) => r.start(`dns-${n}-${x.format}`, x.written, x.format === 'v4' ? 'json' : 'jsonv5', x.port, env)));
      if (started.some((s) => !s.ok)) {
        started.forEach((s, i) => { if (!s.ok) failures.push(`dns config ${n} (${runs[i]!.format} format) did not start: ${s.out().slice(-600)}`); });
        await Promise.all(started.map((s) => s.stop()));
        continue;
      }
      const seen = new Set<string>();
      for (let k = 0, here = 0; k < (silent ? 40 : 10) && here < (silent ? 1 : 5) && c.v4.done < total; k++) {
        const name = pick(NAMES);
        // the name each format's servers are asked (a v4 geosite hosts key has no v5 form, v5.ts)
        const firsts = runs.map((run) => traceLookup(run.model, name, r.geo, {fake: false}));
        // a name already asked is answered from the server's cache; ask each name once per config
        if (seen.has(name) || firsts.some((f) => seen.has(f.asked))) continue;
        // with the silent server, only a name it is asked first for (read off the order alone, so a
        // fault in how the tracer handles the timeout cannot make these cases go away)
        if (silent && firsts.some((f) => f.servers[0]?.server?.host !== SILENT)) continue;
        // and one whose lookup then succeeds: a failed one repeats for every IP rule, 4 s each
        // (features/routing/dns/context.go:29-34), which the other configurations check faster
        if (silent && runs.some((run, i) => {
          const {answer, ...servers} = lookupInputs(run.model, world, firsts[i]!.asked);
          const t = route(run.model, {address: name, port: 80, network: 'tcp', inboundTag: 'in', dnsAnswer: answer, ...servers}, r.geo, traceLookup);
          return t.steps.filter((x) => x.kind === 'lookup').length > 1;
        })) continue;
        for (const f of firsts) seen.add(f.asked);
        seen.add(name);
        // with FakeDNS, every other name is a client's query through the DNS outbound (FakeDNS wanted)
        const client = hasFake && here % 2 === 0 && !silent;
        here++;
        if (silent) silentDone++;
        for (const [i, run] of runs.entries()) {
          const inputs = lookupInputs(run.model, world, firsts[i]!.asked);
          // the DNS outbound asks LookupIPv4 for an A query (proxy/dns/dns.go:259); the router LookupIP
          const want = client ? {v4: true, v6: false} : {v4: true, v6: true};
          // the router's lookups: one, or one per IP condition while they fail (context.go:29-34)
          const routed = client ? null : route(run.model, {address: name, port: 80, network: 'tcp', inboundTag: 'in', dnsAnswer: inputs.answer,
            unreachable: inputs.unreachable, nxdomain: inputs.nxdomain}, r.geo, traceLookup);
          const lookups = routed ? routed.steps.filter((s): s is LookupStep => s.kind === 'lookup').map((s) => s.dns)
            : [traceLookup(run.model, name, r.geo, {fake: true, want, ...inputs})];
          const t = lookups[0]!;
          world.asked.length = 0;
          let realAnswer = '';
          let tag: string | null = null;
          if (client) {
            const reply = await udpQuery(run.port + 2000, name);
            realAnswer = reply === null ? 'no reply' : reply.addresses[0] ?? `rcode ${reply.rcode}`;
          } else {
            // a silent server makes each lookup wait 4 s (nameserver.go:195), and failed lookups repeat
            const waits = lookups.filter((l) => l.servers.some((s) => s.outcome === 'timeout')).length;
            await r.socksConnect(run.port, name, 80);
            tag = await r.detour(run.log, name, 80, Math.min(60_000, 4000 + 5000 * waits));
          }
          const real = collapse(world.asked);
          // what was sent: every step with an outcome, but nothing for a record type-less query
          // (nameserver.go:184) nor from a cache (a repeated lookup)
          const wantAsked = collapse(lookups.flatMap((l) => l.servers.filter((s) => s.outcome !== undefined && !s.cached).flatMap((s) => {
            const label = labelOf(s), types = typesOf(s, want);
            return label && types ? [{server: label, name: l.asked, ecs: s.ecs ?? '', type: types}] : [];
          })));
          let ok = show(real) === show(wantAsked) && real.every((a) => a.name === t.asked);
          let says = '';
          const answered = t.servers.find((s) => s.outcome === 'answer');
          if (client) {
            count('clientQuery');
            if (answered?.fake) {
              const pools = answered.fakePools ?? [];
              says = `an address from ${pools.join(', ')}`;
              ok &&= inPools(realAnswer, pools);
              if (run.format === 'v4') count('fakeAnswer');
            else if ((config.dns as Json).fakedns) count('fakeV5PoolIgnored'); // v5.ts writes it as fakeDns
            } else {
              const ip = (t.ips ?? []).find((x) => !x.includes(':'));
              says = ip ?? 'no address';
              ok &&= ip ? realAnswer === ip : realAnswer.startsWith('rcode');
            }
          } else {
            says = routed?.outbound ?? '';
            ok &&= tag === says;
            const at = ANSWERS.indexOf(says.startsWith('a') ? ANSWERS[Number(says.slice(1))] ?? '' : '');
            if (run.format === 'v4') {
              if (at < 0) count('noAnswer');
              else if (ANSWERS[at]!.includes(':')) count('aaaaUsed');
              if (lookups.length > 1) count('repeated');
              if (t.skipped.some((s) => s.why === 'fakedns')) count('fakeSkipped');
            }
          }
          c[run.format].done++;
          if (run.format === 'v4') {
            if (t.servers.some((s) => s.why === 'domain' && s.outcome !== undefined)) count('domainMatch');
            if (t.skipped.some((s) => s.why !== 'fakedns')) count('noFallback');
            if (t.servers.some((s) => s.expectIPs.length > 0 && s.outcome !== undefined)) count('expectChecked');
            if (run.model.dns.domainMatcher === 'mph' && t.servers.filter((s) => s.why === 'domain').length > 1) count('mphOrder');
            if (t.servers.some((s) => s.outcome === 'next')) count('moved');
            if (t.servers.some((s) => s.outcome === 'timeout')) count('timeout');
            if (wantAsked.some((w) => w.server.endsWith(`:${REDIRECT}`))) count('redirected');
            if (wantAsked.length > 1) count('severalAsked');
            if (t.hosts.result === 'ips') count('hosts');
            if (t.hosts.result === 'replaced') count('replaced');
            if (wantAsked.some((w) => w.ecs)) count('ecs');
            if (wantAsked.some((w) => w.server === 'localhost')) count('localhost');
            if (wantAsked.some((w) => w.server.startsWith('doh '))) count('doh');
            if (wantAsked.some((w) => w.server.startsWith('dohl '))) count('dohLocal');
            if (wantAsked.some((w) => w.server.startsWith('tcp '))) count('tcp');
            if (wantAsked.some((w) => w.server.startsWith('tcpl '))) count('tcpLocal');
            if (t.servers.some((s) => s.outcome === 'stop' && s.server && inputs.nxdomain.includes(s.server.index))) count('nxdomain');
            if (wantAsked.some((w) => w.type === 'AAAA')) count('onlyAAAA');
            if (!client && wantAsked.some((w) => w.type === 'A')) count('onlyA');
          }
          if (ok) c[run.format].agree++;
          else {
            failures.push(`dns config ${n} (${run.format} format), ${client ? 'client query' : 'lookup'} ${name}: v2ray asked [${show(real)}] ${client ? `answered ${realAnswer}` : `used ${tag}`};`
              + ` tracer asked [${show(wantAsked)}] ${client ? 'answers' : 'uses'} ${says}\n${JSON.stringify(run.written.dns)}`
              + ` A ${JSON.stringify(Object.fromEntries(world.a))} AAAA ${JSON.stringify(Object.fromEntries(world.aaaa))} NXDOMAIN ${[...world.nx].join(',') || '-'}`);
          }
        }
      }
      await Promise.all(started.map((s) => s.stop()));
    }
  }
  if (!opts.focus && silentDone < SILENT_CONFIGS) failures.push(`only ${silentDone} of ${SILENT_CONFIGS} lookups with a silent server were generated`);
  results.push({c, failures, kinds});
  }
  } finally {
    for (const close of closers) close();
  }
  return results;
}
