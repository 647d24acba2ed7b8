/**
 * Oracle 2 for the tracer, routing part: generated configurations and destinations run
 * through the real v2ray 4.34 (/usr/bin/v2ray) inside a network namespace that has only loopback,
 * and through the tracer; the outbound that carries each connection must agree. Then the DNS part
 * (dns.ts): the servers asked for a name, in order, must agree. Each part prints its count.
 *
 *   node --import tsx tests/tracer-diff/run.ts [--cases N] [--dns-cases N] [--seed S]
 *
 * Re-runs itself under `unshare --net` (root needed). Each configuration has one SOCKS inbound and
 * blackhole outbounds with distinct tags, so nothing leaves the machine; the access log's
 * "[tag]" (app/dispatcher/default.go:288 at v4.34.0) names the outbound. Domain names are answered
 * from dns.hosts, so IPIfNonMatch/IPOnDemand lookups need no server. Geo lists come from small
 * geosite.dat/geoip.dat files written here. Every v2ray process is killed on exit, also on failure.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync} from 'node:fs';
import {connect} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {readConfig} from '../../src/tracer/config';
import {emptyGeoData, readGeoIP, readGeoSite} from '../../src/tracer/geodata';
import {route} from '../../src/tracer/trace';
import {geoipDat, geositeDat, type SiteEntry} from '../toolkit/geo.mjs';
import {runDns} from './dns';

const V2RAY = process.env.V2RAY_PATH ?? '/usr/bin/v2ray';
const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};

if (!process.env.TRACER_DIFF_IN_NS) {
  // As the lab does (tests/lab/run.mjs): root, or a passwordless sudo (GitHub's runners); a new
  // network namespace with only loopback, and a PID namespace, so that the kernel ends every v2ray
  // started inside when this runner's copy in there exits, however it exits.
  const sudo = typeof process.getuid === 'function' && process.getuid() !== 0;
  if (sudo && spawnSync('sudo', ['-n', 'true'], {stdio: 'ignore'}).status !== 0) {
    console.error('tracer:diff runs v2ray in a network namespace of its own (unshare --net), which needs root.'
      + ' Run it as root (CI does) or with a passwordless sudo.');
    process.exit(1);
  }
  const command = ['unshare', '--net', '--pid', '--fork', '--kill-child', 'env', 'TRACER_DIFF_IN_NS=1',
    process.execPath, ...process.execArgv, ...process.argv.slice(1)];
  const r = spawnSync(sudo ? 'sudo' : command[0]!, sudo ? ['-n', '--preserve-env=V2RAY_PATH', ...command] : command.slice(1), {
    stdio: 'inherit', timeout: 15 * 60_000, killSignal: 'SIGKILL',
  });
  if (r.error) console.error(`tracer:diff: ${r.error.message}`);
  process.exit(r.status ?? 1);
}

spawnSync('ip', ['link', 'set', 'lo', 'up']);
// Never send a packet off the machine: refuse to run if the namespace has any interface but lo.
const links = spawnSync('ip', ['-o', 'link', 'show'], {encoding: 'utf8'}).stdout.split('\n').filter(Boolean);
if (links.length !== 1 || !/^\d+: lo:/.test(links[0]!)) {
  console.error(`tracer:diff: expected only the loopback interface, found:\n${links.join('\n')}`);
  process.exit(1);
}
const children = new Set<ChildProcess>();
const cleanup = (): void => { for (const c of children) { try { c.kill('SIGKILL'); } catch { /* gone */ } } };
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { cleanup(); process.exit(130); });
process.on('SIGINT', () => { cleanup(); process.exit(130); });

// ---- the world ----
const sites: Record<string, SiteEntry[]> = {
  cn: [['domain', 'example.cn'], ['full', 'mail.qq.com'], ['substr', 'baidu']],
  ads: [['regex', '^ads?\\.']],
  google: [['domain', 'google.com']],
};
const ips: Record<string, string[]> = {cn: ['110.242.0.0/16', '223.5.5.0/24'], private: ['10.0.0.0/8', '192.168.0.0/16', '127.0.0.0/8']};
const DOMAINS = ['www.example.com', 'example.com', 'api.example.com', 'foo.example.org', 'shop.example.cn', 'x.google.com',
  'mail.qq.com', 'www.baidu.com', 'ads.example.net', 'ad.tracker.org', 'intra.corp.example', 'google.com.evil.net'];
const IPS = ['10.1.2.3', '192.168.1.5', '8.8.8.8', '110.242.68.66', '1.1.1.1', '203.0.113.9', '223.5.5.5'];
const PORTS = [80, 443, 53, 8080, 22, 1000];
const TAGS = ['o0', 'o1', 'o2', 'o3', 'o4'];

let seed = arg('--seed', 28);
const rnd = (): number => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31; };
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const some = <T>(xs: readonly T[], max: number): T[] => [...new Set(Array.from({length: 1 + Math.floor(rnd() * max)}, () => pick(xs)))];

function domainEntry(): string {
  const d = pick(DOMAINS);
  const base = d.split('.').slice(-2).join('.');
  return pick([`domain:${base}`, `full:${d}`, `keyword:${d.split('.')[0]}`, `regexp:^${d.split('.')[0]}\\.`, base,
    'geosite:cn', 'geosite:ads', 'geosite:google', `domain:${d}`]);
}
// Where 4.34 and 5.52.0 differ, the tracer follows 5.52.0; these are not generated:
// - "geoip:!cn": 4.34 looks up a list named "!cn" and refuses to start; 5.52.0 reads it as the
//   inverse (infra/conf/rule/rule.go:124, app/router/condition_geoip.go:79);
// - a CIDR list where one range contains another ("0.0.0.0/0" with "1.1.1.1"): 4.34 binary-searches
//   the normalised ranges (v4.34.0 app/router/condition_geoip.go:85-112) and can miss the wider one
//   (seen: 1.1.1.1 + 0.0.0.0/0 did not match 10.1.2.3); 5.52.0 builds an IP set
//   (v5.52.0 app/router/condition_geoip.go:19, netipx), so any contained address matches.
function ipEntry(): string {
  return pick(['geoip:cn', 'geoip:private', '8.8.8.0/24', '1.1.1.1', '10.0.0.0/8', '203.0.113.0/24']);
}
function rule(): Record<string, unknown> {
  const r: Record<string, unknown> = {type: 'field'};
  const kinds = some(['domain', 'ip', 'port', 'network', 'inboundTag'] as const, 2);
  for (const k of kinds) {
    if (k === 'domain') r.domain = some([0, 1, 2], 3).map(domainEntry);
    if (k === 'ip') r.ip = some([0, 1], 2).map(ipEntry);
    if (k === 'port') r.port = pick(['80', '443', '80,443', '1-100', '8000-9000', '53']);
    if (k === 'network') r.network = pick(['tcp', 'udp', 'tcp,udp']);
    if (k === 'inboundTag') r.inboundTag = [pick(['in', 'other'])];
  }
  if (rnd() < 0.15) r.balancerTag = pick(['bal1', 'bal2']);
  else r.outboundTag = pick([...TAGS, 'missing']);
  return r;
}

function makeConfig(port: number): Record<string, unknown> {
  const hosts: Record<string, string> = {};
  for (const d of DOMAINS) hosts[d] = pick(IPS);
  return {
    log: {loglevel: 'warning'},
    inbounds: [{tag: 'in', listen: '127.0.0.1', port, protocol: 'socks', settings: {auth: 'noauth'}}],
    outbounds: TAGS.map((tag) => ({tag, protocol: 'blackhole'})),
    dns: {hosts},
    routing: {
      domainStrategy: pick(['AsIs', 'IPIfNonMatch', 'IPOnDemand']),
      balancers: [{tag: 'bal1', selector: ['o3']}, {tag: 'bal2', selector: ['o1', 'o2']}],
      rules: Array.from({length: 1 + Math.floor(rnd() * 5)}, rule),
    },
  };
}

// ---- talking to v2ray ----
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitListening(port: number, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await new Promise<boolean>((res) => {
      const s = connect(port, '127.0.0.1', () => { s.destroy(); res(true); });
      s.on('error', () => res(false));
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`v2ray did not listen on ${port}`);
}

/** One SOCKS5 CONNECT; resolves when the server has answered the request (or closed). */
/** v2ray on `file`, its geo files from `dir`, output kept; ok once it listens on `port` (else ended). */
async function startV2ray(file: string, port: number, dir: string): Promise<{ok: boolean; out: () => string; stop: () => void}> {
  const p = spawn(V2RAY, ['-config', file], {env: {...process.env, 'v2ray.location.asset': dir, V2RAY_LOCATION_ASSET: dir}, stdio: ['ignore', 'pipe', 'pipe']});
  children.add(p);
  let out = '';
  p.stdout?.on('data', (d: Buffer) => { out += d.toString(); });
  p.stderr?.on('data', (d: Buffer) => { out += d.toString(); });
  p.on('exit', () => children.delete(p));
  const stop = (): void => { p.kill('SIGKILL'); };
  try { await waitListening(port, 5000); } catch { stop(); return {ok: false, out: () => out, stop}; }
  return {ok: true, out: () => out, stop};
}

function socksConnect(port: number, host: string, dport: number): Promise<void> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    const timer = setTimeout(() => { s.destroy(); resolve(); }, 3000);
    let stage = 0;
    s.on('connect', () => s.write(Buffer.from([5, 1, 0])));
    s.on('data', () => {
      if (stage === 0) {
        stage = 1;
        const v4 = /^\d+\.\d+\.\d+\.\d+$/.test(host);
        const addr = v4 ? Buffer.from([1, ...host.split('.').map(Number)]) : Buffer.concat([Buffer.from([3, host.length]), Buffer.from(host)]);
        s.write(Buffer.concat([Buffer.from([5, 1, 0]), addr, Buffer.from([dport >> 8, dport & 0xff])]));
      } else {
        clearTimeout(timer);
        s.destroy();
        resolve();
      }
    });
    s.on('error', () => { clearTimeout(timer); resolve(); });
    s.on('close', () => { clearTimeout(timer); resolve(); });
  });
}

async function detour(log: string, host: string, port: number, ms = 3000): Promise<string | null> {
  const want = `accepted tcp:${host}:${port}`;
  for (let i = 0; i < ms / 30; i++) {
    const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
    const line = text.split('\n').find((l) => l.includes(want));
    if (line) return /\[([^\]]+)\]/.exec(line.slice(line.indexOf(want)))?.[1] ?? '';
    await sleep(30);
  }
  return null;
}

async function main(): Promise<void> {
  const total = arg('--cases', 320);
  const dir = mkdtempSync(join(tmpdir(), 'tracer-diff-'));
  writeFileSync(join(dir, 'geosite.dat'), geositeDat(sites));
  writeFileSync(join(dir, 'geoip.dat'), geoipDat(ips));
  const geo = emptyGeoData();
  geo.sites.set('geosite.dat', readGeoSite('geosite.dat', geositeDat(sites)));
  geo.ips.set('geoip.dat', readGeoIP('geoip.dat', geoipDat(ips)));
  let done = 0, agree = 0;
  const failures: string[] = [];
  let n = 0;
  try {
    while (done < total) {
      const port = 20000 + (n++ % 1000);
      const config = makeConfig(port);
      const log = join(dir, `access-${n}.log`);
      (config.log as Record<string, unknown>).access = log;
      const file = join(dir, `config-${n}.json`);
      writeFileSync(file, JSON.stringify(config, null, 1));
      const v2ray = await startV2ray(file, port, dir);
      if (!v2ray.ok) {
        failures.push(`config ${n} did not start: ${v2ray.out().slice(-300)}\n${JSON.stringify(config.routing)}`);
        continue;
      }
      const model = readConfig(config, 'v4');
      for (let k = 0; k < 10 && done < total; k++) {
        const host = rnd() < 0.5 ? pick(DOMAINS) : pick(IPS);
        const dport = pick(PORTS);
        await socksConnect(port, host, dport);
        const real = await detour(log, host, dport);
        const hosts = (config.dns as {hosts: Record<string, string>}).hosts;
        const t = route(model, {address: host, port: dport, network: 'tcp', inboundTag: 'in', dnsAnswer: hosts[host] ? [hosts[host]!] : []}, geo);
        const mine = t.outbound ?? '';
        const ok = real !== null && (mine === real || mine.split(' | ').includes(real)) && t.alternatives.length === 0;
        done++;
        if (ok) agree++;
        else failures.push(`config ${n}, ${host}:${dport}: v2ray ${real} tracer ${mine} (undecided ${t.alternatives.length})\n${JSON.stringify(config.routing)}`);
      }
      v2ray.stop();
    }
  } finally {
    cleanup();
    rmSync(dir, {recursive: true, force: true});
  }
  console.log(`oracle 2 (routing): ${agree}/${done} cases agree with v2ray 4.34`);
  for (const f of failures.slice(0, 10)) console.log(`DIFF ${f}`);
  const d = await dnsHalf(geo);
  console.log(`oracle 2 (DNS): ${d.agree}/${d.done} lookups agree with v2ray 4.34 (servers asked in order, client subnet, outbound carrying the queries, address used); ${Object.entries(d.kinds).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  for (const f of d.failures.slice(0, 10)) console.log(`DIFF ${f}`);
  process.exit(failures.length === 0 && d.failures.length === 0 && d.done > 0 ? 0 : 1);
}

/** The DNS half (dns.ts): its own directory, the same geo files, v2ray started and ended here. */
async function dnsHalf(geo: ReturnType<typeof emptyGeoData>): Promise<Awaited<ReturnType<typeof runDns>>> {
  const dir = mkdtempSync(join(tmpdir(), 'tracer-diff-dns-'));
  writeFileSync(join(dir, 'geosite.dat'), geositeDat(sites));
  writeFileSync(join(dir, 'geoip.dat'), geoipDat(ips));
  try {
    return await runDns({
      dir, geo, rnd, socksConnect, detour,
      start: (file, port) => startV2ray(file, port, dir),
    }, arg('--dns-cases', 160));
  } finally {
    cleanup();
    rmSync(dir, {recursive: true, force: true});
  }
}

void main();
