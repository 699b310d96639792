// Opens the database the configuration names: PostgreSQL when DATABASE_URL is set,
// otherwise PGlite in the data folder. Both are migrated to the latest schema.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import type { Database } from './schema';
import { migrationProvider } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import { restoreImage } from './fresh-image';
import { postgresPool } from './postgres-pool';
import { DEFAULT_THREAD_LIMITS, PGliteThread } from './pglite-thread';

export type Db = Kysely<Database>;

export interface DatabaseTarget {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; ignored for PostgreSQL. Absent means in memory. */
  dataDir?: string;
  /** A PGlite data-folder dump to start an in-memory database from (the tests' template). */
  loadDataDir?: Blob;
  /** A PGlite data-folder image (tar.gz) written into `dataDir` before it is opened: the build's, for a new folder (server/db/fresh-image.ts). */
  image?: string;
  /** A statement's caller is let go (503) after this long; PostgreSQL cancels it (statement_timeout). */
  queryTimeoutMs?: number;
  /** PostgreSQL: the most connections of the pool (20 when absent). */
  poolMax?: number;
  /** PGlite: a statement its thread has not answered after this long stops the thread, and the process. */
  stuckExitMs?: number;
}

/** How long each open database's oldest unanswered statement has been running (PGlite only). */
const watches = new WeakMap<Db, () => number>();

/** The PGlite thread under each open embedded database: pg-boss talks to it (server/db/pgboss-pglite.ts). */
const threads = new WeakMap<Db, PGliteThread>();
export const pgliteThreadOf = (db: Db): PGliteThread | undefined => threads.get(db);

/** Milliseconds the oldest statement still unanswered has been running on `db` (0 when none, or unknown). */
export const oldestPendingQueryMs = (db: Db): number => watches.get(db)?.() ?? 0;

export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = postgresPool(pg, target.databaseUrl, target.queryTimeoutMs ?? DEFAULT_THREAD_LIMITS.queryTimeoutMs, target.poolMax);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  let dataDir = target.dataDir;
  if (dataDir) {
    await fs.mkdir(path.dirname(dataDir), { recursive: true });
    dataDir = path.resolve(dataDir);
    if (target.image) await restoreImage(target.image, dataDir);
  }
  const loadDataDir = target.loadDataDir ? await target.loadDataDir.arrayBuffer() : undefined;
  // Without its database thread the process can only fail every call: it stops, to be restarted.
  const pglite = await PGliteThread.start(
    { dataDir, loadDataDir },
    (error) => {
      console.error(`${error.message}: stopping`);
      process.exit(1);
    },
    {
      queryTimeoutMs: target.queryTimeoutMs ?? DEFAULT_THREAD_LIMITS.queryTimeoutMs,
      stuckExitMs: target.stuckExitMs ?? DEFAULT_THREAD_LIMITS.stuckExitMs,
    },
  );
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  watches.set(db, () => pglite.oldestPendingMs());
  threads.set(db, pglite);
  return db;
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
/**
 * Whether the database has run exactly this release's migrations: then a start skips Kysely's
 * migrator, whose checks (the schema introspected, its lock taken) cost 0.3–0.7 s of a PGlite start.
 */
async function isUpToDate(db: Db) {
  const names = Object.keys(await migrationProvider.getMigrations());
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const done = new Set(rows.map((row) => row.name));
    return done.size === names.length && names.every((name) => done.has(name));
  } catch {
    return false; // no migration table yet: a new database
  }
}

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
