#!/usr/bin/env node
// The lab: runs v2ray 5.52.0 from the toolkit room (tests/toolkit) on the site's own examples
// inside a network namespace that has only the loopback interface, with stand-ins on loopback
// addresses for every host an example names, and checks that each example does what its scenario
// says.
// Usage: npm run lab [-- --only NAME[,NAME]] [--write (update src/data/labProofs.json)] [--list (scenarios, no run)]
//   [--scenarios DIR (other scenarios, no coverage or proofs check; for lab.test.mjs)]
//   [--jobs N (scenarios at once, default 3)] [--keep (keep the temporary folder)]
//   [--ns-file FILE (writes the lab's network namespace id there; lab.test.mjs looks for leftovers)]
//   [--proofs-file FILE (check or write another copy of src/data/labProofs.json)]
// The runner gets the toolkit outside (v2ray(), which may build it), then re-executes itself in
// the room's namespace (enterNamespace: unshare --net --mount --pid, real root or sudo, because
// the lab bind-mounts its own /etc/hosts and /etc/resolv.conf there, which the host never sees).
// When the runner ends, for whatever reason, the kernel ends every process left in its PID
// namespace.
import {execFile, execFileSync} from 'node:child_process';
import {createServer as createTcpServer} from 'node:net';
import {connect as tlsConnect} from 'node:tls';
import {cpSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, readlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {HOSTS, GEOIP, GEOSITE, labAddresses} from '../toolkit/world.mjs';
import {standinLog, startStandins} from '../toolkit/standins.mjs';
import {dnsQuery, fetchFails, proxyConnect, udpVia, fetchVia} from '../toolkit/clients.mjs';
import {geoipDat, geositeDat} from '../toolkit/geo.mjs';
import {enterNamespace, insideNamespace} from '../toolkit/namespace.mjs';
import {V2rayProcess, children, killAll, killOnExit, waitFor} from '../toolkit/processes.mjs';
import {RELEASE, ensureProgram, moduleSource, v2ray, withToolkit} from '../toolkit/v2ray.mjs';
import {wgPeer} from '../toolkit/wgpeer.mjs';
import {prepareConfig} from './config.mjs';
import {addObservations, fieldNamesOf, renderProof, templateProblems} from './proofSentence.mjs';
import {ROOT, isCompleteConfig, labBlocks, readBlocks, whyNotLoadable} from './pages.mjs';
import {NOT_RUN, NOT_YET_RUN} from './not-run.mjs';

const argv = process.argv.slice(2);
const arg = (/** @type {string} */ name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const HERE = fileURLToPath(new URL('.', import.meta.url));
/** What the pages show (src/plugins/labProofs); --proofs-file FILE checks another copy (lab.test.mjs). */
const PROOFS_FILE = arg('--proofs-file') ? resolve(String(arg('--proofs-file'))) : join(ROOT, 'src/data/labProofs.json');
/** Longest a scenario may take, start to end. */
const SCENARIO_TIMEOUT_MS = 60_000;

/** Inside the namespace (loopback already up with the world's addresses). @param {string} bin v2ray 5.52.0 */
async function inside(bin) {
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
  killOnExit(); // the room's hook: every v2ray it started is killed at exit, whatever the exit
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
  // the browser forwarder's page, as v2ray-extra.zip ships it (from the v2ray-core source)
  const source = moduleSource();
  if (source) cpSync(join(source, 'release', 'extra', 'browserforwarder'), join(assets, 'browserforwarder'), {recursive: true});
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
    const ctx = makeContext(s, ports, procs, dir, pki, assets, byId, logStart, extras, bin);
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
      // the sentence the pages show, made from what this run observed (it fails the scenario when
      // the template names a value the run did not observe)
      const proof = renderProof(s.proves, ctx.seen, fieldsOf(s, byId));
      results.push({name: s.name, status: 'passed', ms: Date.now() - t0, proof});
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

  const failed = results.filter((r) => r.status === 'failed').length;
  // ---- proofs shown on the pages ----
  if (!custom) {
    let have = '';
    try { have = readFileSync(PROOFS_FILE, 'utf8'); } catch { /* missing */ }
    /** @type {Map<string, {zh: string, en: string}>} the sentences this run made */
    const made = new Map();
    for (const r of results) if (r.proof) made.set(r.name, r.proof);
    const want = `${JSON.stringify(proofsOf(scenarios, byId, made, have ? JSON.parse(have) : []), null, 2)}\n`;
    if (argv.includes('--write')) {
      if (have !== want && failed) problems.push(`not writing ${PROOFS_FILE}: a scenario failed, and its sentence would be what the run before said`);
      else if (have !== want) { writeFileSync(PROOFS_FILE, want); console.log(`lab: wrote ${PROOFS_FILE}`); }
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
    console.log('\nExamples the lab does not run (Chinese pages; the English pages hold the same):');
    for (const n of notRun.filter((x) => !x.kind.endsWith('not yet run'))) console.log(`  ${n.where}: ${n.reason}`);
    for (const file of Object.keys(NOT_YET_RUN)) {
      const n = notRun.filter((x) => x.where.startsWith(`${file}:`)).length;
      if (n) console.log(`  ${file}: ${n} not yet run (NOT_YET_RUN, transitional): ${NOT_YET_RUN[file]}`);
    }
  }
  for (const p of problems) console.error(`lab: ${p}`);
  const passed = results.filter((r) => r.status === 'passed').length;
  const skipped = results.filter((r) => r.status === 'cannot-run').length;
  const examplesRun = new Set(scenarios.filter((s) => results.some((r) => r.name === s.name && r.status !== 'cannot-run'))
    .flatMap((s) => pageIds(s)));
  console.log(`\nlab: ${results.length - skipped} scenarios ran in ${seconds.toFixed(1)} s (${passed} passed, ${failed} failed),`
    + ` ${skipped} could not run; ${examplesRun.size} page examples run;`
    + ` ${notRun.length} complete examples not run (${summarise(notRun)}); v2ray ${RELEASE}`);
  await closeStandins();
  cleanup();
  process.exit(failed || problems.length ? 1 : 0);
}

/**
 * @typedef {{name: string, file?: string, proves: {zh: string, en: string},
 *   run: Record<string, Role>, later?: Record<string, Role>,
 *   ports?: number[], replace?: Record<string, string>,
 *   exclusive?: boolean, check: (lab: LabContext) => Promise<void>}} Scenario
 * @typedef {string | (string | {inline: unknown})[] | {inline: unknown, v5?: boolean}} Role a page block's lab ID; several, run
 *   as one v2ray with a -c for each in order (v2ray merges them; a file the scenario adds, such as
 *   an API to read a page example's counters, is {inline}); or a configuration written in the
 *   scenario (`v5: true` for the v5 format)
 * @typedef {{name: string, status: 'passed' | 'failed' | 'cannot-run', ms: number, reason?: string, report?: string,
 *   proof?: {zh: string, en: string}}} Result the proof: the sentence made from what the run observed
 * @typedef {ReturnType<typeof makeContext>} LabContext
 */

/** The page blocks a scenario runs, at its start (run) or when its check starts them (later). @param {Scenario} s */
const pageIds = (s) => [...Object.values(s.run), ...Object.values(s.later ?? {})].flatMap((v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []));

/**
 * The field names of every configuration a scenario runs (page blocks and its own): words its
 * sentence may use. @param {Scenario} s @param {Map<string, {zh?: {value?: unknown}}>} byId
 */
function fieldsOf(s, byId) {
  const roles = [...Object.values(s.run), ...Object.values(s.later ?? {})];
  return fieldNamesOf(roles.map((r) => [r].flat().map((x) => (typeof x === 'string' ? byId.get(x)?.zh?.value : x.inline))));
}

/** @param {Scenario[]} scenarios @param {Map<string, {page: string, zh?: {value?: unknown}}>} byId */
function checkScenarios(scenarios, byId) {
  const problems = [];
  const names = new Set();
  for (const s of scenarios) {
    if (!s.name || !s.proves?.zh || !s.proves?.en || typeof s.check !== 'function' || !s.run) {
      problems.push(`${s.file}: a scenario needs name, proves {zh, en}, run and check`);
      continue;
    }
    if (names.has(s.name)) problems.push(`${s.file}: scenario name ${s.name} used twice`);
    for (const p of templateProblems(s.proves, fieldsOf(s, byId))) problems.push(`${s.name}: proves: ${p}`);
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
 * Every complete example v2ray 5.52.0 can load (v4 pages, since= blocks included, and the v5
 * branch) is named by lab= and run by a scenario, or listed in not-run.mjs with its reason; while
 * the transitional NOT_YET_RUN lists its page, an example without lab= there is reported as not
 * yet run instead.
 * @param {import('./pages.mjs').PageBlock[]} blocks @param {Scenario[]} scenarios @param {Map<string, unknown>} byId
 */
function coverage(blocks, scenarios, byId) {
  const used = new Set(scenarios.flatMap(pageIds));
  const problems = [];
  /** @type {Set<string>} */
  const waiting = new Set();
  for (const b of blocks.filter((x) => x.lang === 'zh' && isCompleteConfig(x) && !whyNotLoadable(x))) {
    if (!b.meta.lab) {
      if (NOT_YET_RUN[b.file]) waiting.add(b.file);
      else problems.push(`${b.file}:${b.line}: a complete example v2ray ${RELEASE} loads needs lab=ID on its fence (both languages) and a scenario, or a reason in tests/lab/not-run.mjs`);
    } else if (!used.has(b.meta.lab) && !NOT_RUN[b.meta.lab]) problems.push(`${b.file}:${b.line}: lab=${b.meta.lab} is run by no scenario and has no reason in tests/lab/not-run.mjs`);
  }
  for (const id of Object.keys(NOT_RUN)) {
    if (!byId.has(id)) problems.push(`tests/lab/not-run.mjs: no page block has lab=${id}`);
    if (used.has(id)) problems.push(`tests/lab/not-run.mjs: lab=${id} is run by a scenario`);
  }
  for (const file of Object.keys(NOT_YET_RUN)) {
    if (!waiting.has(file)) problems.push(`tests/lab/not-run.mjs: NOT_YET_RUN lists ${file}, which has no complete example without lab= left: remove it`);
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
    if (why) out.push({where, reason: why, kind: `newer than ${RELEASE}`});
    else if (b.meta.lab && !used.has(b.meta.lab) && NOT_RUN[b.meta.lab]) out.push({where, reason: NOT_RUN[b.meta.lab] ?? '', kind: 'with a reason in not-run.mjs'});
    else if (!b.meta.lab && NOT_YET_RUN[b.file]) out.push({where, reason: `not yet run: ${NOT_YET_RUN[b.file]}`, kind: b.v5 ? 'v5 branch, not yet run' : 'main pages, not yet run'});
  }
  return out;
}

/** @param {{kind: string}[]} list */
function summarise(list) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const n of list) counts[n.kind] = (counts[n.kind] ?? 0) + 1;
  return Object.entries(counts).map(([k, n]) => `${n} ${k}`).join('; ') || 'none';
}

/**
 * What the pages show under each example a scenario runs (src/data/labProofs.json): the sentence
 * this run made from its observations; for a scenario this run did not run (`--only`) or that
 * failed, the sentence the file has.
 * @param {Scenario[]} scenarios @param {Map<string, {page: string, zh?: import('./pages.mjs').PageBlock}>} byId
 * @param {Map<string, {zh: string, en: string}>} made @param {Proof[]} before the file as it is
 * @typedef {{lab: string, page: string, scenario: string, release: string, zh: string, en: string}} Proof
 */
export function proofsOf(scenarios, byId, made, before) {
  /** @type {Proof[]} */
  const out = [];
  for (const s of scenarios) {
    if (cannotRun(s, byId)) continue;
    for (const id of pageIds(s)) {
      const page = byId.get(id)?.page;
      if (!page) continue;
      const sentence = made.get(s.name) ?? before.find((p) => p.scenario === s.name && p.lab === id);
      if (sentence) out.push({lab: id, page, scenario: s.name, release: RELEASE, zh: sentence.zh, en: sentence.en});
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
 * @param {string} bin v2ray 5.52.0
 */
function makeContext(s, ports, procs, dir, pki, assets, byId, logStart, extras, bin) {
  const ca = readFileSync(pki.caFile, 'utf8');
  /** @param {number} n */
  const port = (n) => {
    const p = ports.get(n);
    if (p === undefined) throw new Error(`port ${n} is not in the scenario's ports`);
    return p;
  };
  /** @type {import('./proofSentence.mjs').Observations} what the run observed, for the sentence */
  const seen = {};
  return {
    dir,
    port,
    /** The page's port number a lab port stands for (the number itself when it is not mapped). @param {number} labPort */
    pagePort: (labPort) => [...ports].find(([, l]) => l === labPort)?.[0] ?? labPort,
    seen,
    /**
     * Records values the run observed, for the proof sentence's placeholders: take them from what
     * the run produced (a log line, a stand-in's report, an answer), not from constants.
     * @param {import('./proofSentence.mjs').Observations} values
     */
    saw(values) { addObservations(seen, values); },
    /**
     * A value of the configuration a role runs, as the page's block has it (before the lab's
     * substitutions: ports by the page's numbers), recorded under `key`: for the settings a
     * sentence names that both sides of a pair must share for traffic to pass (a seed, a header).
     * @param {string} role @param {string} key @param {(config: any) => unknown} pick
     */
    setting(role, key, pick) {
      const v = this.sources(role).map((c) => { try { return pick(c); } catch { return undefined; } }).find((x) => x !== undefined);
      if (v === undefined || v === null || typeof v === 'object') throw new Error(`${role}'s configuration has no ${key} where the scenario looks`);
      addObservations(seen, {[key]: /** @type {string | number | boolean} */ (v)});
      return v;
    },
    /** The configuration a role runs (before substitution); the first file of a role that has several. @param {string} role */
    source(role) {
      return this.sources(role)[0];
    },
    /** Every configuration file a role runs, in order (before substitution). @param {string} role */
    sources(role) {
      const r = s.run[role] ?? s.later?.[role];
      if (r === undefined) throw new Error(`no role ${role}`);
      if (typeof r === 'string') return [byId.get(r)?.zh?.value];
      if (Array.isArray(r)) return r.map((x) => (typeof x === 'string' ? byId.get(x)?.zh?.value : x.inline));
      return [r.inline];
    },
    /** The file names (fence titles) of a role's page blocks, in order. @param {string} role */
    titles(role) {
      const r = s.run[role] ?? s.later?.[role];
      return [r].flat().map((x) => (typeof x === 'string' ? byId.get(x)?.zh?.meta?.title : undefined));
    },
    /** Whether a role's configuration is in the v5 format: a v5-branch block, or an inline one marked v5. @param {string} role */
    isV5(role) {
      const r = s.run[role] ?? s.later?.[role];
      if (typeof r === 'string' || Array.isArray(r)) return Boolean(byId.get([r].flat()[0] ?? '')?.zh?.v5);
      return Boolean(r?.v5);
    },
    /** Starts a role's v2ray (-format json, or jsonv5 for the v5 format) and waits until it has started. @param {string} role */
    async start(role) {
      const replace = Object.fromEntries(Object.entries(s.replace ?? {}).map(([k, v]) => [k, v.replaceAll('{DIR}', dir)]));
      const v5 = this.isV5(role);
      const configs = this.sources(role).map((c) => prepareConfig(c, {ports, cert: pki, dir, role, replace, v5}));
      // the scenario's folder is its working directory: state an example keeps under "WorkDir" stays there
      const p = new V2rayProcess({bin, role, dir, config: configs[0], configs: configs.length > 1 ? configs : undefined, cwd: dir,
        format: v5 ? 'jsonv5' : 'json', env: {V2RAY_LOCATION_ASSET: assets, SSL_CERT_FILE: pki.caFile}});
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
    /** What a role's v2ray wrote to stdout and stderr (a crash's panic goes there). @param {string} role */
    output(role) { return procs.get(role)?.output ?? ''; },
    /** Whether a role's v2ray is still running. @param {string} role */
    running(role) { return procs.get(role)?.exitCode === null; },
    /** The lab's certificate and key files (signed by the lab CA), for a server a scenario starts itself. */
    pki: {certFile: pki.certFile, keyFile: pki.keyFile},
    /** @param {number} n @param {{user?: string, pass?: string, host?: string}} [extra] */
    socks: (n, extra = {}) => ({socks: port(n), ...extra}),
    /** @param {number} n @param {{user?: string, pass?: string, host?: string}} [extra] */
    http: (n, extra = {}) => ({http: port(n), ...extra}),
    /** @param {import('../toolkit/clients.mjs').Proxy} proxy @param {string} url @param {{bytes?: number}} [o] */
    fetch: (proxy, url, o = {}) => fetchVia(proxy, url, {ca, ...o}),
    fetchFails,
    proxyConnect,
    udpVia,
    /** Stand-in log entries since the scenario started. */
    standins: () => standinLog.slice(logStart),
    waitFor,
    /**
     * Waits until a role's access log has a line matching `pattern`; its named groups
     * (`(?<user>\\S+)`) are recorded as observations. @param {string} role @param {RegExp} pattern
     * @param {string} what
     */
    async accessLine(role, pattern, what) {
      await waitFor(() => pattern.test(this.access(role)), `${role}'s access log shows ${what} (${pattern})`, 10_000);
      addObservations(seen, {...pattern.exec(this.access(role))?.groups});
    },
    /**
     * Waits until a role's error log (debug level) has a line matching `pattern`; its named groups
     * are recorded as observations. @param {string} role @param {RegExp} pattern @param {string} what
     */
    async errorLine(role, pattern, what) {
      await waitFor(() => pattern.test(this.errors(role)), `${role}'s error log shows ${what} (${pattern})`, 10_000);
      addObservations(seen, {...pattern.exec(this.errors(role))?.groups});
    },
    /**
     * Fails with `message` unless `cond`; when it holds, `values` are recorded as observations.
     * @param {unknown} cond @param {string} message @param {import('./proofSentence.mjs').Observations} [values]
     */
    expect(cond, message, values) {
      if (!cond) throw new Error(message);
      if (values) addObservations(seen, values);
    },
    v2ray: bin,
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
     * `v2ray api COMMAND -s 127.0.0.1:PORT ARGS...` (v2ray 5's API client, which replaced 4.x's
     * `v2ctl api`); resolves to its output. 10 s at most.
     * @param {string} command e.g. "stats", "rmi" @param {number} n the API port (a lab port) @param {string[]} args
     */
    api: (command, n, args = []) => new Promise((ok, fail) => {
      const all = ['api', command, '-s', `127.0.0.1:${port(n)}`, ...args];
      const child = execFile(bin, all, {timeout: 10_000, killSignal: 'SIGKILL'}, (e, out, err) => {
        children.delete(child);
        if (e) fail(new Error(`v2ray ${all.join(' ')}: ${err || e.message}`)); else ok(out);
      });
      children.add(child);
    }),
  };
}

if (argv.includes('--list')) {
  for (const f of readdirSync(join(HERE, 'scenarios')).filter((n) => n.endsWith('.mjs')).sort()) {
    for (const s of [(await import(pathToFileURL(join(HERE, 'scenarios', f)).href)).default].flat()) {
      const what = (/** @type {Role} */ r) => (typeof r === 'string' ? `lab=${r}` : Array.isArray(r) ? r.map((x) => (typeof x === 'string' ? `lab=${x}` : 'a file written by the scenario')).join(' + ') : 'written by the scenario');
      console.log(`${s.name} (${f}): ${[...Object.values(s.run), ...Object.values(s.later ?? {})].map(what).join(', ')}\n  ${s.proves.en}`);
    }
  }
} else {
  await withToolkit(async () => {
    // outside, the toolkit first (a build needs the network, which the namespace has not); inside,
    // v2ray() finds it in V2RAY_BIN
    const bin = v2ray();
    if (!insideNamespace()) {
      ensureProgram('/usr/bin/openssl', 'openssl', 'npm run lab');
      ensureProgram('/usr/bin/unshare', 'util-linux', 'npm run lab');
      ensureProgram('/usr/sbin/nft', 'nftables', 'npm run lab'); // the TPROXY example's firewall rule (tproxy-mark)
    }
    // the WireGuard example's far end, built outside like v2ray; inside, WGPEER_BIN names it
    const wgpeer = wgPeer();
    await enterNamespace({name: 'npm run lab', env: {V2RAY_BIN: bin, ...(wgpeer ? {WGPEER_BIN: wgpeer} : {})}, addresses: labAddresses(), userNamespaceEnough: false, timeoutMs: 15 * 60_000});
    await inside(bin);
  });
}
