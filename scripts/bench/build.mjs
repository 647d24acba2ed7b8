// Build wall time and peak memory of `docusaurus build` (both locales) for the benchmark.
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';

const docusaurus = (root) => join(root, 'node_modules/.bin/docusaurus');

/** GNU time -v: wall clock and the largest resident set of the process tree. */
function withGnuTime(root, outDir) {
  const run = spawnSync('/usr/bin/time', ['-v', docusaurus(root), 'build', '--out-dir', outDir], {cwd: root, encoding: 'utf8', maxBuffer: 64 * 2 ** 20});
  if (run.status !== 0) throw new Error(`build failed:\n${run.stdout}\n${run.stderr}`);
  const field = (name) => run.stderr.match(new RegExp(`${name}: (.+)`))?.[1]?.trim() ?? '';
  // "m:ss.ss" or "h:mm:ss"
  const elapsed = field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)').split(':').reduce((acc, v) => acc * 60 + Number(v), 0);
  const wallSeconds = Math.round(elapsed * 10) / 10;
  return {wallSeconds, peakRssMB: Math.round(Number(field('Maximum resident set size \\(kbytes\\)')) / 1024), method: '/usr/bin/time -v, largest process'};
}

/** Without GNU time: the summed RSS of the build's process tree, polled from /proc every 200 ms. */
async function withProcPolling(root, outDir) {
  const start = performance.now();
  const child = spawn(docusaurus(root), ['build', '--out-dir', outDir], {cwd: root, stdio: 'ignore'});
  let peakKB = 0;
  const tree = (pid) => {
    const kids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
      try { return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid); } catch { return false; }
    }).map(Number);
    return [pid, ...kids.flatMap(tree)];
  };
  const timer = setInterval(() => {
    const rss = tree(child.pid).reduce((n, pid) => {
      try { return n + Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0); } catch { return n; }
    }, 0);
    peakKB = Math.max(peakKB, rss);
  }, 200);
  const code = await new Promise((res) => child.on('exit', res));
  clearInterval(timer);
  if (code !== 0) throw new Error(`build failed (${code})`);
  return {wallSeconds: Math.round((performance.now() - start) / 100) / 10, peakRssMB: Math.round(peakKB / 1024), method: '/proc polling, process tree sum'};
}

/**
 * `docusaurus build` timed, then the search index written as `npm run build` writes it (timed
 * apart): without it the site has no /pagefind/ and the search figures cannot be measured; then
 * the stylesheet without the rules no page can match (builder/css/purge.mjs) and the pages' CSP
 * meta tags (builder/csp/csp.mjs), as published.
 */
export async function measureBuild(root, outDir) {
  const cacheWarm = existsSync(join(root, 'node_modules/.cache/rspack'));
  const figures = existsSync('/usr/bin/time') ? withGnuTime(root, outDir) : await withProcPolling(root, outDir);
  const start = performance.now();
  const index = spawnSync(process.execPath, [join(root, 'builder/search/pagefind.mjs'), outDir], {cwd: root, encoding: 'utf8'});
  if (index.status !== 0) throw new Error(`search index failed:\n${index.stdout}\n${index.stderr}`);
  const searchIndexSeconds = Math.round((performance.now() - start) / 100) / 10;
  const purge = spawnSync(process.execPath, [join(root, 'builder/css/purge.mjs'), outDir], {cwd: root, encoding: 'utf8'});
  if (purge.status !== 0) throw new Error(`CSS purge failed:\n${purge.stdout}\n${purge.stderr}`);
  // the Content-Security-Policy meta tags, as `npm run build` writes them, so that pages are measured as published
  const csp = spawnSync(process.execPath, [join(root, 'builder/csp/csp.mjs'), outDir], {cwd: root, encoding: 'utf8'});
  if (csp.status !== 0) throw new Error(`CSP step failed:\n${csp.stdout}\n${csp.stderr}`);
  return {...figures, searchIndexSeconds, cacheWarm, locales: ['zh-CN', 'en']};
}
