// The product server the browser tests start: a fresh embedded database each run, with the demo
// staff account on it. Shared by the production-build run (playwright.config.ts) and the
// development-server run (playwright.dev.config.ts), which puts Vite in front of it.
import { fileURLToPath } from 'node:url';

/**
 * The folder a server on `port` reloads the PLD lists from (PLD_DATA_DIR): a copy of data/pld/ made
 * as it starts, which a test may change before calling POST /api/pld/lists/reload (tests/browser/pld-alerts.spec.ts).
 * The server loads data/pld/ itself as it starts, so the copy is no new version until a test changes it.
 */
export const pldDataDir = (port: number) => fileURLToPath(new URL(`../../.cache/browser-pld-${port}`, import.meta.url));

/** The environment of a product server on `port`, its data under tests/.cache. */
export function serverEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: `tests/.cache/browser-data-${port}`,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'browser-tests-secret-browser-tests',
    DEMO_STAFF_PASSWORD: 'demo1234',
    // The production limits: a person clicking through never meets them, so neither do these tests. But the
    // whole suite asks for its public tokens from one address, well over the 60 a minute one office is
    // allowed by default: the suite is many people behind one address, and raises that one limit as such an office would.
    RATE_LIMIT: 'on',
    TOKEN_RATE_LIMIT: '600',
    SOCIAL_FACEBOOK_URL: 'https://facebook.example/prueba',
    SOCIAL_INSTAGRAM_URL: 'https://instagram.example/prueba',
    SOCIAL_LINKEDIN_URL: 'https://linkedin.example/prueba',
    COMPANY_SITE_URL: 'https://empresa.example',
    PLD_DATA_DIR: pldDataDir(port),
  };
}

/**
 * The command that starts it, on a database emptied first and a fresh copy of the PLD lists: `npm start`'s,
 * the compiled server (built again first if a source changed), so the browser drives what is deployed.
 */
export const serverCommand = (port: number) =>
  `rm -rf tests/.cache/browser-data-${port} '${pldDataDir(port)}' && mkdir -p '${pldDataDir(port)}' && cp data/pld/* '${pldDataDir(port)}' && MALLOC_MMAP_THRESHOLD_=131072 node server/start.mjs`;

export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};
