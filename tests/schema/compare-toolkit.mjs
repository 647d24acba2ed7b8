#!/usr/bin/env node
// The broken-configuration corpus (tests/schema/broken, see corpus.mjs) against the real program:
// every file goes through v2ray 5.52.0 `test` (v4 files with -format json, v5 files with -format
// jsonv5), inside the loopback-only namespace (tests/toolkit/), and its verdict is compared with
// the checker's (src/configCheck). Writes tests/schema/toolkit-comparison.md with --write; without
// it, fails when a file's "// toolkit 5.52.0:" line or the committed comparison no longer holds.
// Run with tsx (the checker is TypeScript): node --import tsx tests/schema/compare-toolkit.mjs [--write]
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {buildSchema} from '../../builder/schema/generate.mjs';
import {makeValidator} from '../../src/configCheck/validate.ts';
import {checkConfig} from '../../src/configCheck/problems.ts';
import {formatProblem} from '../../src/configCheck/messages.ts';
import {releaseOfBinary, v2ray, withToolkit} from '../toolkit/v2ray.mjs';
import {enterNamespace} from '../toolkit/namespace.mjs';
import {testConfig} from '../toolkit/processes.mjs';
import {corpus} from './corpus.mjs';

let bin = '';
await withToolkit(async () => {
  bin = v2ray();
  await enterNamespace({name: 'compare-toolkit.mjs', env: {V2RAY_BIN: bin}, userNamespaceEnough: true, timeoutMs: 5 * 60_000});
});
const release = releaseOfBinary(bin);
const root = fileURLToPath(new URL('../../', import.meta.url));
const out = join(root, 'tests/schema/toolkit-comparison.md');
const schemas = {v4: buildSchema('v4').schema, v5: buildSchema('v5').schema};
const validators = {v4: makeValidator(schemas.v4), v5: makeValidator(schemas.v5)};
const work = mkdtempSync(join(tmpdir(), 'v2fly-corpus-'));
/** @type {string[]} */
const problems = [];
/** @type {Record<'v4' | 'v5', string[]>} */
const rows = {v4: [], v5: []};
for (const c of corpus()) {
  const file = join(work, `${c.version}-${c.name.replace(/\.jsonc$/, '.json')}`);
  writeFileSync(file, c.text);
  const format = c.version === 'v5' ? 'jsonv5' : 'json';
  const error = await testConfig(bin, file, {format, env: {V2RAY_LOCATION_ASSET: work}});
  const verdict = error ? 'refuses' : 'accepts';
  const found = checkConfig(c.text, validators[c.version], schemas[c.version]).problems;
  const checker = found.length ? `reports ${found.length}: ${formatProblem(/** @type {never} */ (found[0]), 'en')}` : 'no problems';
  if (!c.toolkit) problems.push(`${c.version}/${c.name}: no "// toolkit ${release}:" line`);
  else if (c.toolkit.verdict !== verdict) problems.push(`${c.version}/${c.name}: says the toolkit ${c.toolkit.verdict}, but v2ray ${release} ${verdict}${error ? `: ${error.split('\n').pop()}` : ''}`);
  const agree = (verdict === 'refuses') === (found.length > 0);
  if (!agree && !c.toolkit?.why) problems.push(`${c.version}/${c.name}: the checker and v2ray ${release} disagree, and the file gives no reason`);
  // the program's reason: the last part of its "Test failed:" line, after " > "
  const line = error?.split('\n').find((l) => /^(panic: |Test failed: )/.test(l)) ?? error?.split('\n')[0] ?? '';
  const reason = line.replace(/^.* > (?=[^>]*$)/, '').replace(/^Test failed: /, '').trim();
  rows[c.version].push(`| \`${c.name}\` | ${checker.replace(/\|/g, '\\|')} | ${verdict}${reason ? `: ${reason.replace(/\|/g, '\\|')}` : ''} | ${agree ? 'yes' : `no: ${c.toolkit?.why ?? ''}`} |`);
}
rmSync(work, {recursive: true, force: true});
/** @param {'v4' | 'v5'} v */
const table = (v) => `| File | Checker | v2ray ${release} \`test -format ${v === 'v5' ? 'jsonv5' : 'json'}\` | Agree |\n|---|---|---|---|\n${rows[v].join('\n')}`;
const text = `# The checker and V2Ray ${release} on the broken-configuration corpus

Written by \`node --import tsx tests/schema/compare-toolkit.mjs --write\` (it runs in \`npm run check:examples\`,
which fails when this file is out of date). Each file of \`tests/schema/broken/\` went through
V2Ray ${release}, the release the site documents (\`v2ray test\`: the v4 files with \`-format json\`,
the v5 files with \`-format jsonv5\`), and through the checker (the JSON Schema of its format).

Where they disagree, the checker is stricter on purpose: the toolkit accepts the file but quietly
ignores or replaces what was written, so the setting the reader wanted has no effect. Each such
file says why on its \`// toolkit ${release}:\` line, shown in the last column.

## v4

${table('v4')}

## v5

${table('v5')}
`;
if (process.argv.includes('--write')) writeFileSync(out, text);
else if (readFileSync(out, 'utf8') !== text) problems.push(`${relative(root, out)} is out of date: run node --import tsx tests/schema/compare-toolkit.mjs --write`);
for (const p of problems) console.error(p);
const all = [...rows.v4, ...rows.v5];
console.log(`toolkit comparison: ${rows.v4.length} v4 and ${rows.v5.length} v5 corpus files through v2ray ${release},`
  + ` ${all.filter((r) => !r.endsWith('| yes |')).length} disagreements with reasons, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
