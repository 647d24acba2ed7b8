// Stand-ins for the hosts examples name, all on loopback addresses inside the lab's
// network namespace: DNS (UDP and TCP on 53, DoT on 853, DoH on 443 at /dns-query) answering from
// the world's table, and web servers (HTTP on 80, HTTPS on 443, UDP echo on 7) that report which
// address and name were reached and echo what they were sent. Every query and request is logged.
// The same DNS servers (udpDns, tcpDns, dotDns, dohServer) answer the tracer comparison from a
// World that changes per configuration (worldReplies), over the wire format of dnswire.mjs.
import {execFileSync} from 'node:child_process';
import {createSocket} from 'node:dgram';
import {readFileSync, writeFileSync} from 'node:fs';
import {createServer as createHttpServer} from 'node:http';
import {createSecureServer} from 'node:http2';
import {createServer as createHttpsServer} from 'node:https';
import {createServer as createTcpServer} from 'node:net';
import {join} from 'node:path';
import {createServer as createTlsServer} from 'node:tls';
import {clientSubnet, encodeReply, parseQuery, typeName} from './dnswire.mjs';
import {DNS_SERVERS, HOSTS, WEB_ADDRESSES} from './world.mjs';

/** @typedef {{t: number, kind: string, server: string, [key: string]: unknown}} LogEntry */

/** Everything the stand-ins saw, in order. @type {LogEntry[]} */
export const standinLog = [];
/** @param {Omit<LogEntry, 't'>} e */
const log = (e) => standinLog.push({t: Date.now(), ...e});

/** The answer a lab stand-in gives: A records from the world's table, nothing else. @param {Buffer} msg */
export function answer(msg) {
  const q = parseQuery(msg);
  const address = /** @type {Record<string, string>} */ (HOSTS)[q.name];
  const known = address !== undefined;
  return {query: q, reply: encodeReply(msg, q, known && q.type === 1 ? [address] : [], known ? 0 : 3)};
}

/** The lab's replies from `server` over `transport`, each query logged. @param {string} server @param {string} transport @returns {Replier} */
const labReplies = (server, transport) => (msg) => {
  const {query, reply} = answer(msg);
  log({kind: 'dns', server, transport, name: query.name, type: typeName(query.type)});
  return reply;
};

// ---- DNS servers: each answers with a Replier (the lab's table above, or a per-configuration World) ----

/** @typedef {(msg: Buffer) => Buffer} Replier the reply to one DNS message; throws when it is not one */

/** @param {{listen: Function, once: Function}} s @param {number} port @param {string} address @returns {Promise<void>} */
const listenOn = (s, port, address) => new Promise((resolve, reject) => { s.once('error', reject); s.listen(port, address, () => resolve()); });

/**
 * DNS over UDP at address:port; `silent` replies to nothing (the Replier still sees every query).
 * @param {string} address @param {number} port @param {Replier} reply @param {boolean} [silent]
 * @returns {Promise<import('node:dgram').Socket>}
 */
export async function udpDns(address, port, reply, silent = false) {
  const s = createSocket('udp4');
  s.on('message', (m, r) => {
    try {
      const out = reply(m);
      if (!silent) s.send(out, r.port, r.address);
    } catch { /* not DNS */ }
  });
  await new Promise((resolve, reject) => { s.once('error', reject); s.bind(port, address, () => resolve(undefined)); });
  return s;
}

/** Length-prefixed DNS messages over a stream (TCP, DoT; RFC 7766). @param {Replier} reply */
function streamDns(reply) {
  /** @param {import('node:net').Socket} socket */
  return (socket) => {
    let buf = Buffer.alloc(0);
    socket.on('data', (/** @type {Buffer} */ d) => {
      buf = Buffer.concat([buf, d]);
      while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
        const msg = buf.subarray(2, 2 + buf.readUInt16BE(0));
        buf = buf.subarray(2 + msg.length);
        try {
          const out = reply(msg);
          const len = Buffer.alloc(2);
          len.writeUInt16BE(out.length);
          socket.write(Buffer.concat([len, out]));
        } catch { socket.destroy(); return; }
      }
    });
    socket.on('error', () => socket.destroy());
  };
}

/** DNS over TCP at address:port. @param {string} address @param {number} port @param {Replier} reply */
export async function tcpDns(address, port, reply) {
  const server = createTcpServer(streamDns(reply));
  await listenOn(server, port, address);
  return server;
}

/** DNS over TLS at address:port. @param {string} address @param {number} port @param {import('node:tls').TlsOptions} tls @param {Replier} reply */
export async function dotDns(address, port, tls, reply) {
  const server = createTlsServer(tls, streamDns(reply));
  await listenOn(server, port, address);
  return server;
}

/**
 * Answers DNS over HTTPS at /dns-query (RFC 8484: POST, or GET with `dns`); 404 elsewhere or for
 * less than a header, 400 for what is not DNS.
 * @param {Replier} reply
 * @returns {(req: import('node:http').IncomingMessage | import('node:http2').Http2ServerRequest, res: import('node:http').ServerResponse | import('node:http2').Http2ServerResponse) => void}
 */
export function dohHandler(reply) {
  return (req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (/** @type {Buffer} */ c) => chunks.push(c));
    req.on('end', () => {
      try {
        const url = new URL(req.url ?? '/', 'https://x');
        const body = req.method === 'GET' ? Buffer.from(url.searchParams.get('dns') ?? '', 'base64url') : Buffer.concat(chunks);
        if (url.pathname !== '/dns-query' || body.length < 12) { res.writeHead(404); res.end(); return; }
        const out = reply(body);
        res.writeHead(200, {'content-type': 'application/dns-message', 'content-length': out.length});
        res.end(out);
      } catch {
        res.writeHead(400);
        res.end();
      }
    });
  };
}

/** A DoH server of its own (HTTP/2, or 1.1, over TLS) at address:port. @param {string} address @param {number} port @param {{key: Buffer | string, cert: Buffer | string}} tls @param {Replier} reply */
export async function dohServer(address, port, tls, reply) {
  const server = createSecureServer({...tls, allowHTTP1: true}, /** @type {never} */ (dohHandler(reply)));
  await listenOn(server, port, address);
  return server;
}

/**
 * @typedef {{server: string, name: string, ecs: string, type: string}} Asked one query a World's server saw
 * @typedef {{a: Map<string, string>, aaaa: Map<string, string>, nx: Set<string>, asked: Asked[]}} World
 *   answers that change per configuration: A and AAAA tables; `nx`, server addresses answering
 *   NXDOMAIN to everything; `asked`, every query in order
 */

/** An empty World. @returns {World} */
export const newWorld = () => ({a: new Map(), aaaa: new Map(), nx: new Set(), asked: []});

/**
 * Replies from `world` as the server `label` (its IPv4 address in it decides `nx`): the name's
 * A or AAAA record, NOERROR also when there is none; each query in `world.asked` with its EDNS
 * client subnet. @param {World} world @param {string} label @returns {Replier}
 */
export const worldReplies = (world, label) => (msg) => {
  const q = parseQuery(msg);
  world.asked.push({server: label, name: q.name, ecs: clientSubnet(msg, q), type: typeName(q.type)});
  if (world.nx.has(/\d+\.\d+\.\d+\.\d+/.exec(label)?.[0] ?? '')) return encodeReply(msg, q, [], 3);
  const ip = q.type === 1 ? world.a.get(q.name) : q.type === 28 ? world.aaaa.get(q.name) : undefined;
  return encodeReply(msg, q, ip ? [ip] : []);
};

/**
 * A CA and a server certificate for `ips` (subjectAltName IP entries), made with openssl in `dir`.
 * v2ray trusts the CA through SSL_CERT_FILE: Go's crypto/x509 reads that file for the system
 * roots on Linux (src/crypto/x509/root_unix.go, certFileEnv).
 * @param {string} dir @param {string[]} ips @returns {{ca: string, key: Buffer, cert: Buffer}}
 */
export function makeCertificates(dir, ips) {
  const run = (/** @type {string[]} */ args) => { execFileSync('openssl', args, {cwd: dir, stdio: 'ignore', timeout: 30_000}); };
  run(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=tracer-diff CA',
    '-keyout', 'ca.key', '-out', 'ca.pem', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign']);
  run(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', '/CN=doh stand-in', '-keyout', 'doh.key', '-out', 'doh.csr']);
  writeFileSync(join(dir, 'doh.ext'), `subjectAltName=${ips.map((ip) => `IP:${ip}`).join(',')}\nextendedKeyUsage=serverAuth\n`);
  run(['x509', '-req', '-in', 'doh.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'doh.ext', '-out', 'doh.pem']);
  return {ca: join(dir, 'ca.pem'), key: readFileSync(join(dir, 'doh.key')), cert: readFileSync(join(dir, 'doh.pem'))};
}

/**
 * What a web stand-in answers: JSON naming the address reached, the address it came from, the
 * Host, the TLS name and the request body back. @param {boolean} tls
 * @returns {import('node:http').RequestListener}
 */
function webHandler(tls) {
  return (req, res) => {
    const server = `${req.socket.localAddress}`;
    if (req.url?.startsWith('/dns-query')) { dohHandler(labReplies(server, 'doh'))(req, res); return; }
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const sni = tls ? /** @type {import('node:tls').TLSSocket} */ (req.socket).servername || null : null;
      const report = {reached: `${server}:${req.socket.localPort}`, from: req.socket.remoteAddress ?? null, host: req.headers.host ?? null, sni, path: req.url,
        echo: body.toString('base64')};
      log({kind: tls ? 'https' : 'http', server, host: report.host, sni, path: req.url, bytes: body.length});
      res.writeHead(200, {'content-type': 'application/json'});
      res.end(JSON.stringify(report));
    });
  };
}

/**
 * Starts every stand-in; resolves to a function that closes them all.
 * @param {{cert: string, key: string}} tls the lab's leaf certificate (PEM)
 * @returns {Promise<() => Promise<void>>}
 */
export async function startStandins(tls) {
  /** @type {{close: (cb?: () => void) => unknown}[]} */
  const servers = [];
  /** @param {{listen: Function, once: Function, close: Function}} s @param {number} port @param {string} host */
  const listen = (s, port, host) => { servers.push(/** @type {never} */ (s)); return listenOn(s, port, host); };
  /** @param {string} address @param {number} port @param {(msg: Buffer, r: import('node:dgram').RemoteInfo, s: import('node:dgram').Socket) => void} onMessage */
  const udp = (address, port, onMessage) => new Promise((resolve, reject) => {
    const s = createSocket('udp4');
    s.once('error', reject);
    s.on('message', (m, r) => onMessage(m, r, s));
    s.bind(port, address, () => resolve(undefined));
    servers.push({close: (cb) => s.close(cb)});
  });
  const dnsAddresses = /** @type {Record<string, string[]>} */ (DNS_SERVERS);
  for (const [address, transports] of Object.entries(dnsAddresses)) {
    if (transports.includes('udp')) { const s = await udpDns(address, 53, labReplies(address, 'udp')); servers.push({close: (cb) => s.close(cb)}); }
    if (transports.includes('tcp')) servers.push(await tcpDns(address, 53, labReplies(address, 'tcp')));
    if (transports.includes('dot')) servers.push(await dotDns(address, 853, tls, labReplies(address, 'dot')));
  }
  const https = new Set([...WEB_ADDRESSES, ...Object.entries(dnsAddresses).filter(([, t]) => t.includes('doh')).map(([a]) => a)]);
  for (const address of https) {
    await listen(createHttpServer(webHandler(false)), 80, address);
    await listen(createHttpsServer(tls, webHandler(true)), 443, address);
    await udp(address, 7, (m, r, s) => {
      log({kind: 'udp-echo', server: address, bytes: m.length});
      s.send(Buffer.concat([Buffer.from(`reached ${address}:7\n`), m]), r.port, r.address);
    });
  }
  return async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => {
      try { s.close(() => resolve(undefined)); } catch { resolve(undefined); }
      /** @type {{closeAllConnections?: () => void}} */ (s).closeAllConnections?.();
    })));
  };
}
