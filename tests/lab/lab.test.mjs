// The lab itself: its substitutions, that a wrong expectation fails with the logs, and
// that no process it started outlives it, after a failure or an interrupt. Runs the lab as root or
// through a passwordless sudo, as `npm run lab` does, with v2ray 5.52.0 from the toolkit room
// (tests/toolkit); where neither is at hand it says so and skips the tests that run the lab.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {chmodSync, copyFileSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, existsSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {howToEnter} from '../toolkit/namespace.mjs';
import {prepareConfig} from './config.mjs';
import {isCompleteConfig, labBlocks, whyNotLoadable} from './pages.mjs';

const RUN = fileURLToPath(new URL('./run.mjs', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
/** How the lab gets into its namespace here: as root, or through a passwordless sudo, as `npm run lab` does. */
const how = howToEnter(false);
/** The tests that run the lab run wherever the lab runs; elsewhere they say why they cannot. */
const needsLab = how === null
  ? 'cannot run the lab here: it enters a network namespace (unshare), which needs root or a passwordless sudo, and this user has neither'
  : false;
if (needsLab) console.error(`lab.test.mjs: ${needsLab}; the tests that run it are skipped`);
/** Before the command when it must run as root: nothing as root, `sudo -n` through sudo. */
const asRoot = how === 'sudo' ? ['sudo', '-n'] : [];

/** Processes in the network namespace `ns` ("net:[…]"): the lab's, which only its processes enter. @param {string} ns */
function scanProcesses(ns) {
  const out = [];
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try { if (readlinkSync(`/proc/${pid}/ns/net`) === ns) out.push(`${pid} ${readFileSync(`/proc/${pid}/comm`, 'utf8').trim()}`); } catch { /* gone */ }
  }
  return out;
}

/**
 * scanProcesses as root: a user sees no other user's namespace links, so through sudo the scan
 * runs as root (else it would find nothing and a leftover would pass unseen).
 * @param {string} ns @returns {string[]}
 */
function processesIn(ns) {
  if (how !== 'sudo') return scanProcesses(ns);
  const script = `import {readdirSync, readFileSync, readlinkSync} from 'node:fs';\n${scanProcesses.toString()}\nconsole.log(JSON.stringify(scanProcesses(process.argv[1])));`;
  const r = spawnSync('sudo', ['-n', process.execPath, '--input-type=module', '-e', script, ns], {encoding: 'utf8', timeout: 30_000});
  assert.equal(r.status, 0, `the scan of /proc through sudo: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

test('substitutions: listed ports, fallback dests, certificates, replaced strings and logs; nothing else', () => {
  const cert = {certFile: '/lab/leaf.crt', keyFile: '/lab/leaf.key', certLines: ['C'], keyLines: ['K']};
  const source = {
    inbounds: [{port: 443, listen: '0.0.0.0', settings: {fallbacks: [{dest: 8080}, {dest: '127.0.0.1:8081'}, {dest: 9999}]},
      streamSettings: {tlsSettings: {certificates: [{certificateFile: '/etc/a.crt', keyFile: '/etc/a.key'}, {certificate: ['x'], key: ['y']}]},
        dsSettings: {path: '/run/v2ray/vmess.sock'}}}],
    outbounds: [{settings: {vnext: [{address: 'proxy.example.com', port: '443', users: [{id: 'u', level: 443}]}]}}],
    log: {loglevel: 'warning'},
    browserForwarder: {listenAddr: '127.0.0.1', listenPort: 8080},
  };
  const out = /** @type {any} */ (prepareConfig(source, {ports: new Map([[443, 30001], [8080, 30002], [8081, 30003]]), cert, dir: '/d', role: 'server',
    replace: {'/run/v2ray/vmess.sock': '/d/vmess.sock'}}));
  assert.equal(out.inbounds[0].port, 30001);
  assert.deepEqual(out.inbounds[0].settings.fallbacks, [{dest: 30002}, {dest: '127.0.0.1:30003'}, {dest: 9999}]);
  assert.deepEqual(out.inbounds[0].streamSettings.tlsSettings.certificates, [{certificateFile: '/lab/leaf.crt', keyFile: '/lab/leaf.key'}, {certificate: ['C'], key: ['K']}]);
  assert.equal(out.inbounds[0].streamSettings.dsSettings.path, '/d/vmess.sock');
  assert.equal(out.outbounds[0].settings.vnext[0].port, '30001');
  assert.equal(out.outbounds[0].settings.vnext[0].users[0].level, 443, 'a number that is not a port stays');
  assert.equal(out.outbounds[0].settings.vnext[0].address, 'proxy.example.com');
  assert.equal(out.browserForwarder.listenPort, 30002, 'the browser forwarder\'s page port is a port too');
  assert.deepEqual(out.log, {loglevel: 'debug', access: '/d/server-access.log', error: '/d/server-error.log'});
  assert.equal(source.inbounds[0].port, 443, 'the page value is not changed');
  // a v5-format configuration gets app/log's v5 form (LogSpecification per log)
  const v5 = /** @type {any} */ (prepareConfig({log: {error: {type: 'Console'}}, inbounds: [{port: 443}]},
    {ports: new Map([[443, 30001]]), cert, dir: '/d', role: 'c', v5: true}));
  assert.deepEqual(v5.log, {access: {type: 'File', path: '/d/c-access.log'}, error: {type: 'File', path: '/d/c-error.log', level: 'Debug'}});
  assert.equal(v5.inbounds[0].port, 30001);
});

test('lab ids: one per language, same block in both; loadability follows since= and the v5 branch', () => {
  const block = (/** @type {'zh' | 'en'} */ lang, value, meta = {}) => ({file: `${lang}.md`, line: 1, lang, page: '/p', v5: false, code: '', meta: {lab: 'x', ...meta}, value});
  assert.deepEqual(labBlocks([block('zh', {a: 1}), block('en', {a: 1})]).problems, []);
  assert.match(labBlocks([block('zh', {a: 1})]).problems.join(), /Chinese page only/);
  assert.match(labBlocks([block('zh', {a: 1}), block('en', {a: 2})]).problems.join(), /differ/);
  assert.equal(whyNotLoadable(block('zh', {}, {since: '4.34'})), null);
  assert.equal(whyNotLoadable(block('zh', {}, {since: '4.37.3'})), null);
  assert.equal(whyNotLoadable(block('zh', {}, {since: '5.52.0'})), null);
  assert.match(String(whyNotLoadable(block('zh', {}, {since: '5.53'}))), /newer than 5\.52\.0/);
  assert.equal(whyNotLoadable({...block('zh', {}), v5: true}), null, 'the v5 branch loads (-format jsonv5)');
  assert.equal(isCompleteConfig(block('zh', {inbounds: [], outbounds: []})), true);
  assert.equal(isCompleteConfig(block('zh', {inbounds: []}, {fragment: 'X'})), false);
});

test('a planted wrong expectation fails, prints the logs, and leaves no process behind', {skip: needsLab}, () => {
  const nsFile = join(mkdtempSync(join(tmpdir(), 'lab-test-')), 'ns');
  const r = spawnSync(process.execPath, [RUN, '--scenarios', join(FIXTURES, 'planted-wrong'), '--ns-file', nsFile], {encoding: 'utf8', timeout: 120_000});
  const out = `${r.stdout}${r.stderr}`;
  assert.equal(r.status, 1, out);
  assert.match(out, /FAILED planted-wrong: planted: expected 10\.9\.9\.9:80, reached 93\.184\.216\.34:80/);
  assert.match(out, /--- v2ray server: error log\n[\s\S]*V2Ray 5\.52\.0 started/);
  assert.match(out, /--- v2ray client: access log\n[\s\S]*accepted tcp:example\.com:80 \[proxy\]/);
  assert.match(out, /--- stand-ins[^\n]*\n\{"t":\d+,"kind":"http","server":"93\.184\.216\.34"/);
  const ns = readFileSync(nsFile, 'utf8');
  assert.deepEqual(processesIn(ns), [], 'processes left in the lab\'s namespace');
});

test('the DNS expectation catches the leak of the uncorrected /config/dns example', {skip: needsLab}, () => {
  const r = spawnSync(process.execPath, [RUN, '--scenarios', join(FIXTURES, 'dns-leak')], {encoding: 'utf8', timeout: 120_000});
  const out = `${r.stdout}${r.stderr}`;
  assert.equal(r.status, 1, out);
  assert.match(out, /FAILED dns-leak: example\.com should be asked first over DoH at 1\.1\.1\.1, got \["223\.5\.5\.5\/udp"/);
});

test('the lab fails when the proofs the pages show are not the sentences its run made', {skip: needsLab}, () => {
  const dir = mkdtempSync(join(tmpdir(), 'lab-test-'));
  const file = join(dir, 'labProofs.json');
  const proofs = JSON.parse(readFileSync(fileURLToPath(new URL('../../src/data/labProofs.json', import.meta.url)), 'utf8'));
  // the sentence of the scenario that runs: a scenario left out by --only keeps the file's sentence
  const mine = proofs.findIndex((/** @type {{scenario: string}} */ p) => p.scenario === 'overview-schema');
  proofs[mine].en = 'an edited sentence';
  writeFileSync(file, `${JSON.stringify(proofs, null, 2)}\n`);
  const r = spawnSync(process.execPath, [RUN, '--only', 'overview-schema', '--proofs-file', file], {encoding: 'utf8', timeout: 120_000});
  assert.equal(r.status, 1, `${r.stdout}${r.stderr}`);
  assert.match(r.stderr, /labProofs\.json is out of date with the scenarios: run `npm run lab -- --write`/);
  const w = spawnSync(process.execPath, [RUN, '--only', 'overview-schema', '--proofs-file', file, '--write'], {encoding: 'utf8', timeout: 120_000});
  assert.equal(w.status, 0, `${w.stdout}${w.stderr}`);
  assert.notEqual(JSON.parse(readFileSync(file, 'utf8'))[mine].en, 'an edited sentence');
});

test('an interrupted run ends every process it started', {skip: needsLab}, async () => {
  const nsFile = join(mkdtempSync(join(tmpdir(), 'lab-test-')), 'ns');
  const child = spawn(process.execPath, [RUN, '--scenarios', join(FIXTURES, 'hang'), '--ns-file', nsFile], {stdio: ['ignore', 'pipe', 'pipe']});
  let out = '';
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({code, signal})));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the hang scenario did not start:\n${out}`)), 60_000);
    const onData = (/** @type {Buffer} */ d) => { out += d; if (out.includes('lab-fixture: v2ray running')) { clearTimeout(timer); resolve(undefined); } };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => { out += d; });
  });
  const ns = readFileSync(nsFile, 'utf8');
  const running = processesIn(ns);
  assert.ok(running.filter((p) => / v2ray$/.test(p)).length === 2, `two v2ray processes should run in the lab: ${running.join(', ')}`);
  child.kill('SIGINT');
  await exited;
  // the kernel ends a PID namespace's processes when its first process exits: wait for that
  const end = Date.now() + 10_000;
  while (processesIn(ns).length && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(processesIn(ns), [], 'processes left in the lab\'s namespace');
});

test('without root, the lab says it needs root', {skip: needsLab || (!existsSync('/usr/bin/setpriv') && 'needs setpriv (util-linux) to drop to nobody')}, () => {
  // the toolkit where nobody can run it (the cached build sits in root's home), found through V2RAY_BIN
  const dir = mkdtempSync(join(tmpdir(), 'lab-test-'));
  chmodSync(dir, 0o755);
  const bin = join(dir, 'v2ray');
  const cached = spawnSync(process.execPath, ['--input-type=module', '-e',
    `import {v2ray} from ${JSON.stringify(new URL('../toolkit/v2ray.mjs', import.meta.url).href)}; console.log(v2ray())`], {encoding: 'utf8', timeout: 30_000});
  copyFileSync(cached.stdout.trim().split('\n').pop() ?? '', bin);
  chmodSync(bin, 0o755);
  // sudo resets the environment: V2RAY_BIN goes in through env
  const [command = '', ...args] = [...asRoot, 'setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', 'env', `V2RAY_BIN=${bin}`, process.execPath, RUN];
  const r = spawnSync(command, args, {encoding: 'utf8', timeout: 30_000});
  assert.equal(r.status, 2, `${r.stdout}${r.stderr}`);
  assert.match(r.stderr, /npm run lab runs v2ray in a network namespace of its own .*which needs root/);
});
