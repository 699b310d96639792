// The catalogue answers as the API sends them, kept in the database once built from the
// catalogue rows (sorted, deduplicated, serialised: about 0.9 s of a start), so that later
// starts, the build's fresh image and every other instance read them back in one value. A stored
// set answers for the newest catalogue load it was built from (catalog_load's id) and the
// serialised form's version; any other is built again.
import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';
import type { Database } from '../db/schema';

/** The serialised form's version: raise it when the answers' shape or the text's layout changes. */
export const ANSWERS_FORMAT = 1;

export interface CatalogAnswersTable {
  /** The newest catalog_load row when the answers were built. */
  load_id: number;
  format: number;
  /** The settlement rows they were built from. */
  settlements: number;
  /** Each answer as `key US json`, joined by RS (see catalog-index.ts). */
  answers: string;
  built_at: ColumnType<Date, string | undefined, never>;
}

export interface CatalogAnswerTables {
  catalog_answers: CatalogAnswersTable;
}

export const catalogAnswersMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('catalog_answers')
      .addColumn('load_id', 'integer', (c) => c.notNull())
      .addColumn('format', 'integer', (c) => c.notNull())
      .addColumn('settlements', 'integer', (c) => c.notNull())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('built_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('catalog_answers_pkey', ['load_id', 'format'])
      .execute();
  },
};

export interface StoredAnswers {
  settlements: number;
  answers: string;
}

const newestLoad = async (db: Kysely<Database>) =>
  (await db.selectFrom('catalog_load').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? null;

/** The newest catalogue load, and the answers built from it in this format if some instance stored them. */
export async function readStoredAnswers(db: Kysely<Database>): Promise<{ loadId: number | null; stored?: StoredAnswers }> {
  const loadId = await newestLoad(db);
  if (loadId === null) return { loadId };
  const stored = await db
    .selectFrom('catalog_answers')
    .select(['settlements', 'answers'])
    .where('load_id', '=', loadId)
    .where('format', '=', ANSWERS_FORMAT)
    .executeTakeFirst();
  return { loadId, stored };
}

/**
 * Keeps `stored`, built from load `loadId`, in place of older answers; not if a newer load came in
 * meanwhile (they would be its answers no more), nor twice if another instance stored the same first.
 */
export async function storeAnswers(db: Kysely<Database>, loadId: number, stored: StoredAnswers) {
  await db.transaction().execute(async (trx) => {
    // Several megabytes written once: a request's statement limit must not cut it.
    await sql`set local statement_timeout = 0`.execute(trx);
    if ((await newestLoad(trx)) !== loadId) return;
    await trx.deleteFrom('catalog_answers').where((eb) => eb.or([eb('load_id', '<>', loadId), eb('format', '<>', ANSWERS_FORMAT)])).execute();
    await trx
      .insertInto('catalog_answers')
      .values({ load_id: loadId, format: ANSWERS_FORMAT, ...stored })
      .onConflict((oc) => oc.columns(['load_id', 'format']).doNothing())
      .execute();
  });
}
