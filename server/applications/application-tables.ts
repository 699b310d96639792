// The application records and their change history: table types and their migration.
import { sql, type ColumnType, type Generated, type Kysely, type Migration, type Selectable } from 'kysely';
import type { HISTORY_ACTION_NAMES } from '../../forms/contracts/application';

export interface ApplicationTable {
  /** The unfinished-records list numbers rows by it. */
  id: Generated<number>;
  uuid: string;
  /** wizardpf, wizardpfae, wizardpm */
  code: string;
  tipo_persona: string;
  clasificacion: string;
  parent_uuid: string | null;
  nombre: string;
  email: string;
  /** The applicant's own RFC as the duplicate checks compare it (trimmed, upper case); migration 0004. */
  rfc: string | null;
  /** Given when the application is finished; the applicants list shows finished ones. */
  id_persona_datos_generales: number | null;
  /** The whole model as JSON text (a json column costs less than jsonb on every save). */
  data: ColumnType<unknown, string, string>;
  last_index: number;
  store: ColumnType<boolean, boolean | undefined, boolean>;
  complete: boolean;
  editable: ColumnType<string, string | undefined, string>;
  franchise: string | null;
  /** When the application was first filled: it is valid for 30 calendar days from then. */
  filled_at: ColumnType<Date, string | undefined, never>;
  updated_at: ColumnType<Date, string | undefined, string>;
  /** Bumped on every write; a write made from an older version is refused. */
  version: ColumnType<number, number | undefined, number>;
  /** Who created it: 'public:<session id>', 'staff:<id>', or 'public' for a public session before sessions had ids (migration 0008). */
  created_by: ColumnType<string, string | undefined, never>;
  /** The lists of the matches staff confirmed in its PLD review ('OFAC SDN, ONU'), null when none; written at each save (migration 0012). */
  pld_confirmada: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The key the creating browser sent with its first save (meta.create_key, migration 0019): the same
   * create sent again by the same creator (a retry after an answer that never arrived) finds this
   * record instead of storing a second one. Null for records created without one.
   */
  create_key: ColumnType<string | null, string | null | undefined, never>;
}

export interface ApplicationChangeTable {
  id: Generated<number>;
  application_uuid: string;
  at: ColumnType<Date, string | undefined, never>;
  /** 'public', 'staff:<id>', or 'sistema:monitoreo_pld' for ongoing PLD monitoring */
  actor: string;
  /** link / unlink: a guarantor joined to or removed from its parent; pld_alert / pld_alert_close: a PLD alert raised or closed; mail_resend: an e-mail staff sent again; efirma: the packet signed with an e.firma. */
  action: (typeof HISTORY_ACTION_NAMES)[number];
  /** [{ path, before, after }] */
  changes: ColumnType<unknown, string, never>;
}

export type Application = Selectable<ApplicationTable>;
export type ApplicationChange = Selectable<ApplicationChangeTable>;

export const applicationsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`create sequence persona_datos_generales_seq`.execute(db);
    await db.schema
      .createTable('application')
      .addColumn('id', 'serial', (c) => c.unique())
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('tipo_persona', 'text', (c) => c.notNull())
      .addColumn('clasificacion', 'text', (c) => c.notNull())
      .addColumn('parent_uuid', 'text', (c) => c.references('application.uuid').onDelete('cascade'))
      .addColumn('nombre', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('id_persona_datos_generales', 'integer', (c) => c.unique())
      .addColumn('data', 'json', (c) => c.notNull())
      .addColumn('last_index', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('store', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('complete', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('editable', 'text', (c) => c.notNull().defaultTo('all'))
      .addColumn('franchise', 'text')
      .addColumn('filled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('application_complete').on('application').columns(['complete', 'updated_at']).execute();
    await db.schema.createIndex('application_parent').on('application').column('parent_uuid').execute();
    await db.schema
      .createTable('application_change')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_uuid', 'text', (c) => c.notNull().references('application.uuid').onDelete('cascade'))
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('changes', 'json', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('application_change_by_record').on('application_change').columns(['application_uuid', 'id']).execute();
  },
};

/** Records remember who created them, back-filled from each record's first history row. */
export const applicationCreatedByMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('application').addColumn('created_by', 'text', (c) => c.notNull().defaultTo('public')).execute();
    await sql`
      update application set created_by = first.actor
      from (select distinct on (application_uuid) application_uuid, actor from application_change order by application_uuid, id) as first
      where first.application_uuid = application.uuid and first.actor like 'staff:%'
    `.execute(db);
  },
};

/**
 * A create can be sent again without storing a second record: the key its browser made, unique per
 * creator (migration 0019). A retry after a 503 or a lost answer whose statement had committed finds
 * the record it stored.
 */
export const applicationCreateKeyMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('application').addColumn('create_key', 'uuid').execute();
    await db.schema.createIndex('application_create_key').on('application').columns(['created_by', 'create_key']).unique().where(sql.ref('create_key'), 'is not', null).execute();
  },
};
