import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR as dataDir, E2E_PORT as port } from './support/server-env';

// Debian's Chromium (`apt-get install chromium`), so Playwright never downloads a browser. The flags were found
// necessary on our CI machines: without the background-networking switches their closed network refuses Chromium's
// connections, many at a time.
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  webServer: {
    // A fresh embedded database each run: the journeys start from a first visit.
    command: `rm -rf ${dataDir} && exec node --import tsx ../apps/server/src/main.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // Each run deploys the devnet afresh (40 s idle, up to 170 s measured on a busy 2-core machine), compiling the
    // contracts first on a cold artifact cache (~45 s idle, minutes when busy).
    timeout: 600_000,
    // Stopped as Ctrl-C stops `npm start`: its PostgreSQL and anvil run in process groups of their own and are stopped
    // by the server after its roles (Playwright's default, SIGKILL to the group, would leave them behind).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '1000' },
  },
});
