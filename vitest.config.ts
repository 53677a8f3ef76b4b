import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
