// Migrations are forward-only and run once, as they were written: a migration's module takes nothing
// at run time from the live code (forms/, the repositories), whose later changes would change what an
// old migration does to a database that has not run it yet. Types are erased, and the database's
// own plumbing (Kysely, reading a JSON column) is allowed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const ALLOWED = new Set(['kysely', 'server/db/stored-json']);

/** The modules a file imports at run time (not `import type`), as paths from the project root or package names. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  return [...source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)]
    .filter(([, typeOnly]) => !typeOnly)
    .map(([, , from]) => (from.startsWith('.') ? path.relative(root, path.resolve(path.dirname(path.join(root, file)), from)) : from));
}

describe('migrations', () => {
  const modules = runtimeImports('server/db/migrations.ts').filter((from) => from !== 'kysely');
  it('come from the modules server/db/migrations.ts lists', () => {
    expect(modules.length).toBeGreaterThan(10);
  });
  it.each(modules)('%s takes nothing from the live code at run time', (module) => {
    const outside = runtimeImports(`${module}.ts`).filter((from) => !ALLOWED.has(from));
    expect(outside).toEqual([]);
  });
});
