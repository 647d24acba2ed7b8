import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {applyPolicy, docSearchHosts, hashSource, inlineScripts, policy, withPolicy} from './csp.mjs';

const page = (head, body = '') => `<!doctype html><html lang=zh-CN dir=ltr><head><meta charset=UTF-8>${head}</head><body>${body}</body></html>`;
const metaOf = (html) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1].replace(/&#39;|&apos;/g, "'");
const scriptSrc = (html) => /script-src ([^;]*)/.exec(metaOf(html) ?? '')?.[1].split(' ');

test('a script is hashed as the browser hashes it: sha256 of its UTF-8 text, base64', () => {
  // The value the CSP specification gives for alert('Hello, world.');
  assert.equal(hashSource("alert('Hello, world.');"), "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  const text = 'document.title="路由"';
  assert.equal(hashSource(text), `'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`);
});

test('inline scripts: those the browser runs, as written, whatever the attribute quoting', () => {
  const html = page(
    '<script>a()</script><script type=application/ld+json>{"@type":"x"}</script><script src=/assets/js/main.js></script>',
    '<script type="module">b()</script><script type=text/javascript>c()</script><script data-x=1 defer src="/x.js"></script><script>\n d( "</p>" )\n</script>');
  assert.deepEqual(inlineScripts(html), ['a()', 'b()', 'c()', '\n d( "</p>" )\n']);
});

test('the policy goes first in <head>, with one hash per inline script and nothing from another host', () => {
  const html = page('<title>t</title><script>one()</script>', '<script>two()</script>');
  const out = withPolicy(html);
  assert.match(out, /^<!doctype html><html lang=zh-CN dir=ltr><head><meta http-equiv="Content-Security-Policy" content="[^"]+"><meta charset=UTF-8>/);
  assert.deepEqual(scriptSrc(out), ["'self'", "'wasm-unsafe-eval'", hashSource('one()'), hashSource('two()')]);
  const content = metaOf(out) ?? '';
  assert.match(content, /(^|; )worker-src 'self'(;|$)/);
  assert.match(content, /(^|; )object-src 'none'(;|$)/);
  assert.doesNotMatch(content, /'unsafe-eval'|https?:|\*/);
  assert.doesNotMatch(/script-src [^;]*/.exec(content)?.[0] ?? '', /unsafe-inline/);
  // The rest of the page is untouched.
  assert.equal(out.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, ''), html);
  // The charset declaration stays within the first 1024 bytes, where the browser looks for it.
  assert.ok(Buffer.byteLength(out.slice(0, out.indexOf('<meta charset=UTF-8>') + 20)) <= 1024);
});

test('a page with no inline script gets the policy with no hash', () => {
  const out = withPolicy(page('<link rel=stylesheet href=/a.css>', '<script src=/main.js></script>'));
  assert.deepEqual(scriptSrc(out), ["'self'", "'wasm-unsafe-eval'"]);
});

test('a second run changes nothing, and an older policy is replaced, not added to', () => {
  const html = page('<script>one()</script>');
  const once = withPolicy(html);
  assert.equal(withPolicy(once), once);
  const stale = html.replace('<head>', `<head><meta http-equiv=Content-Security-Policy content="script-src 'sha256-old='">`);
  assert.equal(withPolicy(stale), once);
  assert.equal(withPolicy(once, {connectHosts: ['https://a.example']}).match(/Content-Security-Policy/g)?.length, 1);
});

test('a DocSearch build may connect to its app\'s search hosts and nowhere else; a local one to none', () => {
  assert.deepEqual(docSearchHosts('TESTAPPID'), ['https://testappid-dsn.algolia.net', 'https://testappid-1.algolianet.com',
    'https://testappid-2.algolianet.com', 'https://testappid-3.algolianet.com']);
  assert.match(policy({connectHosts: docSearchHosts('APP')}), /(^|; )connect-src 'self' https:\/\/app-dsn\.algolia\.net https:\/\/app-1\.algolianet\.com https:\/\/app-2\.algolianet\.com https:\/\/app-3\.algolianet\.com(;|$)/);
  assert.match(policy(), /(^|; )connect-src 'self'(;|$)/);
  // Only connect-src names them.
  assert.equal(policy({connectHosts: docSearchHosts('APP')}).match(/algolia/g)?.length, 4);
});

test('a page without <head> is refused rather than sent out without a policy', () => {
  assert.throws(() => withPolicy('<p>no head</p>'), /no <head>/);
});

test('the run fails when the DocSearch keys and the built code disagree', () => {
  const dir = mkdtempSync(join(tmpdir(), 'csp-'));
  try {
    mkdirSync(join(dir, 'assets/js'), {recursive: true});
    writeFileSync(join(dir, 'index.html'), page('<script>x()</script>'));
    writeFileSync(join(dir, 'assets/js/main.js'), 'local()');
    assert.throws(() => applyPolicy(dir, {appId: 'APP', apiKey: 'key'}), /no DocSearch client/);
    assert.deepEqual(applyPolicy(dir, {}), {pages: 1, connectHosts: []});
    assert.match(readFileSync(join(dir, 'index.html'), 'utf8'), /connect-src 'self';/);
    writeFileSync(join(dir, 'assets/js/search.js'), 'u="".concat(e,"-dsn.algolia.net")');
    assert.throws(() => applyPolicy(dir, {}), /holds the DocSearch client/);
    assert.equal(applyPolicy(dir, {appId: 'APP', apiKey: 'key'}).connectHosts.length, 4);
    assert.match(readFileSync(join(dir, 'index.html'), 'utf8'), /connect-src 'self' https:\/\/app-dsn\.algolia\.net/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
