// Migrations are forward-only and run once, as they were written: a migration's module takes nothing
// at run time from the live code (forms/, the repositories), whose later changes would change what an
// old migration does to a database that has not run it yet. Types are erased; Node's own modules,
// Kysely and the database's plumbing (reading a JSON column) are allowed, and what they import is
// held to the same rule. Imports are read by TypeScript's parser: `import`, `export … from`, a bare
// `import '…'` and `import('…')` alike.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGES = new Set(['kysely']);
const PLUMBING = new Set(['server/db/stored-json']);

/** The modules `code` imports at run time (not `import type`, `export type`), as written. */
function importsOf(code: string): string[] {
  const source = ts.createSourceFile('module.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) found.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) found.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The modules a file imports at run time, as paths from the project root (without extension) or package names. */
const runtimeImports = (file: string) =>
  importsOf(readFileSync(path.join(root, file), 'utf8')).map((from) =>
    from.startsWith('.') ? path.relative(root, path.resolve(path.dirname(path.join(root, file)), from)).replace(/\.[cm]?[jt]s$/, '') : from,
  );

/** What a module takes at run time from outside what migrations may use, following the plumbing it imports. */
function outsideImports(module: string, seen = new Set<string>()): string[] {
  if (seen.has(module)) return [];
  seen.add(module);
  return runtimeImports(`${module}.ts`).flatMap((from) => {
    if (from.startsWith('node:') || PACKAGES.has(from)) return [];
    if (PLUMBING.has(from)) return outsideImports(from, seen);
    return [from];
  });
}

describe('migrations', () => {
  const modules = runtimeImports('server/db/migrations.ts').filter((from) => !PACKAGES.has(from));
  it('come from the modules server/db/migrations.ts lists', () => {
    expect(modules.length).toBeGreaterThan(10);
    expect(modules.every((from) => from.startsWith('server/'))).toBe(true);
  });
  it.each(modules)('%s takes nothing from the live code at run time', (module) => {
    expect(outsideImports(module)).toEqual([]);
  });
  it('are read by every form of import', () => {
    const code = `import "a"\nexport * from './b'; export { c } from "./c"; const d = () => import('./d'); import type { E } from './e'; export type { F } from './f';`;
    expect(importsOf(code)).toEqual(['a', './b', './c', './d']);
  });
});
