import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser e2e tests. The platform is started by whoever runs the tests (`npm start`
 * at the repo root, or the test runner script) and E2E_BASE_URL points at it.
 * No webServer here. Debian's chromium is used: `npx playwright install` is not needed.
 */
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

/**
 * Specs that change what every other spec sees, on the one platform they share: the enabled rule
 * versions and the rule configuration (premiums, referrals, limits), the rule platform's captcha
 * counters of the test address, a parked projection. They run one at a time, after the others,
 * which run two at a time (each in its own browser and accounts).
 */
const EXCLUSIVE = ['**/ops.e2e.spec.ts', '**/rules*.e2e.spec.ts'];

export default defineConfig({
  testDir: fileURLToPath(new URL('.', import.meta.url)),
  testMatch: '**/*.e2e.spec.ts',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  fullyParallel: false,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  outputDir: `${artifacts}test-results`,
  projects: [
    { name: 'shared', testIgnore: EXCLUSIVE },
    { name: 'exclusive', testMatch: EXCLUSIVE, dependencies: ['shared'], workers: 1 },
  ],
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
