import { defineConfig } from '@playwright/test';
import { E2E_PORT as PORT } from './tests/e2e/port.ts';

/** Debian Chromium against the real server and database (scripts/e2e-server.mjs). */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Per port, like the server's build and data (scripts/e2e-server.mjs): a run cleans its output directory when it
  // starts, and must not delete the traces another run on another port is writing.
  outputDir: `test-results/${PORT}`,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
