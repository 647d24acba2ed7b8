#!/usr/bin/env node
// The real-world corpus (tests/schema/real/{v4,v5}/*.jsonc): client and server
// configurations for each protocol and transport the pages document, written as readers write
// them (comments, placeholders, camelCase and snake_case v5 names). Each file goes through the
// checker as the page runs it (format detected from the keys), and each v4 file through Debian's
// v2ray 4.34 (`v2ray -test`, inside a network namespace with only loopback, with geoip.dat and
// geosite.dat holding the codes the files use; certificate files are not provided: they are on
// the reader's disk, which neither the checker nor this test has). Both verdicts are recorded in
// tests/schema/real-comparison.md; without --write this fails when either has changed.
// Run with tsx: node --import tsx tests/schema/compare-real.mjs [--write]
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {buildSchema} from '../../scripts/schema/generate.mjs';
import {checkParsed, parseConfig, tellVersion} from '../../src/configCheck/check.ts';
import {formatProblem} from '../../src/configCheck/messages.ts';
import {makeValidator} from '../../src/configCheck/validate.ts';
import {V2RAY, ensureProgram, testConfig, toolkitVersion, withoutNetwork} from '../examples/toolkit.mjs';
import {writeGeoFiles} from '../toolkit/geo.mjs';

// the toolkit runs without a network: re-run this script in a namespace with only loopback
if (process.env.V2FLY_NETNS !== '1') {
  const [command, args] = withoutNetwork(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {V2FLY_NETNS: '1'});
  const run = spawnSync(command, args, {stdio: 'inherit', env: {...process.env, V2FLY_NETNS: '1'}, timeout: 10 * 60_000});
  if (run.error) throw new Error(`compare-real.mjs runs v2ray inside \`unshare --net\`: ${run.error.message}`);
  process.exit(run.status ?? 1);
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const realDir = join(root, 'tests/schema/real');
const out = join(root, 'tests/schema/real-comparison.md');
ensureProgram(V2RAY, 'v2ray');
const schemas = {v4: buildSchema('v4').schema, v5: buildSchema('v5').schema};
const validators = {v4: makeValidator(schemas.v4), v5: makeValidator(schemas.v5)};
const work = mkdtempSync(join(tmpdir(), 'v2fly-real-'));
writeGeoFiles(work, {ip: new Map([['geoip.dat', new Set(['cn', 'private'])]]), site: new Map([['geosite.dat', new Map([['cn', new Set(['example.cn'])]])]])});
const cell = (s) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const sections = [];
const counts = {files: 0, agree: 0};
try {
  for (const version of /** @type {const} */ (['v4', 'v5'])) {
    const rows = [];
    for (const name of readdirSync(join(realDir, version)).filter((n) => n.endsWith('.jsonc')).sort()) {
      const text = readFileSync(join(realDir, version, name), 'utf8');
      const parsed = parseConfig(text);
      const detected = tellVersion(parsed, schemas, validators);
      const as = detected ?? 'v4';
      const {problems} = checkParsed(parsed, validators[as], schemas[as]);
      const checker = `${detected ?? 'not told: v4'}; ${problems.length ? `${problems.length} problem${problems.length > 1 ? 's' : ''}: ${problems.slice(0, 3).map((p) => `${p.line}:${p.column} ${formatProblem(p, 'en')}`).join(' / ')}` : 'no problems'}`;
      let toolkit = 'not run: v2ray 4.34 cannot read jsonv5';
      let agree = '';
      counts.files += 1;
      if (version === 'v4') {
        const file = join(work, name.replace(/\.jsonc$/, '.json'));
        writeFileSync(file, text);
        const error = await testConfig(file, work);
        const line = error?.split('\n').find((l) => /^(panic: |main: )/.test(l)) ?? error?.split('\n')[0] ?? '';
        toolkit = error ? `refuses: ${line.replace(/^.* > (?=[^>]*$)/, '').trim()}` : 'accepts';
        const same = (error !== null) === (problems.length > 0);
        if (same) counts.agree += 1;
        agree = same ? 'yes' : 'no';
      }
      rows.push(`| \`${version}/${name}\` | ${cell(checker)} | ${cell(toolkit)} |${version === 'v4' ? ` ${agree} |` : ''}`);
    }
    sections.push(version === 'v4'
      ? `## v4\n\n| File | Checker (format; problems) | v2ray 4.34 \`-test\` | Agree |\n|---|---|---|---|\n${rows.join('\n')}`
      : `## v5\n\n| File | Checker (format; problems) | Toolkit |\n|---|---|---|\n${rows.join('\n')}`);
  }
} finally {
  rmSync(work, {recursive: true, force: true});
}
const text = `# The checker and V2Ray 4.34 on real-world configurations

Written by \`node --import tsx tests/schema/compare-real.mjs --write\` (in \`npm run check:examples\`, which
fails when this file is out of date). The files in \`tests/schema/real/\` are client and server
configurations for each protocol and transport the pages document, written the way readers write
them. Each went through the checker as the page runs it (the format told from the keys), and each v4
file through ${toolkitVersion().split(' (')[0]} (\`v2ray -test -config\`, no network, geoip.dat and
geosite.dat with the codes the files use, no certificate files).

Where they disagree, the reason is one of these: the toolkit opens certificate files, which are on
the reader's disk and not here (the checker cannot know them either); the feature is newer than 4.34
(the schema follows v2ray-core v5.52.0); or the checker is stricter on purpose (a value 4.34 quietly
replaces or ignores, see toolkit-comparison.md).

${sections.join('\n\n')}
`;
const problems = [];
if (process.argv.includes('--write')) writeFileSync(out, text);
else if (readFileSync(out, 'utf8') !== text) problems.push(`${relative(root, out)} is out of date (the checker's or the toolkit's verdict changed): review, then node --import tsx tests/schema/compare-real.mjs --write`);
for (const p of problems) console.error(p);
console.log(`real-world corpus: ${counts.files} files, v4 verdicts agreeing with v2ray 4.34: ${counts.agree}; ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
