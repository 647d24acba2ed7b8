// @ts-check
/**
 * The Chromium the browser tests (tests/e2e/browser.ts) and the benchmark (scripts/bench) drive,
 * and the flags for this closed network. CommonJS so that both the TypeScript tests and the
 * ES-module scripts load it. Playwright's own download is not reachable from this network, so
 * the order is: CHROMIUM_PATH, Playwright's browser, Debian's package (installed when we can).
 */
const {existsSync} = require('node:fs');
const {chromium} = require('@playwright/test');
const {installDebianPackage} = require('./debianPackage.cjs');

/** @returns {string} the path of a Chromium executable; throws with what to do when there is none */
function findChromium() {
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
    'No Chromium for the browser tests and the benchmark. Install one (as root: `apt-get install -y chromium`, '
    + 'or `npx playwright install chromium` where its download host is reachable), '
    + 'or set CHROMIUM_PATH to a Chromium executable.');
}

/** Flags for a closed network: no background calls to Google's hosts (machine notes). */
const chromiumArgs = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

module.exports = {findChromium, chromiumArgs};
