// Clients the suites drive traffic with: a TCP connection through a Socks 5 or HTTP proxy inbound
// (or straight to a forwarding port), a UDP datagram through Socks 5, a request to a web stand-in
// (standins.mjs) that checks its bytes come back, and DNS queries. Each has a timeout except
// proxyConnect, which only opens a connection on loopback; its callers bound what they do with it.
import {request as httpRequest} from 'node:http';
import {connect as netConnect} from 'node:net';
import {connect as tlsConnect} from 'node:tls';
import {randomBytes} from 'node:crypto';
import dgram from 'node:dgram';
import {dnsMessage, readReply} from './dnswire.mjs';

export {dnsMessage};

/** @param {import('node:net').Socket} socket @param {number} n @returns {Promise<Buffer>} */
function readBytes(socket, n) {
  return new Promise((resolve, reject) => {
    let buf = Buffer.alloc(0);
    const onData = (/** @type {Buffer} */ d) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length >= n) {
        socket.off('data', onData);
        socket.off('error', reject);
        socket.off('close', onClose);
        socket.pause();
        if (buf.length > n) socket.unshift(buf.subarray(n));
        resolve(buf.subarray(0, n));
      }
    };
    const onClose = () => reject(new Error('the proxy closed the connection'));
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', onClose);
    socket.resume();
  });
}

/** @param {string} host @param {number} port @returns {Promise<import('node:net').Socket>} */
function tcp(host, port) {
  return new Promise((resolve, reject) => {
    const s = netConnect(port, host, () => { s.off('error', reject); resolve(s); });
    s.once('error', reject);
  });
}

/**
 * How a request gets out: a Socks 5 or HTTP proxy inbound, or `plain`: straight to host:port (a
 * port that forwards, such as dokodemo-door), whatever the URL names.
 * @typedef {{socks: number, user?: string, pass?: string, host?: string} | {http: number, user?: string, pass?: string, host?: string}
 *   | {plain: number, host?: string, user?: undefined}} Proxy
 */

/**
 * A TCP connection to host:port through a SOCKS 5 or HTTP proxy inbound.
 * @param {Proxy} proxy @param {string} host @param {number} port
 * @returns {Promise<import('node:net').Socket>}
 */
export async function proxyConnect(proxy, host, port) {
  const at = proxy.host ?? '127.0.0.1';
  if ('plain' in proxy) return tcp(at, proxy.plain);
  if ('socks' in proxy) {
    const s = await tcp(at, proxy.socks);
    await socksHello(s, proxy);
    const name = Buffer.from(host);
    const portBytes = Buffer.from([port >> 8, port & 0xff]);
    s.write(Buffer.concat([Buffer.from([5, 1, 0, 3, name.length]), name, portBytes]));
    const head = await readBytes(s, 4);
    if (head[1] !== 0) throw new Error(`SOCKS 5 connect failed (reply ${head[1]})`);
    const rest = head[3] === 1 ? 6 : head[3] === 4 ? 18 : (await readBytes(s, 1))[0] + 2;
    await readBytes(s, /** @type {number} */ (rest));
    return s;
  }
  const s = await tcp(at, proxy.http);
  const auth = proxy.user !== undefined ? `Proxy-Authorization: Basic ${Buffer.from(`${proxy.user}:${proxy.pass}`).toString('base64')}\r\n` : '';
  s.write(`CONNECT ${host}:${port} HTTP/1.1\r\nHost: ${host}:${port}\r\n${auth}\r\n`);
  let head = '';
  while (!head.includes('\r\n\r\n')) head += (await readBytes(s, 1)).toString('latin1');
  const status = /^HTTP\/1\.[01] (\d+)/.exec(head)?.[1];
  if (status !== '200') throw new Error(`HTTP proxy CONNECT answered ${head.split('\r\n')[0]}`);
  return s;
}

/**
 * SOCKS 5 greeting, with user/password when the proxy has them.
 * @param {import('node:net').Socket} s @param {{user?: string, pass?: string}} proxy
 */
async function socksHello(s, proxy) {
  const auth = proxy.user !== undefined;
  s.write(Buffer.from([5, 1, auth ? 2 : 0]));
  const hello = await readBytes(s, 2);
  if (hello[1] === 2) {
    const u = Buffer.from(proxy.user ?? ''), p = Buffer.from(proxy.pass ?? '');
    s.write(Buffer.concat([Buffer.from([1, u.length]), u, Buffer.from([p.length]), p]));
    const r = await readBytes(s, 2);
    if (r[1] !== 0) throw new Error('SOCKS 5 authentication refused');
  } else if (hello[1] !== 0) throw new Error(`SOCKS 5 method refused (${hello[1]})`);
}

/**
 * One UDP datagram to host:port through a SOCKS 5 proxy (UDP ASSOCIATE) and the first datagram
 * that comes back, without its SOCKS header. Also says where the proxy told us to send (its `ip`).
 * @param {{socks: number, user?: string, pass?: string, host?: string}} proxy @param {string} host @param {number} port
 * @param {Buffer} payload @param {number} [timeoutMs]
 * @returns {Promise<{reply: Buffer, relay: string}>}
 */
export async function udpVia(proxy, host, port, payload, timeoutMs = 5_000) {
  const control = await tcp(proxy.host ?? '127.0.0.1', proxy.socks);
  try {
    await socksHello(control, proxy);
    control.write(Buffer.from([5, 3, 0, 1, 0, 0, 0, 0, 0, 0]));
    const head = await readBytes(control, 4);
    if (head[1] !== 0) throw new Error(`SOCKS 5 UDP ASSOCIATE failed (reply ${head[1]})`);
    if (head[3] !== 1) throw new Error(`SOCKS 5 UDP ASSOCIATE: address type ${head[3]} not handled`);
    const bound = await readBytes(control, 6);
    const relayHost = [...bound.subarray(0, 4)].join('.');
    const relayPort = bound.readUInt16BE(4);
    const name = Buffer.from(host);
    const header = Buffer.concat([Buffer.from([0, 0, 0, 3, name.length]), name, Buffer.from([port >> 8, port & 0xff])]);
    const sock = dgram.createSocket('udp4');
    try {
      const reply = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`UDP to ${host}:${port} through SOCKS relay ${relayHost}:${relayPort}: no answer in ${timeoutMs} ms`)), timeoutMs);
        sock.on('message', (m) => {
          clearTimeout(timer);
          const atyp = m[3];
          const skip = atyp === 1 ? 10 : atyp === 4 ? 22 : 7 + (m[4] ?? 0);
          resolve(m.subarray(skip));
        });
        sock.on('error', (e) => { clearTimeout(timer); reject(e); });
        sock.send(Buffer.concat([header, payload]), relayPort, relayHost);
      });
      return {reply: /** @type {Buffer} */ (reply), relay: `${relayHost}:${relayPort}`};
    } finally { sock.close(); }
  } finally { control.destroy(); }
}

/**
 * @typedef {{reached: string, from: string | null, host: string | null, sni: string | null, path: string, echo: string}} WebReport
 *   `from`: the address the connection came from (a tunnel's inner address, say)
 */

/**
 * Fetches a URL from a web stand-in through a proxy, sending `bytes` random bytes and checking
 * they come back: data both ways. Resolves to the stand-in's report (which address was reached).
 * @param {Proxy} proxy @param {string} url @param {{bytes?: number, ca?: string, timeoutMs?: number}} [options]
 * @returns {Promise<WebReport>}
 */
export async function fetchVia(proxy, url, {bytes = 32 * 1024, ca, timeoutMs = 10_000} = {}) {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  const body = randomBytes(bytes);
  const work = (async () => {
    let socket = await proxyConnect(proxy, u.hostname, port);
    if (u.protocol === 'https:') {
      socket = await new Promise((resolve, reject) => {
        const t = tlsConnect({socket, servername: u.hostname, ca}, () => resolve(t));
        t.once('error', reject);
      });
    }
    socket.resume();
    return /** @type {Promise<WebReport>} */ (new Promise((resolve, reject) => {
      const req = httpRequest({createConnection: () => socket, host: u.hostname, path: u.pathname, method: 'POST',
        headers: {host: u.host, 'content-length': body.length, connection: 'close'}}, (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          try {
            const report = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (!Buffer.from(report.echo, 'base64').equals(body)) reject(new Error(`${url}: the ${bytes} bytes sent did not come back intact`));
            else resolve(report);
          } catch (e) { reject(new Error(`${url}: not a stand-in's answer (${/** @type {Error} */ (e).message})`)); }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    }));
  })();
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${url}: no answer within ${timeoutMs} ms`)), timeoutMs); });
  try { return await Promise.race([work, timeout]); } finally { clearTimeout(timer); }
}

/**
 * Whether a fetch through the proxy fails (a blocked destination): resolves to the error text, or
 * throws when the stand-in answered.
 * @param {Proxy} proxy @param {string} url
 */
export async function fetchFails(proxy, url) {
  try {
    const r = await fetchVia(proxy, url, {bytes: 16, timeoutMs: 5_000});
    throw Object.assign(new Error(`${url} was expected to be blocked, but reached ${r.reached}`), {reached: true});
  } catch (e) {
    if (/** @type {{reached?: boolean}} */ (e).reached) throw e;
    return /** @type {Error} */ (e).message;
  }
}

/**
 * Sends one DNS A query and resolves to the IPv4 addresses in the answer.
 * @param {string} server @param {number} port @param {string} name @param {'udp' | 'tcp'} transport
 * @returns {Promise<string[]>}
 */
export async function dnsQuery(server, port, name, transport = 'udp') {
  return dnsAddresses(await dnsExchange(server, port, name, transport));
}

/**
 * Sends one DNS A query and resolves to the answer's A records, each with its TTL.
 * @param {string} server @param {number} port @param {string} name @param {'udp' | 'tcp'} transport
 * @returns {Promise<{address: string, ttl: number}[]>}
 */
export async function dnsRecords(server, port, name, transport = 'udp') {
  return answerRecords(await dnsExchange(server, port, name, transport));
}

/** @param {string} server @param {number} port @param {string} name @param {'udp' | 'tcp'} transport @returns {Promise<Buffer>} */
async function dnsExchange(server, port, name, transport) {
  const query = dnsMessage(name);
  /** @type {Buffer} */
  const reply = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`DNS ${transport} query for ${name} to ${server}:${port}: no answer in 5 s`)), 5_000);
    if (transport === 'udp') {
      const s = (/** @type {typeof import('node:dgram')} */ (dgram)).createSocket('udp4');
      s.on('message', (m) => { clearTimeout(timer); s.close(); resolve(m); });
      s.on('error', (e) => { clearTimeout(timer); reject(e); });
      s.send(query, port, server);
    } else {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(query.length);
      let buf = Buffer.alloc(0);
      const c = netConnect(port, server, () => c.write(Buffer.concat([len, query])));
      c.on('data', (d) => {
        buf = Buffer.concat([buf, d]);
        if (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) { clearTimeout(timer); c.destroy(); resolve(buf.subarray(2)); }
      });
      c.on('error', (e) => { clearTimeout(timer); reject(e); });
    }
  });
  return reply;
}

/** The IPv4 addresses of a DNS answer's A records. @param {Buffer} reply @returns {string[]} */
export function dnsAddresses(reply) {
  return answerRecords(reply).map((r) => r.address);
}

/** A DNS answer's A records with their TTLs. @param {Buffer} reply @returns {{address: string, ttl: number}[]} */
function answerRecords(reply) {
  return readReply(reply).records.filter((r) => r.type === 'A').map(({address, ttl}) => ({address, ttl}));
}
