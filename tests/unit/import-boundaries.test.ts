// The lint rule of DESIGN.md §5 refuses what it should and lets through what it should: each case
// lints a few lines as if they were a file of the given folder, with the project's own eslint.config.js.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids reported for `code` linted as the file at `file` (relative to the project root). */
async function reported(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

// Every import below names a file that exists, so the refusal is the boundary, not an unresolved path.
// Generous timeout: the first lint of a folder parses the files it reaches (no-cycle follows every import).
describe('import boundaries (DESIGN.md §5)', { timeout: 60_000 }, () => {
  it.each([
    ['a machine importing a service', 'machines/fixture.ts', "import { createHttpClient } from '../services/http';\nexport const a = createHttpClient;\n"],
    ['a service importing a machine', 'services/fixture.ts', "import { sessionMachine } from '../machines/session';\nexport const a = sessionMachine;\n"],
    ['the server importing a view', 'server/fixture.ts', "import { buildRoutes } from '../src/routes';\nexport const a = buildRoutes;\n"],
    ['a form importing a machine', 'forms/fixture.ts', "import { sessionMachine } from '../machines/session';\nexport const a = sessionMachine;\n"],
    ['a machine importing a view', 'machines/fixture.ts', "export { buildRoutes } from '../src/routes';\n"],
    ['a service importing the server', 'services/fixture.ts', "export const load = () => import('../server/app');\n"],
    ['a view importing the server', 'src/fixture.ts', "import type { ApiError } from '../server/api-error';\nexport type A = ApiError;\n"],
    ['a form importing a service', 'forms/fixture.ts', "import { createHttpClient } from '../services/http';\nexport const a = createHttpClient;\n"],
  ])('refuses %s', async (_name, file, code) => {
    expect(await reported(file, code)).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets a view import machines, services and forms', async () => {
    const code = [
      "import { sessionMachine } from '../machines/session';",
      "import { createHttpClient } from '../services/http';",
      "import * as messages from '../forms/messages';",
      "import { buildRoutes } from './routes';",
      'export const a = [sessionMachine, createHttpClient, messages, buildRoutes];',
      '',
    ].join('\n');
    expect(await reported('src/fixture.ts', code)).toEqual([]);
  });

  it('lets machines, services and the server import forms', async () => {
    const code = "import * as messages from '../forms/messages';\nexport const a = messages;\n";
    for (const folder of ['machines', 'services', 'server']) expect(await reported(`${folder}/fixture.ts`, code)).toEqual([]);
  });

  it('lets tests import anything', async () => {
    const code = "import { buildRoutes } from '../../src/routes';\nimport { buildApp } from '../../server/app';\nexport const a = [buildRoutes, buildApp];\n";
    expect(await reported('tests/unit/fixture.ts', code)).toEqual([]);
  });

  it('refuses an import that does not resolve, which would slip past the boundaries', async () => {
    expect(await reported('machines/fixture.ts', "import { x } from '../services/no-such-file';\nexport const a = x;\n")).toEqual(['import-x/no-unresolved']);
  });

  it('refuses an import cycle', async () => {
    // forms/schema/fields.ts imports forms/messages.ts; messages.ts importing it back closes a cycle.
    expect(readFileSync(path.join(root, 'forms/schema/fields.ts'), 'utf8')).toMatch(/from '\.\.\/messages'/);
    const code = `${readFileSync(path.join(root, 'forms/messages.ts'), 'utf8')}\nexport { kindOf } from './schema/fields';\n`;
    expect(await reported('forms/messages.ts', code)).toEqual(['import-x/no-cycle']);
  });
});
