import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH, serverCommand, serverEnv } from './tests/browser/support/server';

const PORT = Number(process.env.BROWSER_TEST_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/browser',
  // The route test runs against the development server, where React prints its warnings (playwright.dev.config.ts).
  testIgnore: 'routes.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  // The machine that runs them is shared: a page may take more than the default 5 s to reach a state.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'tests/.cache/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-MX',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    // A fresh embedded database each run; the demo staff account is created on it.
    command: serverCommand(PORT),
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: serverEnv(PORT),
  },
});
