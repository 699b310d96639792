// Staff sessions: one row per sign-in. The sign-in cookie and every staff bearer token issued from it
// carry the row's id (`sid`); a request is served only while the row is live (not ended, not expired)
// and its account exists and is not disabled, so sign-out and disabling take effect at the next request.
import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';

export interface StaffSessionTable {
  id: string;
  staff_user_id: number;
  created_at: ColumnType<Date, string | undefined, never>;
  expires_at: ColumnType<Date, string, never>;
  ended_at: ColumnType<Date | null, never, string>;
}

export const staffSessionsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('staff_user').addColumn('disabled_at', 'timestamptz').execute();
    await db.schema
      .createTable('staff_session')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('staff_user_id', 'integer', (c) => c.notNull().references('staff_user.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ended_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('staff_session_user').on('staff_session').column('staff_user_id').execute();
  },
};
