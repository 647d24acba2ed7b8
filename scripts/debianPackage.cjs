// @ts-check
/**
 * Installs a Debian package for the tools that need one on this machine and can fetch it from the
 * Debian registry: Chromium for the end-to-end tests (tests/e2e/browser.ts) and a CJK font for the
 * benchmark (scripts/bench/fonts.mjs). CommonJS so that both the TypeScript tests and the ES-module
 * scripts load it.
 */
const {execFileSync} = require('node:child_process');
const {existsSync} = require('node:fs');

/**
 * Runs `apt-get install -y --no-install-recommends <name>` (after `apt-get update` if the first
 * try fails), logging `message` first. Returns false, without trying, unless this process is root
 * on a machine with apt-get.
 * @param {string} name the Debian package
 * @param {string} message what is missing and what is being installed
 * @returns {boolean}
 */
function installDebianPackage(name, message) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  console.log(message);
  const install = () => execFileSync('apt-get', ['install', '-y', '--no-install-recommends', name], {stdio: 'inherit'});
  try {
    install();
  } catch {
    execFileSync('apt-get', ['update'], {stdio: 'inherit'});
    install();
  }
  return true;
}

module.exports = {installDebianPackage};
