// The e-mail outbox (README, "E-mail outbox"): each message a save causes, written by the same
// statement as the save, then delivered (or, without SMTP, kept to be read on the staff page).
import { sql, type ColumnType, type Generated, type Kysely, type Migration } from 'kysely';
import type { MailKind, MailState } from '../../forms/mail-outbox-rules';

export interface MailMessageTable {
  id: Generated<number>;
  application_uuid: string;
  tipo: MailKind;
  destinatario: string;
  /** One message per application, event and address: `${uuid}:${tipo}:${address}`. */
  clave: string;
  asunto: string;
  html: string;
  texto: string;
  /** Not delivered before this moment (a reminder's, 25 days after the application was filled). */
  enviar_desde: ColumnType<Date, string | undefined, string>;
  estado: ColumnType<MailState, MailState | undefined, MailState>;
  intentos: ColumnType<number, number | undefined, number>;
  ultimo_error: string | null;
  /** Handed to the job queue (server/mail/mail-queue.ts), which delivers it when it is due. */
  encolado: ColumnType<boolean, boolean | undefined, boolean>;
  /** Times staff sent it again (migration 0015): each time it is a new job of the queue, whose id says which. */
  reenvios: ColumnType<number, number | undefined, number>;
  creado_el: ColumnType<Date, string | undefined, never>;
  enviado_el: Date | null;
}

export interface MailTables {
  mail_message: MailMessageTable;
}

export const mailOutboxMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('mail_message')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_uuid', 'text', (c) => c.notNull())
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('destinatario', 'text', (c) => c.notNull())
      .addColumn('clave', 'text', (c) => c.notNull().unique())
      .addColumn('asunto', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('texto', 'text', (c) => c.notNull())
      .addColumn('enviar_desde', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('estado', 'text', (c) => c.notNull().defaultTo('pendiente'))
      .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ultimo_error', 'text')
      .addColumn('encolado', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('creado_el', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('enviado_el', 'timestamptz')
      .execute();
    await db.schema.createIndex('mail_message_to_queue').on('mail_message').column('id').where(sql.ref('encolado'), '=', false).execute();
    await db.schema.createIndex('mail_message_application').on('mail_message').column('application_uuid').execute();
  },
};

/** Sending a message again (staff, 'Correos enviados'): how many times, so each is a job of its own. */
export const mailResendMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('mail_message').addColumn('reenvios', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
