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
      { test: { name: 'unit', include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'], environment: 'node' } },
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
