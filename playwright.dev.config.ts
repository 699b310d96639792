// The route test (tests/browser/routes.spec.ts) against the Vite development server, where React and
// Blueprint print their warnings (a production build prints none): Vite on DEV_TEST_PORT (4174),
// proxying /api, /staff and /storage to a product server of its own on the next port.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { serverCommand, serverEnv } from './tests/browser/support/server';

const PORT = Number(process.env.DEV_TEST_PORT ?? 4174);
const API_PORT = PORT + 1;

export default defineConfig({
  ...base,
  testMatch: 'routes.spec.ts',
  testIgnore: [],
  // A first visit of a page makes Vite transform its modules: slower than the built product.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: 'tests/.cache/playwright-dev.json' }]],
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: [
    {
      command: serverCommand(API_PORT),
      url: `http://127.0.0.1:${API_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: serverEnv(API_PORT),
    },
    {
      // Its own dependency cache, so that two runs on one machine never rewrite each other's.
      command: `npx vite --host 127.0.0.1 --port ${PORT} --strictPort`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { ...serverEnv(API_PORT), DEV_API_ORIGIN: `http://127.0.0.1:${API_PORT}`, VITE_CACHE_DIR: `tests/.cache/vite-dev-${PORT}` },
    },
  ],
});
