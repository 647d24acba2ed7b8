import {defineConfig, devices} from '@playwright/test';
import {chromiumArgs, findChromium} from './tests/e2e/browser';

const port = Number(process.env.E2E_PORT ?? 4173);
/** Built sites to serve; override to test a build made elsewhere (npx docusaurus build --out-dir DIR). */
const buildDir = process.env.E2E_BUILD_DIR ?? 'build';
const docsearchBuildDir = process.env.E2E_DOCSEARCH_BUILD_DIR ?? 'build-docsearch';
/** The same site built with DocSearch keys (npm run build:docsearch), for the hosted-search tests. */
const docsearchPort = port + 1;

/** Tests drive the built site (npm run build), served like the production host. */
export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Waits are on conditions, so these limits cost nothing while tests pass; they are set for a busy
  // 2-core machine, where browser work ran about four times slower than on an idle one.
  timeout: 60_000,
  expect: {timeout: 15_000},
  // The slowest 15 tests after every run, to see what a slower machine will time out on.
  reporter: [['list'], ['html', {open: 'never'}], ['./tests/e2e/slowest-reporter.ts', {count: 15}]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {executablePath: findChromium(), args: chromiumArgs},
  },
  projects: [
    {name: 'chromium', testIgnore: /docsearch\//, use: {...devices['Desktop Chrome']}},
    {
      name: 'docsearch',
      testMatch: /docsearch\/.*\.spec\.ts/,
      use: {...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${docsearchPort}`},
    },
  ],
  webServer: [
    {
      command: `node scripts/serve.mjs --port ${port} --dir ${buildDir}`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: `node scripts/serve.mjs --port ${docsearchPort} --dir ${docsearchBuildDir}`,
      url: `http://127.0.0.1:${docsearchPort}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
