// The outbox as staff read it on 'Correos enviados' (permission `outbox`): the messages a page at a
// time, one with its parts, and sending one again, which puts it back in the queue as a new job
// (server/mail/mail-queue.ts jobIdOf) and writes a line in its application's history.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MailListQuery, MailMessage, MailMessageList, MailMessageRow } from '../../forms/contracts/mail-outbox';
import { canResend, RESEND_REFUSALS } from '../../forms/mail-outbox-rules';
import { resendHistoryChange } from '../../forms/mail-outbox-texts';

/** A resend refused: the message is pending or cancelled (its Spanish reason). */
export class ResendRefusedError extends Error {}

const ROW_COLUMNS = ['id', 'application_uuid', 'tipo', 'destinatario', 'asunto', 'estado', 'intentos', 'ultimo_error', 'reenvios', 'enviar_desde', 'creado_el', 'enviado_el'] as const;

const iso = (value: Date | string) => new Date(value).toISOString();

export function createMailMessages(db: Kysely<Database>) {
  const shown = <T extends { enviar_desde: Date; creado_el: Date; enviado_el: Date | null }>(row: T) => ({
    ...row,
    enviar_desde: iso(row.enviar_desde),
    creado_el: iso(row.creado_el),
    enviado_el: row.enviado_el === null ? null : iso(row.enviado_el),
  });

  return {
    /** The newest first: those in a state, whose address or application uuid holds the search (case ignored). */
    async list({ estado, q, page, page_size }: MailListQuery): Promise<MailMessageList> {
      let query = db.selectFrom('mail_message');
      if (estado) query = query.where('estado', '=', estado);
      if (q) {
        const search = q.toLowerCase();
        query = query.where((eb) => eb.or([sql<boolean>`position(${search} in lower(destinatario)) > 0`, sql<boolean>`position(${search} in application_uuid) > 0`]));
      }
      const [counted, rows] = await Promise.all([
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
        query
          .select(ROW_COLUMNS)
          .orderBy('id', 'desc')
          .limit(page_size)
          .offset((page - 1) * page_size)
          .execute(),
      ]);
      return { total: counted?.n ?? 0, mensajes: rows.map(shown) };
    },

    async find(id: number): Promise<MailMessage | undefined> {
      const row = await db
        .selectFrom('mail_message')
        .select([...ROW_COLUMNS, 'html', 'texto'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { mailPreview } = await import('./mail-preview'); // DOMPurify and its jsdom load with the first preview, not at start
      return { ...shown(row), html_vista: mailPreview(row.html) };
    },

    /**
     * Puts a sent, failed or only kept message back in the queue, as new: pending from now, no tries,
     * not yet handed over, one resend more; `actor` ('staff:<id>') signs the history line. Undefined
     * when there is no such message; ResendRefusedError for a pending or cancelled one.
     */
    async resend(id: number, actor: string): Promise<MailMessageRow | undefined> {
      const resent = await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('mail_message').select(['application_uuid', 'tipo', 'destinatario', 'estado', 'ultimo_error']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) return undefined;
        if (!canResend(before.estado)) throw new ResendRefusedError(RESEND_REFUSALS[before.estado as keyof typeof RESEND_REFUSALS]);
        const row = await trx
          .updateTable('mail_message')
          .set({ estado: 'pendiente', intentos: 0, ultimo_error: null, encolado: false, enviar_desde: sql<string>`now()`, enviado_el: null, reenvios: sql<number>`reenvios + 1` })
          .where('id', '=', id)
          .returning(ROW_COLUMNS)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('application_change')
          .values({ application_uuid: before.application_uuid, actor, action: 'mail_resend', changes: JSON.stringify([resendHistoryChange(before)]) })
          .execute();
        return row;
      });
      return resent && shown(resent);
    },
  };
}

export type MailMessages = ReturnType<typeof createMailMessages>;
