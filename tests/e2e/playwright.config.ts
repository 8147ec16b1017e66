import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser e2e tests. The platform is started by whoever runs the tests (`npm start`
 * at the repo root, or the test runner script) and E2E_BASE_URL points at it.
 * No webServer here. Debian's chromium is used: `npx playwright install` is not needed.
 */
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

export default defineConfig({
  testDir: fileURLToPath(new URL('.', import.meta.url)),
  testMatch: '**/*.e2e.spec.ts',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  outputDir: `${artifacts}test-results`,
  reporter: [['list'], ['html', { outputFolder: `${artifacts}playwright-report`, open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
