// The toolkit room's choice of binary: what it accepts, and the one message when it has none.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {HOW_TO_GET, RELEASE, ToolkitMissing, builtPath, releaseOf, v2ray} from './v2ray.mjs';

/** A stand-in binary that prints `line` for `version`. @param {string} dir @param {string} line */
function fakeBinary(dir, line) {
  const file = join(dir, 'v2ray');
  writeFileSync(file, `#!/bin/sh\necho ${JSON.stringify(line)}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** Runs `fn` with the environment changed as given, then puts it back. @param {Record<string, string | undefined>} env @param {() => void} fn */
function withEnv(env, fn) {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  try { fn(); } finally {
    for (const [k, v] of Object.entries(before)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  }
}

test('releaseOf reads the release from the version line of 5.x and 4.x', () => {
  assert.equal(releaseOf('V2Ray 5.52.0 (V2Fly, a community-driven edition of V2Ray.) Custom (go1.26.8 linux/amd64)'), '5.52.0');
  assert.equal(releaseOf('V2Ray 4.34.0 (V2Fly, a community-driven edition of V2Ray.) Custom (go1.15.6 linux/amd64)'), '4.34.0');
  assert.equal(releaseOf('v2ray: command not found'), null);
});

test('V2RAY_BIN is used when it says 5.52.0, and refused, naming both ways to get the toolkit, when it says another release', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'toolkit-test-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const good = fakeBinary(dir, `V2Ray ${RELEASE} (V2Fly) Official (go1.26 linux/amd64)`);
  withEnv({V2RAY_BIN: good}, () => assert.equal(v2ray({log: () => {}}), good));
  const old = fakeBinary(mkdtempSync(join(dir, 'old-')), 'V2Ray 4.34.0 (V2Fly) Custom');
  withEnv({V2RAY_BIN: old}, () => assert.throws(() => v2ray({log: () => {}}), (e) => e instanceof ToolkitMissing
    && /V2RAY_BIN .*says "V2Ray 4\.34\.0/.test(e.message) && e.message.includes(HOW_TO_GET)));
  withEnv({V2RAY_BIN: join(dir, 'missing')}, () => assert.throws(() => v2ray({log: () => {}}), /could not run it/));
});

test('without Go and without V2RAY_BIN the run stops with one message naming Go and the release binary', (t) => {
  const cache = mkdtempSync(join(tmpdir(), 'toolkit-cache-'));
  t.after(() => rmSync(cache, {recursive: true, force: true}));
  withEnv({V2RAY_BIN: undefined, V2FLY_TOOLKIT_CACHE: cache}, () => {
    assert.throws(() => v2ray({log: () => {}, goCandidates: [join(cache, 'no-go-here')]}), (e) => e instanceof ToolkitMissing
      && /^No Go found and V2RAY_BIN is not set/.test(e.message) && /Go 1\.25 or later/.test(e.message) && /V2RAY_BIN/.test(e.message)
      && e.message.includes(`releases/tag/v${RELEASE}`));
  });
});

test('a cached build is used without building again: no Go is needed once it is there', (t) => {
  const cache = mkdtempSync(join(tmpdir(), 'toolkit-cache-'));
  t.after(() => rmSync(cache, {recursive: true, force: true}));
  withEnv({V2RAY_BIN: undefined, V2FLY_TOOLKIT_CACHE: cache}, () => {
    assert.throws(() => v2ray({log: () => {}, goCandidates: []}), ToolkitMissing, 'empty cache, no Go');
    const bin = builtPath();
    assert.ok(bin.startsWith(cache) && bin.includes(`v2ray-${RELEASE}-`), bin);
    mkdirSync(dirname(bin), {recursive: true});
    writeFileSync(bin, `#!/bin/sh\necho "V2Ray ${RELEASE} (V2Fly) Custom"\n`);
    chmodSync(bin, 0o755);
    /** @type {string[]} */
    const logged = [];
    assert.equal(v2ray({log: (l) => logged.push(l), goCandidates: []}), bin);
    assert.deepEqual(logged, [], 'nothing built');
  });
});
