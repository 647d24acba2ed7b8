#!/usr/bin/env node
// Serves build/ like the production static host (nginx `try_files $uri $uri.html $uri/index.html`),
// so old .html addresses are served as files, with no redirect, and unknown paths get the
// locale's 404.html with status 404. Usage: node scripts/serve.mjs [--port 3000] [--dir build]
import {createServer} from 'node:http';
import {createReadStream, statSync} from 'node:fs';
import {extname, join, normalize, resolve} from 'node:path';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const root = resolve(arg('dir', 'build'));
const port = Number(arg('port', process.env.PORT ?? '3000'));
const host = arg('host', '127.0.0.1');

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.xml': 'application/xml', '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

function isFile(path) {
  try { return statSync(path).isFile(); } catch { return false; }
}

function resolveFile(urlPath) {
  const safe = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const base = join(root, safe);
  if (!base.startsWith(root)) return null;
  for (const candidate of [base, `${base}.html`, join(base, 'index.html')]) {
    if (isFile(candidate)) return candidate;
  }
  return null;
}

createServer((req, res) => {
  const {pathname} = new URL(req.url ?? '/', 'http://localhost');
  let file = resolveFile(pathname);
  let status = 200;
  if (!file) {
    status = 404;
    file = join(root, pathname.startsWith('/en_US/') || pathname === '/en_US' ? 'en_US/404.html' : '404.html');
  }
  res.writeHead(status, {'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache'});
  if (req.method === 'HEAD') { res.end(); return; }
  createReadStream(file).on('error', () => res.end()).pipe(res);
}).listen(port, host, () => {
  console.log(`serving ${root} at http://${host}:${port}/`);
});
