// Applying the schema's migrations at start, forward only, safely from several instances at once.
import { Migrator, sql } from 'kysely';
import type { Db } from './database';
import { migrationProvider } from './migrations';

/**
 * Whether the database has run exactly this release's migrations: then a start skips Kysely's
 * migrator, whose checks (the schema introspected, its lock taken) cost 0.3–0.7 s of a PGlite start.
 */
async function isUpToDate(db: Db) {
  const names = Object.keys(await migrationProvider.getMigrations());
  const { rows: tables } = await sql<{ found: boolean }>`select to_regclass('kysely_migration') is not null as found`.execute(db);
  if (!tables[0]?.found) return false; // a new database
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const done = new Set(rows.map((row) => row.name));
  return done.size === names.length && names.every((name) => done.has(name));
}

/**
 * Applies the pending migrations, forward only (none defines `down`). Several instances starting
 * together on one PostgreSQL database are serialised by Kysely's Migrator: it holds a session-level
 * advisory lock (pg_advisory_lock) around the check of what is pending and the one transaction that
 * applies it, so the first instance migrates and the others find nothing left to do
 * (tests/api/migrations.test.ts starts three at once). The pool's statement_timeout, a request's
 * limit, would end the wait for that lock (and a long migration) and with it the instance's start,
 * so the migration runs on one connection without it, restored before the connection goes back.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await isUpToDate(db)) return [];
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      const migrator = new Migrator({ db: connection, provider: migrationProvider });
      const { error, results } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(String(error));
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}
