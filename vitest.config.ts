import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'domain/**/*.unit.spec.ts',
            'read-models/**/*.unit.spec.ts',
            'services/**/*.unit.spec.ts',
            'workers/**/*.unit.spec.ts',
            'tests/unit/**/*.unit.spec.ts',
          ],
        },
      },
      {
        // One React for components and Blueprint alike, as web/vite.config.ts dedupes it for the app.
        resolve: { dedupe: ['react', 'react-dom'] },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.unit.spec.{ts,tsx}', 'web/src/**/*.dom.spec.tsx'],
        },
      },
      {
        test: {
          name: 'int',
          environment: 'node',
          include: ['tests/int/**/*.int.spec.ts'],
          globalSetup: ['tests/support/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          // Runs after the fast suites, with its own worker limit.
          sequence: { groupOrder: 1 },
          env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', SCRYPT_N: '16384', NODE_ENV: 'test' },
        },
      },
      {
        // Faults against the platform as separate processes (tests/resilience/cluster.ts): one file
        // at a time, after everything else, since each kills and restarts processes and stores.
        test: {
          name: 'resilience',
          environment: 'node',
          include: ['tests/resilience/**/*.resilience.spec.ts'],
          testTimeout: 900_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          env: { SCRYPT_N: '16384', NODE_ENV: 'test' },
        },
      },
    ],
  },
});
