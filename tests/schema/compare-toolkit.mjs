#!/usr/bin/env node
// The broken-configuration corpus (tests/schema/broken, see corpus.mjs) against the real program:
// every v4 file goes through Debian's v2ray 4.34 `-test`, and its verdict is compared with the
// checker's (src/configCheck). Writes tests/schema/toolkit-comparison.md with --write; without it,
// fails when a file's "// toolkit 4.34:" line or the committed comparison no longer holds.
// Run with tsx (the checker is TypeScript): node --import tsx tests/schema/compare-toolkit.mjs [--write]
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {buildSchema} from '../../scripts/schema/generate.mjs';
import {makeValidator} from '../../src/configCheck/validate.ts';
import {checkConfig} from '../../src/configCheck/check.ts';
import {formatProblem} from '../../src/configCheck/messages.ts';
import {V2RAY, ensureProgram, testConfig, toolkitVersion} from '../examples/toolkit.mjs';
import {corpus} from './corpus.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = join(root, 'tests/schema/toolkit-comparison.md');
ensureProgram(V2RAY, 'v2ray');
const {schema} = buildSchema('v4');
const validate = makeValidator(schema);
const work = mkdtempSync(join(tmpdir(), 'v2fly-corpus-'));
const problems = [];
const rows = [];
for (const c of corpus().filter((x) => x.version === 'v4')) {
  const file = join(work, c.name.replace(/\.jsonc$/, '.json'));
  writeFileSync(file, c.text);
  const error = await testConfig(file, work);
  const verdict = error ? 'refuses' : 'accepts';
  const found = checkConfig(c.text, validate, schema).problems;
  const checker = found.length ? `reports ${found.length}: ${formatProblem(/** @type {never} */ (found[0]), 'en')}` : 'no problems';
  if (!c.toolkit) problems.push(`${c.name}: no "// toolkit 4.34:" line`);
  else if (c.toolkit.verdict !== verdict) problems.push(`${c.name}: says the toolkit ${c.toolkit.verdict}, but v2ray 4.34 ${verdict}${error ? `: ${error.split('\n').pop()}` : ''}`);
  const agree = (verdict === 'refuses') === (found.length > 0);
  if (!agree && !c.toolkit?.why) problems.push(`${c.name}: the checker and v2ray 4.34 disagree, and the file gives no reason`);
  // the program's reason: its "failed to read config" line (4.34 panics on some), its last part after " > "
  const line = error?.split('\n').find((l) => /^(panic: |main: )/.test(l)) ?? error?.split('\n')[0] ?? '';
  const reason = line.replace(/^.* > (?=[^>]*$)/, '').trim();
  rows.push(`| \`${c.name}\` | ${checker.replace(/\|/g, '\\|')} | ${verdict}${reason ? `: ${reason.replace(/\|/g, '\\|')}` : ''} | ${agree ? 'yes' : `no: ${c.toolkit?.why ?? ''}`} |`);
}
rmSync(work, {recursive: true, force: true});
const text = `# The checker and V2Ray 4.34 on the broken-configuration corpus

Written by \`node --import tsx tests/schema/compare-toolkit.mjs --write\` (it runs in \`npm run check:examples\`,
which fails when this file is out of date). Each file of \`tests/schema/broken/v4/\` went through
${toolkitVersion().split(' (')[0]} (\`v2ray -test -config\`) and through the checker (the v4 JSON Schema).

Where they disagree, the schema is stricter on purpose: the toolkit accepts the file but quietly
ignores or replaces what was written, so the setting the reader wanted has no effect. The other
kind of disagreement is a feature newer than 4.34: the schema describes the v4 format of v2ray-core
v5.52.0. The v5 files (\`tests/schema/broken/v5/\`) have no counterpart: 4.34 cannot read jsonv5.

| File | Checker | v2ray 4.34 | Agree |
|---|---|---|---|
${rows.join('\n')}
`;
if (process.argv.includes('--write')) writeFileSync(out, text);
else if (readFileSync(out, 'utf8') !== text) problems.push(`${relative(root, out)} is out of date: run node --import tsx tests/schema/compare-toolkit.mjs --write`);
for (const p of problems) console.error(p);
console.log(`toolkit comparison: ${rows.length} v4 corpus files, ${rows.filter((r) => !r.endsWith('| yes |')).length} disagreements with reasons, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
