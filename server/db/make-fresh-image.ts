// Builds the fresh database image (server/db/fresh-image.ts says what it is and when it is used).
// Run alone: npm run build:image
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { loadMissingCatalogs } from '../catalogs/catalog-loader';
import { loadMissingPldLists } from '../pld/pld-loader';
import { migrateToLatest } from './database';
import { FRESH_IMAGE_FILE } from './fresh-image';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';
/** A gzipped dump of a new database with everything a first start would load. */
export async function makeFreshImage(): Promise<Uint8Array> {
  const pglite = await PGlite.create();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    await loadMissingCatalogs(db);
    await loadMissingPldLists(db);
    return new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await db.destroy();
  }
}

/** Writes the image to `file` whole (beside it first, then moved into place). */
export async function writeFreshImage(file = FRESH_IMAGE_FILE) {
  const image = await makeFreshImage();
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
