import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.BROWSER_TEST_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/browser',
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
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  webServer: {
    // A fresh embedded database each run; the demo staff account is created on it.
    command: `rm -rf tests/.cache/browser-data-${PORT} && node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `tests/.cache/browser-data-${PORT}`,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'browser-tests-secret-browser-tests',
      DEMO_STAFF_PASSWORD: 'demo1234',
      // The production limits: a person clicking through never meets them, so neither do these tests.
      RATE_LIMIT: 'on',
      SOCIAL_FACEBOOK_URL: 'https://facebook.example/prueba',
      SOCIAL_INSTAGRAM_URL: 'https://instagram.example/prueba',
      SOCIAL_LINKEDIN_URL: 'https://linkedin.example/prueba',
      COMPANY_SITE_URL: 'https://empresa.example',
    },
  },
});
