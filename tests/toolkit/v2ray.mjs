// Which v2ray the tests run, and where it comes from. The release the site documents, 5.52.0, is
// built from its Go module (go.mod and go.sum beside this file pin it and every dependency) into a
// cache folder named after the version and go.sum, so a second run builds nothing; or V2RAY_BIN
// names a release binary. Debian's 4.34 is only for what needs the older release (README here).
import {execFileSync, spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, renameSync, rmSync} from 'node:fs';
import {homedir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {installDebianPackage} from '../../scripts/debianPackage.cjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** The release the site documents and the tests run. */
export const RELEASE = '5.52.0';
/** The older release, Debian's package, for what a page says needs something newer. */
export const OLD_RELEASE = '4.34.0';
/** The oldest Go that builds v2ray-core v5.52.0 (its go.mod says go 1.25.5). */
export const GO_NEEDED = [1, 25];

/** What to do when the toolkit is missing: both ways to get it. */
export const HOW_TO_GET = `The tests that run the toolkit need v2ray ${RELEASE}. Either install Go ${GO_NEEDED.join('.')} or later`
  + ` (https://go.dev/dl/; the tests build v2ray-core v${RELEASE} from tests/toolkit/go.mod, about a minute on two cores,`
  + ` once per version), or download the official v2ray ${RELEASE} release for your system`
  + ` (https://github.com/v2fly/v2ray-core/releases/tag/v${RELEASE}) and set V2RAY_BIN to its v2ray binary.`
  + ' `npm run build` and `npm start` do not need it.';

/** An error whose message is all the reader needs (no stack). */
export class ToolkitMissing extends Error {}

/** The first line `bin version` prints, or the reason it could not run. @param {string} bin @param {string[]} args */
function versionLine(bin, args) {
  const r = spawnSync(bin, args, {encoding: 'utf8', timeout: 20_000});
  if (r.error) return {line: '', error: r.error.message};
  return {line: `${r.stdout}\n${r.stderr}`.split('\n').map((l) => l.trim()).find(Boolean) ?? '', error: ''};
}

/** "V2Ray 5.52.0 (V2Fly, …) Custom (go1.26.8 linux/amd64)" → "5.52.0". @param {string} line */
export const releaseOf = (line) => /^V2Ray (\d+\.\d+\.\d+)/.exec(line)?.[1] ?? null;

/**
 * The release a binary reports ("5.52.0", or "unknown"), for the sentences a suite prints; a
 * binary v2ray434() returned is asked the 4.x way (`-version`).
 * @param {string} bin
 */
export const releaseOfBinary = (bin) => releaseOf(versionLine(bin, OLD_BINARIES.has(bin) ? ['-version'] : ['version']).line) ?? 'unknown';

/** The cache folder of built toolkits (V2FLY_TOOLKIT_CACHE, else ~/.cache/v2fly-docs-toolkit). */
export const cacheDir = () => process.env.V2FLY_TOOLKIT_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'v2fly-docs-toolkit');

/** Where the build of this go.sum goes: a folder per version and go.sum. */
export function builtPath() {
  const sum = createHash('sha256').update(readFileSync(join(HERE, 'go.sum'))).digest('hex').slice(0, 12);
  return join(cacheDir(), `v2ray-${RELEASE}-${sum}`, 'v2ray');
}

/** Go's version as [major, minor], or null when there is no `go`. @param {string} go */
function goVersion(go) {
  const r = spawnSync(go, ['env', 'GOVERSION'], {encoding: 'utf8', env: {...process.env, GOTOOLCHAIN: 'local'}});
  if (r.error || r.status !== 0) return null;
  const m = /go(\d+)\.(\d+)/.exec(r.stdout);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Where Go is looked for: PATH's, then the usual install folder. */
const GO_CANDIDATES = ['go', '/usr/local/go/bin/go'];

/** The `go` to build with: the first of `candidates` that runs. @param {string[]} [candidates] */
function findGo(candidates = GO_CANDIDATES) {
  for (const go of candidates) if (goVersion(go)) return go;
  return null;
}

/**
 * v2ray 5.52.0, ready to run: V2RAY_BIN when set, else the cached build, else a build now (with
 * the Go module proxy; the caller must not be inside the loopback-only namespace yet). Throws
 * ToolkitMissing, naming both ways to get it, when neither works, and when the binary found is not
 * 5.52.0.
 * @param {{log?: (line: string) => void, goCandidates?: string[]}} [o] `goCandidates`: where to look
 *   for Go (PATH's, then Debian-less installs' /usr/local/go)
 * @returns {string} absolute path of the binary
 */
export function v2ray({log = (l) => console.log(l), goCandidates = GO_CANDIDATES} = {}) {
  const given = process.env.V2RAY_BIN;
  if (given) return checked(given, 'V2RAY_BIN');
  const bin = builtPath();
  if (existsSync(bin)) return checked(bin, 'the cached build');
  const go = findGo(goCandidates);
  const have = go ? goVersion(go) : null;
  if (!go || !have) throw new ToolkitMissing(`No Go found and V2RAY_BIN is not set. ${HOW_TO_GET}`);
  if (have[0] < /** @type {number} */ (GO_NEEDED[0]) || (have[0] === GO_NEEDED[0] && have[1] < /** @type {number} */ (GO_NEEDED[1]))) {
    throw new ToolkitMissing(`Go ${have.join('.')} is too old to build v2ray ${RELEASE}. ${HOW_TO_GET}`);
  }
  const tmp = `${bin}.part-${process.pid}`;
  mkdirSync(dirname(bin), {recursive: true});
  log(`toolkit: building v2ray ${RELEASE} from tests/toolkit/go.mod with Go ${have.join('.')} into ${dirname(bin)} (once per version)...`);
  const t0 = Date.now();
  try {
    execFileSync(go, ['build', '-trimpath', '-o', tmp, 'github.com/v2fly/v2ray-core/v5/main'], {
      cwd: HERE, stdio: ['ignore', 'inherit', 'inherit'], timeout: 15 * 60_000,
      // readonly: the build uses exactly go.sum; local: the machine's Go, no toolchain download
      env: {...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=readonly', CGO_ENABLED: '0'},
    });
  } catch (e) {
    rmSync(tmp, {force: true});
    throw new ToolkitMissing(`Building v2ray ${RELEASE} with Go failed (${/** @type {Error} */ (e).message.split('\n')[0]}). ${HOW_TO_GET}`);
  }
  renameSync(tmp, bin);
  log(`toolkit: built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return checked(bin, 'the build');
}

/** The binary if `v2ray version` says 5.52.0, else ToolkitMissing. @param {string} bin @param {string} from */
function checked(bin, from) {
  const {line, error} = versionLine(bin, ['version']);
  const release = releaseOf(line);
  if (release === RELEASE) return bin;
  const got = error ? `could not run it (${error})` : `\`v2ray version\` says ${JSON.stringify(line)}`;
  throw new ToolkitMissing(`${from} (${bin}): ${got}, not ${RELEASE}. ${HOW_TO_GET}`);
}

/**
 * The v2ray-core v5.52.0 source in Go's module cache (the build put it there), or null when there
 * is none (V2RAY_BIN with no Go). Its release/extra/ holds what the release ships beside the
 * binary in v2ray-extra.zip, such as the browser forwarder's page (browserforwarder/index.html,
 * index.js), which v2ray loads from its asset folder and checks against the hashes it carries.
 * @returns {string | null}
 */
export function moduleSource() {
  const go = findGo();
  if (!go) return null;
  const r = spawnSync(go, ['env', 'GOMODCACHE'], {encoding: 'utf8', env: {...process.env, GOTOOLCHAIN: 'local'}});
  const dir = join(r.stdout.trim(), 'github.com', 'v2fly', 'v2ray-core', `v5@v${RELEASE}`);
  return r.status === 0 && existsSync(dir) ? dir : null;
}

/** Binaries v2ray434() returned: they take 4.x's command line (`-config`, `-test`). @type {Set<string>} */
export const OLD_BINARIES = new Set();

/**
 * Debian's v2ray 4.34 (V2RAY434_BIN, else /usr/bin/v2ray), installed with apt-get as root when
 * missing. Only for suites that show something needs a newer release than 4.34.
 * @returns {string}
 */
export function v2ray434() {
  const bin = process.env.V2RAY434_BIN ?? '/usr/bin/v2ray';
  if (!existsSync(bin) && !process.env.V2RAY434_BIN) {
    installDebianPackage('v2ray', `${bin} not found; installing Debian's v2ray package (4.34)...`);
  }
  const {line, error} = versionLine(bin, ['-version']);
  if (releaseOf(line) !== OLD_RELEASE) {
    throw new ToolkitMissing(`This suite also needs Debian's v2ray ${OLD_RELEASE} at ${bin}`
      + ` (${error || `it says ${JSON.stringify(line)}`}): as root, \`apt-get install -y v2ray\` on Debian 12, or set V2RAY434_BIN.`);
  }
  OLD_BINARIES.add(bin);
  return bin;
}

/**
 * A program a suite runs besides v2ray (openssl, unshare, nft): installed from Debian's packages
 * when missing and this process is root with apt-get (scripts/debianPackage.cjs), else a
 * ToolkitMissing that says how to get it.
 * @param {string} program absolute path @param {string} pkg the Debian package @param {string} suite for the message
 */
export function ensureProgram(program, pkg, suite) {
  if (existsSync(program)) return;
  installDebianPackage(pkg, `${program} not found; installing Debian's ${pkg} package (apt-get install -y ${pkg})...`);
  if (existsSync(program)) return;
  throw new ToolkitMissing(`${suite} needs ${program}: as root, \`apt-get install -y ${pkg}\`.`);
}

/**
 * Runs `main` and turns a ToolkitMissing into one message and exit code 2.
 * @param {() => Promise<void> | void} main
 */
export async function withToolkit(main) {
  try {
    await main();
  } catch (e) {
    if (e instanceof ToolkitMissing) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
}
