import { defineConfig } from 'vitest/config';

const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DATABASE: database },
    globalSetup: ['tests/api/support/global-setup.ts'],
    setupFiles: ['tests/api/support/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      // A hook may start an engine (PGlite, a Tesseract pool): on a busy 2-core machine that has taken over 10 s.
      { test: { name: 'unit', include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'], environment: 'node', hookTimeout: 60_000 } },
      {
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/components/support/setup.ts'],
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
