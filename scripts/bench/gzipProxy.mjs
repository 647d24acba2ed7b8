// The production host sends text gzip-compressed; scripts/serve.mjs does not. For Lighthouse to
// see realistic transfer sizes, the benchmark puts this in front of it: same answers, gzipped
// when the browser accepts gzip and the type is text.
import {createServer, request} from 'node:http';
import {createGzip} from 'node:zlib';

const compressible = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;

export function gzipProxy(port, upstreamPort) {
  const server = createServer((req, res) => {
    const upstream = request({host: '127.0.0.1', port: upstreamPort, path: req.url, method: req.method, headers: req.headers}, (answer) => {
      const headers = {...answer.headers};
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && compressible.test(headers['content-type'] ?? '');
      if (gzip) {
        delete headers['content-length'];
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
      }
      res.writeHead(answer.statusCode ?? 502, headers);
      (gzip ? answer.pipe(createGzip()) : answer).pipe(res);
    });
    upstream.on('error', () => { res.writeHead(502); res.end(); });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
