#!/usr/bin/env node
// The lab: runs Debian's v2ray 4.34 on the site's own examples inside a network
// namespace that has only the loopback interface, with stand-ins on loopback addresses for every
// host an example names, and checks that each example does what its scenario says.
// Usage: npm run lab [-- --only NAME[,NAME]] [--write (update src/data/labProofs.json)] [--list (scenarios, no run)]
//   [--scenarios DIR (other scenarios, no coverage or proofs check; for lab.test.mjs)]
//   [--jobs N (scenarios at once, default 3)] [--keep (keep the temporary folder)]
//   [--ns-file FILE (writes the lab's network namespace id there; lab.test.mjs looks for leftovers)]
//   [--proofs-file FILE (check or write another copy of src/data/labProofs.json)]
// The runner re-executes itself under `unshare --net --mount --pid --fork --kill-child`: the
// namespace has no interface but lo, its own /etc/hosts and /etc/resolv.conf (bind mounts that
// the host never sees), and when the runner ends, for whatever reason, the kernel ends every
// process left in its PID namespace.
import {execFile, execFileSync, spawn, spawnSync} from 'node:child_process';
import {createServer as createTcpServer} from 'node:net';
import {connect as tlsConnect} from 'node:tls';
import {connect as http2Connect} from 'node:http2';
import {mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, readlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {HOSTS, GEOIP, GEOSITE, labAddresses} from './world.mjs';
import {standinLog, startStandins} from './standins.mjs';
import {V2RAY, V2rayProcess, children, dnsQuery, fetchFails, proxyConnect, udpVia, fetchVia, killAll, prepareConfig, waitFor} from './harness.mjs';
import {ROOT, isCompleteConfig, labBlocks, readBlocks, whyNotLoadable} from './pages.mjs';
import {NOT_RUN} from './not-run.mjs';
import {geoipDat, geositeDat} from '../toolkit/geo.mjs';
import {ensureProgram} from '../examples/toolkit.mjs';

const argv = process.argv.slice(2);
const arg = (/** @type {string} */ name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const HERE = fileURLToPath(new URL('.', import.meta.url));
/** What the pages show (src/plugins/labProofs); --proofs-file FILE checks another copy (lab.test.mjs). */
const PROOFS_FILE = arg('--proofs-file') ? resolve(String(arg('--proofs-file'))) : join(ROOT, 'src/data/labProofs.json');
/** Longest a scenario may take, start to end. */
const SCENARIO_TIMEOUT_MS = 60_000;

async function inside() {
  // ---- inside the namespace: only loopback ----
  try {
    execFileSync('ip', ['link', 'set', 'lo', 'up']);
    for (const a of labAddresses()) execFileSync('ip', ['addr', 'add', `${a}/32`, 'dev', 'lo']);
  } catch (e) {
    console.error(`The lab could not set up its loopback addresses (needs root and unshare --net): ${/** @type {Error} */ (e).message}`);
    process.exit(2);
  }
  const interfaces = execFileSync('ip', ['-o', 'link', 'show'], {encoding: 'utf8'}).trim().split('\n');
  if (interfaces.length !== 1 || !/: lo:/.test(interfaces[0] ?? '')) {
    console.error(`The lab's namespace must have only the loopback interface; it has:\n${interfaces.join('\n')}`);
    process.exit(2);
  }
  const work = mkdtempSync(join(tmpdir(), 'v2fly-lab-'));
  /** Ends everything the lab started; safe to call twice. */
  let cleaned = false;
  const cleanup = () => {
    if (cleaned) return;
    cleaned = true;
    killAll();
    if (!argv.includes('--keep')) rmSync(work, {recursive: true, force: true});
  };
  process.on('exit', cleanup);
  for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(sig, () => { console.error(`lab: ${sig}, ending every process it started`); cleanup(); process.exit(130); });
  }
  if (arg('--ns-file')) writeFileSync(String(arg('--ns-file')), readlinkSync('/proc/self/ns/net'));

  // the lab's /etc/hosts and /etc/resolv.conf, seen by this mount namespace only
  writeFileSync(join(work, 'hosts'), `127.0.0.1 localhost\n${Object.entries(HOSTS).map(([n, a]) => `${a} ${n}`).join('\n')}\n`);
  writeFileSync(join(work, 'resolv.conf'), 'nameserver 127.0.0.53\noptions timeout:1 attempts:1\n');
  execFileSync('mount', ['--bind', join(work, 'hosts'), '/etc/hosts']);
  execFileSync('mount', ['--bind', join(work, 'resolv.conf'), '/etc/resolv.conf']);

  const pki = makePki(join(work, 'pki'));
  const assets = join(work, 'assets');
  mkdirSync(assets);
  writeFileSync(join(assets, 'geoip.dat'), geoipDat(GEOIP));
  writeFileSync(join(assets, 'geosite.dat'), geositeDat(GEOSITE));
  const closeStandins = await startStandins({cert: readFileSync(pki.certFile, 'utf8'), key: readFileSync(pki.keyFile, 'utf8')});

  // ---- scenarios and the pages' blocks ----
  const scenarioDir = arg('--scenarios') ? resolve(String(arg('--scenarios'))) : join(HERE, 'scenarios');
  /** @type {Scenario[]} */
  const scenarios = [];
  for (const f of readdirSync(scenarioDir).filter((n) => n.endsWith('.mjs')).sort()) {
    const mod = await import(pathToFileURL(join(scenarioDir, f)).href);
    for (const s of [mod.default].flat()) scenarios.push({...s, file: f});
  }
  const blocks = readBlocks();
  const {byId, problems} = labBlocks(blocks);
  const custom = Boolean(arg('--scenarios'));
  problems.push(...checkScenarios(scenarios, byId));
  if (!custom) problems.push(...coverage(blocks, scenarios, byId));

  const only = arg('--only')?.split(',');
  if (only) for (const n of only) if (!scenarios.some((s) => s.name === n)) problems.push(`--only ${n}: no such scenario`);
  const chosen = scenarios.filter((s) => !only || only.includes(s.name));

  // ---- run ----
  const started = Date.now();
  let nextPort = 30000; // 20000-20100 is the VMess dynamic-port example's own range
  /** @type {Result[]} */
  const results = [];
  /** @param {Scenario} s */
  const runOne = async (s) => {
    const t0 = Date.now();
    const reason = cannotRun(s, byId);
    if (reason) { results.push({name: s.name, status: 'cannot-run', reason, ms: 0}); return; }
    const dir = join(work, s.name);
    mkdirSync(dir);
    const ports = new Map((s.ports ?? []).map((p) => [p, nextPort++]));
    /** @type {Map<string, V2rayProcess>} */
    const procs = new Map();
    const logStart = standinLog.length;
    /** @type {{close: () => void}[]} */
    const extras = [];
    const ctx = makeContext(s, ports, procs, dir, pki, assets, byId, logStart, extras);
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    try {
      await Promise.race([
        (async () => {
          for (const role of Object.keys(s.run)) await ctx.start(role);
          await s.check(ctx);
        })(),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`scenario took longer than ${SCENARIO_TIMEOUT_MS / 1000} s`)), SCENARIO_TIMEOUT_MS); }),
      ]);
      results.push({name: s.name, status: 'passed', ms: Date.now() - t0});
    } catch (e) {
      const report = [...procs.values()].map((p) => p.report());
      const seen = standinLog.slice(logStart).map((l) => JSON.stringify(l));
      results.push({name: s.name, status: 'failed', ms: Date.now() - t0, reason: /** @type {Error} */ (e).message,
        report: `${report.join('\n')}\n--- stand-ins (entries while it ran; scenarios run in parallel may add theirs)\n${seen.join('\n') || '(nothing)'}`});
    } finally {
      clearTimeout(timer);
      await Promise.all([...procs.values()].map((p) => p.stop()));
      for (const x of extras) x.close();
    }
  };
  const jobs = Number(arg('--jobs') ?? 3);
  const shared = chosen.filter((s) => !s.exclusive);
  const queue = [...shared];
  await Promise.all(Array.from({length: jobs}, async () => {
    for (let s = queue.shift(); s; s = queue.shift()) await runOne(s);
  }));
  // scenarios that read the DNS stand-ins' log run alone, so no other run's queries mix in
  for (const s of chosen.filter((x) => x.exclusive)) await runOne(s);
  const seconds = (Date.now() - started) / 1000;

  // ---- proofs shown on the pages ----
  if (!custom) {
    const want = `${JSON.stringify(proofsOf(scenarios, byId), null, 2)}\n`;
    let have = '';
    try { have = readFileSync(PROOFS_FILE, 'utf8'); } catch { /* missing */ }
    if (argv.includes('--write')) {
      if (have !== want) { writeFileSync(PROOFS_FILE, want); console.log(`lab: wrote ${PROOFS_FILE}`); }
    } else if (have !== want) {
      problems.push(`${PROOFS_FILE} is out of date with the scenarios: run \`npm run lab -- --write\` and commit it`);
    }
  }

  // ---- report ----
  for (const r of results.filter((x) => x.status === 'failed')) {
    console.error(`\n=== FAILED ${r.name}: ${r.reason}\n${r.report}\n=== end of ${r.name}`);
  }
  for (const r of results) {
    const mark = r.status === 'passed' ? 'ok  ' : r.status === 'failed' ? 'FAIL' : 'skip';
    console.log(`${mark} ${r.name}${r.status === 'passed' ? ` (${(r.ms / 1000).toFixed(1)} s)` : `: ${r.reason}`}`);
  }
  const notRun = notRunList(blocks, byId, scenarios);
  if (!only) {
    console.log('\nExamples the lab cannot run (Chinese pages; the English pages hold the same):');
    for (const n of notRun.filter((x) => x.kind !== 'v5 format')) console.log(`  ${n.where}: ${n.reason}`);
    const v5 = notRun.filter((x) => x.kind === 'v5 format');
    if (v5.length) console.log(`  versioned_docs/v5: ${v5.length} complete examples in the v5 format (the lab runs v2ray 4.34)`);
  }
  for (const p of problems) console.error(`lab: ${p}`);
  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  const skipped = results.filter((r) => r.status === 'cannot-run').length;
  const examplesRun = new Set(scenarios.filter((s) => results.some((r) => r.name === s.name && r.status !== 'cannot-run'))
    .flatMap((s) => pageIds(s)));
  console.log(`\nlab: ${results.length - skipped} scenarios ran in ${seconds.toFixed(1)} s (${passed} passed, ${failed} failed),`
    + ` ${skipped} could not run; ${examplesRun.size} page examples run;`
    + ` ${notRun.length} complete examples the lab cannot run (${summarise(notRun)})`);
  await closeStandins();
  cleanup();
  process.exit(failed || problems.length ? 1 : 0);
}

/**
 * @typedef {{name: string, file?: string, proves: {zh: string, en: string},
 *   run: Record<string, string | {inline: unknown}>, later?: Record<string, string | {inline: unknown}>,
 *   ports?: number[], replace?: Record<string, string>,
 *   exclusive?: boolean, check: (lab: LabContext) => Promise<void>}} Scenario
 * @typedef {{name: string, status: 'passed' | 'failed' | 'cannot-run', ms: number, reason?: string, report?: string}} Result
 * @typedef {ReturnType<typeof makeContext>} LabContext
 */

/** The page blocks a scenario runs. @param {Scenario} s */
const pageIds = (s) => Object.values(s.run).filter((v) => typeof v === 'string');

/** @param {Scenario[]} scenarios @param {Map<string, {page: string}>} byId */
function checkScenarios(scenarios, byId) {
  const problems = [];
  const names = new Set();
  for (const s of scenarios) {
    if (!s.name || !s.proves?.zh || !s.proves?.en || typeof s.check !== 'function' || !s.run) {
      problems.push(`${s.file}: a scenario needs name, proves {zh, en}, run and check`);
      continue;
    }
    if (names.has(s.name)) problems.push(`${s.file}: scenario name ${s.name} used twice`);
    names.add(s.name);
    for (const id of pageIds(s)) if (!byId.has(id)) problems.push(`${s.name}: no page block has lab=${id}`);
  }
  return problems;
}

/** @param {Scenario} s @param {Map<string, {zh?: import('./pages.mjs').PageBlock}>} byId */
function cannotRun(s, byId) {
  for (const id of pageIds(s)) {
    const b = byId.get(id)?.zh;
    const why = b && whyNotLoadable(b);
    if (why) return `lab=${id} ${why}`;
  }
  return null;
}

/**
 * Every complete example 4.34 can load is named by lab= and run by a scenario, or listed in
 * not-run.mjs with its reason.
 * @param {import('./pages.mjs').PageBlock[]} blocks @param {Scenario[]} scenarios @param {Map<string, unknown>} byId
 */
function coverage(blocks, scenarios, byId) {
  const used = new Set(scenarios.flatMap(pageIds));
  const problems = [];
  for (const b of blocks.filter((x) => x.lang === 'zh' && isCompleteConfig(x) && !whyNotLoadable(x))) {
    if (!b.meta.lab) problems.push(`${b.file}:${b.line}: a complete example v2ray 4.34 loads needs lab=ID on its fence (both languages) and a scenario, or a reason in tests/lab/not-run.mjs`);
    else if (!used.has(b.meta.lab) && !NOT_RUN[b.meta.lab]) problems.push(`${b.file}:${b.line}: lab=${b.meta.lab} is run by no scenario and has no reason in tests/lab/not-run.mjs`);
  }
  for (const id of Object.keys(NOT_RUN)) {
    if (!byId.has(id)) problems.push(`tests/lab/not-run.mjs: no page block has lab=${id}`);
    if (used.has(id)) problems.push(`tests/lab/not-run.mjs: lab=${id} is run by a scenario`);
  }
  return problems;
}

/** @param {import('./pages.mjs').PageBlock[]} blocks @param {Map<string, unknown>} byId @param {Scenario[]} scenarios */
function notRunList(blocks, byId, scenarios) {
  const used = new Set(scenarios.flatMap(pageIds));
  /** @type {{where: string, reason: string, kind: string}[]} */
  const out = [];
  for (const b of blocks.filter((x) => x.lang === 'zh' && isCompleteConfig(x))) {
    const why = whyNotLoadable(b);
    const where = `${b.file}:${b.line}${b.meta.lab ? ` lab=${b.meta.lab}` : ''}`;
    if (why) out.push({where, reason: why, kind: b.v5 ? 'v5 format' : 'newer than 4.34'});
    else if (b.meta.lab && !used.has(b.meta.lab) && NOT_RUN[b.meta.lab]) out.push({where, reason: NOT_RUN[b.meta.lab] ?? '', kind: 'other'});
  }
  return out;
}

/** @param {{kind: string}[]} list */
function summarise(list) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const n of list) counts[n.kind] = (counts[n.kind] ?? 0) + 1;
  return Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ') || 'none';
}

/**
 * What the pages show under each example a scenario runs (src/data/labProofs.json).
 * @param {Scenario[]} scenarios @param {Map<string, {page: string, zh?: import('./pages.mjs').PageBlock}>} byId
 */
export function proofsOf(scenarios, byId) {
  /** @type {{lab: string, page: string, scenario: string, zh: string, en: string}[]} */
  const out = [];
  for (const s of scenarios) {
    if (cannotRun(s, byId)) continue;
    for (const id of pageIds(s)) {
      const page = byId.get(id)?.page;
      if (page) out.push({lab: id, page, scenario: s.name, zh: s.proves.zh, en: s.proves.en});
    }
  }
  return out.sort((a, b) => a.page.localeCompare(b.page) || a.lab.localeCompare(b.lab) || a.scenario.localeCompare(b.scenario));
}

/**
 * The lab's CA and one leaf certificate for every name and address in the world (openssl).
 * @param {string} dir
 */
function makePki(dir) {
  mkdirSync(dir);
  const f = (/** @type {string} */ n) => join(dir, n);
  const run = (/** @type {string[]} */ a) => execFileSync('openssl', a, {stdio: ['ignore', 'ignore', 'pipe']});
  run(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=v2fly docs lab CA', '-keyout', f('ca.key'), '-out', f('ca.crt')]);
  run(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', '/CN=lab',
    '-keyout', f('leaf.key'), '-out', f('leaf.csr')]);
  const names = [...Object.keys(HOSTS).map((n) => `DNS:${n}`), ...labAddresses().map((a) => `IP:${a}`), 'IP:127.0.0.1'];
  writeFileSync(f('leaf.ext'), `subjectAltName=${names.join(',')}\nextendedKeyUsage=serverAuth\n`);
  run(['x509', '-req', '-in', f('leaf.csr'), '-CA', f('ca.crt'), '-CAkey', f('ca.key'), '-CAcreateserial', '-days', '2',
    '-extfile', f('leaf.ext'), '-out', f('leaf.crt')]);
  const lines = (/** @type {string} */ p) => readFileSync(p, 'utf8').trim().split('\n');
  return {caFile: f('ca.crt'), certFile: f('leaf.crt'), keyFile: f('leaf.key'), certLines: lines(f('leaf.crt')), keyLines: lines(f('leaf.key'))};
}

/**
 * What a scenario's check gets.
 * @param {Scenario} s @param {Map<number, number>} ports @param {Map<string, V2rayProcess>} procs @param {string} dir
 * @param {ReturnType<typeof makePki>} pki @param {string} assets
 * @param {Map<string, {zh?: import('./pages.mjs').PageBlock}>} byId @param {number} logStart
 * @param {{close: () => void}[]} extras servers the scenario starts, closed when it ends
 */
function makeContext(s, ports, procs, dir, pki, assets, byId, logStart, extras) {
  const ca = readFileSync(pki.caFile, 'utf8');
  /** @param {number} n */
  const port = (n) => {
    const p = ports.get(n);
    if (p === undefined) throw new Error(`port ${n} is not in the scenario's ports`);
    return p;
  };
  return {
    dir,
    port,
    /** The configuration a role runs (before substitution). @param {string} role */
    source(role) {
      const r = s.run[role] ?? s.later?.[role];
      if (r === undefined) throw new Error(`no role ${role}`);
      return typeof r === 'string' ? byId.get(r)?.zh?.value : r.inline;
    },
    /** Starts a role's v2ray and waits until it has started. @param {string} role */
    async start(role) {
      const replace = Object.fromEntries(Object.entries(s.replace ?? {}).map(([k, v]) => [k, v.replaceAll('{DIR}', dir)]));
      const config = prepareConfig(this.source(role), {ports, cert: pki, dir, role, replace});
      const p = new V2rayProcess(role, dir, config, {V2RAY_LOCATION_ASSET: assets, SSL_CERT_FILE: pki.caFile});
      procs.set(role, p);
      await p.ready();
      return p;
    },
    /** @param {string} role */
    async stop(role) { await procs.get(role)?.stop(); },
    /** @param {string} role */
    access(role) { return procs.get(role)?.access() ?? ''; },
    /** @param {string} role */
    errors(role) { return procs.get(role)?.errors() ?? ''; },
    /** @param {number} n @param {{user?: string, pass?: string, host?: string}} [extra] */
    socks: (n, extra = {}) => ({socks: port(n), ...extra}),
    /** @param {number} n @param {{user?: string, pass?: string, host?: string}} [extra] */
    http: (n, extra = {}) => ({http: port(n), ...extra}),
    /** @param {import('./harness.mjs').Proxy} proxy @param {string} url @param {{bytes?: number}} [o] */
    fetch: (proxy, url, o = {}) => fetchVia(proxy, url, {ca, ...o}),
    fetchFails,
    proxyConnect,
    udpVia,
    /** Stand-in log entries since the scenario started. */
    standins: () => standinLog.slice(logStart),
    waitFor,
    /**
     * Waits until a role's access log has a line matching `pattern`. @param {string} role @param {RegExp} pattern
     * @param {string} what
     */
    async accessLine(role, pattern, what) {
      await waitFor(() => pattern.test(this.access(role)), `${role}'s access log shows ${what} (${pattern})`, 10_000);
    },
    /** @param {unknown} cond @param {string} message */
    expect(cond, message) { if (!cond) throw new Error(message); },
    v2ray: V2RAY,
    children,
    ca,
    /**
     * A TCP server on 127.0.0.1:port (a lab port) for the scenario; `onConnection` gets each socket.
     * @param {number} n @param {(socket: import('node:net').Socket) => void} onConnection
     */
    async serve(n, onConnection, host = '127.0.0.1') {
      const server = createTcpServer(onConnection);
      await new Promise((ok, fail) => { server.once('error', fail); server.listen(port(n), host, () => ok(undefined)); });
      extras.push({close: () => server.close()});
      return server;
    },
    /**
     * Opens TLS straight to host:port (no proxy), sends `text`, resolves to what comes back until close.
     * @param {string} host @param {number} p @param {string} text
     */
    tlsExchange(host, p, text) {
      return new Promise((ok, fail) => {
        const t = tlsConnect({host, port: p, servername: host, ca, ALPNProtocols: ['http/1.1']}, () => t.write(text));
        let got = '';
        t.on('data', (d) => { got += d; });
        t.on('end', () => ok(got));
        t.on('close', () => ok(got));
        t.on('error', fail);
        t.setTimeout(5000, () => { t.destroy(); ok(got); });
      });
    },
    /**
     * A DNS A query for `name` sent to server:port over UDP or TCP; resolves to the addresses answered.
     * @param {string} server @param {number} p @param {string} name @param {'udp' | 'tcp'} [transport]
     */
    dnsQuery: (server, p, name, transport = 'udp') => dnsQuery(server, p, name, transport),
    /**
     * One unary gRPC call to v2ray's API (h2c), e.g. HandlerService.RemoveInbound: `message` is the
     * request's protobuf bytes; resolves to the grpc-status.
     * @param {number} n the API port (a lab port) @param {string} method "/package.Service/Method" @param {Buffer} message
     */
    grpc(n, method, message) {
      return new Promise((ok, fail) => {
        const session = http2Connect(`http://127.0.0.1:${port(n)}`);
        session.on('error', fail);
        const req = session.request({':method': 'POST', ':path': method, 'content-type': 'application/grpc', te: 'trailers'});
        const frame = Buffer.alloc(5);
        frame.writeUInt32BE(message.length, 1);
        /** @type {string | undefined} */
        let status;
        req.on('trailers', (t) => { status = String(t['grpc-status']); });
        req.on('response', (h) => { if (h['grpc-status'] !== undefined) status = String(h['grpc-status']); });
        req.on('data', () => {});
        req.on('end', () => { session.close(); ok(status ?? 'none'); });
        req.on('error', fail);
        req.end(Buffer.concat([frame, message]));
      });
    },
    /** v2ctl with arguments; resolves to its output. @param {string[]} args */
    v2ctl: (args) => new Promise((ok, fail) => {
      execFile('/usr/bin/v2ctl', args, {timeout: 10_000}, (e, out, err) => (e ? fail(new Error(`v2ctl ${args.join(' ')}: ${err || e.message}`)) : ok(out)));
    }),
  };
}

if (argv.includes('--list')) {
  for (const f of readdirSync(join(HERE, 'scenarios')).filter((n) => n.endsWith('.mjs')).sort()) {
    for (const s of [(await import(pathToFileURL(join(HERE, 'scenarios', f)).href)).default].flat()) {
      console.log(`${s.name} (${f}): ${Object.values(s.run).map((r) => (typeof r === 'string' ? `lab=${r}` : 'written by the scenario')).join(', ')}\n  ${s.proves.en}`);
    }
  }
} else if (!argv.includes('--inside')) {
  // ---- outside: enter the namespace ----
  try {
    ensureProgram(V2RAY, 'v2ray');
    ensureProgram('/usr/bin/openssl', 'openssl');
    ensureProgram('/usr/bin/unshare', 'util-linux');
  } catch (e) {
    console.error(/** @type {Error} */ (e).message);
    process.exit(2);
  }
  // not root: a passwordless sudo (GitHub's runners) will do; otherwise say what is needed
  const sudo = typeof process.getuid === 'function' && process.getuid() !== 0;
  if (sudo && spawnSync('sudo', ['-n', 'true'], {stdio: 'ignore'}).status !== 0) {
    console.error('The lab needs root: it runs v2ray in its own network namespace (unshare --net --mount --pid).'
      + ' Run `npm run lab` as root (CI runs as root) or with a passwordless sudo, or skip it.');
    process.exit(2);
  }
  const command = ['unshare', '--net', '--mount', '--pid', '--fork', '--kill-child', '--mount-proc',
    process.execPath, fileURLToPath(import.meta.url), '--inside', ...argv];
  const child = spawn(sudo ? 'sudo' : 'unshare', sudo ? ['-n', '--preserve-env=V2RAY_PATH', ...command] : command.slice(1),
    {stdio: 'inherit', detached: true});
  child.on('error', (e) => {
    console.error(`The lab needs unshare (util-linux) and root: ${e.message}`);
    process.exit(2);
  });
  // unshare ignores SIGINT/SIGTERM while it waits; its own process group (detached) holds the lab,
  // which ends what it started and exits, and then unshare follows
  for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(sig, () => { try { process.kill(-(child.pid ?? 0), sig); } catch { /* already gone */ } });
  }
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  await inside();
}
