#!/usr/bin/env node
// Serves build/ like the production static host (nginx `try_files $uri $uri.html $uri/index.html`),
// so old .html addresses are served as files, with no redirect, and unknown paths get the
// locale's 404.html with status 404. Text is sent gzip-compressed when the client accepts it, as
// the production host does; ETag/Last-Modified let a browser revalidate (304).
// Usage: node scripts/serve.mjs [--port 3000] [--dir build] [--host 127.0.0.1]
//
// One request must never take the server down (a malformed escape such as `/%`, a path
// such as `//`: 400), a dropped download must not leak its file descriptor (stream.pipeline), and
// the status is sent only once the file is open, so a file that cannot be read is not an empty 200.
// A request it cannot answer from the build (one language not built, as after
// `docusaurus build --locale en`; no 404 page; a file that cannot be read) gets a plain-text answer
// that says what is missing and what to run, and is logged; the start-up line says the same.
import {createServer} from 'node:http';
import {existsSync} from 'node:fs';
import {open, stat} from 'node:fs/promises';
import {extname, join, normalize, resolve, sep} from 'node:path';
import {pipeline} from 'node:stream';
import {fileURLToPath} from 'node:url';
import {gzip} from 'node:zlib';
import {promisify} from 'node:util';
import {commandOptions} from './commandLine.mjs';

const gzipAsync = promisify(gzip);

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.xml': 'application/xml', '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};
/** What the production host compresses: text, JSON, JavaScript, XML, SVG. */
const compressible = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;
const allowedMethods = 'GET, HEAD';
/** Gzipped bodies are kept (by file, size and mtime) up to this many bytes in all; the built site's text gzips to a few MB. */
const gzipCacheMaxBytes = 64 * 2 ** 20;

export class BadRequest extends Error {}

/** The built sites `npm run build` writes: Chinese at the root of the folder, English in en_US/. */
const sites = [{language: 'Chinese', dir: ''}, {language: 'English', dir: 'en_US'}];
const buildHint = 'run `npm run build`, which builds both languages (`docusaurus build --locale …` builds one)';

/** Whether a decoded path belongs to the English site. */
function isEnglish(decodedPath) {
  return decodedPath === '/en_US' || decodedPath.startsWith('/en_US/');
}

/**
 * What is missing from the built site in `root` for the server to answer every address, each as a
 * sentence with what to run; none for a complete build. `language` limits it to one site.
 */
export function missingBuild(root, {language, exists = existsSync} = {}) {
  if (!exists(root)) return [`${root} does not exist: ${buildHint}.`];
  return sites
    .filter((site) => !language || site.language === language)
    .filter((site) => !exists(join(root, site.dir, 'index.html')))
    .map((site) => `the ${site.language} site is not built (no ${join(root, site.dir, 'index.html')}): ${buildHint}.`);
}

/**
 * The decoded path of a request target, or BadRequest: a target that is not an origin-form path
 * (`*`, an absolute URL, `//host/…`, which `new URL` took for a host and threw on), a malformed
 * escape (`/%`, `/%E0%A4%A`) or a NUL byte.
 */
export function requestPath(target) {
  const path = target.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/') || path.startsWith('//')) throw new BadRequest(`not a path: ${target}`);
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new BadRequest(`malformed escape: ${target}`);
  }
  if (decoded.includes('\0')) throw new BadRequest('NUL in path');
  return decoded;
}

/** Whether an Accept-Encoding header accepts gzip (`gzip`, `*`, not `gzip;q=0`). */
export function acceptsGzip(header = '') {
  let gzipQ;
  let anyQ;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (name === 'gzip' || name === 'x-gzip') gzipQ = q;
    else if (name === '*') anyQ = q;
  }
  return (gzipQ ?? anyQ ?? 0) > 0;
}

/**
 * The files that may answer a decoded path, in order: the path as it is, with `.html` (the old
 * addresses and the clean ones both work), and the folder's index.html. None outside `root`.
 * Also used by the benchmark to size what the server sends.
 */
export function fileCandidates(root, decodedPath) {
  const base = join(root, normalize(decodedPath));
  if (base !== root && !base.startsWith(root + sep)) return [];
  return [base, `${base}.html`, join(base, 'index.html')];
}

/** Whether If-None-Match names this ETag (weak comparison, as for GET/HEAD). */
function etagMatches(header, etag) {
  if (header.trim() === '*') return true;
  const bare = (tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

export function startServer({root, port, host = '127.0.0.1', log = console.log}) {
  const gzipCache = new Map();
  let gzipCacheBytes = 0;

  async function isFile(path) {
    try {
      return (await stat(path)).isFile();
    } catch {
      return false;
    }
  }

  async function resolveFile(decodedPath) {
    for (const candidate of fileCandidates(root, decodedPath)) {
      if (await isFile(candidate)) return candidate;
    }
    return null;
  }

  async function gzipped(file, handle, info) {
    const cached = gzipCache.get(file);
    if (cached && cached.size === info.size && cached.mtimeMs === info.mtimeMs) return cached.body;
    const body = await gzipAsync(await handle.readFile());
    if (gzipCacheBytes + body.length > gzipCacheMaxBytes) {
      gzipCache.clear();
      gzipCacheBytes = 0;
    }
    if (cached) gzipCacheBytes -= cached.body.length;
    gzipCache.set(file, {size: info.size, mtimeMs: info.mtimeMs, body});
    gzipCacheBytes += body.length;
    return body;
  }

  const reasons = {400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed', 500: 'Internal Server Error', 503: 'Service Unavailable'};

  /** A plain-text answer: the status, then what went wrong and what to do, when there is more to say. */
  function sendError(res, status, headers = {}, detail = '') {
    const body = `${status} ${reasons[status] ?? ''}\n${detail ? `${detail}\n` : ''}`;
    res.writeHead(status, {'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers});
    res.end(res.req?.method === 'HEAD' ? undefined : body);
  }

  /** An answer the build could not give: sent with its reason, and logged, so that neither side is left guessing. */
  function sendUnservable(req, res, status, detail) {
    log(`serve: ${status} for ${req.method} ${req.url}: ${detail}`);
    sendError(res, status, {}, detail);
  }

  async function handle(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(res, 405, {allow: allowedMethods});
      return;
    }
    let decodedPath;
    try {
      decodedPath = requestPath(req.url ?? '/');
    } catch (error) {
      if (error instanceof BadRequest) {
        sendError(res, 400);
        return;
      }
      throw error;
    }
    let file = await resolveFile(decodedPath);
    let status = 200;
    if (!file) {
      const language = isEnglish(decodedPath) ? 'English' : 'Chinese';
      const missing = missingBuild(root, {language});
      if (missing.length > 0) {
        // Not an unknown address: the whole site it belongs to is missing from the build.
        sendUnservable(req, res, 503, missing.join('\n'));
        return;
      }
      status = 404;
      file = join(root, language === 'English' ? 'en_US/404.html' : '404.html');
      if (!(await isFile(file))) {
        sendUnservable(req, res, 404, `${decodedPath} is not in the build, nor is the page for unknown addresses (${file}): ${buildHint}.`);
        return;
      }
    }
    // Open first: only a file that opened gets its status line.
    let fileHandle;
    try {
      fileHandle = await open(file, 'r');
    } catch (error) {
      sendUnservable(req, res, 500, `${file} could not be opened (${error?.code ?? error}).`);
      return;
    }
    let streaming = false;
    try {
      const info = await fileHandle.stat();
      const type = types[extname(file)] ?? 'application/octet-stream';
      const headers = {'content-type': type, 'cache-control': 'no-cache'};
      const compress = compressible.test(type);
      if (compress) headers.vary = 'Accept-Encoding';
      if (status === 200) {
        headers.etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
        headers['last-modified'] = info.mtime.toUTCString();
        const ifNoneMatch = req.headers['if-none-match'];
        const ifModifiedSince = Date.parse(req.headers['if-modified-since'] ?? '');
        const notModified = ifNoneMatch !== undefined
          ? etagMatches(ifNoneMatch, headers.etag)
          : !Number.isNaN(ifModifiedSince) && Math.floor(info.mtimeMs / 1000) * 1000 <= ifModifiedSince;
        if (notModified) {
          res.writeHead(304, headers);
          res.end();
          return;
        }
      }
      if (compress && acceptsGzip(req.headers['accept-encoding'])) {
        const body = await gzipped(file, fileHandle, info);
        res.writeHead(status, {...headers, 'content-encoding': 'gzip', 'content-length': body.length});
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      res.writeHead(status, {...headers, 'content-length': info.size});
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      // pipeline, not pipe: a client that goes away mid-download destroys the file stream too,
      // which closes its descriptor; a read error ends the response short, never as complete.
      streaming = true;
      pipeline(fileHandle.createReadStream({autoClose: true}), res, () => {});
    } finally {
      if (!streaming) await fileHandle.close().catch(() => {});
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`serve: ${req.method} ${req.url}: ${error?.message ?? error}`);
      if (!res.headersSent) sendError(res, 500, {}, 'The server log says what failed.');
      else res.destroy();
    });
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveServer(server);
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = commandOptions('serve.mjs', {dir: {type: 'string'}, port: {type: 'string'}, host: {type: 'string'}});
  const root = resolve(options.dir ?? 'build');
  const port = Number(options.port ?? process.env.PORT ?? '3000');
  const host = options.host ?? '127.0.0.1';
  const server = await startServer({root, port, host, log: console.error});
  const address = server.address();
  console.log(`serving ${root} at http://${host}:${typeof address === 'object' && address ? address.port : port}/`);
  for (const problem of missingBuild(root)) console.error(`serve: ${problem}`);
}
