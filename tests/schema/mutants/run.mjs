#!/usr/bin/env node
// `npm run checker:mutants`: the toolkit's verdict on every base and mutant of corpus.json, written
// to verdicts.json. v2ray 5.52.0 (`v2ray test -format json|jsonv5`, the base's own format) inside
// the toolkit room's loopback-only namespace, with the certificate files the bases name (made
// here with openssl) and geoip.dat/geosite.dat holding every code the bases use. Without --write
// it fails when a verdict differs from the stored one. `--generate` regenerates corpus.json first.
//   npm run checker:mutants [-- --write] [-- --generate]
import {execFileSync} from 'node:child_process';
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {v2ray, withToolkit} from '../../toolkit/v2ray.mjs';
import {enterNamespace} from '../../toolkit/namespace.mjs';
import {killOnExit, testConfig} from '../../toolkit/processes.mjs';
import {generate, mutantBytes} from './generate.mjs';
import {CERT, KEY, here} from './paths.mjs';

const write = process.argv.includes('--write');

/** Protobuf pieces for the two .dat files (v2ray-core app/router/routercommon/common.proto). */
const varint = (n) => { const o = []; while (n > 127) { o.push((n & 127) | 128); n >>>= 7; } o.push(n); return o; };
const len = (f, b) => Buffer.concat([Buffer.from([...varint((f << 3) | 2), ...varint(b.length)]), b]);
const int = (f, n) => Buffer.from([...varint(f << 3), ...varint(n)]);
const text = (f, s) => len(f, Buffer.from(s, 'utf8'));

/** geoip.dat and geosite.dat with one entry for each code (a /24 in 198.18.0.0/15, a domain), attributes as used. */
function writeGeo(dir, ipCodes, siteCodes) {
  writeFileSync(join(dir, 'geoip.dat'), Buffer.concat([...ipCodes].map((code, i) => len(1, Buffer.concat([
    text(1, code.toUpperCase()), len(2, Buffer.concat([len(1, Buffer.from([198, 18, i & 255, 0])), int(2, 24)]))])))));
  writeFileSync(join(dir, 'geosite.dat'), Buffer.concat([...siteCodes].map(([code, attrs]) => len(1, Buffer.concat([
    text(1, code.toUpperCase()),
    len(2, Buffer.concat([int(1, 2), text(2, `${code}.example`), ...[...attrs].map((a) => len(3, Buffer.concat([text(1, a), int(2, 1)])))]))])))));
}

await withToolkit(async () => {
  const bin = v2ray();
  killOnExit();
  await enterNamespace({name: 'npm run checker:mutants', env: {V2RAY_BIN: bin}, timeoutMs: 30 * 60_000});
  const corpusFile = join(here, 'corpus.json');
  if (process.argv.includes('--generate')) {
    const {bases, mutants} = generate();
    writeFileSync(corpusFile, `{"bases": ${JSON.stringify(bases)},\n"mutants": [\n${mutants.map((m) => JSON.stringify(m)).join(',\n')}\n]}\n`);
  }
  const corpus = JSON.parse(readFileSync(corpusFile, 'utf8'));
  const work = '/tmp/v2fly-mutants';
  rmSync(work, {recursive: true, force: true});
  mkdirSync(work, {recursive: true});
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=example.com', '-keyout', KEY, '-out', CERT], {stdio: 'ignore'});
  const ip = new Set(['private', 'cn']);
  /** @type {Map<string, Set<string>>} */
  const site = new Map([['cn', new Set()], ['private', new Set()]]);
  for (const {text: t} of Object.values(corpus.bases)) {
    for (const [, c] of t.matchAll(/geoip:!?([\w-]+)/g)) ip.add(c.toLowerCase());
    for (const [, c, a] of t.matchAll(/geosite:([\w-]+)(?:@([\w-]+))?/g)) {
      const set = site.get(c.toLowerCase()) ?? new Set();
      if (a) set.add(a);
      site.set(c.toLowerCase(), set);
    }
  }
  writeGeo(work, ip, site);
  const env = {V2RAY_LOCATION_ASSET: work};
  /** The toolkit's reason, short: the last step of its error chain. @param {string | null} e */
  const reason = (e) => (e === null ? null : (e.split('\n').find((l) => /^(panic: |main: |Failed to start|.*> )/.test(l)) ?? e.split('\n')[0] ?? '')
    .replace(/^.* > (?=[^>]*$)/, '').replace(/^main: /, '').trim().slice(0, 200));
  let n = 0;
  /** @param {string} id @param {Buffer} bytes @param {string} format */
  const judge = async (id, bytes, format) => {
    const file = join(work, `${id.replace(/[^\w-]/g, '_')}.json`);
    writeFileSync(file, bytes);
    const r = reason(await testConfig(bin, file, {format, env}));
    rmSync(file, {force: true});
    n += 1;
    if (n % 200 === 0) console.log(`… ${n}`);
    return r;
  };
  /** Runs jobs two at a time (the machine is shared). @template T @param {(() => Promise<T>)[]} jobs */
  const pool = async (jobs) => {
    const results = new Array(jobs.length);
    let next = 0;
    await Promise.all([0, 1].map(async () => { while (next < jobs.length) { const i = next; next += 1; results[i] = await jobs[i](); } }));
    return results;
  };
  const baseNames = Object.keys(corpus.bases);
  const baseVerdicts = await pool(baseNames.map((name) => () => judge(`base-${name}`, Buffer.from(corpus.bases[name].text), corpus.bases[name].format)));
  const bases = Object.fromEntries(baseNames.map((name, i) => [name, baseVerdicts[i]]));
  const live = corpus.mutants.filter((m) => bases[m.base] === null);
  const mutantVerdicts = await pool(live.map((m) => () => judge(m.id, mutantBytes(corpus.bases[m.base], m), corpus.bases[m.base].format)));
  const mutants = Object.fromEntries(live.map((m, i) => [m.id, mutantVerdicts[i]]));
  rmSync(work, {recursive: true, force: true});
  const out = `{"toolkit": "v2ray 5.52.0 test",\n"bases": {\n${Object.entries(bases).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n},\n"mutants": {\n${Object.entries(mutants).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}}\n`;
  const file = join(here, 'verdicts.json');
  const refused = Object.values(mutants).filter((v) => v !== null).length;
  const refusedBases = Object.values(bases).filter((v) => v !== null).length;
  console.log(`bases: ${baseNames.length} (${refusedBases} refused as they are, their mutants left out); mutants judged: ${live.length}, refused ${refused}, accepted ${live.length - refused}`);
  if (write) { writeFileSync(file, out); console.log(`wrote ${file}`); return; }
  let old = '';
  try { old = readFileSync(file, 'utf8'); } catch { /* none yet */ }
  if (old !== out) { console.error('verdicts.json is out of date: review, then npm run checker:mutants -- --write'); process.exit(1); }
});
