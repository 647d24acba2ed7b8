// What the browser bundle holds, for the benchmark: builds zh-CN once more with BUNDLE_REPORT set
// (src/plugins/bundleReport: webpack-bundle-analyzer's JSON report) and sums the report's
// modules by package. Sizes are each module's own gzip size, so they add up to a little more
// than the gzip of the whole file.
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {kb} from './budgets.mjs';

/** node_modules/@scope/name/… → "@scope/name"; site files → their folder (src/prism, .docusaurus). */
function ownerOf(path) {
  const packages = [...path.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
  if (packages.length > 0) return packages.at(-1)[1];
  const site = /\.\/(src\/[^/]+|\.docusaurus|[^/]+)/.exec(path);
  return site ? site[1] : path;
}

function leaves(node) {
  return node.groups?.length ? node.groups.flatMap(leaves) : [node];
}

/** The chunks whose file names start with one of `prefixes`, summed by owner. */
function summarise(report, prefixes) {
  return report
    .filter((chunk) => prefixes.some((p) => chunk.label.split('/').at(-1).startsWith(p)))
    .map((chunk) => {
      const owners = new Map();
      for (const leaf of leaves(chunk)) {
        const owner = ownerOf(leaf.path ?? leaf.label);
        const sums = owners.get(owner) ?? {raw: 0, gzip: 0};
        sums.raw += leaf.parsedSize ?? leaf.statSize ?? 0;
        sums.gzip += leaf.gzipSize ?? 0;
        owners.set(owner, sums);
      }
      const parts = [...owners].map(([owner, s]) => ({owner, rawKB: kb(s.raw), gzipKB: kb(s.gzip)}))
        .sort((a, b) => b.gzipKB - a.gzipKB);
      return {file: chunk.label, rawKB: kb(chunk.parsedSize ?? chunk.statSize), gzipKB: kb(chunk.gzipSize ?? 0), parts};
    });
}

export function bundleReport(root) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  try {
    const reportFile = join(dir, 'report.json');
    const run = spawnSync(join(root, 'node_modules/.bin/docusaurus'), ['build', '--locale', 'zh-CN', '--out-dir', join(dir, 'site')], {
      cwd: root, encoding: 'utf8', maxBuffer: 64 * 2 ** 20, env: {...process.env, BUNDLE_REPORT: reportFile},
    });
    if (run.status !== 0) throw new Error(`bundle report build failed:\n${run.stdout}\n${run.stderr}`);
    return {locale: 'zh-CN', main: summarise(JSON.parse(readFileSync(reportFile, 'utf8')), ['main.'])[0]};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
