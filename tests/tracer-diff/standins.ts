/**
 * Stand-in DNS servers for the DNS half (dns.ts), on loopback addresses inside the namespace: plain
 * DNS over UDP, and DNS over HTTPS (RFC 8484 POST, what v5.52.0 app/dns/nameserver_doh.go:265 sends)
 * with a certificate from a CA made here for this run. Every server answers from one world that
 * changes per configuration (A and AAAA tables; servers that answer every name with NXDOMAIN) and
 * logs who was asked for which name and record type, with the EDNS client subnet sent.
 */
import {execFileSync} from 'node:child_process';
import {createSocket, type Socket} from 'node:dgram';
import {readFileSync, writeFileSync} from 'node:fs';
import {createSecureServer, type Http2SecureServer} from 'node:http2';
import {createServer, type Server} from 'node:net';
import {join} from 'node:path';
import {formatIP} from '../../src/tracer/ip';

export type Asked = {server: string; name: string; ecs: string; type: string};

export type World = {
  a: Map<string, string>;
  aaaa: Map<string, string>;
  /** server addresses (the stand-ins there on every port) that answer NXDOMAIN to everything */
  nx: Set<string>;
  asked: Asked[];
};

export type Query = {id: number; name: string; type: number; end: number};

export function parseQuery(msg: Buffer): Query {
  const id = msg.readUInt16BE(0);
  let i = 12;
  const labels: string[] = [];
  while (msg[i] !== 0) {
    const len = msg[i]!;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('latin1'));
    i += len + 1;
  }
  i += 1;
  return {id, name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(i), end: i + 4};
}

/** 16 bytes of an IPv6 address written with "::" at most once. */
function ipv6Bytes(a: string): number[] {
  const [head = '', tail = ''] = a.split('::');
  const h = head ? head.split(':') : [], t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return groups.flatMap((g) => { const n = parseInt(g, 16); return [n >> 8, n & 0xff]; });
}

/** The reply to `msg`: its question, then one A or AAAA record (TTL 60) per address; rcode 3 is NXDOMAIN. */
export function encodeReply(msg: Buffer, q: Query, addresses: string[], rcode = 0): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(q.id, 0);
  header.writeUInt16BE(0x8180 | rcode, 2); // response, RD+RA
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const records = addresses.map((a) => {
    const bytes = a.includes(':') ? ipv6Bytes(a) : a.split('.').map(Number);
    const r = Buffer.alloc(12 + bytes.length);
    r.writeUInt16BE(0xc00c, 0);
    r.writeUInt16BE(a.includes(':') ? 28 : 1, 2);
    r.writeUInt16BE(1, 4);
    r.writeUInt32BE(60, 6);
    r.writeUInt16BE(bytes.length, 10);
    bytes.forEach((b, k) => r.writeUInt8(b, 12 + k));
    return r;
  });
  return Buffer.concat([header, msg.subarray(12, q.end), ...records]);
}

/** The offset after the (possibly compressed) name at i. */
function skipName(msg: Buffer, i: number): number {
  while (msg[i] !== 0) {
    if ((msg[i]! & 0xc0) === 0xc0) return i + 2;
    i += msg[i]! + 1;
  }
  return i + 1;
}

/** The first A or AAAA address in a reply, and its rcode (for the DNS outbound's answers). */
export function readReply(msg: Buffer): {rcode: number; addresses: string[]} {
  const rcode = msg.readUInt16BE(2) & 0xf;
  const an = msg.readUInt16BE(6);
  let i = parseQuery(msg).end;
  const addresses: string[] = [];
  for (let k = 0; k < an; k++) {
    i = skipName(msg, i);
    const type = msg.readUInt16BE(i), len = msg.readUInt16BE(i + 8);
    const data = msg.subarray(i + 10, i + 10 + len);
    if (type === 1) addresses.push([...data].join('.'));
    if (type === 28) addresses.push(Array.from({length: 8}, (_, g) => data.readUInt16BE(g * 2).toString(16)).join(':').replace(/(^|:)0(:0)+(:|$)/, '::'));
    i += 10 + len;
  }
  return {rcode, addresses};
}

/** The EDNS client subnet in a query, as "a.b.c.d/len" or an IPv6 one, or '' (RFC 7871; OPT record in the additional section). */
function ecsOf(msg: Buffer, end: number): string {
  try {
    if (msg.readUInt16BE(10) === 0) return '';
    let i = end;
    if (msg[i] !== 0 || msg.readUInt16BE(i + 1) !== 41) return '';
    const rdlen = msg.readUInt16BE(i + 9);
    i += 11;
    const stop = i + rdlen;
    while (i + 4 <= stop) {
      const code = msg.readUInt16BE(i), len = msg.readUInt16BE(i + 2);
      if (code === 8) {
        const family = msg.readUInt16BE(i + 4), prefix = msg[i + 6]!;
        const bytes = [...msg.subarray(i + 8, i + 4 + len)];
        while (bytes.length < (family === 1 ? 4 : 16)) bytes.push(0);
        return `${formatIP(Uint8Array.from(bytes))}/${prefix}`;
      }
      i += 4 + len;
    }
  } catch { /* malformed: no subnet */ }
  return '';
}

const TYPES: Record<number, string> = {1: 'A', 28: 'AAAA'};

/** Logs the query as asked of `server` and returns the reply from the world. */
function answer(world: World, server: string, msg: Buffer): Buffer {
  const q = parseQuery(msg);
  world.asked.push({server, name: q.name, ecs: ecsOf(msg, q.end), type: TYPES[q.type] ?? String(q.type)});
  if (world.nx.has(/\d+\.\d+\.\d+\.\d+/.exec(server)?.[0] ?? '')) return encodeReply(msg, q, [], 3);
  const ip = q.type === 1 ? world.a.get(q.name) : q.type === 28 ? world.aaaa.get(q.name) : undefined;
  return encodeReply(msg, q, ip ? [ip] : []); // NOERROR also when there is no record
}

const bind = (s: Socket, port: number, address: string): Promise<void> =>
  new Promise((res, rej) => { s.once('error', rej); s.bind(port, address, () => res()); });

/**
 * A UDP server at address:port, logged as `label`; `silent` logs but never answers.
 * @returns the socket, for closing
 */
export async function udpServer(world: World, address: string, port: number, label: string, silent = false): Promise<Socket> {
  const s = createSocket('udp4');
  s.on('message', (m, r) => {
    try {
      const out = answer(world, label, m);
      if (!silent) s.send(out, r.port, r.address);
    } catch { /* not DNS */ }
  });
  await bind(s, port, address);
  return s;
}

/**
 * A CA and a server certificate for `ips` (subjectAltName IP entries), made with openssl in `dir`.
 * The toolkit trusts the CA through SSL_CERT_FILE: Go's crypto/x509 reads that file for the
 * system roots on Linux (src/crypto/x509/root_unix.go, certFileEnv).
 */
export function makeCertificates(dir: string, ips: string[]): {ca: string; key: Buffer; cert: Buffer} {
  const run = (args: string[]): void => { execFileSync('openssl', args, {cwd: dir, stdio: 'ignore', timeout: 30_000}); };
  run(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=tracer-diff CA',
    '-keyout', 'ca.key', '-out', 'ca.pem', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign']);
  run(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', '/CN=doh stand-in', '-keyout', 'doh.key', '-out', 'doh.csr']);
  writeFileSync(join(dir, 'doh.ext'), `subjectAltName=${ips.map((ip) => `IP:${ip}`).join(',')}\nextendedKeyUsage=serverAuth\n`);
  run(['x509', '-req', '-in', 'doh.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'doh.ext', '-out', 'doh.pem']);
  return {ca: join(dir, 'ca.pem'), key: readFileSync(join(dir, 'doh.key')), cert: readFileSync(join(dir, 'doh.pem'))};
}

/** A DoH server (HTTP/2 or 1.1 over TLS) at address:port, path /dns-query, logged as `label`. */
export async function dohServer(world: World, address: string, port: number, label: string, tls: {key: Buffer; cert: Buffer}): Promise<Http2SecureServer> {
  const server = createSecureServer({...tls, allowHTTP1: true}, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const url = new URL(req.url ?? '/', 'https://x');
        const body = req.method === 'GET' ? Buffer.from(url.searchParams.get('dns') ?? '', 'base64url') : Buffer.concat(chunks);
        if (url.pathname !== '/dns-query' || body.length < 12) { res.writeHead(404); res.end(); return; }
        const out = answer(world, label, body);
        res.writeHead(200, {'content-type': 'application/dns-message', 'content-length': out.length});
        res.end(out);
      } catch {
        res.writeHead(400);
        res.end();
      }
    });
  });
  await new Promise<void>((res, rej) => { server.once('error', rej); server.listen(port, address, () => res()); });
  return server;
}

/** DNS over TCP (length-prefixed messages, RFC 7766) at address:port, logged as `label`. */
export async function tcpServer(world: World, address: string, port: number, label: string): Promise<Server> {
  const server = createServer((socket) => {
    let buf = Buffer.alloc(0);
    socket.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
        const msg = buf.subarray(2, 2 + buf.readUInt16BE(0));
        buf = buf.subarray(2 + msg.length);
        try {
          const out = answer(world, label, msg);
          const len = Buffer.alloc(2);
          len.writeUInt16BE(out.length);
          socket.write(Buffer.concat([len, out]));
        } catch { socket.destroy(); return; }
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((res, rej) => { server.once('error', rej); server.listen(port, address, () => res()); });
  return server;
}
