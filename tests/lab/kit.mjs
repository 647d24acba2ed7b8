// Pieces scenarios share: minimal partner configurations for examples that show only one side,
// and the usual check (a request through the client reaches the web stand-in, and the server's
// access log shows it). Scenario files import this; it is not a scenario itself.

/** The stand-in a scenario's request reaches. */
export const TARGET = {url: 'http://example.com/', reached: '93.184.216.34:80', log: /accepted tcp:example\.com:80/};

/**
 * A VMess server with Freedom behind it, for a client example without a server on its page.
 * @param {{id: string, port: number, stream?: Record<string, unknown>, tag?: string, listen?: string}} o `listen`
 *   for servers that share a port on different addresses (a.example.com:443 and b.example.com:443)
 */
export function vmessServer({id, port, stream, tag = 'server-out', listen}) {
  return {
    inbounds: [{...(listen ? {listen} : {}), port, protocol: 'vmess', settings: {clients: [{id}]}, ...(stream ? {streamSettings: withLabCert(stream)} : {})}],
    outbounds: [{protocol: 'freedom', tag}],
  };
}

/**
 * A Socks-to-VMess client, for a server example without a client on its page.
 * @param {{id: string, address: string, port: number, stream?: Record<string, unknown>}} o
 */
export function vmessClient({id, address, port, stream}) {
  return {
    inbounds: [{listen: '127.0.0.1', port: 1080, protocol: 'socks'}],
    outbounds: [{protocol: 'vmess', tag: 'proxy', settings: {vnext: [{address, port, users: [{id}]}]}, ...(stream ? {streamSettings: stream} : {})}],
  };
}

/** Stream settings with the lab's certificate where TLS needs one (the lab substitutes the file names). @param {Record<string, any>} stream */
function withLabCert(stream) {
  if (stream.security !== 'tls') return stream;
  return {...stream, tlsSettings: {...stream.tlsSettings, certificates: [{certificateFile: 'lab.crt', keyFile: 'lab.key'}]}};
}

/**
 * The usual proof: a request through the client's Socks port 1080 reaches example.com's stand-in
 * with its bytes intact both ways, and the server's access log shows the destination.
 * @param {import('./run.mjs').LabContext} lab @param {{socks?: number, server?: string, serverLog?: RegExp, url?: string, reached?: string}} [o]
 */
export async function throughServer(lab, {socks = 1080, server = 'server', serverLog = TARGET.log, url = TARGET.url, reached = TARGET.reached} = {}) {
  const r = await lab.fetch(lab.socks(socks), url);
  lab.expect(r.reached === reached, `${url} should reach ${reached}, reached ${r.reached}`);
  await lab.accessLine(server, serverLog, `${url} through the server`);
  return r;
}

/**
 * A UDP datagram through the client's Socks port 1080 to the UDP echo on example.com:7, and the
 * server's access log showing it.
 * @param {import('./run.mjs').LabContext} lab @param {{server?: string, serverLog?: RegExp}} [o]
 */
export async function udpThroughServer(lab, {server = 'server', serverLog = /accepted udp:example\.com:7/} = {}) {
  const {reply} = await lab.udpVia(lab.socks(1080), 'example.com', 7, Buffer.from('lab-udp'));
  lab.expect(String(reply) === 'reached 93.184.216.34:7\nlab-udp', `the UDP echo through the server answered ${JSON.stringify(String(reply))}`);
  await lab.accessLine(server, serverLog, 'the UDP datagram through the server');
}

/**
 * What a TLS server on `host`:`port` shows a client that checks its certificate for `serverName`
 * against the lab CA, and, with `path`, whether it upgrades a WebSocket request for that path (and
 * refuses another): the handshake fails on a certificate not valid for the name, and the answer's
 * status line comes back. Resolves to the status line ("" when the server closed without one).
 * @param {import('./run.mjs').LabContext} lab @param {{host: string, port: number, serverName: string, request?: string}} o
 * @returns {Promise<string>}
 */
export async function tlsProbe(lab, {host, port, serverName, request = ''}) {
  const {connect} = await import('node:tls');
  return new Promise((ok, fail) => {
    const t = connect({host, port, servername: serverName, ca: lab.ca, ALPNProtocols: ['http/1.1']}, () => {
      if (!request) { t.destroy(); ok(''); } else t.write(request);
    });
    let got = '';
    const timer = setTimeout(() => { t.destroy(); ok(got.split('\r\n')[0] ?? ''); }, 5_000);
    t.on('data', (d) => { got += d; if (got.includes('\r\n')) { clearTimeout(timer); t.destroy(); ok(got.split('\r\n')[0] ?? ''); } });
    t.on('close', () => { clearTimeout(timer); ok(got.split('\r\n')[0] ?? ''); });
    t.on('error', (e) => { clearTimeout(timer); fail(new Error(`TLS to ${host}:${port} for ${serverName}: ${e.message}`)); });
  });
}

/**
 * The server of a WebSocket + TLS pair, seen from outside: its certificate is valid for the name
 * the client checks (`tlsSettings.serverName`), it upgrades a WebSocket request for the client's
 * path and refuses one for another path. Records serverName and path (the client's, which its
 * traffic, already through, must have used).
 * @param {import('./run.mjs').LabContext} lab @param {{client?: string, port: number, outbound?: number}} o
 */
export async function wsTlsServerSeen(lab, {client = 'client', port, outbound = 0}) {
  const stream = lab.source(client).outbounds[outbound].streamSettings;
  const serverName = stream.tlsSettings?.serverName ?? lab.source(client).outbounds[outbound].settings.vnext[0].address;
  lab.expect(stream.security === 'tls' && !stream.tlsSettings?.allowInsecure, `the client should use TLS and check the certificate: ${JSON.stringify(stream)}`);
  const path = stream.wsSettings?.path ?? '/';
  const ws = (/** @type {string} */ p) => `GET ${p} HTTP/1.1\r\nHost: ${serverName}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;
  const right = await tlsProbe(lab, {host: serverName, port: lab.port(port), serverName, request: ws(path)});
  lab.expect(/^HTTP\/1\.1 101 /.test(right), `the server should upgrade a WebSocket request for ${path} over TLS for ${serverName}, answered ${JSON.stringify(right)}`);
  const wrong = await tlsProbe(lab, {host: serverName, port: lab.port(port), serverName, request: ws('/lab-other-path')});
  lab.expect(!/^HTTP\/1\.1 101 /.test(wrong), `the server should refuse a WebSocket request for another path, answered ${JSON.stringify(wrong)}`, {serverName, path});
}

/**
 * The server a client's outbound dialled for example.com (its debug log: "tunneling request to
 * tcp:example.com:80 via ADDRESS:PORT"), recorded as `server` and `serverPort` (the page's number).
 * @param {import('./run.mjs').LabContext} lab @param {string} [role]
 */
export async function dialled(lab, role = 'client') {
  await lab.errorLine(role, /: tunneling request to tcp:example\.com:80 via (?:TCP:)?[^\s:]+:\d+/, 'the client dialling its server');
  const m = /: tunneling request to tcp:example\.com:80 via (?:TCP:)?([^\s:]+):(\d+)/.exec(lab.errors(role));
  lab.saw({server: String(m?.[1]), serverPort: lab.pagePort(Number(m?.[2]))});
}

/**
 * A setting both sides of a pair hold (a cipher, a seed, a header type): the same on both, or the
 * check fails; recorded under `key`.
 * @param {import('./run.mjs').LabContext} lab @param {string} key
 * @param {[string, (config: any) => unknown]} a @param {[string, (config: any) => unknown]} b
 */
export function shared(lab, key, a, b) {
  const x = a[1](lab.source(a[0])), y = b[1](lab.source(b[0]));
  lab.expect(x !== undefined && JSON.stringify(x) === JSON.stringify(y), `${key}: ${a[0]} has ${JSON.stringify(x)}, ${b[0]} has ${JSON.stringify(y)}`,
    {[key]: /** @type {string} */ (x)});
}

/**
 * A TLS server's certificate checked for the name a client's outbound verifies
 * (`tlsSettings.serverName`, else its server's address), recorded as `serverName`.
 * @param {import('./run.mjs').LabContext} lab @param {{port: number, client?: string, outbound?: number}} o
 */
export async function certificateFor(lab, {port, client = 'client', outbound = 0}) {
  const o = lab.source(client).outbounds[outbound];
  const tls = o.streamSettings?.tlsSettings ?? {};
  lab.expect(o.streamSettings?.security === 'tls' && !tls.allowInsecure, `the client should check the server's certificate: ${JSON.stringify(o.streamSettings)}`);
  const serverName = tls.serverName ?? (o.settings.vnext ?? o.settings.servers)[0].address;
  await tlsProbe(lab, {host: serverName, port: lab.port(port), serverName});
  lab.saw({serverName});
}
