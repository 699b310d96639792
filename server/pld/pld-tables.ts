// The tables of the high-risk lists: each load is a version (pld_load) with, per list, the files
// it came from (pld_load_list), the entries (pld_entry) and every name and alias (pld_name).
// Entries of older versions are removed when a newer one is written.
import { sql, type ColumnType, type Generated, type Kysely, type Migration } from 'kysely';

export interface PldLoadTable {
  id: Generated<number>;
  /** A digest of the loaded files: the same files give the same version. */
  version: string;
  source_dir: string;
  loaded_at: ColumnType<Date, string | undefined, never>;
}

export interface PldLoadListTable {
  load_id: number;
  lista: string;
  source_files: string;
  source_sha256: string;
  /** The list's own date when its file carries one. */
  vintage: string | null;
  entry_count: number;
  name_count: number;
}

export interface PldEntryTable {
  load_id: number;
  id: number;
  lista: string;
  source_id: string;
  kind: string;
  nombre: string;
  rfc: string | null;
  situacion: string | null;
  /** New or changed since the load before it (migration 0013): what ongoing monitoring searches for. */
  cambiada: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface PldNameTable {
  load_id: number;
  entry_id: number;
  nombre: string;
  principal: boolean;
}

export type StoredEntry = Omit<PldEntryTable, 'load_id' | 'cambiada'> & { cambiada: boolean };

export interface PldTables {
  pld_load: PldLoadTable;
  pld_load_list: PldLoadListTable;
  pld_entry: PldEntryTable;
  pld_name: PldNameTable;
}

export const pldListsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('pld_load')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('source_dir', 'text', (c) => c.notNull())
      .addColumn('loaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('pld_load_list')
      .addColumn('load_id', 'integer', (c) => c.notNull().references('pld_load.id').onDelete('cascade'))
      .addColumn('lista', 'text', (c) => c.notNull())
      .addColumn('source_files', 'text', (c) => c.notNull())
      .addColumn('source_sha256', 'text', (c) => c.notNull())
      .addColumn('vintage', 'text')
      .addColumn('entry_count', 'integer', (c) => c.notNull())
      .addColumn('name_count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('pld_load_list_pk', ['load_id', 'lista'])
      .execute();
    await db.schema
      .createTable('pld_entry')
      .addColumn('load_id', 'integer', (c) => c.notNull())
      .addColumn('id', 'integer', (c) => c.notNull())
      .addColumn('lista', 'text', (c) => c.notNull())
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('rfc', 'text')
      .addColumn('situacion', 'text')
      .addPrimaryKeyConstraint('pld_entry_pk', ['load_id', 'id'])
      .execute();
    await db.schema
      .createTable('pld_name')
      .addColumn('load_id', 'integer', (c) => c.notNull())
      .addColumn('entry_id', 'integer', (c) => c.notNull())
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('principal', 'boolean', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pld_name_load').on('pld_name').columns(['load_id', 'entry_id']).execute();
  },
};
