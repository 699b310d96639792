// The documents signed for upload: one row per signed policy, marked uploaded once its bytes were
// checked (stored-document.ts). A document signed before its application's first save belongs to
// the session that signed it (`owner`) until that session creates the application.
import { sql, type ColumnType, type Kysely, type Migration, type Selectable } from 'kysely';

export interface DocumentTable {
  id: string;
  bucket: string;
  key: string;
  /** identification, tax, address */
  type: string;
  application_uuid: string | null;
  /** Who signed it: 'public:<session id>' or 'staff:<id>', as application.created_by. */
  owner: string;
  signed_at: ColumnType<Date, string | undefined, never>;
  uploaded_at: ColumnType<Date | null, never, string | null>;
  /** Read from the bytes (file-type), once uploaded. */
  format: ColumnType<string | null, never, string | null>;
  size: ColumnType<number | null, never, number | null>;
  /** The template OCR recognised it as (INE, IFE, CSF, CFE, TELMEX). */
  template: ColumnType<string | null, never, string | null>;
}

export type DocumentRow = Selectable<DocumentTable>;

export interface DocumentTables {
  document: DocumentTable;
}

export const documentsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('document')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('application_uuid', 'text', (c) => c.references('application.uuid').onDelete('cascade'))
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('signed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('uploaded_at', 'timestamptz')
      .addColumn('format', 'text')
      .addColumn('size', 'integer')
      .addColumn('template', 'text')
      .addUniqueConstraint('document_bucket_key', ['bucket', 'key'])
      .execute();
    await db.schema.createIndex('document_application').on('document').columns(['application_uuid', 'uploaded_at']).execute();
    await db.schema.createIndex('document_unlinked_owner').on('document').columns(['owner']).where(sql.ref('application_uuid'), 'is', null).execute();
  },
};
