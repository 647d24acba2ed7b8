/**
 * Oracle 2 for the tracer, DNS part: generated `dns` sections run through the real v2ray
 * 4.34 and through the tracer's traceLookup; for every looked-up name the DNS servers asked, in
 * order, the EDNS client subnet each was sent, the outbound that carried the queries to each (seen
 * by the port they arrive at), and the address finally used must agree.
 *
 * Run by run.ts inside its loopback-only namespace. Stand-in DNS servers listen on 127.0.53.1-4,
 * ports 53, 5353 and REDIRECT (127.0.0.0/8 is loopback already), all answering A queries from one table that
 * changes per configuration (AAAA: an empty NOERROR answer), and log which server was asked for
 * which name. A lookup is triggered by routing: `domainStrategy: "IPIfNonMatch"` with `ip` rules, so
 * a SOCKS CONNECT to a domain makes 4.34's router call LookupIP (v4.34.0 app/router/router.go:
 * pickRouteInternal, the second pass). The queries themselves are dispatched through routing
 * (v4.34.0 app/dns/nameserver_udp.go:186 sendQuery, udp.Dispatcher) and reach the stand-ins by
 * freedom outbounds, one of which redirects them to port REDIRECT. Each answer address has its own `ip` rule and
 * blackhole outbound, so the access log's tag says which address 4.34 used.
 *
 * What 4.34 and 5.52.0 do alike here (read in both trees):
 * - servers asked: first those whose `domains` match, in the order the domain index lists matches,
 *   then every other server in config order (v4.34.0 app/dns/dns.go:210 sortClients; v5.52.0
 *   app/dns/dns.go:319 sortClients, with fallback Enabled by default);
 * - the next server is asked only after a timeout (a silent stand-in, SILENT, in the first
 *   SILENT_CONFIGS configurations: 4 s each) or when no answer is inside `expectIps`
 *   (v4.34.0 app/dns/dns.go:202 and nameserver.go:199 errExpectedIPNonMatch; v5.52.0 dns.go:308);
 * - `hosts` answer first (keys sorted, v4.34.0 infra/conf/dns.go:170; every matching key's
 *   addresses; the order among them is not observable here, the `ip` rules pick the first answer
 *   address in ANSWERS order), a domain mapped to a domain is unwrapped up to 5 levels and the result
 *   asked of the servers (v4.34.0 app/dns/hosts.go lookup, dns.go:177; v5.52.0 hosts.go:82, dns.go:285);
 * - a server's `clientIp` wins over the global one (v4.34.0 app/dns/dns.go:96; v5.52.0 nameserver.go:104),
 *   sent as an ECS option masked to /24 (v4.34.0 app/dns/dnscommon.go:69 genEDNS0Options).
 *
 * Where 4.34 and 5.52.0 differ, the tracer follows 5.52.0; not generated:
 * - the order of keyword (plain) and regexp matches in a server's `domains`: 4.34 lists them in the
 *   order they were added, interleaved (v4.34.0 common/strmatcher/strmatcher.go MatcherGroup.Match,
 *   `otherMatchers`); 5.52.0 lists every substring match (sorted by position in the name) before
 *   every regexp match (v5.52.0 common/strmatcher/indexmatcher_linear.go:53 Match, matchergroup_substr.go:22).
 *   Seen with this runner: servers [{127.0.53.1, domains ["regexp:^www\\."]}, {127.0.53.2, domains
 *   ["keyword:example"]}] for www.example.com: 4.34 asks .1 first, the tracer (5.52.0) .2; and
 *   ["keyword:com"] then ["keyword:www"]: 4.34 asks the first, 5.52.0 the second ("www" is found at
 *   position 0). So keyword, plain, regexp and geosite lists holding such entries go to one server
 *   per config only; then the order of those matches cannot change the order of servers;
 * - 5.52.0's `domainMatcher: "mph"` (v5.52.0 app/dns/dns.go:117) is not in 4.34 and not modelled by
 *   the tracer (it follows the default linear matcher, dns.go:124);
 *
 * Not generated, for other reasons (so not checked against 4.34 here):
 * - fields newer than 4.34: `queryStrategy`, `disableFallback`, `disableFallbackIfMatch`,
 *   `skipFallback`, `fallbackStrategy`, `fakedns` (v4.34.0 infra/conf/dns.go:13-19 and :122-127 read
 *   none of them);
 * - `localhost` (asks the system resolver), DoH and DoQ servers (no TLS stand-ins here), a domain as
 *   server address, IPv6 answers and `expectIps`, NXDOMAIN and other error answers (every stand-in
 *   answers NOERROR), lookups for a FakeDNS or a client's own DNS query (the DNS outbound).
 */
import {createSocket, type Socket} from 'node:dgram';
import {join} from 'node:path';
import {writeFileSync} from 'node:fs';
import {readConfig} from '../../src/tracer/config';
import type {GeoData} from '../../src/tracer/geodata';
import {traceLookup} from '../../src/tracer/trace';
import {encodeReply, parseQuery} from '../toolkit/standins.mjs';

export type DnsRunner = {
  dir: string;
  geo: GeoData;
  rnd: () => number;
  /** starts v2ray on a config file; resolves false (with its output in failures) when it did not listen */
  start: (file: string, port: number) => Promise<{ok: boolean; out: () => string; stop: () => void}>;
  socksConnect: (port: number, host: string, dport: number) => Promise<void>;
  detour: (log: string, host: string, port: number, ms?: number) => Promise<string | null>;
};

const SERVERS = ['127.0.53.1', '127.0.53.2', '127.0.53.3', '127.0.53.4'];
/** queries routed to the outbound 'direct2' go to this port instead (freedom `redirect`, v4.34.0
 * infra/conf/freedom.go:37, proxy/freedom/freedom.go:101), so the port the stand-in saw tells which
 * outbound carried them */
const REDIRECT = 5300;
const PORTS = [53, 5353, REDIRECT];
/** logs queries but never answers: 4.34 gives up after 4 s (v4.34.0 app/dns/nameserver.go:175) and
 * asks the next server (dns.go:202, context.DeadlineExceeded) */
const SILENT = '127.0.53.9';
/** configurations (the first ones) with the silent server somewhere in the list; one lookup each */
const SILENT_CONFIGS = 2;
const NAMES = ['www.example.com', 'api.example.com', 'example.com', 'shop.example.cn', 'x.google.com', 'google.com',
  'www.baidu.com', 'mail.qq.com', 'ads.example.net', 'cdn.example.net', 'foo.example.org', 'intra.corp.test'];
/** the addresses answers come from; each has an `ip` rule to outbound a<i> */
const ANSWERS = ['198.51.100.1', '198.51.100.2', '203.0.113.5', '110.242.68.66', '223.5.5.5'];
const EXPECT = ['198.51.100.0/24', '203.0.113.0/24', 'geoip:cn', '110.242.0.0/16', '198.51.100.2'];
const CLIENT_IPS = ['1.2.3.4', '100.64.7.9', '203.0.113.77'];
/** `domains` entries whose matchers are full or domain only (any server may have them) */
const ORDERED = ['domain:example.com', 'full:www.example.com', 'full:example.com', 'domain:google.com', 'geosite:google',
  'domain:example.net', 'full:mail.qq.com', 'domain:cn', 'domain:test', 'domain:org'];
/** keyword/regexp matchers (and lists holding them): one server per config only */
const UNORDERED = ['example', 'keyword:google', 'keyword:cdn', 'regexp:\\.cn$', 'regexp:^ads?\\.', 'geosite:cn', 'geosite:ads', 'keyword:qq'];

/** `hosts` keys with a prefix; a name may match several (the addresses of all are used, v4.34.0
 * app/dns/hosts.go lookupInternal; domains among several are dropped, filterIP) */
const HOST_KEYS = ['domain:example.com', 'full:api.example.com', 'keyword:baidu', 'regexp:^ads?\\.', 'geosite:google', 'geosite:cn',
  'domain:net', 'keyword:example'];

type Asked = {server: string; name: string; ecs: string};

/** The EDNS client subnet in a query, as "a.b.c.d/len", or '' (RFC 7871; OPT record in the additional section). */
function ecsOf(msg: Buffer, end: number): string {
  try {
    if (msg.readUInt16BE(10) === 0) return '';
    let i = end;
    if (msg[i] !== 0 || msg.readUInt16BE(i + 1) !== 41) return '';
    const rdlen = msg.readUInt16BE(i + 9);
    i += 11;
    const stop = i + rdlen;
    while (i + 4 <= stop) {
      const code = msg.readUInt16BE(i), len = msg.readUInt16BE(i + 2);
      if (code === 8 && msg.readUInt16BE(i + 4) === 1) {
        const prefix = msg[i + 6]!;
        const bytes = [...msg.subarray(i + 8, i + 4 + len)];
        while (bytes.length < 4) bytes.push(0);
        return `${bytes.join('.')}/${prefix}`;
      }
      i += 4 + len;
    }
  } catch { /* malformed: no subnet */ }
  return '';
}

function reply(msg: Buffer, table: Map<string, string>): {name: string; ecs: string; out: Buffer} {
  const q = parseQuery(msg);
  const ip = q.type === 1 ? table.get(q.name) : undefined;
  // NOERROR also when there is no record
  return {name: q.name, ecs: ecsOf(msg, q.end), out: encodeReply(msg, q, ip ? [ip] : [])};
}

async function startStandins(table: Map<string, string>, asked: Asked[]): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (const address of SERVERS) {
    for (const port of PORTS) {
      const s = createSocket('udp4');
      s.on('message', (m, r) => {
        try {
          const {name, ecs, out} = reply(m, table);
          asked.push({server: `${address}:${port}`, name, ecs});
          s.send(out, r.port, r.address);
        } catch { /* not DNS */ }
      });
      await new Promise<void>((res, rej) => { s.once('error', rej); s.bind(port, address, () => res()); });
      sockets.push(s);
    }
  }
  for (const port of [53, REDIRECT]) {
    const silent = createSocket('udp4');
    silent.on('message', (m) => {
      try { const q = parseQuery(m); asked.push({server: `${SILENT}:${port}`, name: q.name, ecs: ecsOf(m, q.end)}); } catch { /* not DNS */ }
    });
    await new Promise<void>((res, rej) => { silent.once('error', rej); silent.bind(port, SILENT, () => res()); });
    sockets.push(silent);
  }
  return sockets;
}

/** One entry for a run of the same server, name and subnet: a server gets the A and the AAAA query;
 * (two servers redirected to the same port in a row look like one, on both sides) */
function collapse(xs: Asked[]): Asked[] {
  const out: Asked[] = [];
  for (const a of xs) {
    const last = out[out.length - 1];
    if (!(last && last.server === a.server && last.name === a.name && last.ecs === a.ecs)) out.push(a);
  }
  return out;
}

/** ECS as 4.34 sends it: the address masked to /24 (v4.34.0 app/dns/dnscommon.go:79-93). */
const ecsFor = (ip: string | undefined): string => (ip ? `${ip.split('.').slice(0, 3).join('.')}.0/24` : '');

export async function runDns(r: DnsRunner, total: number): Promise<{done: number; agree: number; failures: string[]; kinds: Record<string, number>}> {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r.rnd() * xs.length)]!;
  const table = new Map<string, string>();
  const asked: Asked[] = [];
  const sockets = await startStandins(table, asked);
  let done = 0, agree = 0, n = 0, silentDone = 0;
  const failures: string[] = [];
  // what the cases exercised, so a run that tests little shows it
  const seenKinds = {redirected: 0, timeout: 0, domainMatch: 0, moved: 0, severalAsked: 0, hosts: 0, replaced: 0, ecs: 0, noAnswer: 0};
  try {
    while (done < total) {
      n++;
      const port = 21000 + (n % 1000);
      table.clear();
      for (const name of NAMES) table.set(name, pick(ANSWERS));
      // servers: 1-4 distinct address:port pairs; domains lists with keyword/regexp on one only
      const count = 1 + Math.floor(r.rnd() * 4);
      const pairs = new Set<string>();
      while (pairs.size < count) pairs.add(`${pick(SERVERS)}:${r.rnd() < 0.3 ? 5353 : 53}`);
      // (servers listen on REDIRECT too, but no config names that port)
      const unorderedAt = Math.floor(r.rnd() * count);
      const servers = [...pairs].map((pair, i) => {
        const [address, p] = pair.split(':');
        const domains = Array.from({length: Math.floor(r.rnd() * 3)}, () => pick(i === unorderedAt && r.rnd() < 0.5 ? UNORDERED : ORDERED));
        const expectIps = r.rnd() < 0.35 ? [...new Set([pick(EXPECT), ...(r.rnd() < 0.3 ? [pick(EXPECT)] : [])])] : [];
        const clientIp = r.rnd() < 0.2 ? pick(CLIENT_IPS) : undefined;
        if (p === '53' && domains.length === 0 && expectIps.length === 0 && !clientIp && r.rnd() < 0.6) return address!;
        return {address, ...(p === '53' && r.rnd() < 0.5 ? {} : {port: Number(p)}), ...(domains.length ? {domains: [...new Set(domains)]} : {}),
          ...(expectIps.length ? {expectIps} : {}), ...(clientIp ? {clientIp} : {})};
      });
      const silent = n <= SILENT_CONFIGS;
      if (silent) servers.unshift(SILENT);
      const hosts: Record<string, string> = {};
      for (let k = Math.floor(r.rnd() * 4); k > 0; k--) {
        const key = r.rnd() < 0.6 ? pick(NAMES) : pick(HOST_KEYS);
        hosts[key] = r.rnd() < 0.5 ? pick(ANSWERS) : pick(NAMES.filter((x) => x !== key));
      }
      // the queries reach the stand-ins by a network rule to 'direct'; before it, maybe an ip rule
      // for one server address and, with the DNS module's `tag` set (the inbound tag its queries
      // carry, v4.34.0 app/dns/dns.go:192, nameserver_udp.go:195), maybe an inboundTag rule, both to
      // 'direct2'
      const byTag = r.rnd() < 0.5;
      const log = join(r.dir, `dns-access-${n}.log`);
      const config = {
        log: {loglevel: 'warning', access: log},
        inbounds: [{tag: 'in', listen: '127.0.0.1', port, protocol: 'socks', settings: {auth: 'noauth'}}],
        outbounds: [{tag: 'none', protocol: 'blackhole'}, {tag: 'direct', protocol: 'freedom'}, {tag: 'direct2', protocol: 'freedom', settings: {redirect: `:${REDIRECT}`}},
          ...ANSWERS.map((_, i) => ({tag: `a${i}`, protocol: 'blackhole'}))],
        dns: {servers, ...(byTag ? {tag: 'dnsq'} : {}), ...(Object.keys(hosts).length ? {hosts} : {}), ...(r.rnd() < 0.3 ? {clientIp: pick(CLIENT_IPS)} : {})},
        routing: {
          domainStrategy: 'IPIfNonMatch',
          rules: [
            ...(r.rnd() < 0.5 ? [{type: 'field', ip: [pick(SERVERS)], network: 'udp', outboundTag: 'direct2'}] : []),
            ...(byTag ? [{type: 'field', inboundTag: ['dnsq'], outboundTag: 'direct2'}] : []),
            {type: 'field', network: 'udp', outboundTag: 'direct'},
            ...ANSWERS.map((ip, i) => ({type: 'field', ip: [ip], outboundTag: `a${i}`}))],
        },
      };
      const file = join(r.dir, `dns-config-${n}.json`);
      writeFileSync(file, JSON.stringify(config, null, 1));
      const v = await r.start(file, port);
      if (!v.ok) { failures.push(`dns config ${n} did not start: ${v.out().slice(-300)}\n${JSON.stringify(config.dns)}`); continue; }
      const model = readConfig(config, 'v4');
      const seen = new Set<string>();
      const unreachable = model.dns.servers.filter((s) => s.host === SILENT).map((s) => s.index);
      for (let k = 0, here = 0; k < (silent ? 40 : 8) && here < (silent ? 1 : 5) && done < total; k++) {
        const name = pick(NAMES);
        const first = traceLookup(model, name, r.geo, {fake: false});
        // a name already asked is answered from the server's cache; ask each name once per config
        if (seen.has(first.asked) || seen.has(name)) continue;
        const t = traceLookup(model, name, r.geo, {fake: false, unreachable, answer: table.has(first.asked) ? [table.get(first.asked)!] : []});
        // with the silent server, only a name it is asked first for (read off the order alone, so a
        // fault in how the tracer handles the timeout cannot make these cases go away)
        if (silent && first.servers[0]?.server?.host !== SILENT) continue;
        seen.add(first.asked);
        seen.add(name);
        here++;
        if (silent) silentDone++;
        asked.length = 0;
        await r.socksConnect(port, name, 80);
        const tag = await r.detour(log, name, 80, silent ? 15_000 : 3000);
        const real = collapse(asked);
        // the outbound carrying a server's queries: 'direct2' redirects them to port REDIRECT
        const want = collapse(t.servers.filter((s) => s.outcome !== undefined).map((s) => ({
          server: `${s.server!.host}:${s.routed?.route.outbound === 'direct2' ? REDIRECT : s.server!.port}`, name: t.asked, ecs: ecsFor(s.clientIp),
        })));
        // the first `ip` rule any used address matches (rules are in ANSWERS order)
        const at = Math.min(...(t.ips ?? []).map((x) => ANSWERS.indexOf(x)).filter((i) => i >= 0));
        const ip = Number.isFinite(at) ? ANSWERS[at] : undefined;
        const wantTag = ip ? `a${at}` : 'none';
        const show = (xs: Asked[]): string => xs.map((x) => `${x.server} ${x.name}${x.ecs ? ` ecs ${x.ecs}` : ''}`).join(', ') || '(none)';
        const ok = tag === wantTag && show(real) === show(want) && real.every((a) => a.name === t.asked);
        done++;
        if (t.servers.some((s) => s.why === 'domain' && s.outcome !== undefined)) seenKinds.domainMatch++;
        if (t.servers.some((s) => s.outcome === 'next')) seenKinds.moved++;
        if (t.servers.some((s) => s.outcome === 'timeout')) seenKinds.timeout++;
        if (want.some((w) => w.server.endsWith(`:${REDIRECT}`))) seenKinds.redirected++;
        if (want.length > 1) seenKinds.severalAsked++;
        if (t.hosts.result === 'ips') seenKinds.hosts++;
        if (t.hosts.result === 'replaced') seenKinds.replaced++;
        if (want.some((w) => w.ecs)) seenKinds.ecs++;
        if (!ip) seenKinds.noAnswer++;
        if (ok) agree++;
        else failures.push(`dns config ${n}, ${name}: v2ray asked [${show(real)}] used ${tag}; tracer asked [${show(want)}] uses ${wantTag}\n${JSON.stringify(config.dns)} answers ${JSON.stringify(Object.fromEntries(table))}`);
      }
      v.stop();
    }
  } finally {
    for (const s of sockets) s.close();
  }
  if (silentDone < SILENT_CONFIGS) failures.push(`only ${silentDone} of ${SILENT_CONFIGS} lookups with a silent server were generated`);
  return {done, agree, failures, kinds: {configs: n, ...seenKinds}};
}
