// The catalogue answers kept in the database (server/catalogs/catalog-answer-tables.ts): a start
// that finds them answers exactly what a build from the rows answers, and a new catalogue load
// (here, a SEPOMEX import) is never answered from the answers of an older one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestLoad, readStoredAnswers, storeAnswers } from '../../server/catalogs/catalog-answer-tables';
import { buildCatalogIndex, type CatalogIndex } from '../../server/catalogs/catalog-index';
import { replaceSettlements } from '../../server/catalogs/catalog-loader';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { freshDatabase } from './support/test-server';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await freshDatabase();
  db = await openDatabase(database.target);
  await migrateToLatest(db);
}, 60_000);
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** Every answer the index gives, by the API's call. */
async function everyAnswer(index: CatalogIndex) {
  const states = await db.selectFrom('catalog_state').select('id').execute();
  const { rows: codes } = await sql<{ postal_code: string }>`select distinct postal_code from catalog_settlement`.execute(db);
  return {
    ct: index.countries,
    ea: index.economicActivities,
    st: [index.statesOf(484), index.statesOf(1)],
    mp: states.map((s) => index.municipalitiesOf(s.id)),
    zc: codes.map((c) => [c.postal_code, index.neighbourhoodsOf(c.postal_code)]),
    unknown: [index.neighbourhoodsOf('00000'), index.municipalitiesOf(999_999)],
  };
}

describe('the catalogue answers kept in the database', () => {
  it('are built from the rows once, then read back: every answer the same', async () => {
    await db.deleteFrom('catalog_answers').execute();
    const built = await buildCatalogIndex(db);
    expect(built.stats.stored).toBe(false);
    const read = await buildCatalogIndex(db);
    expect(read.stats).toMatchObject({ stored: true, settlements: built.stats.settlements, postalCodes: built.stats.postalCodes });
    expect(built.stats.postalCodes).toBeGreaterThan(30_000);
    const answers = await everyAnswer(read);
    expect(answers).toEqual(await everyAnswer(built));
    expect(JSON.parse(read.neighbourhoodsOf('06600')).map((n: { colonia: string }) => n.colonia)).toContain('Juárez');
    expect(answers.unknown).toEqual(['[]', '[]']);
    // Kept in parts of about 1 MB (PGlite keeps the memory of the largest value it read).
    const parts = await db.selectFrom('catalog_answers').select(['part', 'parts']).orderBy('part').execute();
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.map((p) => p.part)).toEqual(parts.map((_, i) => i));
    expect(parts.every((p) => p.parts === parts.length)).toBe(true);
  }, 60_000);

  it('are built again when a part is missing', async () => {
    await db.deleteFrom('catalog_answers').where('part', '=', 3).execute();
    const rebuilt = await buildCatalogIndex(db);
    expect(rebuilt.stats.stored).toBe(false);
    expect(JSON.parse(rebuilt.neighbourhoodsOf('06600')).map((n: { colonia: string }) => n.colonia)).toContain('Juárez');
    expect((await buildCatalogIndex(db)).stats.stored).toBe(true);
  }, 60_000);

  it('are built anew after a new load, and answers built before it are not kept as its own', async () => {
    const loadBefore = (await newestLoad(db))!;
    const before = { loadId: loadBefore, stored: await readStoredAnswers(db, loadBefore) };
    expect(before.stored).toBeDefined();
    const file = { name: 'CPdescarga.txt', bytes: Buffer.alloc(0), sha256: '0'.repeat(64) };
    await replaceSettlements(db, file, [
      { postal_code: '01000', colonia: 'San Ángel', tipo_asentamiento: 'Colonia', municipio: 'Álvaro Obregón', estado: 'Ciudad de México', ciudad: 'Ciudad de México', zona: 'Urbano', state_id: 9, municipality_id: 10, settlement_code: '0001' },
    ]);
    // An instance that built from the old rows stores late: its answers are not taken for the new load's.
    await storeAnswers(db, before.loadId, before.stored!);
    const after = { loadId: (await newestLoad(db))! };
    expect(after.loadId).toBeGreaterThan(before.loadId);
    expect(await readStoredAnswers(db, after.loadId)).toBeUndefined();

    const index = await buildCatalogIndex(db);
    expect(index.stats).toMatchObject({ stored: false, settlements: 1, postalCodes: 1 });
    expect(JSON.parse(index.neighbourhoodsOf('01000'))).toEqual([{ colonia: 'San Ángel', municipio: 'Álvaro Obregón', estado: 'Ciudad de México' }]);
    expect(index.neighbourhoodsOf('06600')).toBe('[]');
    expect((await buildCatalogIndex(db)).stats.stored).toBe(true);
    // Only the newest load's answers are kept.
    expect(await db.selectFrom('catalog_answers').select('load_id').distinct().execute()).toEqual([{ load_id: after.loadId }]);
  }, 60_000);
});

describe('the copy of the answers as a file beside an embedded database', () => {
  let folder: string;
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-answers-'));
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('is written from the database, then read instead of it: every answer the same', async () => {
    // Into a folder not made yet (the tests' cache on a new checkout).
    const files = { own: path.join(folder, 'new', 'own.txt') };
    const fromDatabase = await buildCatalogIndex(db, files);
    expect(fromDatabase.stats).toMatchObject({ stored: true, fromFile: false });
    expect(fs.existsSync(files.own)).toBe(true);
    const fromFile = await buildCatalogIndex(db, files);
    expect(fromFile.stats).toMatchObject({ stored: true, fromFile: true, settlements: fromDatabase.stats.settlements, postalCodes: fromDatabase.stats.postalCodes });
    expect(await everyAnswer(fromFile)).toEqual(await everyAnswer(fromDatabase));
  }, 60_000);

  it('is read from the build’s copy while the database holds the set it was made from', async () => {
    const own = path.join(folder, 'own.txt');
    const shipped = path.join(folder, 'shipped.txt');
    fs.renameSync(path.join(folder, 'new', 'own.txt'), shipped);
    const index = await buildCatalogIndex(db, { own, shipped });
    expect(index.stats).toMatchObject({ stored: true, fromFile: true });
    expect(fs.existsSync(own)).toBe(false);
  }, 60_000);

  it('is not read once the database holds another set: emptied by hand, or a new load', async () => {
    const own = path.join(folder, 'own.txt');
    await buildCatalogIndex(db, { own });
    const kept = fs.readFileSync(own, 'utf8');
    // `delete from catalog_answers` (after rows changed by hand in SQL) builds them again from the rows.
    await db.deleteFrom('catalog_answers').execute();
    const rebuilt = await buildCatalogIndex(db, { own });
    expect(rebuilt.stats).toMatchObject({ stored: false, fromFile: false });
    // And the copy follows the new set.
    expect(fs.readFileSync(own, 'utf8')).not.toBe(kept);
    expect((await buildCatalogIndex(db, { own })).stats.fromFile).toBe(true);
    // A copy of an older set is never taken for the new one's.
    fs.writeFileSync(own, kept);
    expect((await buildCatalogIndex(db, { own })).stats).toMatchObject({ stored: true, fromFile: false });
  }, 60_000);

  it('is not read when cut short or unreadable', async () => {
    const own = path.join(folder, 'own.txt');
    await buildCatalogIndex(db, { own });
    const whole = fs.readFileSync(own, 'utf8');
    fs.writeFileSync(own, whole.slice(0, whole.indexOf('\n') - 3));
    expect((await buildCatalogIndex(db, { own })).stats).toMatchObject({ stored: true, fromFile: false });
    // Its head whole, its answers cut short (a copy interrupted): not read either.
    fs.writeFileSync(own, whole.slice(0, whole.length - 1000));
    expect((await buildCatalogIndex(db, { own })).stats).toMatchObject({ stored: true, fromFile: false });
    fs.writeFileSync(own, 'not a header\nanswers');
    expect((await buildCatalogIndex(db, { own })).stats).toMatchObject({ stored: true, fromFile: false });
    expect((await buildCatalogIndex(db, { own })).stats.fromFile).toBe(true);
  }, 60_000);
});
