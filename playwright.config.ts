import { defineConfig } from '@playwright/test';
import { E2E_PORT as PORT } from './tests/e2e/port.ts';
import { CLUSTER_BASE_PORT, CLUSTER_URL } from './tests/e2e/cluster/port.ts';

/**
 * E2E_CLUSTER=1 selects the project `cluster` (tests/e2e/cluster/) and its server: 2 API nodes and 1 worker over
 * Debian's PostgreSQL behind nginx (scripts/cluster/e2e-cluster.ts). Otherwise the project `single` runs every other
 * spec against one server. One at a time, so a run starts only the server its specs need.
 */
const CLUSTER = process.env.E2E_CLUSTER === '1';

/** Debian Chromium against the real server and database (scripts/e2e-server.mjs). */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // In CI a test that fails is run once more: a pass on the retry is reported as flaky, by name, at the end of
  // `npm test` (scripts/test.mjs), and a test that fails twice fails the run. Locally a failure is final.
  retries: process.env.CI ? 1 : 0,
  // Per port, like the server's build and data (scripts/e2e-server.mjs): a run cleans its output directory when it
  // starts, and must not delete the traces another run on another port is writing.
  outputDir: CLUSTER ? `test-results/cluster-${CLUSTER_BASE_PORT}` : `test-results/${PORT}`,
  reporter: [
    ['list'],
    ['json', { outputFile: CLUSTER ? 'reports/playwright-cluster.json' : 'reports/playwright.json' }],
  ],
  projects: CLUSTER
    ? [{ name: 'cluster', testDir: 'tests/e2e/cluster', fullyParallel: false, use: { baseURL: CLUSTER_URL } }]
    : [{ name: 'single', testIgnore: /tests\/e2e\/cluster\// }],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed test keeps its trace: the DOM before and after every action, the network and the console. Without the
    // screencast, whose frames cost every test CPU on a small machine that the tests themselves need.
    trace: { mode: 'retain-on-failure', screenshots: false },
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
  webServer: CLUSTER
    ? {
        command: 'node --import tsx scripts/cluster/e2e-cluster.ts',
        url: `${CLUSTER_URL}/api/health`,
        timeout: 300_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'pipe',
        stderr: 'pipe',
        // SIGTERM lets it stop nginx, the nodes and PostgreSQL.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      }
    : {
        command: 'node --import tsx scripts/e2e-server.mjs',
        url: `http://localhost:${PORT}/api/health`,
        timeout: 240_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
