// The build's fresh database image written into a new data folder (server/db/fresh-image.ts):
// every folder and file of the archive, byte for byte, and a database that opens with the
// catalogues, lists and catalogue answers a first start would have loaded.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { answersFileBeside } from '../../server/catalogs/catalog-answer-file';
import { buildCatalogIndex } from '../../server/catalogs/catalog-index';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { freshImageFor, restoreImage } from '../../server/db/fresh-image';
import { TEMPLATE_FILE } from './support/global-setup';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-image-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Every file below `dir`, relative, with its bytes' length. */
function filesIn(dir: string, under = ''): Map<string, number> {
  const files = new Map<string, number>();
  for (const entry of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const relative = path.join(under, entry.name);
    if (entry.isDirectory()) for (const [name, size] of filesIn(dir, relative)) files.set(name, size);
    else files.set(relative, fs.statSync(path.join(dir, relative)).size);
  }
  return files;
}

describe.runIf(process.env.TEST_DATABASE !== 'postgres')('the fresh image', () => {
  it('is written into a new folder as tar itself extracts it', async () => {
    const restored = path.join(work, 'restored');
    await restoreImage(TEMPLATE_FILE, restored);
    const extracted = path.join(work, 'extracted');
    fs.mkdirSync(extracted);
    const tar = spawnSync('tar', ['-xf', TEMPLATE_FILE, '-C', extracted], { encoding: 'utf8' });
    expect(tar.status, tar.stderr).toBe(0);
    const files = filesIn(restored);
    expect(files).toEqual(filesIn(extracted));
    expect(files.size).toBeGreaterThan(400);
    // Byte for byte, the pages of zeros left as holes (the WAL segment's) included.
    for (const name of files.keys()) expect(fs.readFileSync(path.join(restored, name)).equals(fs.readFileSync(path.join(extracted, name))), name).toBe(true);
    const wal = [...files.keys()].find((name) => /^pg_wal\/[0-9A-F]{24}$/.test(name))!;
    expect(files.get(wal)).toBe(16 * 1024 * 1024);
    // Holes take no disk blocks: the segment's 16 MB are mostly zeros past its last record.
    expect(fs.statSync(path.join(restored, wal)).blocks * 512).toBeLessThan(fs.statSync(path.join(extracted, wal)).blocks * 512);
  });

  it('is written the same from a gzipped archive (the build writes its own not compressed)', async () => {
    const gzipped = path.join(work, 'template.tar.gz');
    fs.writeFileSync(gzipped, zlib.gzipSync(fs.readFileSync(TEMPLATE_FILE)));
    const fromTar = path.join(work, 'from-tar');
    await restoreImage(TEMPLATE_FILE, fromTar);
    const fromGzip = path.join(work, 'from-gzip');
    await restoreImage(gzipped, fromGzip);
    const files = filesIn(fromTar);
    expect(files).toEqual(filesIn(fromGzip));
    for (const name of files.keys()) expect(fs.readFileSync(path.join(fromTar, name)).equals(fs.readFileSync(path.join(fromGzip, name))), name).toBe(true);
  });

  it('is chosen for a folder without a database only, and opens as a migrated, loaded database', async () => {
    const dataDir = path.join(work, 'data');
    expect(freshImageFor(dataDir, TEMPLATE_FILE)).toBe(TEMPLATE_FILE);
    const db = await openDatabase({ dataDir, image: TEMPLATE_FILE });
    try {
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(freshImageFor(dataDir, TEMPLATE_FILE)).toBeUndefined();
      expect(await migrateToLatest(db)).toEqual([]);
      const { rows } = await sql<{ settlements: number; entries: number }>`
        select (select count(*) from catalog_settlement)::int as settlements, (select count(*) from pld_entry)::int as entries`.execute(db);
      expect(rows[0].settlements).toBeGreaterThan(150_000);
      expect(rows[0].entries).toBeGreaterThan(30_000);
      expect((await buildCatalogIndex(db)).stats.stored).toBe(true);
      // Its answers are read from the copy written beside the image, not from the database, and no copy of the folder's own is made.
      const own = path.join(dataDir, 'catalog-answers.txt');
      const index = await buildCatalogIndex(db, { own, shipped: answersFileBeside(TEMPLATE_FILE) });
      expect(index.stats).toMatchObject({ stored: true, fromFile: true });
      expect(index.stats.postalCodes).toBeGreaterThan(30_000);
      expect(fs.existsSync(own)).toBe(false);
      // One database: the templates of CREATE DATABASE are not in the image (server/db/make-fresh-image.ts).
      const databases = await sql<{ datname: string }>`select datname from pg_database order by datname`.execute(db);
      expect(databases.rows.map((row) => row.datname)).toEqual(['postgres']);
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it('refuses an archive that is not a database image', async () => {
    const file = path.join(work, 'not-an-image.tar.gz');
    fs.mkdirSync(path.join(work, 'other'));
    fs.writeFileSync(path.join(work, 'other', 'hola.txt'), 'hola');
    expect(spawnSync('tar', ['-czf', file, '-C', path.join(work, 'other'), 'hola.txt']).status).toBe(0);
    await expect(restoreImage(file, path.join(work, 'not-data'))).rejects.toThrow(/holds no PG_VERSION: it is not a database image/);
    expect(fs.existsSync(path.join(work, 'not-data'))).toBe(false);
  });

  it('writes nothing from an image cut short', async () => {
    const tar = fs.readFileSync(TEMPLATE_FILE);
    const cut = path.join(work, 'cut.tar');
    fs.writeFileSync(cut, tar.subarray(0, Math.floor(tar.length / 2)));
    await expect(restoreImage(cut, path.join(work, 'cut-data'))).rejects.toThrow(/is cut short/);
    expect(fs.existsSync(path.join(work, 'cut-data'))).toBe(false);
    // The same through the database's opening, which restores on PGlite's thread: refused, nothing written.
    await expect(openDatabase({ dataDir: path.join(work, 'cut-open'), image: cut })).rejects.toThrow(/PGlite did not start: .*is cut short/);
    expect(fs.existsSync(path.join(work, 'cut-open', 'PG_VERSION'))).toBe(false);
  });
});
