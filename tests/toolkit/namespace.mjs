// The one way into the loopback-only namespace. A suite calls `enterNamespace()` first: outside,
// it runs the same script again under `unshare --net --pid --mount --fork --kill-child
// --mount-proc` (as root, through a passwordless sudo, or in a user namespace of its own where the
// kernel allows one and `userNamespaceEnough` says so) and exits with its code; inside, it brings
// loopback up, adds the suite's addresses, refuses to go on when any other interface exists, and
// returns. When the copy inside ends, however it ends, the kernel ends every process in its PID
// namespace, so nothing the suite started outlives it.
import {execFileSync, spawn, spawnSync} from 'node:child_process';

/** The one "already inside" marker, set on the copy that runs inside. */
export const INSIDE = 'V2FLY_TOOLKIT_NS';

/** Whether this process is the copy inside the namespace. */
export const insideNamespace = () => process.env[INSIDE] === '1';

/**
 * How to become root for unshare: 'root', 'sudo' (passwordless), 'userns' (unprivileged user
 * namespace) or null. The lab's self-tests ask it too, to run where the lab runs.
 * @param {boolean} userNamespaceEnough
 * @returns {'root' | 'sudo' | 'userns' | null}
 */
export function howToEnter(userNamespaceEnough) {
  if (typeof process.getuid !== 'function' || process.getuid() === 0) return 'root';
  if (spawnSync('sudo', ['-n', 'true'], {stdio: 'ignore'}).status === 0) return 'sudo';
  if (userNamespaceEnough && spawnSync('unshare', ['--map-root-user', '--net', 'true'], {stdio: 'ignore'}).status === 0) return 'userns';
  return null;
}

/**
 * Outside: runs this script again inside a new loopback-only namespace and never returns (exits
 * with the inside copy's code). Inside: sets up loopback and returns.
 * @param {{
 *   name: string,
 *   env?: Record<string, string>,
 *   addresses?: string[],
 *   userNamespaceEnough?: boolean,
 *   timeoutMs?: number,
 * }} o `name` for messages; `env` what the inside copy needs beyond the environment (sudo resets
 *   it); `addresses` IPv4 addresses to add to lo inside; `userNamespaceEnough` when the suite needs
 *   no real root (no bind mounts of /etc files, no firewall); `timeoutMs` ends the inside copy, and
 *   with it everything it started, after that long
 * @returns {Promise<void>}
 */
export async function enterNamespace({name, env = {}, addresses = [], userNamespaceEnough = false, timeoutMs = 20 * 60_000}) {
  if (insideNamespace()) {
    setUpLoopback(name, addresses);
    return;
  }
  const how = howToEnter(userNamespaceEnough);
  if (!how) {
    console.error(`${name} runs v2ray in a network namespace of its own with only loopback (unshare --net --pid --mount),`
      + ' which needs root: run it as root (CI does) or with a passwordless sudo.');
    process.exit(2);
  }
  const pass = Object.entries({...env, [INSIDE]: '1'}).map(([k, v]) => `${k}=${v}`);
  const unshare = ['unshare', ...(how === 'userns' ? ['--map-root-user'] : []), '--net', '--pid', '--mount', '--fork', '--kill-child',
    '--mount-proc', 'env', ...pass, process.execPath, ...process.execArgv, ...process.argv.slice(1)];
  const [command, args] = how === 'sudo' ? ['sudo', ['-n', ...unshare]] : [unshare[0], unshare.slice(1)];
  const child = spawn(/** @type {string} */ (command), args, {stdio: 'inherit', detached: true, env: {...process.env, ...env, [INSIDE]: '1'}});
  // unshare ignores SIGINT/SIGTERM while it waits; its process group (detached) holds the inside
  // copy, which ends what it started and exits, and unshare follows
  const forward = (/** @type {NodeJS.Signals} */ sig) => { try { process.kill(-(child.pid ?? 0), sig); } catch { /* gone */ } };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  const timer = setTimeout(() => {
    console.error(`${name}: still running after ${timeoutMs / 60_000} min; ending it and everything it started`);
    forward('SIGKILL');
  }, timeoutMs);
  const code = await new Promise((resolve) => {
    child.on('error', (e) => { console.error(`${name} needs unshare (util-linux): ${e.message}`); resolve(2); });
    child.on('exit', (c, sig) => resolve(c ?? (sig ? 1 : 0)));
  });
  clearTimeout(timer);
  process.exit(/** @type {number} */ (code));
}

/** @param {string} name @param {string[]} addresses */
function setUpLoopback(name, addresses) {
  try {
    execFileSync('ip', ['link', 'set', 'lo', 'up']);
    for (const a of addresses) execFileSync('ip', ['addr', 'add', `${a}/32`, 'dev', 'lo']);
  } catch (e) {
    console.error(`${name}: could not set up loopback in its namespace: ${/** @type {Error} */ (e).message}`);
    process.exit(2);
  }
  const links = execFileSync('ip', ['-o', 'link', 'show'], {encoding: 'utf8'}).trim().split('\n');
  if (links.length !== 1 || !/^\d+: lo:/.test(links[0] ?? '')) {
    console.error(`${name}: the namespace must have only the loopback interface; it has:\n${links.join('\n')}`);
    process.exit(2);
  }
}
