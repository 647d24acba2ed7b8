// What a lab scenario's check gets (makeContext: its ports, processes, logs, clients and the
// sentence's observations) and the throwaway certificate authority the lab's TLS examples use
// (makePki). Used by run.mjs, inside the namespace.
import {execFile, execFileSync} from 'node:child_process';
import {createServer as createTcpServer} from 'node:net';
import {connect as tlsConnect} from 'node:tls';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {HOSTS, labAddresses} from '../toolkit/world.mjs';
import {standinLog} from '../toolkit/standins.mjs';
import {dnsQuery, fetchFails, proxyConnect, udpVia, fetchVia} from '../toolkit/clients.mjs';
import {V2rayProcess, children, waitFor} from '../toolkit/processes.mjs';
import {prepareConfig} from './config.mjs';
import {addObservations} from './proofSentence.mjs';

/** @typedef {import('./run.mjs').Scenario} Scenario */
/** @typedef {ReturnType<typeof makeContext>} LabContext */

/**
 * The lab's CA and one leaf certificate for every name and address in the world (openssl).
 * @param {string} dir
 */
export function makePki(dir) {
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
export function makeContext(s, ports, procs, dir, pki, assets, byId, logStart, extras, bin) {
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
