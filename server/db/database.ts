// Opens the database the configuration names: PostgreSQL when DATABASE_URL is set,
// otherwise PGlite in the data folder. Both are migrated to the latest schema.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { DEFAULT_THREAD_LIMITS, PGliteThread } from './pglite-thread';

export type Db = Kysely<Database>;

export interface DatabaseTarget {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; ignored for PostgreSQL. Absent means in memory. */
  dataDir?: string;
  /** A PGlite data-folder dump to start an in-memory database from (the tests' template). */
  loadDataDir?: Blob;
  /** A PGlite data-folder image (a tar archive, gzipped or not) written into `dataDir` before it is opened: the build's, for a new folder (server/db/fresh-image.ts). */
  image?: string;
  /** PGlite: the catalogue answers copied beside the image a database may have come from (server/catalogs/catalog-answer-file.ts). */
  imageAnswers?: string;
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
  // Kysely (hundreds of modules: 0.2 s) loads while the database's thread starts, not before.
  const kysely = import('kysely');
  if (target.databaseUrl) {
    const [{ default: pg }, { Kysely, PostgresDialect }, { postgresPool }] = await Promise.all([import('pg'), kysely, import('./postgres-pool')]);
    const pool = postgresPool(pg, target.databaseUrl, target.queryTimeoutMs ?? DEFAULT_THREAD_LIMITS.queryTimeoutMs, target.poolMax);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const dialect = import('./pglite-dialect');
  let dataDir = target.dataDir;
  if (dataDir) {
    // Synchronous, so the thread below starts in this very turn: a start's main thread is then busy
    // opening its door and building its routes, and a callback would wait for all of it.
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    dataDir = path.resolve(dataDir);
  }
  const loadDataDir = target.loadDataDir ? await target.loadDataDir.arrayBuffer() : undefined;
  // Without its database thread the process can only fail every call: it stops, to be restarted.
  const pglite = await PGliteThread.start(
    { dataDir, loadDataDir, ...(dataDir && target.image ? { image: target.image } : {}) },
    (error) => {
      console.error(`${error.message}: stopping`);
      process.exit(1);
    },
    {
      queryTimeoutMs: target.queryTimeoutMs ?? DEFAULT_THREAD_LIMITS.queryTimeoutMs,
      stuckExitMs: target.stuckExitMs ?? DEFAULT_THREAD_LIMITS.stuckExitMs,
    },
  );
  const [{ Kysely }, { PGliteDialect }] = await Promise.all([kysely, dialect]);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  watches.set(db, () => pglite.oldestPendingMs());
  threads.set(db, pglite);
  return db;
}

