// Migration 0004: the applicant's own RFC as an indexed column, so the duplicate checks do not
// read every record's JSON. Rows written before it get the RFC from their stored model.
import { sql, type Kysely, type Migration } from 'kysely';

export const applicationRfcMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('application').addColumn('rfc', 'text').execute();
    // The same key as rfcKey() in forms/rules/rfc-duplicates.ts: trimmed and upper-cased, null when empty.
    await sql`
      update application
      set rfc = nullif(upper(trim(case when tipo_persona = 'Moral' then data->'moral'->>'rfc' else data->'fisica'->>'rfc' end)), '')
    `.execute(db);
    await db.schema.createIndex('application_rfc').on('application').column('rfc').execute();
  },
};
