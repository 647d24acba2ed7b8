// scripts/serve.mjs: bad requests get 400 and leave the server up, dropped downloads
// leak no file descriptors, and it answers like the production host (old .html addresses, the
// locale's 404, gzip, revalidation). The server runs as `npm run serve` does, as a child process,
// on a free port, against a small temporary site.
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {connect, createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {gunzipSync} from 'node:zlib';

const serveScript = resolve(import.meta.dirname, '../../scripts/serve.mjs');
const site = mkdtempSync(join(tmpdir(), 'serve-test-'));
const files = {
  'index.html': '<!doctype html><title>home</title>',
  '404.html': '<!doctype html><title>not found</title>',
  'en_US/404.html': '<!doctype html><title>Page not found</title>',
  'en_US/index.html': '<!doctype html><title>English home</title>',
  'guide/start.html': '<!doctype html><title>start</title>',
  'config/index.html': '<!doctype html><title>config</title>',
  'assets/js/main.js': `console.log(${JSON.stringify('x'.repeat(50_000))});`,
};
/** Large enough that a download is still under way when the client drops it. */
const bigSize = 16 * 2 ** 20;

let child;
let port;

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const {port: free} = probe.address();
      probe.close(() => resolvePort(free));
    });
  });
}

before(async () => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(site, path, '..'), {recursive: true});
    writeFileSync(join(site, path), text);
  }
  writeFileSync(join(site, 'assets/big.bin'), randomBytes(bigSize));
  port = await freePort();
  child = spawn(process.execPath, [serveScript, '--port', String(port), '--dir', site], {stdio: ['ignore', 'pipe', 'pipe']});
  child.stderr.on('data', (data) => process.stderr.write(data));
  await new Promise((resolveStart, reject) => {
    child.stdout.once('data', resolveStart);
    child.once('exit', (code) => reject(new Error(`serve.mjs exited (${code})`)));
  });
});

after(() => {
  child?.kill();
  rmSync(site, {recursive: true, force: true});
});

/** The body of a chunked response without its chunk framing. */
function unchunk(body) {
  const parts = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, lineEnd).toString(), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * Sends one raw HTTP/1.1 request (the target exactly as given: fetch would normalise `//` and
 * escapes) and resolves with the status, headers and body bytes once the server closes.
 */
function raw(target, {method = 'GET', headers = {}} = {}) {
  return new Promise((resolveResponse, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      if (split < 0) {
        reject(new Error(`no response to ${method} ${target}: ${JSON.stringify(all.toString())}`));
        return;
      }
      const [statusLine, ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const head = Object.fromEntries(lines.map((line) => {
        const i = line.indexOf(':');
        return [line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim()];
      }));
      const body = all.subarray(split + 4);
      resolveResponse({status: Number(statusLine.split(' ')[1]), headers: head, body: /chunked/i.test(head['transfer-encoding'] ?? '') ? unchunk(body) : body});
    });
    const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${extra}\r\n`);
  });
}

async function assertStillServing() {
  assert.equal(child.exitCode, null, 'the server process is still running');
  const home = await raw('/');
  assert.equal(home.status, 200);
  assert.equal(home.body.toString(), files['index.html']);
}

function openDescriptors() {
  return readdirSync(`/proc/${child.pid}/fd`).length;
}

test('a malformed escape, a path starting with // or a target that is not a path is a 400, and the server stays up', async () => {
  for (const target of ['/%E0%A4%A', '/%', '/guide/start%', '/%zz', '/a%00b', '//', '//%', '//guide/start', '//[::1]/', 'http://x/%', '*']) {
    const {status} = await raw(target);
    assert.equal(status, 400, target);
    await assertStillServing();
  }
});

test('methods other than GET and HEAD get 405 with an Allow header', async () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    const response = await raw('/', {method, headers: {'Content-Length': '0'}});
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.allow, 'GET, HEAD');
  }
  await assertStillServing();
});

test('HEAD sends Content-Length and no body', async () => {
  const head = await raw('/guide/start', {method: 'HEAD'});
  assert.equal(head.status, 200);
  assert.equal(Number(head.headers['content-length']), Buffer.byteLength(files['guide/start.html']));
  assert.equal(head.body.length, 0);
  const big = await raw('/assets/big.bin', {method: 'HEAD'});
  assert.equal(Number(big.headers['content-length']), bigSize);
  assert.equal(big.body.length, 0);
});

test('old .html addresses, clean addresses and folders are served without a redirect', async () => {
  for (const [target, file] of [['/guide/start.html', 'guide/start.html'], ['/guide/start', 'guide/start.html'], ['/config', 'config/index.html'],
    ['/config/', 'config/index.html'], ['/en_US/', 'en_US/index.html'], ['/guide/start?x=1#y', 'guide/start.html']]) {
    const response = await raw(target);
    assert.equal(response.status, 200, target);
    assert.equal(response.body.toString(), files[file], target);
  }
});

test('an unknown path gets its locale\'s 404 page with status 404', async () => {
  const zh = await raw('/no/such/page');
  assert.equal(zh.status, 404);
  assert.equal(zh.body.toString(), files['404.html']);
  const en = await raw('/en_US/no/such/page');
  assert.equal(en.status, 404);
  assert.equal(en.body.toString(), files['en_US/404.html']);
  assert.equal((await raw('/../../etc/passwd')).status, 404);
  assert.equal((await raw('/%2e%2e/%2e%2e/etc/passwd')).status, 404);
});

test('ETag and Last-Modified are sent, and a matching If-None-Match gets 304 without a body', async () => {
  const first = await raw('/guide/start');
  const {etag} = first.headers;
  assert.ok(etag, 'an ETag');
  assert.ok(!Number.isNaN(Date.parse(first.headers['last-modified'])), 'a Last-Modified date');
  const again = await raw('/guide/start', {headers: {'If-None-Match': etag}});
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  assert.equal((await raw('/guide/start', {headers: {'If-None-Match': '"other"'}})).status, 200);
  assert.equal((await raw('/guide/start', {headers: {'If-Modified-Since': first.headers['last-modified']}})).status, 304);
});

test('text is gzipped when the client accepts it, with Content-Encoding and Vary', async () => {
  const zipped = await raw('/assets/js/main.js', {headers: {'Accept-Encoding': 'gzip, deflate, br'}});
  assert.equal(zipped.status, 200);
  assert.equal(zipped.headers['content-encoding'], 'gzip');
  assert.match(zipped.headers.vary, /accept-encoding/i);
  assert.equal(Number(zipped.headers['content-length']), zipped.body.length);
  assert.ok(zipped.body.length < files['assets/js/main.js'].length / 10);
  assert.equal(gunzipSync(zipped.body).toString(), files['assets/js/main.js']);
  const head = await raw('/assets/js/main.js', {method: 'HEAD', headers: {'Accept-Encoding': 'gzip'}});
  assert.equal(head.headers['content-length'], zipped.headers['content-length']);

  const plain = await raw('/assets/js/main.js');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.match(plain.headers.vary, /accept-encoding/i);
  assert.equal(plain.body.toString(), files['assets/js/main.js']);
  assert.equal((await raw('/assets/js/main.js', {headers: {'Accept-Encoding': 'gzip;q=0'}})).headers['content-encoding'], undefined);
  // Not text: sent as it is.
  assert.equal((await raw('/assets/big.bin', {method: 'HEAD', headers: {'Accept-Encoding': 'gzip'}})).headers['content-encoding'], undefined);
  // The 404 page too.
  const missing = await raw('/nope', {headers: {'Accept-Encoding': 'gzip'}});
  assert.equal(missing.status, 404);
  assert.equal(gunzipSync(missing.body).toString(), files['404.html']);
});

test('downloads dropped mid-way leave no open file descriptors behind', async () => {
  await assertStillServing();
  const baseline = openDescriptors();
  const drops = 60;
  for (let i = 0; i < drops; i += 1) {
    await new Promise((resolveDrop, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', reject);
      socket.once('data', () => {
        socket.destroy();
        resolveDrop();
      });
      socket.write(`GET /assets/big.bin HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    });
  }
  // The server notices each closed connection shortly; its descriptors must come back down.
  let now = openDescriptors();
  for (let waited = 0; now > baseline + 2 && waited < 5000; waited += 100) {
    await sleep(100);
    now = openDescriptors();
  }
  assert.ok(now <= baseline + 2, `open descriptors went from ${baseline} to ${now} after ${drops} dropped downloads`);
  await assertStillServing();
  const whole = await raw('/assets/big.bin');
  assert.equal(whole.body.length, bigSize);
});
