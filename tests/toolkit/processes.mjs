// Starting and stopping v2ray: every process started here is registered and killed when the suite
// exits (normally, on an exception, or on SIGINT/SIGTERM); inside the namespace the kernel ends
// the rest when the suite's process is gone (namespace.mjs).
import {execFile, spawn} from 'node:child_process';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {OLD_BINARIES, RELEASE} from './v2ray.mjs';

/** Every child process started here that has not exited. @type {Set<import('node:child_process').ChildProcess>} */
export const children = new Set();

/** Ends every child now (SIGKILL: v2ray keeps no state worth a clean stop here). */
export function killAll() {
  for (const c of children) { try { c.kill('SIGKILL'); } catch { /* gone */ } }
}

let hooked = false;
/** Kills every child when this process exits, however it exits. Idempotent. */
export function killOnExit() {
  if (hooked) return;
  hooked = true;
  process.on('exit', killAll);
  for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(sig, () => { killAll(); process.exit(130); });
  }
}

/** @typedef {'json' | 'jsonv5'} Format the v4 JSON format or the v5 one (`v2ray run -format`) */

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until `condition` holds (polls), or throws `message` after timeoutMs.
 * @param {() => boolean | Promise<boolean>} condition @param {string} message @param {number} [timeoutMs]
 */
export async function waitFor(condition, message, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await condition()) return;
    await sleep(50);
  }
  throw new Error(`timed out: ${message}`);
}

/**
 * `v2ray test` on one file: null when the toolkit says "Configuration OK", else its own error
 * text (without the banner). 30 s at most.
 * @param {string} bin @param {string} file @param {{format?: Format, env?: Record<string, string>}} [o]
 * @returns {Promise<string | null>}
 */
export function testConfig(bin, file, {format = 'json', env = {}} = {}) {
  const args = isOld(bin) ? ['-test', '-config', file] : ['test', '-format', format, '-c', file];
  return new Promise((resolve) => {
    const child = execFile(bin, args, {env: {...process.env, ...env}, timeout: 30_000, killSignal: 'SIGKILL', encoding: 'utf8'},
      (error, stdout, stderr) => {
        children.delete(child);
        const text = `${stdout}\n${stderr}`;
        if (!error && /Configuration OK/.test(text)) return resolve(null);
        const message = text.split('\n')
          .filter((l) => l.trim() && !/^V2Ray \d|^A unified platform|Reading config:|^Configuration OK/.test(l)).join('\n');
        resolve(message || (error?.killed ? 'v2ray test did not answer within 30 s' : String(error?.message ?? 'v2ray test failed without a message')));
      });
    children.add(child);
  });
}

/** Debian's 4.x takes `-config`/`-test`; 5.x takes commands. v2ray434() registers its binary. @param {string} bin */
const isOld = (bin) => OLD_BINARIES.has(bin);

/** A running v2ray with its configuration file and logs, always ended by `stop()` or at exit. */
export class V2rayProcess {
  /**
   * @param {{bin: string, role: string, dir: string, config: unknown, configs?: unknown[], format?: Format, env?: Record<string, string>,
   *   errorLog?: string, accessLog?: string, args?: (file: string) => string[], cwd?: string}} o `config` is written to
   *   DIR/ROLE.json as given; `configs`, when given instead, to DIR/ROLE-0.json, DIR/ROLE-1.json…, each passed with its
   *   own `-c` in that order (v2ray merges them, /config/multiple_config); `errorLog`/`accessLog` are the files its log
   *   settings name, read for readiness and reports; `args`, given the path of DIR/ROLE.json, replaces the command line
   *   after the binary (`-d DIR`, 4.x's several `-config`); `cwd` is its working directory (where relative paths such as
   *   a "WorkDir" state folder go)
   */
  constructor({bin, role, dir, config, configs, format = 'json', env = {}, errorLog, accessLog, args: argsFor, cwd}) {
    killOnExit();
    this.role = role;
    this.file = join(dir, `${role}.json`);
    this.errorLog = errorLog ?? join(dir, `${role}-error.log`);
    this.accessLog = accessLog ?? join(dir, `${role}-access.log`);
    this.output = '';
    /** The configuration files, in the order v2ray reads them. */
    this.files = configs ? configs.map((_, i) => join(dir, `${role}-${i}.json`)) : [this.file];
    (configs ?? [config]).forEach((c, i) => writeFileSync(/** @type {string} */ (this.files[i]), JSON.stringify(c, null, 2)));
    const args = argsFor ? argsFor(this.file)
      : isOld(bin) ? this.files.flatMap((f) => ['-config', f]) : ['run', '-format', format, ...this.files.flatMap((f) => ['-c', f])];
    this.child = spawn(bin, args, {env: {...process.env, ...env}, cwd, stdio: ['ignore', 'pipe', 'pipe']});
    children.add(this.child);
    /** @type {number | null} */
    this.exitCode = null;
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => {
      children.delete(this.child);
      this.exitCode = code ?? -1;
      this.output += `\n(exited: ${code ?? signal})`;
      resolve(undefined);
    }));
    this.child.stdout?.on('data', (d) => { this.output += d; });
    this.child.stderr?.on('data', (d) => { this.output += d; });
  }

  /** Until it says it started (error log or output); throws when it exits first or after timeoutMs. */
  async ready(timeoutMs = 15_000) {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      if (/V2Ray \S+ started/.test(this.errors()) || /V2Ray \S+ started/.test(this.output)) return;
      if (this.exitCode !== null) throw new Error(`v2ray (${this.role}) exited before it started:\n${this.output.trim().split('\n').slice(-5).join('\n')}`);
      await sleep(50);
    }
    throw new Error(`v2ray (${this.role}) did not start within ${timeoutMs} ms`);
  }

  errors() { return existsSync(this.errorLog) ? readFileSync(this.errorLog, 'utf8') : ''; }
  access() { return existsSync(this.accessLog) ? readFileSync(this.accessLog, 'utf8') : ''; }

  async stop() {
    if (this.exitCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** Everything it wrote, for a failure report. */
  report() {
    return [...this.files.flatMap((f) => [`--- v2ray ${this.role}: ${f}`, readFileSync(f, 'utf8')]),
      `--- v2ray ${this.role}: output`, this.output.trim(),
      `--- v2ray ${this.role}: error log`, this.errors().trim(),
      `--- v2ray ${this.role}: access log`, this.access().trim()].join('\n');
  }
}

export {RELEASE};

/**
 * Runs one v2ray command that is not `run` or `test` (`help`, `api log`, `uuid`, …) and collects
 * what it printed, ending it (SIGKILL) after timeoutMs: `timedOut` says whether it was still
 * running then. Registered like every other child, so it is also ended when the suite exits.
 * @param {string} bin @param {string[]} args
 * @param {{timeoutMs?: number, cwd?: string, env?: Record<string, string>, input?: string}} [o]
 * @returns {Promise<{code: number | null, signal: string | null, output: string, stdout: string, timedOut: boolean}>}
 */
export function runCommand(bin, args, {timeoutMs = 10_000, cwd, env = {}, input} = {}) {
  killOnExit();
  return new Promise((resolve) => {
    const child = spawn(bin, args, {cwd, env: {...process.env, ...env}, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe']});
    children.add(child);
    let stdout = '';
    let output = '';
    let timedOut = false;
    child.stdout?.on('data', (d) => { stdout += d; output += d; });
    child.stderr?.on('data', (d) => { output += d; });
    if (input !== undefined) child.stdin?.end(input);
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({code, signal, output, stdout, timedOut});
    });
  });
}
