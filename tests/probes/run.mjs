#!/usr/bin/env node
// The probes: failure modes of v2ray 5.52.0 (and, for the v4 merge rules, Debian's 4.34) that
// pages describe, each run inside the toolkit room's loopback-only namespace, each tied to the
// page sentence that states its outcome; and docs/guide/command.md checked against the binary's
// own help. Fails when a page and a run disagree.
// Usage: npm run probes [-- --only TEXT (probes whose id contains TEXT)] [--report (print every outcome)]
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {v2ray, v2ray434, withToolkit} from '../toolkit/v2ray.mjs';
import {enterNamespace} from '../toolkit/namespace.mjs';
import {killAll} from '../toolkit/processes.mjs';
import {allProbes} from './probes.mjs';
import {checkCommandPage} from './commands.mjs';
import {enTwin} from './pages.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
const only = argv.includes('--only') ? String(argv[argv.indexOf('--only') + 1]) : null;
/** Probes at once: each is one short-lived v2ray; the machine may have 2 cores. */
const JOBS = 4;

await withToolkit(async () => {
  const bin = v2ray();
  const old = v2ray434();
  await enterNamespace({name: 'npm run probes', env: {V2RAY_BIN: bin, V2RAY434_BIN: old}, userNamespaceEnough: true, timeoutMs: 3 * 60_000});
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'v2fly-probes-'));
  process.on('exit', () => { killAll(); rmSync(dir, {recursive: true, force: true}); });
  let nextPort = 20_000;
  const ctx = {bin, old, dir, port: () => nextPort++};

  const probes = allProbes().filter((p) => !only || p.id.includes(only));
  const failures = [];
  let agree = 0;
  /** @type {string[]} */
  const lines = new Array(probes.length);
  let index = 0;
  const worker = async () => {
    while (index < probes.length) {
      const i = index++;
      const probe = /** @type {import('./probes.mjs').Probe} */ (probes[i]);
      let result;
      try {
        result = await probe.run(ctx);
      } catch (e) {
        result = {outcome: 'probe error', detail: /** @type {Error} */ (e).message};
      }
      const missing = probe.claims.flatMap((c) => missingPhrases(c));
      const ok = result.outcome === probe.expect && missing.length === 0;
      if (ok) agree++;
      else failures.push(`${probe.id}: expected "${probe.expect}", observed "${result.outcome}"${result.detail ? ` (${result.detail})` : ''}`
        + missing.map((m) => `\n    ${m}`).join(''));
      lines[i] = `${ok ? 'ok  ' : 'FAIL'} ${probe.id}: ${result.outcome}${result.detail && argv.includes('--report') ? ` — ${result.detail}` : ''}`;
    }
  };
  await Promise.all(Array.from({length: JOBS}, worker));
  for (const l of lines) if (argv.includes('--report') || l.startsWith('FAIL')) console.log(l);

  let commandProblems = [];
  let commandSummary = '';
  if (!only) {
    const c = await checkCommandPage(bin, ROOT);
    commandProblems = c.problems;
    commandSummary = `; command.md against v2ray help: ${c.commands} commands, ${c.flags} flags listed on the two pages, ${c.problems.length} disagreements`;
  }
  console.log(`probes: ${probes.length} run on v2ray 5.52.0 (and 4.34 for the v4 merge rules), ${agree} agree with the pages`
    + `${commandSummary} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const f of [...failures, ...commandProblems]) console.error(`  ${f}`);
  process.exitCode = failures.length || commandProblems.length ? 1 : 0;
});

/** The phrases a claim names that its page lacks, in either language. @param {import('./probes.mjs').Claim} claim */
function missingPhrases(claim) {
  const out = [];
  for (const [lang, file] of [['zh', claim.file], ['en', enTwin(claim.file)]]) {
    const phrase = lang === 'zh' ? claim.zh : claim.en;
    let text = '';
    try { text = readFileSync(join(ROOT, file), 'utf8'); } catch { out.push(`${file} is missing`); continue; }
    if (!text.replace(/\s+/g, ' ').includes(phrase)) out.push(`${file} does not say "${phrase}"`);
  }
  return out;
}
