// Opens the database the configuration names: PostgreSQL when DATABASE_URL is set,
// otherwise PGlite in the data folder. Both are migrated to the latest schema.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import type { Database } from './schema';
import { migrationProvider } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import { PGliteThread } from './pglite-thread';

export type Db = Kysely<Database>;

export interface DatabaseTarget {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; ignored for PostgreSQL. Absent means in memory. */
  dataDir?: string;
  /** A PGlite data-folder dump to start from (tests use one to skip initdb). */
  loadDataDir?: Blob;
}

export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 20 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  let dataDir = target.dataDir;
  if (dataDir) {
    await fs.mkdir(path.dirname(dataDir), { recursive: true });
    dataDir = path.resolve(dataDir);
  }
  const loadDataDir = target.loadDataDir ? await target.loadDataDir.arrayBuffer() : undefined;
  // Without its database thread the process can only fail every call: it stops, to be restarted.
  const pglite = await PGliteThread.start({ dataDir, loadDataDir }, (error) => {
    console.error(`${error.message}: stopping`);
    process.exit(1);
  });
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}

export async function migrateToLatest(db: Db) {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
