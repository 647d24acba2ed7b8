// Every place that copies, wraps or reads Docusaurus internals is listed in
// scripts/couplings/couplings.json with the hash of the upstream file it was checked against; an upgrade
// that changes one of those files, or a package's version, fails here by name.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {check, readData, root, sha256} from '../../scripts/couplings/couplings.mjs';

test('every coupling still matches the installed upstream file and version', () => {
  assert.deepEqual(check(readData()), []);
});

test('every theme swizzle under src/theme is listed', async () => {
  const {readdirSync} = await import('node:fs');
  const listed = new Set(readData().couplings.map((c) => c.ours));
  const swizzles = readdirSync(join(root, 'src/theme'), {recursive: true, encoding: 'utf8'})
    .filter((f) => /(^|\/)index\.tsx$/.test(f))
    .map((f) => `src/theme/${f}`)
    // SearchScreens and the like are ours alone; an index.tsx is what Docusaurus resolves.
    .filter((f) => !listed.has(f));
  assert.deepEqual(swizzles, [], 'swizzles missing from scripts/couplings/couplings.json');
});

test('a changed upstream file, a new version, a missing file: each is named', () => {
  const dir = mkdtempSync(join(tmpdir(), 'couplings-'));
  try {
    const modules = join(dir, 'node_modules');
    mkdirSync(join(modules, 'pkg/lib'), {recursive: true});
    writeFileSync(join(modules, 'pkg/package.json'), JSON.stringify({version: '1.0.0'}));
    writeFileSync(join(modules, 'pkg/lib/Thing.js'), 'export default 1;\n');
    writeFileSync(join(dir, 'Ours.tsx'), '');
    const data = {
      packages: {pkg: '1.0.0'},
      couplings: [{ours: 'Ours.tsx', upstream: 'pkg/lib/Thing.js', relies: 'ejected', sha256: sha256(join(modules, 'pkg/lib/Thing.js'))}],
    };
    assert.deepEqual(check(data, modules, dir), []);

    writeFileSync(join(modules, 'pkg/lib/Thing.js'), 'export default 2;\n');
    assert.match(check(data, modules, dir).join('\n'), /node_modules\/pkg\/lib\/Thing\.js changed since Ours\.tsx was checked against it/);

    writeFileSync(join(modules, 'pkg/package.json'), JSON.stringify({version: '1.1.0'}));
    assert.match(check(data, modules, dir).join('\n'), /pkg is 1\.1\.0, but the couplings were checked against 1\.0\.0/);

    rmSync(join(modules, 'pkg/lib/Thing.js'));
    assert.match(check(data, modules, dir).join('\n'), /node_modules\/pkg\/lib\/Thing\.js is gone, and Ours\.tsx relies on it/);

    rmSync(join(dir, 'Ours.tsx'));
    assert.match(check(data, modules, dir).join('\n'), /Ours\.tsx is listed .* but no longer exists/);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
