import {existsSync} from 'node:fs';
import {execFileSync} from 'node:child_process';
import {chromium} from '@playwright/test';

/**
 * The Chromium the tests drive. Playwright's own download is not reachable from this network,
 * so fall back to Debian's package, installing it when we can (root with apt-get).
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
  }
  const candidates = [chromium.executablePath(), '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p) => p && existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found; installing Debian\'s chromium package (apt-get install -y chromium)...');
    try {
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {stdio: 'inherit'});
    } catch {
      execFileSync('apt-get', ['update'], {stdio: 'inherit'});
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {stdio: 'inherit'});
    }
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'No Chromium for the end-to-end tests. Install one (as root: `apt-get install -y chromium`, '
    + 'or `npx playwright install chromium` where its download host is reachable), '
    + 'or set CHROMIUM_PATH to a Chromium executable.');
}

/** Flags for a closed network: no background calls to Google's hosts (machine notes). */
export const chromiumArgs = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];
