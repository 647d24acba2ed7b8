#!/usr/bin/env node
// How long the checker takes on the worst inputs the page accepts (up to its 1 MB limit), as the
// page runs it: read, tell the format, validate, word every problem. Prints one row per input and
// exits 1 when one takes over 1 s of CPU time ("any input up to 1 MB answered in at most 1 s").
// Not part of npm test (a timing on a shared machine is a measurement, not a test); the unit tests
// check the same inputs are answered (tests/schema/config-check-limits.test.ts).
// Usage: node --import tsx tests/schema/worst-case.mjs [--runs N]
import {buildSchema} from '../../builder/schema/generate.mjs';
import {SHOWN_PROBLEMS, checkParsed} from '../../src/configCheck/problems.ts';
import {parseConfig} from '../../src/configCheck/parse.ts';
import {tellVersion} from '../../src/configCheck/version.ts';
import {formatProblem} from '../../src/configCheck/messages.ts';
import {makeValidator} from '../../src/configCheck/validate.ts';
import {worstCases} from './worst-cases.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const schemas = {v4: buildSchema('v4').schema, v5: buildSchema('v5').schema};
const validators = {v4: makeValidator(schemas.v4), v5: makeValidator(schemas.v5)};
let worst = 0;
for (const [name, text] of Object.entries(worstCases())) {
  const times = [];
  const cpu = [];
  let count = 0;
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    const c = process.cpuUsage();
    const parsed = parseConfig(text);
    const version = tellVersion(parsed, schemas, validators) ?? 'v4';
    const {problems} = checkParsed(parsed, validators[version], schemas[version], SHOWN_PROBLEMS);
    for (const p of problems.slice(0, SHOWN_PROBLEMS)) formatProblem(p, 'en');
    times.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    count = problems.length;
  }
  const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
  worst = Math.max(worst, median(cpu));
  console.log(`${name.padEnd(34)} ${String(Math.round(text.length / 1024)).padStart(5)} KB  ${String(Math.round(median(times))).padStart(5)} ms (CPU ${String(Math.round(median(cpu))).padStart(5)} ms)  ${count} problems`);
}
// CPU time: on a shared machine the wall clock also counts other processes' turns
console.log(`worst: CPU ${Math.round(worst)} ms (median of ${runs}; load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`);
process.exitCode = worst > 1000 ? 1 : 0;
