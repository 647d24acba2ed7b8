#!/usr/bin/env node
// The real-world corpus (tests/schema/real/{v4,v5}/*.jsonc): client and server
// configurations for each protocol and transport the pages document, written as readers write
// them (comments, placeholders, camelCase and snake_case v5 names). Each file goes through the
// checker as the page runs it (format detected from the keys), and through v2ray 5.52.0 `test`
// (v4 files with -format json, v5 files with -format jsonv5), inside the loopback-only namespace
// (tests/toolkit/), with geoip.dat and geosite.dat holding the codes the files use; certificate
// files are not provided: they are on the reader's disk, which neither the checker nor this test
// has. Both verdicts are recorded in tests/schema/real-comparison.md; without --write this fails
// when either has changed.
// Run with tsx: node --import tsx tests/schema/compare-real.mjs [--write]
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {buildSchema} from '../../builder/schema/generate.mjs';
import {checkParsed} from '../../src/configCheck/problems.ts';
import {parseConfig} from '../../src/configCheck/parse.ts';
import {tellVersion} from '../../src/configCheck/version.ts';
import {formatProblem} from '../../src/configCheck/messages.ts';
import {makeValidator} from '../../src/configCheck/validate.ts';
import {writeGeoFiles} from '../toolkit/geo.mjs';
import {releaseOfBinary, v2ray, withToolkit} from '../toolkit/v2ray.mjs';
import {enterNamespace} from '../toolkit/namespace.mjs';
import {testConfig} from '../toolkit/processes.mjs';

let bin = '';
await withToolkit(async () => {
  bin = v2ray();
  await enterNamespace({name: 'compare-real.mjs', env: {V2RAY_BIN: bin}, userNamespaceEnough: true, timeoutMs: 5 * 60_000});
});
const release = releaseOfBinary(bin);
const root = fileURLToPath(new URL('../../', import.meta.url));
const realDir = join(root, 'tests/schema/real');
const out = join(root, 'tests/schema/real-comparison.md');
const schemas = {v4: buildSchema('v4').schema, v5: buildSchema('v5').schema};
const validators = {v4: makeValidator(schemas.v4), v5: makeValidator(schemas.v5)};
const work = mkdtempSync(join(tmpdir(), 'v2fly-real-'));
writeGeoFiles(work, {ip: new Map([['geoip.dat', new Set(['cn', 'private'])]]), site: new Map([['geosite.dat', new Map([['cn', new Set(['example.cn'])]])]])});
/** @param {string} s */
const cell = (s) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const sections = [];
const counts = {files: 0, agree: {v4: 0, v5: 0}};
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
      counts.files += 1;
      const file = join(work, `${version}-${name.replace(/\.jsonc$/, '.json')}`);
      writeFileSync(file, text);
      const format = version === 'v5' ? 'jsonv5' : 'json';
      const error = await testConfig(bin, file, {format, env: {V2RAY_LOCATION_ASSET: work}});
      const line = error?.split('\n').find((l) => /^(panic: |Test failed: )/.test(l)) ?? error?.split('\n')[0] ?? '';
      const toolkit = error ? `refuses: ${line.replace(/^.* > (?=[^>]*$)/, '').replace(/^Test failed: /, '').trim()}` : 'accepts';
      const same = (error !== null) === (problems.length > 0);
      if (same) counts.agree[version] += 1;
      rows.push(`| \`${version}/${name}\` | ${cell(checker)} | ${cell(toolkit)} | ${same ? 'yes' : 'no'} |`);
    }
    sections.push(`## ${version}\n\n| File | Checker (format; problems) | v2ray ${release} \`test -format ${version === 'v5' ? 'jsonv5' : 'json'}\` | Agree |\n|---|---|---|---|\n${rows.join('\n')}`);
  }
} finally {
  rmSync(work, {recursive: true, force: true});
}
const text = `# The checker and V2Ray ${release} on real-world configurations

Written by \`node --import tsx tests/schema/compare-real.mjs --write\` (in \`npm run check:examples\`, which
fails when this file is out of date). The files in \`tests/schema/real/\` are client and server
configurations for each protocol and transport the pages document, written the way readers write
them. Each went through the checker as the page runs it (the format told from the keys), and through
V2Ray ${release}, the release the site documents (\`v2ray test\`: v4 files with \`-format json\`, v5
files with \`-format jsonv5\`; no network, geoip.dat and geosite.dat with the codes the files use, no
certificate or log folders).

Where they disagree, the reason is one of these: the toolkit opens certificate and log files, which
are on the reader's disk and not here (the checker cannot know them either); or the checker is
stricter on purpose (a value the toolkit quietly replaces or ignores, see toolkit-comparison.md).

${sections.join('\n\n')}
`;
const problems = [];
if (process.argv.includes('--write')) writeFileSync(out, text);
else if (readFileSync(out, 'utf8') !== text) problems.push(`${relative(root, out)} is out of date (the checker's or the toolkit's verdict changed): review, then node --import tsx tests/schema/compare-real.mjs --write`);
for (const p of problems) console.error(p);
console.log(`real-world corpus: ${counts.files} files through v2ray ${release}, verdicts agreeing with the checker:`
  + ` v4 ${counts.agree.v4}, v5 ${counts.agree.v5}; ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
