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
