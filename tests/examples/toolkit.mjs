// The real toolkit for the example check: Debian's v2ray 4.34, tiny geo files, a throw-away
// certificate, and the field names the binary knows.
import {existsSync, readFileSync} from 'node:fs';
import {execFile, execFileSync, spawnSync} from 'node:child_process';
import {createServer} from 'node:net';
import {join} from 'node:path';

export const V2RAY = process.env.V2RAY_PATH ?? '/usr/bin/v2ray';

/**
 * Makes sure a Debian package's program is there, installing the package when we run as root
 * with apt-get (as tests/e2e/browser.ts does for Chromium); otherwise says how to get it.
 * @param {string} program absolute path
 * @param {string} pkg Debian package name
 */
export function ensureProgram(program, pkg) {
  if (existsSync(program)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`${program} not found; installing Debian's ${pkg} package (apt-get install -y ${pkg})...`);
    try {
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], {stdio: 'inherit'});
    } catch {
      execFileSync('apt-get', ['update'], {stdio: 'inherit'});
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], {stdio: 'inherit'});
    }
    if (existsSync(program)) return;
  }
  throw new Error(`The example check needs ${program}. Install it as root: \`apt-get install -y ${pkg}\``
    + (pkg === 'v2ray' ? ' (or set V2RAY_PATH to a v2ray 4.x binary).' : '.'));
}

/** The toolkit's version line ("V2Ray 4.34.0 (user) ..."). */
export function toolkitVersion() {
  return execFileSync(V2RAY, ['-version'], {encoding: 'utf8'}).split('\n')[0]?.trim() ?? '';
}

/**
 * Every JSON key the binary declares. Go keeps struct tags in the binary: the v4 JSON structs
 * (infra/conf) and the protobuf structs that some of them unmarshal into (user level/email, VLESS
 * encryption/flow). v2ray 4.x ignores keys it does not know, so `-test` alone would pass a
 * misspelt or newer field; this set lets the check see them. It has no context: "services" is
 * known (ApiObject.services) although the root "services" map came with v5; see
 * ROOT_KEYS_AFTER_434 in scripts/facts/factsWalk.mjs.
 * @returns {Set<string>}
 */
export function knownKeys() {
  const bin = readFileSync(V2RAY).toString('latin1');
  return new Set([...bin.matchAll(/json:"([^",]+)/g)].map((m) => /** @type {string} */ (m[1])));
}

/**
 * A self-signed certificate for examples that name certificate files (openssl, at test time).
 * @param {string} dir
 * @returns {{certFile: string, keyFile: string, certLines: string[], keyLines: string[]}}
 */
export function makeCertificate(dir) {
  const certFile = join(dir, 'example.crt');
  const keyFile = join(dir, 'example.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-days', '2', '-subj', '/CN=example.com', '-keyout', keyFile, '-out', certFile], {stdio: 'ignore'});
  const lines = (/** @type {string} */ f) => readFileSync(f, 'utf8').trim().split('\n');
  return {certFile, keyFile, certLines: lines(certFile), keyLines: lines(keyFile)};
}

/**
 * Runs `v2ray -test -config file`; resolves to null when the configuration is OK, else the
 * program's own error text.
 * @param {string} file
 * @param {string} assetDir
 * @param {Record<string, string>} [env] extra environment variables for this run
 * @returns {Promise<string | null>}
 */
export function testConfig(file, assetDir, env = {}) {
  const own = {...env, V2RAY_LOCATION_ASSET: assetDir};
  const [command, args] = withoutNetwork(V2RAY, ['-test', '-config', file], own);
  return new Promise((resolve) => {
    execFile(command, args, {
      env: {...process.env, ...own}, timeout: 30_000, encoding: 'utf8',
    }, (error, stdout, stderr) => {
      const text = `${stdout}\n${stderr}`;
      if (!error && /Configuration OK/.test(text)) return resolve(null);
      const message = text.split('\n')
        .filter((l) => l.trim() && !/^V2Ray \d|^A unified platform|Reading config:/.test(l)).join('\n');
      resolve(message || String(error?.message ?? 'v2ray -test failed without a message'));
    });
  });
}

/** @type {boolean | undefined} */
let sudoWorks;

/**
 * The command line that runs `program` in a network namespace of its own with only loopback
 * (`unshare --net`), so that an example naming real servers can reach none of them: as root
 * directly; otherwise through a passwordless sudo, as the lab does (GitHub's runners), else inside
 * a user namespace of its own (`--map-root-user`, where the kernel allows it). As is inside such
 * a namespace already (V2FLY_NETNS=1, set by scripts that re-run themselves there). `env` is
 * what the program needs beyond the caller's environment: sudo resets the environment, so there
 * it is passed through `env NAME=value`.
 * @param {string} program @param {string[]} args @param {Record<string, string>} [env]
 * @returns {[string, string[]]}
 */
export function withoutNetwork(program, args, env = {}) {
  if (process.env.V2FLY_NETNS === '1') return [program, args];
  const unshare = ['--net', '--', program, ...args];
  if (typeof process.getuid !== 'function' || process.getuid() === 0) return ['unshare', unshare];
  sudoWorks ??= spawnSync('sudo', ['-n', 'true'], {stdio: 'ignore'}).status === 0;
  if (sudoWorks) return ['sudo', ['-n', 'unshare', '--net', '--', 'env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), program, ...args]];
  return ['unshare', ['--map-root-user', ...unshare]];
}

/**
 * A TCP port nothing listens on right now (the system picks it).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
