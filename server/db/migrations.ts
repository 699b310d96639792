// Schema migrations, applied in name order at start (and by every test server).
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

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
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
