// Fills the catalogue tables from the shipped data files when they are empty (the first start
// on a fresh database), and replaces the settlements from an official SEPOMEX file. Every load
// is recorded in catalog_load. An advisory lock keeps two instances starting together on one
// PostgreSQL from loading twice.
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertRows } from './bulk-insert';
import { CATALOG_SOURCES, DATA_DIR, readSourceFile, SETTLEMENT_SOURCE, type CatalogSource, type SourceFile } from './catalog-sources';
import type { SettlementRow } from './sepomex-file';

const LOCK_KEY = 7_302_451; // any constant shared by every instance

export interface CatalogLoad {
  catalog: string;
  file: string;
  rows: number;
  ms: number;
}

async function isEmpty(db: Kysely<Database>, table: CatalogSource['table']) {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from ${sql.table(table)}) as found`.execute(db);
  return !rows[0].found;
}

async function recordLoad(db: Kysely<Database>, catalog: string, file: SourceFile, rowCount: number) {
  await db.insertInto('catalog_load').values({ catalog, source_file: file.name, source_sha256: file.sha256, row_count: rowCount }).execute();
}

/** Loads every empty catalogue table from `dataDir`; answers what it loaded (nothing on later starts). */
export async function loadMissingCatalogs(db: Kysely<Database>, dataDir = DATA_DIR): Promise<CatalogLoad[]> {
  const empty: CatalogSource[] = [];
  for (const source of CATALOG_SOURCES) if (await isEmpty(db, source.table)) empty.push(source);
  if (empty.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    // A load (at start, or a reload) waits behind another instance's and writes many rows: a request's statement limit must cut neither.
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const loads: CatalogLoad[] = [];
    for (const source of empty) {
      if (!(await isEmpty(trx, source.table))) continue; // another instance loaded it meanwhile
      const started = performance.now();
      const file = await readSourceFile(path.join(dataDir, source.file));
      const rows = source.rows(file);
      await insertRows(trx, source.table, rows);
      await recordLoad(trx, source.catalog, file, rows.length);
      loads.push({ catalog: source.catalog, file: source.file, rows: rows.length, ms: performance.now() - started });
    }
    return loads;
  });
}

/** Replaces every settlement with `rows` in one transaction and records the load. */
export async function replaceSettlements(db: Kysely<Database>, file: SourceFile, rows: SettlementRow[]) {
  await db.transaction().execute(async (trx) => {
    // A load (at start, or a reload) waits behind another instance's and writes many rows: a request's statement limit must cut neither.
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    await trx.deleteFrom('catalog_settlement').execute();
    await insertRows(trx, 'catalog_settlement', rows);
    await recordLoad(trx, SETTLEMENT_SOURCE.catalog, file, rows.length);
  });
}
