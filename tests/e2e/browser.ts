import {existsSync} from 'node:fs';
import {chromium} from '@playwright/test';
import {installDebianPackage} from '../../scripts/debianPackage.cjs';

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
  const installed = installDebianPackage('chromium',
    'No Chromium found; installing Debian\'s chromium package (apt-get install -y chromium)...');
  if (installed && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
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
