// The OCR reads that outlasted their first second, kept in the database so that whichever instance
// a poll lands on answers it: whose job it is, its state and answer, and the instance running it,
// whose heartbeat tells the others it is still alive.
import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';

export interface OcrJobTable {
  /** The job the browser polls (a uuid). */
  id: string;
  /** The session that started it (ocr-routes.ts ownerOf): another session's poll does not find it. */
  owner: string;
  state: 'reading' | 'done' | 'failed';
  /** Once done: the OcrResult. */
  result: ColumnType<unknown, string | undefined, string>;
  /** Once failed: the answer's statusCode, code and Spanish message. */
  error: ColumnType<unknown, string | undefined, string>;
  /** The process running the read (a random id per process). */
  instance: string;
  created_at: ColumnType<Date, string | undefined, never>;
  /** While reading, the running instance's last heartbeat; once ended, when it ended. */
  updated_at: ColumnType<Date, string | undefined, string>;
}

export interface OcrJobTables {
  ocr_job: OcrJobTable;
}

export const ocrJobsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('ocr_job')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('reading', 'done', 'failed')`))
      .addColumn('result', 'jsonb')
      .addColumn('error', 'jsonb')
      .addColumn('instance', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('ocr_job_updated_at').on('ocr_job').column('updated_at').execute();
  },
};
