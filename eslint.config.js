// The layering of DESIGN.md §5 as a lint rule: which folder may import which, and no import cycles.
// Run by `npm run lint` (part of `npm test`); a wrong import fails the run instead of waiting for a review.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Paths below are from this folder, wherever eslint is started.
const ROOT = import.meta.dirname;
const APP_FOLDERS = ['forms', 'machines', 'services', 'src', 'server'];
const ROOT_CONFIG_FILES = ['vite.config.ts', 'vitest.config.ts', 'playwright.config.ts'];

// Every folder a file of `target` must not import: the other app folders not in `allowed`, plus
// tests/ and the root config files (app code never reaches into those).
const forbidden = (target, allowed) => ({
  target: `./${target}`,
  from: [
    ...APP_FOLDERS.filter((folder) => folder !== target && !allowed.includes(folder)).map((folder) => `./${folder}`),
    './tests',
    ...ROOT_CONFIG_FILES.map((file) => `./${file}`),
  ],
  message: `DESIGN.md §5: ${target}/ may import ${[target, ...allowed].map((folder) => `${folder}/`).join(', ')} only.`,
});

export default defineConfig(
  {
    ignores: ['dist/', 'build/', 'tests/.cache/', 'test-results/', 'playwright-report/', '.data/', 'public/', 'data/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 2022,
      sourceType: 'module',
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${ROOT}/tsconfig.json` })],
    },
    rules: {
      // tests/ and the root config files are not listed as targets: they may import anything.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            forbidden('forms', []),
            forbidden('machines', ['forms']),
            forbidden('services', ['forms']),
            forbidden('server', ['forms']),
            forbidden('src', ['machines', 'services', 'forms']),
          ],
        },
      ],
      // An import that does not resolve is skipped by the zones and by no-cycle, so it is an error too.
      'import-x/no-unresolved': 'error',
    },
  },
  {
    files: APP_FOLDERS.map((folder) => `${folder}/**/*.{ts,tsx}`),
    rules: {
      // Cycles only within our own code; packages in node_modules are not followed.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/components/dialog.tsx'],
    rules: {
      // Blueprint's own Dialog leaves its box as an invisible stop of Shift+Tab.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@blueprintjs/core', importNames: ['Dialog'], message: 'Use src/components/dialog.tsx: its box is out of the tab order.' }] },
      ],
    },
  },
);
