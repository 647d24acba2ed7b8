/**
 * Oracle 2 for the tracer, routing part: generated configurations and destinations run through the
 * real v2ray 5.52.0 (the toolkit room's build, tests/toolkit/) inside a network namespace that has
 * only loopback, and through the tracer; the outbound that carries each connection must agree. Every
 * configuration runs twice, in the v4 format (`-format json`) and again written in the v5 format
 * (`-format jsonv5`, v5.ts), and the tracer reads each file with the reader of its format. Then the
 * DNS part (dns.ts): the servers asked for a name, in order, must agree. Each part prints its
 * counts per format.
 *
 *   node --import tsx tests/tracer-diff/run.ts [--cases N] [--dns-cases N] [--seed S]
 *
 * Enters the namespace through the room (enterNamespace: root or a passwordless sudo). Each
 * configuration has one SOCKS inbound and blackhole outbounds with distinct tags, so nothing leaves
 * the machine; the access log's "[tag]" (v5.52.0 app/dispatcher/default.go:354, common/log/access.go:40)
 * names the outbound. Domain names are answered from the DNS hosts, so IPIfNonMatch/IPOnDemand
 * lookups need no server. Geo lists come from small geosite.dat/geoip.dat files written here. Every
 * v2ray is a V2rayProcess, killed on exit, also on failure; every wait is bounded.
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync} from 'node:fs';
import {connect} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {readConfig} from '../../src/tracer/config';
import type {Format} from '../../src/tracer/model';
import {emptyGeoData, readGeoIP, readGeoSite} from '../../src/tracer/geodata';
import {traceLookup} from '../../src/tracer/dns';
import {route} from '../../src/tracer/route';
import {enterNamespace} from '../toolkit/namespace.mjs';
import {killAll, V2rayProcess} from '../toolkit/processes.mjs';
import {RELEASE, v2ray, withToolkit} from '../toolkit/v2ray.mjs';
import {geoipDat, geositeDat, type SiteEntry} from '../toolkit/geo.mjs';
import {DNS_PLANTS, type DnsFocus, type DnsResult, runDnsPhases, type Started} from './dns';
import {toV5} from './v5';
import {CLASSES, MIN} from './classes';
import {commandOptions} from '../../scripts/commandLine.mjs';

// --plant NAME: only that class, with its planted fault; success is the comparison failing
const options = commandOptions('npm run tracer:diff', Object.fromEntries(['cases', 'dns-cases', 'seed', 'plant', 'class'].map((n) => [n, {type: 'string'} as const])));
const arg = (name: 'cases' | 'dns-cases' | 'seed', dflt: number): number => (options[name] === undefined ? dflt : Number(options[name]));

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

let seed = arg('seed', 28);
const rnd = (): number => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31; };
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
/** the case classes draw from their own sequence, so adding cases to them leaves the routing half's cases as they were */
let classSeed = arg('seed', 28) + 4242;
const classRnd = (): number => { classSeed = (classSeed * 1103515245 + 12345) % 2 ** 31; return classSeed / 2 ** 31; };
const some = <T>(xs: readonly T[], max: number): T[] => [...new Set(Array.from({length: 1 + Math.floor(rnd() * max)}, () => pick(xs)))];

function domainEntry(): string {
  const d = pick(DOMAINS);
  const base = d.split('.').slice(-2).join('.');
  return pick([`domain:${base}`, `full:${d}`, `keyword:${d.split('.')[0]}`, `regexp:^${d.split('.')[0]}\\.`, base,
    'geosite:cn', 'geosite:ads', 'geosite:google', `domain:${d}`]);
}
// Inverted geo lists and CIDR lists where one range holds another are generated too: 5.52.0 reads
// "geoip:!cn" as the inverse (infra/conf/rule/rule.go:124, app/router/condition_geoip.go:79) and
// builds an IP set of the ranges (app/router/condition_geoip.go:19, netipx), so "0.0.0.0/0" with
// "1.1.1.1" matches every address.
function ipEntry(): string {
  return pick(['geoip:cn', 'geoip:private', 'geoip:!cn', '8.8.8.0/24', '1.1.1.1', '10.0.0.0/8', '203.0.113.0/24', '0.0.0.0/0', '10.1.0.0/16']);
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

/** Until something listens on 127.0.0.1:port, at most `ms`. */
async function waitListening(port: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await new Promise<boolean>((res) => {
      const s = connect(port, '127.0.0.1', () => { s.destroy(); res(true); });
      s.on('error', () => res(false));
      s.setTimeout(1000, () => { s.destroy(); res(false); });
    });
    if (ok) return true;
    await sleep(50);
  }
  return false;
}

/**
 * v2ray 5.52.0 on `config` (written to DIR/ROLE.json) in the given format, its geo files from
 * `dir`; ok once it said it started and listens on `port` (else it is ended and `out` says why).
 */
async function startV2ray(bin: string, dir: string, role: string, config: unknown, format: 'json' | 'jsonv5', port: number, env: Record<string, string> = {}): Promise<Started> {
  const p = new V2rayProcess({bin, role, dir, config, format, env: {'v2ray.location.asset': dir, V2RAY_LOCATION_ASSET: dir, ...env}});
  const out = (): string => p.report().slice(-1500);
  const stop = (): Promise<void> => p.stop();
  try {
    await p.ready(15_000);
    if (!(await waitListening(port, 5000))) throw new Error(`not listening on ${port}`);
  } catch (e) {
    const text = `${(e as Error).message}\n${out()}`;
    await stop();
    return {ok: false, out: () => text, stop};
  }
  return {ok: true, out, stop};
}

/** One SOCKS5 CONNECT; resolves when the server has answered the request (or closed), at most 3 s. */
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

/** The outbound tag of the access log line for host:port, or null when none came within `ms`. */
async function detour(log: string, host: string, port: number, ms = 3000): Promise<string | null> {
  // a space after the port: ":80" must not find ":8080"
  const want = `accepted tcp:${host}:${port} `;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
    const line = text.split('\n').find((l) => l.includes(want));
    if (line) return /\[([^\]]+)\]/.exec(line.slice(line.indexOf(want)))?.[1] ?? '';
    await sleep(30);
  }
  return null;
}

const FORMATS = [['json', 'v4'], ['jsonv5', 'v5']] as const;
type Count = {done: number; agree: number};
const counts = (): Record<Format, Count> => ({v4: {done: 0, agree: 0}, v5: {done: 0, agree: 0}});
const perFormat = (c: Record<Format, Count>): string => `v4 format ${c.v4.agree}/${c.v4.done}, v5 format ${c.v5.agree}/${c.v5.done}`;

async function routingHalf(bin: string, geo: ReturnType<typeof emptyGeoData>, dir: string): Promise<{c: Record<Format, Count>; failures: string[]}> {
  const total = arg('cases', 320);
  const c = counts();
  const failures: string[] = [];
  let n = 0;
  while (c.v4.done < total) {
    n++;
    const port = 20000 + (n % 1000);
    const config = makeConfig(port);
    const hosts = (config.dns as {hosts: Record<string, string>}).hosts;
    // both formats at once, each on its own port, with the same destinations
    const runs = FORMATS.map(([flag, format]) => {
      const p = format === 'v4' ? port : port + 1000;
      const log = join(dir, `access-${n}-${format}.log`);
      const v4 = structuredClone(config);
      (v4.log as Record<string, unknown>).access = log;
      ((v4.inbounds as Record<string, unknown>[])[0]!).port = p;
      const written = format === 'v4' ? v4 : toV5(v4, join(dir, `routing-${n}-v5-error.log`));
      return {flag, format, port: p, log, written, model: readConfig(written, format)};
    });
    const started = await Promise.all(runs.map((r) => startV2ray(bin, dir, `routing-${n}-${r.format}`, r.written, r.flag, r.port)));
    if (started.some((s) => !s.ok)) {
      started.forEach((s, i) => { if (!s.ok) failures.push(`config ${n} (${runs[i]!.format} format) did not start: ${s.out().slice(-600)}`); });
      await Promise.all(started.map((s) => s.stop()));
      if (failures.length > 20) break;
      continue;
    }
    for (let k = 0; k < 10 && c.v4.done < total; k++) {
      const host = rnd() < 0.5 ? pick(DOMAINS) : pick(IPS);
      const dport = pick(PORTS);
      await Promise.all(runs.map(async (r) => {
        await socksConnect(r.port, host, dport);
        const real = await detour(r.log, host, dport);
        const t = route(r.model, {address: host, port: dport, network: 'tcp', inboundTag: 'in', dnsAnswer: hosts[host] ? [hosts[host]!] : []}, geo, traceLookup);
        const mine = t.outbound ?? '';
        const ok = real !== null && (mine === real || mine.split(' | ').includes(real)) && t.alternatives.length === 0;
        c[r.format].done++;
        if (ok) c[r.format].agree++;
        else {
          const lines = (existsSync(r.log) ? readFileSync(r.log, 'utf8') : '').split('\n').filter((l) => l.includes(host));
          failures.push(`config ${n} (${r.format} format), ${host}:${dport}: v2ray ${real} tracer ${mine} (undecided ${t.alternatives.length})\n${JSON.stringify(r.format === 'v4' ? config.routing : r.written.router)}\naccess log: ${lines.join(' | ')}`);
        }
      }));
    }
    await Promise.all(started.map((s) => s.stop()));
  }
  return {c, failures};
}

// ---- the case classes (classes.ts) ----

type ClassCount = Record<Format, Count>;

/**
 * Each class until it has `min` cases in each format: a configuration the toolkit refuses is one
 * case (the tracer must refuse it too), a destination through one that starts is one case (the
 * outbound must agree). With `plant`, the tracer reads the class's planted fault instead.
 */
async function classesHalf(bin: string, geo: ReturnType<typeof emptyGeoData>, dir: string, only: string | null, plant: boolean, min: number): Promise<{counts: Record<string, ClassCount>; refused: Record<string, number>; kinds: Record<string, Record<string, number>>; failures: string[]}> {
  const counts: Record<string, ClassCount> = {};
  /** per class, the cases that are a configuration the toolkit refuses */
  const refused: Record<string, number> = {};
  const kinds: Record<string, Record<string, number>> = {};
  const failures: string[] = [];
  let n = 0;
  for (const cls of CLASSES.filter((x) => only === null || x.name === only)) {
    const c = counts[cls.name] = {v4: {done: 0, agree: 0}, v5: {done: 0, agree: 0}};
    let configs = 0;
    while ((c.v4.done < min || c.v5.done < min) && configs < 20 * min) {
      n++; configs++;
      const port = 12000 + (n % 1000);
      const {config, dests} = cls.generate(classRnd);
      const runs = FORMATS.map(([flag, format]) => {
        const p = format === 'v4' ? port : port + 1000;
        const log = join(dir, `class-${n}-${format}.log`);
        const v4 = structuredClone(config);
        (v4.log as Record<string, unknown>).access = log;
        ((v4.inbounds as Record<string, unknown>[])[0]!).port = p;
        const written = format === 'v4' ? v4 : toV5(v4, join(dir, `class-${n}-v5-error.log`));
        const traced = plant ? (format === 'v4' ? cls.plant(v4) : toV5(cls.plant(v4), join(dir, `class-${n}-v5-error.log`))) : written;
        return {flag, format, port: p, log, written, model: readConfig(traced, format)};
      });
      const started = await Promise.all(runs.map((r) => startV2ray(bin, dir, `class-${n}-${r.format}`, r.written, r.flag, r.port)));
      for (const [i, r] of runs.entries()) {
        const s = started[i]!;
        const refusedByToolkit = !s.ok && /exited before it started/.test(s.out());
        if (!s.ok && !refusedByToolkit) {
          failures.push(`${cls.name}: config ${n} (${r.format} format) did not start for another reason: ${s.out().slice(-600)}`);
          continue;
        }
        const refusedByTracer = r.model.errors.length > 0;
        if (refusedByToolkit || refusedByTracer) {
          c[r.format].done++;
          if (refusedByToolkit) refused[cls.name] = (refused[cls.name] ?? 0) + 1;
          if (refusedByToolkit && refusedByTracer) c[r.format].agree++;
          else failures.push(`${cls.name}: config ${n} (${r.format} format): v2ray ${refusedByToolkit ? 'refuses it' : 'starts'}, the tracer ${refusedByTracer ? `refuses it (${r.model.errors.join('; ')})` : 'traces it'}\n${JSON.stringify(r.format === 'v4' ? config.routing : (r.written as Record<string, unknown>).router)}${refusedByToolkit ? `\n${s.out().slice(-400)}` : ''}`);
        }
      }
      for (const d of dests) {
        await Promise.all(runs.map(async (r, i) => {
          if (!started[i]!.ok || r.model.errors.length > 0) return;
          await socksConnect(r.port, d.host, d.port);
          const real = await detour(r.log, d.host, d.port);
          const hosts = (config.dns as {hosts: Record<string, string | string[]>}).hosts;
          const answer = hosts[d.host];
          const t = route(r.model, {address: d.host, port: d.port, network: 'tcp', inboundTag: 'in', dnsAnswer: answer === undefined ? [] : ([] as string[]).concat(answer)}, geo, traceLookup);
          const mine = t.outbound ?? '';
          const ok = real !== null && (mine === real || mine.split(' | ').includes(real)) && t.alternatives.length === 0;
          c[r.format].done++;
          // what the case went through, so a class that tests little shows it
          const seen = (what: string): void => { const kk = kinds[cls.name] ??= {}; kk[what] = (kk[what] ?? 0) + 1; };
          if (t.steps.some((x) => x.kind === 'lookup')) seen('lookup');
          if (t.steps.some((x) => x.kind === 'secondPass')) seen('secondPass');
          const bal = t.steps.find((x) => x.kind === 'balancer');
          if (bal && bal.kind === 'balancer') seen(bal.result ? 'fallbackTag' : bal.candidates.length === 0 ? 'noCandidate' : bal.candidates.length > 1 ? 'severalCandidates' : 'oneCandidate');
          if (t.steps.some((x) => x.kind === 'outbound' && x.via !== 'default')) seen('ruleMatched');
          if (/[A-Z]/.test(d.host)) seen('mixedCase');
          if (ok) c[r.format].agree++;
          else failures.push(`${cls.name}: config ${n} (${r.format} format), ${d.host}:${d.port}: v2ray ${real} tracer ${mine}\n${JSON.stringify(r.format === 'v4' ? config.routing : (r.written as Record<string, unknown>).router)}`);
        }));
      }
      await Promise.all(started.map((s) => s.stop()));
      if (failures.length > 40) break;
    }
  }
  return {counts, refused, kinds, failures};
}

async function main(): Promise<void> {
  const bin = v2ray();
  await enterNamespace({name: 'npm run tracer:diff', env: {V2RAY_BIN: bin}, timeoutMs: 6 * 60_000});
  const t0 = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'tracer-diff-'));
  writeFileSync(join(dir, 'geosite.dat'), geositeDat(sites));
  writeFileSync(join(dir, 'geoip.dat'), geoipDat(ips));
  const geo = emptyGeoData();
  geo.sites.set('geosite.dat', readGeoSite('geosite.dat', geositeDat(sites)));
  geo.ips.set('geoip.dat', readGeoIP('geoip.dat', geoipDat(ips)));
  let ok = false;
  const planted = options.plant ?? null;
  const only = options.class ?? null;
  const dnsClasses = Object.keys(DNS_PLANTS) as DnsFocus[];
  const names = [...CLASSES.map((x) => x.name), ...dnsClasses];
  if ((planted !== null && !names.includes(planted)) || (only !== null && !names.includes(only))) {
    console.error(`--plant and --class take one of: ${names.join(', ')}`);
    process.exit(2);
  }
  try {
    const dnsRunner = {dir, geo, rnd, socksConnect, detour, start: (role: string, config: unknown, format: 'json' | 'jsonv5', port: number, env: Record<string, string>) => startV2ray(bin, dir, role, config, format, port, env)};
    /** a DNS class: MIN lookups in each format, focused on its setting, on ports of its own */
    const dnsPhase = (focus: DnsFocus, plant: boolean) => ({total: MIN, focus, plant, portBase: focus === 'expect-ips' ? 25000 : 29000});
    const dnsClass = async (focus: DnsFocus, plant: boolean): Promise<DnsResult> => (await runDnsPhases(dnsRunner, [dnsPhase(focus, plant)]))[0]!;
    const dnsLine = (focus: DnsFocus, d: DnsResult): string =>
      `oracle 2 (class ${focus}): ${d.c.v4.agree + d.c.v5.agree}/${d.c.v4.done + d.c.v5.done} lookups agree with v2ray ${RELEASE} (${perFormat(d.c)}; ${Object.entries(d.kinds).filter(([, v]) => v > 0).map(([w, v]) => `${w} ${v}`).join(', ')})`;
    if (planted !== null && (dnsClasses as string[]).includes(planted)) {
      const d = await dnsClass(planted as DnsFocus, true);
      console.log(`planted fault in ${planted}: ${dnsLine(planted as DnsFocus, d)}; ${d.failures.length} disagreements`);
      for (const f of d.failures.slice(0, 3)) console.log(`CAUGHT ${f.split('\n')[0]}`);
      ok = d.failures.length > 0;
      console.log(ok ? `the planted fault in ${planted} is caught` : `the planted fault in ${planted} went unnoticed`);
    } else if (only !== null && (dnsClasses as string[]).includes(only)) {
      const d = await dnsClass(only as DnsFocus, false);
      console.log(dnsLine(only as DnsFocus, d));
      for (const f of d.failures.slice(0, 10)) console.log(`DIFF ${f}`);
      ok = d.failures.length === 0 && d.c.v4.done >= MIN && d.c.v5.done >= MIN;
    } else if (planted !== null) {
      const k = await classesHalf(bin, geo, dir, planted, true, MIN);
      const cc = k.counts[planted]!;
      console.log(`planted fault in ${planted}: ${cc.v4.agree + cc.v5.agree}/${cc.v4.done + cc.v5.done} cases agree (${perFormat(cc)}); ${k.failures.length} disagreements`);
      for (const f of k.failures.slice(0, 3)) console.log(`CAUGHT ${f.split('\n')[0]}`);
      ok = k.failures.length > 0;
      console.log(ok ? `the planted fault in ${planted} is caught` : `the planted fault in ${planted} went unnoticed`);
    } else {
      // --class NAME: only that class, without the two halves
      const k = await classesHalf(bin, geo, dir, only, false, MIN);
      for (const [name, cc] of Object.entries(k.counts)) {
        console.log(`oracle 2 (class ${name}): ${cc.v4.agree + cc.v5.agree}/${cc.v4.done + cc.v5.done} cases agree with v2ray ${RELEASE} (${perFormat(cc)}; ${k.refused[name] ?? 0} of them configurations it refuses; ${Object.entries(k.kinds[name] ?? {}).map(([w, v]) => `${w} ${v}`).join(', ')})`);
    }
      for (const f of k.failures.slice(0, 10)) console.log(`DIFF ${f}`);
      const classesOk = k.failures.length === 0 && Object.values(k.counts).every((cc) => cc.v4.done >= MIN && cc.v5.done >= MIN);
      if (only !== null) {
        ok = classesOk;
      } else {
      const r = await routingHalf(bin, geo, dir);
      console.log(`oracle 2 (routing): ${r.c.v4.agree + r.c.v5.agree}/${r.c.v4.done + r.c.v5.done} cases agree with v2ray ${RELEASE} (${perFormat(r.c)})`);
      for (const f of r.failures.slice(0, 10)) console.log(`DIFF ${f}`);
      // the plain comparison, then the DNS classes, on one set of stand-ins
      const [d, ...dnsClassResults] = await runDnsPhases(dnsRunner, [{total: arg('dns-cases', 160)}, ...dnsClasses.map((focus) => dnsPhase(focus, false))]);
      if (!d) throw new Error('no DNS result');
      console.log(`oracle 2 (DNS): ${d.c.v4.agree + d.c.v5.agree}/${d.c.v4.done + d.c.v5.done} lookups agree with v2ray ${RELEASE} (${perFormat(d.c)}; servers asked in order, record types, client subnet, outbound carrying the queries, address used); ${Object.entries(d.kinds).map(([k, v]) => `${k} ${v}`).join(', ')}`);
      for (const f of d.failures.slice(0, 10)) console.log(`DIFF ${f}`);
      let dnsClassesOk = true;
      for (const [i, focus] of dnsClasses.entries()) {
        const dc = dnsClassResults[i]!;
        console.log(dnsLine(focus, dc));
        for (const f of dc.failures.slice(0, 5)) console.log(`DIFF ${f}`);
        dnsClassesOk &&= dc.failures.length === 0 && dc.c.v4.done >= MIN && dc.c.v5.done >= MIN;
      }
      ok = classesOk && dnsClassesOk && r.failures.length === 0 && d.failures.length === 0 && d.c.v4.done > 0 && d.c.v5.done > 0;
      }
    }
  } finally {
    killAll();
    rmSync(dir, {recursive: true, force: true});
  }
  console.log(`tracer:diff: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  process.exit(ok ? 0 : 1);
}

void withToolkit(main);
