#!/usr/bin/env node
/**
 * How long a writer waits with the dev server: from `docusaurus start` to the first
 * docs page answering 200 with its page shell and its content chunk, and from saving a long page
 * (docs/config/routing.md, or its English file) to the dev server serving the changed content.
 *
 *   node scripts/devServerTiming.mjs [--locale zh-CN|en] [--runs 2] [--port 3100] [--cold] [--log]
 *
 * Runs in a scratch copy of the site (with .git, so git lookups cost what they cost here, and
 * node_modules linked), so that the dev server's .docusaurus never collides with a build running
 * in the work tree. Runs use rspack's persistent cache (node_modules/.cache/rspack) as a writer's
 * second start does (each invocation leaves a cache entry of about 60 MB there, the copy's path
 * being new); `--cold` turns it off, as on a first start. Prints one JSON line per run.
 */
import {spawn} from 'node:child_process';
import {cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {parseArgs} from 'node:util';
import {fileFor} from '../builder/content/files.mjs';

const root = resolve(import.meta.dirname, '..');
const {values: args} = parseArgs({options: {
  locale: {type: 'string', default: 'zh-CN'},
  runs: {type: 'string', default: '2'},
  port: {type: 'string', default: '3100'},
  'timeout-s': {type: 'string', default: '900'},
  // A first start: no rspack persistent cache (a fresh clone, or after a config change).
  cold: {type: 'boolean', default: false},
  // Print the dev server's own output after each run.
  log: {type: 'boolean', default: false},
}});
const locale = args.locale;
const port = Number(args.port);
const timeoutMs = Number(args['timeout-s']) * 1000;
const base = locale === 'en' ? '/en_US/' : '/';
const page = `${base}config/routing`;
const source = fileFor('/config/routing', locale === 'en' ? 'en' : 'zh');
if (source === null) throw new Error('no /config/routing page file');

const skip = new Set(['node_modules', 'build', 'build-docsearch', '.docusaurus', 'test-results', 'playwright-report']);
const dir = join(tmpdir(), `v2fly-docs-devtime-${process.pid}`);
rmSync(dir, {recursive: true, force: true});
mkdirSync(dir, {recursive: true});
cpSync(root, dir, {recursive: true, filter: (src) => !skip.has(src.slice(root.length + 1).split('/')[0] ?? '')});
symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function get(path) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {signal: AbortSignal.timeout(120_000)});
    return {status: response.status, body: await response.text()};
  } catch {
    return {status: 0, body: ''};
  }
}

/** The dev chunk of the page's Markdown file: .docusaurus/registry.js names it; dev files are `<name>.js`. */
function contentChunk() {
  const registry = readFileSync(join(dir, '.docusaurus/registry.js'), 'utf8');
  const name = new RegExp(`"([^"]+)": \\[\\(\\) => import\\(/\\* webpackChunkName: "[^"]+" \\*/ "@site/${source.replace(/[.]/g, '\\.')}"`).exec(registry)?.[1];
  if (!name) throw new Error(`no chunk for ${source} in registry.js`);
  return `${base}${name}.js`;
}

let exited = null;

async function until(check, since) {
  while (Date.now() - since < timeoutMs) {
    if (exited !== null) throw new Error(`the dev server exited (${exited})`);
    if (await check()) return Date.now() - since;
    await sleep(250);
  }
  throw new Error('timed out');
}

async function run(index) {
  const started = Date.now();
  // As `npm start` runs it: the CLI itself sets NODE_ENV=development when it is unset.
  const env = {...process.env, BROWSER: 'none'};
  delete env.NODE_ENV;
  if (args.cold) env.DOCUSAURUS_NO_PERSISTENT_CACHE = '1';
  const server = spawn(process.execPath, ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'start',
    '--locale', locale, '--port', String(port), '--host', '127.0.0.1', '--no-open'], {
    cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  let output = '';
  exited = null;
  server.once('exit', (code, signal) => { exited = signal ?? code; });
  server.stdout.on('data', (d) => { output += d; });
  server.stderr.on('data', (d) => { output += d; });
  try {
    const shellMs = await until(async () => {
      const {status, body} = await get(page);
      return status === 200 && body.includes('id="__docusaurus"');
    }, started);
    let chunk = '';
    const firstPageMs = await until(async () => {
      chunk ||= contentChunk();
      const {status, body} = await get(chunk);
      return status === 200 && body.includes('RoutingObject');
    }, started);
    const marker = `devtime-${Date.now()}`;
    const file = join(dir, source);
    const before = readFileSync(file, 'utf8');
    const edited = Date.now();
    writeFileSync(file, `${before}\n\n${marker}\n`);
    const editMs = await until(async () => (await get(chunk)).body.includes(marker), edited);
    writeFileSync(file, before);
    if (args.log) console.error(output);
    console.log(JSON.stringify({locale, cold: args.cold, run: index + 1, shellMs, firstPageMs, editMs}));
  } catch (error) {
    console.error(output.slice(-4000));
    throw error;
  } finally {
    if (exited === null) {
      process.kill(-server.pid, 'SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }
}

try {
  for (let i = 0; i < Number(args.runs); i += 1) await run(i);
} finally {
  rmSync(dir, {recursive: true, force: true});
}
