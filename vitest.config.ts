import { defineConfig } from 'vitest/config';

/** The server and cluster projects share their set-up: one PostgreSQL, a migrated template each file clones. */
const serverTest = {
  environment: 'node',
  globalSetup: ['tests/server/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    // Two files at a time even on 2 cores (vitest's default there is one): a server test file spends most of its time
    // waiting on PostgreSQL, which runs in processes of its own. Each file has its own database and listens on port 0.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/model/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
          // The graph walks are CPU-bound: a busy 2-core CI host takes several times as long as a quiet one.
          testTimeout: 20_000,
        },
        define: { __BUILD_ID__: '"test"', __PRODUCT_NAME__: '"Missiva"' },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: ['tests/server/cluster/**'],
          ...serverTest,
        },
      },
      {
        // Nodes, workers and a proxy of their own on fixed ports, and kill tests timed on the machine: one file at a
        // time (scripts/test.mjs runs this project with --maxWorkers=1).
        test: { name: 'cluster', include: ['tests/server/cluster/**/*.test.ts'], ...serverTest },
      },
    ],
  },
});
