// The WireGuard peer the lab's WireGuard example talks to (wgpeer/main.go: wireguard-go, the
// userspace WireGuard v2ray itself builds on, on a kernel TUN device). v2ray has only a WireGuard
// outbound, and the kernel may have no wireguard module, so the far end is built here from the same
// go.mod/go.sum as v2ray, with the same Go, and cached beside it.
import {execFileSync, spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, renameSync, rmSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {cacheDir} from './v2ray.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/**
 * The wgpeer binary: WGPEER_BIN when set, else the cached build, else a build now (before entering
 * the namespace: Go may need the module proxy). Null when it cannot be built (no Go, a cache folder
 * it may not write); the scenario that needs it then fails saying so.
 * @param {{log?: (line: string) => void}} [o]
 * @returns {string | null}
 */
export function wgPeer({log = (l) => console.log(l)} = {}) {
  if (process.env.WGPEER_BIN) return process.env.WGPEER_BIN;
  const sum = createHash('sha256').update(readFileSync(join(HERE, 'go.sum'))).update(readFileSync(join(HERE, 'wgpeer', 'main.go'))).digest('hex').slice(0, 12);
  const bin = join(cacheDir(), `wgpeer-${sum}`, 'wgpeer');
  if (existsSync(bin)) return bin;
  const go = ['go', '/usr/local/go/bin/go'].find((g) => spawnSync(g, ['version'], {env: {...process.env, GOTOOLCHAIN: 'local'}}).status === 0);
  if (!go) return null;
  const tmp = `${bin}.part-${process.pid}`;
  log(`toolkit: building the lab's WireGuard peer (tests/toolkit/wgpeer) into ${dirname(bin)}...`);
  try {
    mkdirSync(dirname(bin), {recursive: true}); // may be refused (another user's cache): no peer then
    execFileSync(go, ['build', '-trimpath', '-o', tmp, './wgpeer'], {
      cwd: HERE, stdio: ['ignore', 'inherit', 'inherit'], timeout: 5 * 60_000,
      env: {...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=readonly', CGO_ENABLED: '0'},
    });
  } catch (e) {
    try { rmSync(tmp, {force: true}); } catch { /* a folder it may not even read */ }
    log(`toolkit: building the WireGuard peer failed (${/** @type {Error} */ (e).message.split('\n')[0]})`);
    return null;
  }
  renameSync(tmp, bin);
  return bin;
}
