// Small network helpers for the probes: a TCP echo target, a bounded connection attempt, and a
// SOCKS5 CONNECT, all with timeouts so that no probe can wait forever.
import {connect, createServer} from 'node:net';

/**
 * Tries to connect and, when connected, writes `hello` and collects the reply for `readMs`.
 * @param {import('node:net').NetConnectOpts} where @param {{hello?: Buffer, readMs?: number, timeoutMs?: number}} [o]
 * @returns {Promise<{connected: boolean, error?: string, reply: Buffer}>}
 */
export function attempt(where, {hello, readMs = 300, timeoutMs = 2000} = {}) {
  return new Promise((resolve) => {
    const socket = connect(where);
    /** @type {Buffer[]} */
    const chunks = [];
    let connected = false;
    const done = (/** @type {string | undefined} */ error) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({connected, error, reply: Buffer.concat(chunks)});
    };
    const timer = setTimeout(() => done(connected ? undefined : 'timeout'), timeoutMs);
    socket.on('connect', () => {
      connected = true;
      if (hello) socket.write(hello);
      setTimeout(() => done(undefined), readMs);
    });
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (e) => done(connected ? undefined : /** @type {NodeJS.ErrnoException} */ (e).code ?? e.message));
  });
}

/**
 * SOCKS5 CONNECT to host:port through a proxy, then sends `payload`; resolves with what came back
 * (empty when the proxy closed or said nothing) within timeoutMs.
 * @param {number} proxyPort @param {string} host @param {number} port @param {string} payload @param {number} [timeoutMs]
 */
export function socksRoundTrip(proxyPort, host, port, payload, timeoutMs = 3000) {
  return new Promise((resolve) => {
    const socket = connect({host: '127.0.0.1', port: proxyPort});
    let stage = 0;
    let got = Buffer.alloc(0);
    let answer = '';
    const done = () => { clearTimeout(timer); socket.destroy(); resolve(answer); };
    const timer = setTimeout(done, timeoutMs);
    socket.on('connect', () => socket.write(Buffer.from([5, 1, 0])));
    socket.on('data', (d) => {
      got = Buffer.concat([got, d]);
      if (stage === 0 && got.length >= 2) {
        stage = 1; got = got.subarray(2);
        const name = Buffer.from(host);
        socket.write(Buffer.concat([Buffer.from([5, 1, 0, 3, name.length]), name, Buffer.from([port >> 8, port & 255])]));
      }
      if (stage === 1 && got.length >= 10) {
        stage = 2; got = got.subarray(10);
        socket.write(payload);
      }
      if (stage === 2 && got.length > 0) { answer = got.toString(); done(); }
    });
    socket.on('error', done);
    socket.on('close', done);
  });
}

/** A TCP server on 127.0.0.1:port that answers every chunk with `echo:` + chunk. @param {number} port */
export function echoServer(port) {
  return new Promise((resolve, reject) => {
    const server = createServer((s) => s.on('data', (d) => s.write(`echo:${d}`)).on('error', () => {}));
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
