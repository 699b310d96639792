// The catalogue answers as the API sends them, kept in the database once built from the
// catalogue rows (sorted, deduplicated, serialised: about 0.9 s of a start), so that later
// starts, the build's fresh image and every other instance read them back. A stored set answers
// for the newest catalogue load it was built from (catalog_load's id) and the serialised form's
// version; any other is built again. Catalogue rows changed by hand in SQL are not seen: after
// such a change, `delete from catalog_answers` and restart. It is kept in parts of about 1 MB,
// read one at a time: PGlite keeps the memory its largest value took (a 12.7 MB value read at
// once grew the process by 59 MB). Every part carries the count of settlements (read from the last).
// On PGlite a start reads them from a copy as a file when it holds the same set (catalog-answer-file.ts).
import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';
import type { Database } from '../db/schema';

/** The serialised form's version: raise it when the answers' shape or the text's layout changes. */
export const ANSWERS_FORMAT = 1;
const PART_CHARS = 1_000_000;
/**
 * What separates the answers in a part (and in the file beside an embedded database): the same as
 * answer-separators.ts, written here again since this file holds a migration, which takes nothing from the live code.
 */
const RS = '\x1e';

export interface CatalogAnswersTable {
  /** The newest catalog_load row when the answers were built. */
  load_id: number;
  format: number;
  /** 0, 1, … `parts` - 1. */
  part: number;
  parts: number;
  /** The settlement rows they were built from. */
  settlements: number;
  /** Answers (see catalog-index.ts), joined by RS. */
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
      .addColumn('part', 'integer', (c) => c.notNull())
      .addColumn('parts', 'integer', (c) => c.notNull())
      .addColumn('settlements', 'integer', (c) => c.notNull())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('built_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('catalog_answers_pkey', ['load_id', 'format', 'part'])
      .execute();
    // Read at every start: kept uncompressed, they are read back in half the time (12.7 MB: 0.13-0.27 s against 0.26-0.67 s on PGlite).
    await sql`alter table catalog_answers alter column answers set storage external`.execute(db);
  },
};

export interface StoredAnswers {
  settlements: number;
  /** Each answer, serialised by catalog-index.ts without RS. */
  answers: string[];
}

/** The newest catalogue load's id; null before any. */
export const newestLoad = async (db: Kysely<Database>) =>
  (await db.selectFrom('catalog_load').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? null;

/** What tells one stored set of answers from any other: its load, its format and when it was stored (every part's, one transaction's). */
export interface AnswersStamp {
  loadId: number;
  format: number;
  parts: number;
  builtAt: string;
}

/** The newest catalogue load, and the stamp of the answers stored for it in this format (their text not read), if any. */
export async function storedStamp(db: Kysely<Database>): Promise<{ loadId: number | null; stamp: AnswersStamp | null }> {
  const loadId = await newestLoad(db);
  if (loadId === null) return { loadId, stamp: null };
  const row = await db
    .selectFrom('catalog_answers')
    .select(['parts', 'built_at'])
    .where('load_id', '=', loadId)
    .where('format', '=', ANSWERS_FORMAT)
    .where('part', '=', 0)
    .executeTakeFirst();
  return { loadId, stamp: row ? { loadId, format: ANSWERS_FORMAT, parts: row.parts, builtAt: new Date(row.built_at).toISOString() } : null };
}

/** The answers built from the load `loadId` in this format, if some instance stored them whole. */
export async function readStoredAnswers(db: Kysely<Database>, loadId: number): Promise<StoredAnswers | undefined> {
  const answers: string[] = [];
  let settlements = 0;
  for (let part = 0, parts = 1; part < parts; part++) {
    const row = await db
      .selectFrom('catalog_answers')
      .select(['parts', 'settlements', 'answers'])
      .where('load_id', '=', loadId)
      .where('format', '=', ANSWERS_FORMAT)
      .where('part', '=', part)
      .executeTakeFirst();
    if (!row) return undefined;
    ({ parts, settlements } = row);
    for (const answer of row.answers.split(RS)) answers.push(answer);
  }
  return { settlements, answers };
}

/** The answers joined by RS in parts of about PART_CHARS. */
function partsOf(answers: string[]): string[] {
  const parts: string[] = [];
  let from = 0;
  let chars = 0;
  answers.forEach((answer, i) => {
    chars += answer.length + 1;
    if (chars < PART_CHARS && i < answers.length - 1) return;
    parts.push(answers.slice(from, i + 1).join(RS));
    from = i + 1;
    chars = 0;
  });
  return parts;
}

/** Any constant shared by every instance: storing answers is one instance at a time. */
const LOCK_KEY = 7_302_452;

/**
 * Keeps `stored`, built from load `loadId`, in place of older answers; not if a newer load came in
 * meanwhile (they would be its answers no more). One instance at a time replaces the whole set of
 * the load, so parts of two builds never mix (and the answers come sorted by key: any two builds of
 * one load are the same parts anyway). Answers of a newer format (a newer release, during a rolling
 * update) are left to it.
 */
export async function storeAnswers(db: Kysely<Database>, loadId: number, stored: StoredAnswers) {
  const parts = partsOf(stored.answers);
  await db.transaction().execute(async (trx) => {
    // Several megabytes written once: a request's statement limit must not cut it.
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    if ((await newestLoad(trx)) !== loadId) return;
    await trx
      .deleteFrom('catalog_answers')
      .where((eb) => eb.or([eb('load_id', '<>', loadId), eb('format', '<=', ANSWERS_FORMAT)]))
      .execute();
    for (const [part, answers] of parts.entries())
      await trx.insertInto('catalog_answers').values({ load_id: loadId, format: ANSWERS_FORMAT, part, parts: parts.length, settlements: stored.settlements, answers }).execute();
  });
}
