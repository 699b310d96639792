// The company data of the printed forms (spec 02 §2), kept in the database: the two companies the
// credit-report authorisations name, and each form's code, revision and issue date. Seeded from
// configuration on the first start (server/print/company-data.ts); changed in the database after.
import type { Migration, Kysely } from 'kysely';

export interface PrintCompanyTable {
  /** 'sofom' (the configured {product} company) or 'generic'. */
  role: string;
  empresa_razon_social: string;
  empresa_razon_social_clave: string;
}

export interface PrintFormTable {
  /** One of forms/print/company.ts FORM_KEYS. */
  form_key: string;
  codigo_formato: string;
  revision: string;
  /** dd/mm/aaaa, as printed. */
  fecha_emision: string;
}

export interface PrintTables {
  print_company: PrintCompanyTable;
  print_form: PrintFormTable;
}

export const printCompanyMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('print_company')
      .addColumn('role', 'text', (c) => c.primaryKey())
      .addColumn('empresa_razon_social', 'text', (c) => c.notNull())
      .addColumn('empresa_razon_social_clave', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('print_form')
      .addColumn('form_key', 'text', (c) => c.primaryKey())
      .addColumn('codigo_formato', 'text', (c) => c.notNull())
      .addColumn('revision', 'text', (c) => c.notNull())
      .addColumn('fecha_emision', 'text', (c) => c.notNull())
      .execute();
  },
};
