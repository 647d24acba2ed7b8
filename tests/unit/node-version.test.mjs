// One Node line everywhere: the `engines` field of package.json is true (every locked package accepts
// the oldest Node it allows, so `npm install` prints no EBADENGINE warning), the workflows install
// a Node it allows, and so does the machine running the tests.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import {join, resolve} from 'node:path';
import semver from 'semver';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const engines = pkg.engines?.node;

test('package.json names a Node range, and this machine runs a Node inside it', () => {
  assert.ok(semver.validRange(engines), `engines.node is not a semver range: ${engines}`);
  assert.ok(semver.satisfies(process.version, engines), `this machine runs Node ${process.version}, outside engines.node ${engines}`);
});

test('every locked package accepts the oldest Node that engines.node allows', () => {
  const oldest = semver.minVersion(engines);
  const refused = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    const wanted = entry.engines?.node;
    if (!path || typeof wanted !== 'string') continue;
    if (!semver.validRange(wanted) || !semver.satisfies(oldest, wanted)) {
      refused.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants Node ${wanted}`);
    }
  }
  assert.deepEqual(refused, [], `engines.node (${engines}) allows Node ${oldest}, which these packages refuse; pin an older version of each or raise engines.node`);
});

test('every workflow installs a Node that engines.node allows', () => {
  const dir = join(root, '.github/workflows');
  const versions = [];
  for (const name of readdirSync(dir).filter((file) => /\.ya?ml$/.test(file))) {
    for (const match of readFileSync(join(dir, name), 'utf8').matchAll(/node-version:\s*['"]?([^'"\s#]+)/g)) {
      versions.push({name, version: match[1]});
    }
  }
  assert.ok(versions.length > 0, 'no workflow sets node-version');
  for (const {name, version} of versions) {
    // `20` installs the newest 20.x, which setup-node picks; that line must reach into engines.node.
    const line = semver.validRange(version);
    assert.ok(line, `${name}: node-version ${version} is not a version or range`);
    assert.ok(semver.intersects(line, engines), `${name}: node-version ${version} is outside engines.node ${engines}`);
  }
});
