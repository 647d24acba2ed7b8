// Stand-ins for the hosts examples name, all on loopback addresses inside the lab's
// network namespace: DNS (UDP and TCP on 53, DoT on 853, DoH on 443 at /dns-query) answering from
// the world's table, and web servers (HTTP on 80, HTTPS on 443, UDP echo on 7) that report which
// address and name were reached and echo what they were sent. Every query and request is logged.
import {createSocket} from 'node:dgram';
import {createServer as createHttpServer} from 'node:http';
import {createServer as createHttpsServer} from 'node:https';
import {createServer as createTcpServer} from 'node:net';
import {createServer as createTlsServer} from 'node:tls';
import {DNS_SERVERS, HOSTS, WEB_ADDRESSES} from './world.mjs';

/** @typedef {{t: number, kind: string, server: string, [key: string]: unknown}} LogEntry */

/** Everything the stand-ins saw, in order. @type {LogEntry[]} */
export const standinLog = [];
/** @param {Omit<LogEntry, 't'>} e */
const log = (e) => standinLog.push({t: Date.now(), ...e});

// ---- DNS wire format, just enough: one question, A/AAAA answers ----
const TYPES = {1: 'A', 28: 'AAAA', 5: 'CNAME', 16: 'TXT', 65: 'HTTPS'};

/** @param {Buffer} msg @returns {{id: number, name: string, type: number, end: number}} */
export function parseQuery(msg) {
  const id = msg.readUInt16BE(0);
  let i = 12;
  const labels = [];
  while (msg[i] !== 0) {
    const len = /** @type {number} */ (msg[i]);
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('latin1'));
    i += len + 1;
  }
  i += 1;
  const type = msg.readUInt16BE(i);
  return {id, name: labels.join('.').toLowerCase(), type, end: i + 4};
}

/**
 * A reply to the query `msg`: its question, then one A record (TTL 60) an address.
 * @param {Buffer} msg @param {{id: number, end: number}} q its parseQuery()
 * @param {string[]} addresses IPv4 @param {number} [rcode] 0 NOERROR, 3 NXDOMAIN
 */
export function encodeReply(msg, q, addresses, rcode = 0) {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(q.id, 0);
  header.writeUInt16BE(0x8180 | rcode, 2); // response, RD+RA
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const records = addresses.map((a) => {
    const r = Buffer.alloc(16);
    r.writeUInt16BE(0xc00c, 0);
    r.writeUInt16BE(1, 2);
    r.writeUInt16BE(1, 4);
    r.writeUInt32BE(60, 6);
    r.writeUInt16BE(4, 10);
    a.split('.').forEach((n, k) => r.writeUInt8(Number(n), 12 + k));
    return r;
  });
  return Buffer.concat([header, msg.subarray(12, q.end), ...records]);
}

/** The answer a stand-in gives: A records from the world's table, nothing else. @param {Buffer} msg */
export function answer(msg) {
  const q = parseQuery(msg);
  const address = /** @type {Record<string, string>} */ (HOSTS)[q.name];
  const known = address !== undefined;
  return {query: q, reply: encodeReply(msg, q, known && q.type === 1 ? [address] : [], known ? 0 : 3)};
}

/** @param {string} server @param {string} transport @param {Buffer} msg */
function dnsReply(server, transport, msg) {
  const {query, reply} = answer(msg);
  log({kind: 'dns', server, transport, name: query.name, type: TYPES[/** @type {1} */ (query.type)] ?? String(query.type)});
  return reply;
}

/** Length-prefixed DNS over a stream (TCP, DoT). @param {string} server @param {string} transport */
function streamDns(server, transport) {
  /** @param {import('node:net').Socket} socket */
  return (socket) => {
    let buf = Buffer.alloc(0);
    socket.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
        const msg = buf.subarray(2, 2 + buf.readUInt16BE(0));
        buf = buf.subarray(2 + msg.length);
        const reply = dnsReply(server, transport, msg);
        const len = Buffer.alloc(2);
        len.writeUInt16BE(reply.length);
        socket.write(Buffer.concat([len, reply]));
      }
    });
    socket.on('error', () => {});
  };
}

/**
 * What a web stand-in answers: JSON naming the address reached, the address it came from, the
 * Host, the TLS name and the request body back. @param {boolean} tls
 * @returns {import('node:http').RequestListener}
 */
function webHandler(tls) {
  return (req, res) => {
    const server = `${req.socket.localAddress}`;
    if (req.url?.startsWith('/dns-query')) {
      /** @type {Buffer[]} */
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const q = new URL(req.url ?? '/', 'https://x').searchParams.get('dns');
        const msg = req.method === 'GET' && q ? Buffer.from(q, 'base64url') : Buffer.concat(chunks);
        res.writeHead(200, {'content-type': 'application/dns-message'});
        res.end(dnsReply(server, 'doh', msg));
      });
      return;
    }
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
  const listen = (s, port, host) => new Promise((resolve, reject) => {
    s.once('error', reject);
    s.listen(port, host, () => resolve(undefined));
    servers.push(/** @type {never} */ (s));
  });
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
    if (transports.includes('udp')) {
      await udp(address, 53, (m, r, s) => {
        try { s.send(dnsReply(address, 'udp', m), r.port, r.address); } catch { /* not DNS */ }
      });
    }
    if (transports.includes('tcp')) await listen(createTcpServer(streamDns(address, 'tcp')), 53, address);
    if (transports.includes('dot')) await listen(createTlsServer(tls, streamDns(address, 'dot')), 853, address);
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
