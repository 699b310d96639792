// Schema migrations, applied in name order at start (and by every test server).
import { printCompanyMigration } from '../print/company-tables';
import { documentsMigration } from '../documents/document-tables';
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { applicationCreatedByMigration, applicationCreateKeyMigration, applicationsMigration } from '../applications/application-tables';
import { applicationRfcMigration } from '../duplicates/rfc-column-migration';
import { applicationListsMigration, applicationNameOrderMigration } from '../applications/application-lists-migration';
import { catalogueListsMigration } from '../applications/catalogue-lists-migration';
import { pldListsMigration } from '../pld/pld-tables';
import { applicationPldConfirmedMigration } from '../pld/pld-confirmed-migration';
import { pldMonitoringMigration } from '../pld/pld-alert-tables';
import { staffSessionsMigration } from '../auth/staff-session-tables';
import { mailOutboxMigration, mailResendMigration } from '../mail/mail-tables';
import { efirmaMigration } from '../efirma/efirma-tables';
import { ocrJobsMigration } from '../ocr/ocr-job-tables';
import { catalogAnswersMigration } from '../catalogs/catalog-answer-tables';

const migrations: Record<string, Migration> = {
  '0001_staff_and_settings': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('server_setting')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('staff_user')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('nombre', 'text', (c) => c.notNull())
        .addColumn('apellido_paterno', 'text', (c) => c.notNull())
        .addColumn('apellido_materno', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('franquicia', 'text', (c) => c.notNull())
        .addColumn('roles', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('staff_notification')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('staff_user_id', 'integer', (c) => c.notNull().references('staff_user.id').onDelete('cascade'))
        .addColumn('texto', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('read_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('staff_notification_unread')
        .on('staff_notification')
        .columns(['staff_user_id'])
        .where(sql.ref('read_at'), 'is', null)
        .execute();
    },
  },
  '0002_catalogs': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('catalog_country')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('clave', 'text', (c) => c.notNull().unique())
        .addColumn('iso_alpha3', 'text', (c) => c.notNull())
        .addColumn('nombre', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('catalog_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('country_id', 'integer', (c) => c.notNull())
        .addColumn('codigo', 'text', (c) => c.notNull())
        .addColumn('nombre', 'text', (c) => c.notNull())
        .addColumn('abreviatura', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('catalog_municipality')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('state_id', 'integer', (c) => c.notNull())
        .addColumn('clave', 'text', (c) => c.notNull())
        .addColumn('nombre', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('catalog_municipality_state').on('catalog_municipality').column('state_id').execute();
      await db.schema
        .createTable('catalog_settlement')
        .addColumn('postal_code', 'text', (c) => c.notNull())
        .addColumn('colonia', 'text', (c) => c.notNull())
        .addColumn('tipo_asentamiento', 'text', (c) => c.notNull())
        .addColumn('municipio', 'text', (c) => c.notNull())
        .addColumn('estado', 'text', (c) => c.notNull())
        .addColumn('ciudad', 'text', (c) => c.notNull())
        .addColumn('zona', 'text', (c) => c.notNull())
        .addColumn('state_id', 'integer', (c) => c.notNull())
        .addColumn('municipality_id', 'integer', (c) => c.notNull())
        .addColumn('settlement_code', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('catalog_settlement_pk', ['municipality_id', 'settlement_code'])
        .execute();
      await db.schema.createIndex('catalog_settlement_postal_code').on('catalog_settlement').column('postal_code').execute();
      await db.schema
        .createTable('catalog_economic_activity')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('scian_nivel', 'text', (c) => c.notNull())
        .addColumn('nombre', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('catalog_load')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('catalog', 'text', (c) => c.notNull())
        .addColumn('source_file', 'text', (c) => c.notNull())
        .addColumn('source_sha256', 'text', (c) => c.notNull())
        .addColumn('row_count', 'integer', (c) => c.notNull())
        .addColumn('loaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0003_applications': applicationsMigration,
  '0004_application_rfc': applicationRfcMigration,
  '0005_pld_lists': pldListsMigration,
  '0006_application_lists': applicationListsMigration,
  '0007_staff_sessions': staffSessionsMigration,
  '0008_application_created_by': applicationCreatedByMigration,
  '0009_no_stored_catalogue_lists': catalogueListsMigration,
  '0010_print_company': printCompanyMigration,
  '0011_documents': documentsMigration,
  '0012_application_pld_confirmada': applicationPldConfirmedMigration,
  '0013_pld_monitoring': pldMonitoringMigration,
  '0014_mail_outbox': mailOutboxMigration,
  '0015_mail_resend': mailResendMigration,
  '0016_efirma': efirmaMigration,
  '0017_ocr_jobs': ocrJobsMigration,
  '0018_catalog_answers': catalogAnswersMigration,
  '0019_application_create_key': applicationCreateKeyMigration,
  '0020_application_name_order': applicationNameOrderMigration,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
