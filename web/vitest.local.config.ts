// Runs only the web unit tests: npx vitest run -c web/vitest.local.config.ts (from the repo root).
// The root vitest config also picks these files up (web/src/**/*.unit.spec.{ts,tsx}, jsdom).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['web/src/**/*.unit.spec.{ts,tsx}'],
    environment: 'jsdom',
  },
});
