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
import {execFileSync} from 'node:child_process';
import {cpSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, readlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {HOSTS, GEOIP, GEOSITE, labAddresses} from '../toolkit/world.mjs';
import {standinLog, startStandins} from '../toolkit/standins.mjs';
import {geoipDat, geositeDat} from '../toolkit/geo.mjs';
import {enterNamespace, insideNamespace} from '../toolkit/namespace.mjs';
import {V2rayProcess, killAll, killOnExit} from '../toolkit/processes.mjs';
import {RELEASE, ensureProgram, moduleSource, v2ray, withToolkit} from '../toolkit/v2ray.mjs';
import {wgPeer} from '../toolkit/wgpeer.mjs';
import {fieldNamesOf, renderProof, templateProblems} from './proofSentence.mjs';
import {ROOT, isCompleteConfig, labBlocks, readBlocks, whyNotLoadable} from './pages.mjs';
import {NOT_RUN, NOT_YET_RUN} from './not-run.mjs';
import {makeContext, makePki} from './context.mjs';
import {commandOptions} from '../../scripts/commandLine.mjs';

const options = commandOptions('npm run lab', {
  only: {type: 'string'}, write: {type: 'boolean'}, list: {type: 'boolean'}, scenarios: {type: 'string'},
  jobs: {type: 'string'}, keep: {type: 'boolean'}, 'ns-file': {type: 'string'}, 'proofs-file': {type: 'string'},
});
const HERE = fileURLToPath(new URL('.', import.meta.url));
/** What the pages show (src/plugins/labProofs); --proofs-file FILE checks another copy (lab.test.mjs). */
const PROOFS_FILE = options['proofs-file'] ? resolve(options['proofs-file']) : join(ROOT, 'src/data/labProofs.json');
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
    if (!options.keep) rmSync(work, {recursive: true, force: true});
  };
  process.on('exit', cleanup);
  for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(sig, () => { console.error(`lab: ${sig}, ending every process it started`); cleanup(); process.exit(130); });
  }
  killOnExit(); // the room's hook: every v2ray it started is killed at exit, whatever the exit
  if (options['ns-file']) writeFileSync(options['ns-file'], readlinkSync('/proc/self/ns/net'));

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
  const scenarioDir = options.scenarios ? resolve(options.scenarios) : join(HERE, 'scenarios');
  /** @type {Scenario[]} */
  const scenarios = [];
  for (const f of readdirSync(scenarioDir).filter((n) => n.endsWith('.mjs')).sort()) {
    const mod = await import(pathToFileURL(join(scenarioDir, f)).href);
    for (const s of [mod.default].flat()) scenarios.push({...s, file: f});
  }
  const blocks = readBlocks();
  const {byId, problems} = labBlocks(blocks);
  const custom = Boolean(options.scenarios);
  problems.push(...checkScenarios(scenarios, byId));
  if (!custom) problems.push(...coverage(blocks, scenarios, byId));

  const only = options.only?.split(',');
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
  const jobs = Number(options.jobs ?? 3);
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
    if (options.write) {
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
 * @typedef {import('./context.mjs').LabContext} LabContext
 */

/** The page blocks a scenario runs, at its start (run) or when its check starts them (later), each once. @param {Scenario} s */
const pageIds = (s) => [...new Set([...Object.values(s.run), ...Object.values(s.later ?? {})].flatMap((v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [])))];

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


if (options.list) {
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
