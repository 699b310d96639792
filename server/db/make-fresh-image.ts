// Builds the fresh database image (server/db/fresh-image.ts says what it is and when it is used).
// Run alone: npm run build:image
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { answersFileBeside } from '../catalogs/catalog-answer-file';
import { buildCatalogIndex } from '../catalogs/catalog-index';
import { loadMissingCatalogs } from '../catalogs/catalog-loader';
import { loadMissingPldLists } from '../pld/pld-loader';
import { migrateToLatest } from './migrate';
import { FRESH_IMAGE_FILE } from './fresh-image';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';
/**
 * After a checkpoint only the WAL segments from its redo point to the current one are needed; the
 * others (16 MB each, 81 MB in all here) are old or recycled for reuse, and a new folder would
 * restore every byte of them.
 */
async function dropUnneededWal(pglite: PGlite) {
  await pglite.exec('checkpoint');
  const { rows } = await pglite.query<{ dir: string; current: string; redo: string }>(
    `select current_setting('data_directory') as dir, pg_walfile_name(pg_current_wal_lsn()) as current, pg_walfile_name(redo_lsn) as redo from pg_control_checkpoint()`,
  );
  const { dir, current, redo } = rows[0];
  const { FS } = pglite.Module;
  for (const name of FS.readdir(`${dir}/pg_wal`) as string[]) if (/^[0-9A-F]{24}$/.test(name) && (name < redo || name > current)) FS.unlink(`${dir}/pg_wal/${name}`);
}

/**
 * PostgreSQL's template databases are dropped: they copy a database for CREATE DATABASE, which the
 * product's embedded folder never runs (it holds one database, `postgres`), and they are 600 of the
 * image's 1,124 files (each new file costs this machine's disk about 0.8 ms, a first start's restore
 * 0.5 s for them alone).
 */
async function dropTemplateDatabases(pglite: PGlite) {
  // One statement at a time: DROP DATABASE cannot run inside the implicit transaction of several.
  for (const name of ['template0', 'template1']) {
    await pglite.exec(`alter database ${name} is_template false`);
    await pglite.exec(`drop database ${name}`);
  }
}

/** A dump (a tar archive, not compressed) of a new database with everything a first start would load; its catalogue answers copied to `answersFile`. */
export async function makeFreshImage(answersFile: string): Promise<Uint8Array> {
  // The WAL kept for reuse after a checkpoint is what min_wal_size allows (80 MB by default): the
  // image needs none of it, and a new folder restores every byte of it.
  const pglite = await PGlite.create({ postgresqlconf: ['min_wal_size=32MB'] });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    await loadMissingCatalogs(db);
    await loadMissingPldLists(db);
    // Keeps its answers (catalog-answer-tables.ts), and a copy beside the image that a new folder reads them from.
    await buildCatalogIndex(db, { own: answersFile });
    await dropTemplateDatabases(pglite);
    await dropUnneededWal(pglite);
    return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  } finally {
    await db.destroy();
  }
}

/** Writes the image to `file` whole (beside it first, then moved into place), and its catalogue answers beside it. */
export async function writeFreshImage(file = FRESH_IMAGE_FILE) {
  const image = await makeFreshImage(answersFileBeside(file));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const scratch = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(scratch, image);
  fs.renameSync(scratch, file);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const started = performance.now();
  await writeFreshImage();
  console.log(`Fresh database image written to ${path.relative(process.cwd(), FRESH_IMAGE_FILE)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
