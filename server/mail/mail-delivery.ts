// Delivering one outbox message (README, "E-mail outbox"): what the queue's job runs for a message
// id. It is idempotent: a message no longer pending is left as it is. A reminder whose application
// was finished, expired or moved to another address is cancelled instead of sent. Without an SMTP
// server configured the message is kept, marked 'sin_smtp', to be read on the staff page.
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { isExpired } from '../applications/application-expiry';
import type { MailState } from '../../forms/mail-outbox-rules';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per outbox message and resend, so a receiver can tell a repeated delivery (after a crash mid-send) from a new message. */
  messageId: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Messages sent at once, each on its own pooled SMTP connection. */
export const SMTP_CONNECTIONS = 5;

/** SMTP through nodemailer: `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465`; connections are kept and reused. */
export function smtpTransport(url: string): MailTransport {
  // Bounded waits: a stalled server fails the try (and pg-boss tries again later) instead of holding the queue.
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: Infinity,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send({ from, to, subject, html, text, messageId }) {
      // One recipient, given as an address object: nothing in it is read as another header or address.
      await transporter.sendMail({ from, to: { name: '', address: to }, subject, html, text, messageId, disableFileAccess: true, disableUrlAccess: true });
    },
    close: () => transporter.close(),
  };
}

/**
 * A reminder is due while its application waits for its applicant: not finished, not expired, still
 * at that address; a guarantor's, while it is not completed and its PM not finished.
 */
async function reminderStillDue(db: Kysely<Database>, uuid: string, address: string): Promise<boolean> {
  const application = await db
    .selectFrom('application')
    .select(['complete', 'filled_at', 'email', 'parent_uuid', sql<string | null>`data->>'persona_completa'`.as('persona_completa')])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!application || application.complete || isExpired(application)) return false;
  if (application.email.trim().toLowerCase() !== address.toLowerCase()) return false;
  if (application.persona_completa === 'true') return false;
  if (!application.parent_uuid) return true;
  const parent = await db.selectFrom('application').select('complete').where('uuid', '=', application.parent_uuid).executeTakeFirst();
  return !parent?.complete;
}

/** The tries a message gets before it is marked failed. */
export const MAX_ATTEMPTS = 5;

export class DeliveryRefusedError extends Error {}

/**
 * Delivers the message `id` through `transport` (null: none configured). Answers what became of
 * it; throws DeliveryRefusedError when the SMTP server refused and another try is due.
 */
export async function deliverMessage(db: Kysely<Database>, transport: MailTransport | null, from: string, id: number): Promise<MailState> {
  const message = await db.selectFrom('mail_message').selectAll().where('id', '=', id).executeTakeFirst();
  if (!message) return 'cancelado';
  if (message.estado !== 'pendiente') return message.estado;
  const mark = (estado: MailState, extra: { ultimo_error?: string | null; sent?: boolean; tried?: boolean } = {}) =>
    db
      .updateTable('mail_message')
      .set({
        estado,
        ...(extra.ultimo_error !== undefined ? { ultimo_error: extra.ultimo_error } : {}),
        ...(extra.tried ? { intentos: sql<number>`intentos + 1` } : {}),
        ...(extra.sent ? { enviado_el: sql<Date>`now()` } : {}),
      })
      .where('id', '=', id)
      .where('estado', '=', 'pendiente')
      .execute();

  if (message.tipo === 'recordatorio' && !(await reminderStillDue(db, message.application_uuid, message.destinatario))) {
    await mark('cancelado');
    return 'cancelado';
  }
  if (!transport) {
    await mark('sin_smtp');
    return 'sin_smtp';
  }
  try {
    // A resend is a new message to the receiver (one that drops repeated Message-IDs would drop it): its count is in the id.
    const resend = message.reenvios > 0 ? `-${message.reenvios}` : '';
    const messageId = `<solicitud-correo-${message.id}${resend}@${message.application_uuid}>`;
    await transport.send({ from, to: message.destinatario, subject: message.asunto, html: message.html, text: message.texto, messageId });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const last = message.intentos + 1 >= MAX_ATTEMPTS;
    await mark(last ? 'fallido' : 'pendiente', { ultimo_error: reason.slice(0, 500), tried: true });
    if (last) return 'fallido';
    throw new DeliveryRefusedError(reason);
  }
  await mark('enviado', { sent: true, tried: true, ultimo_error: null });
  return 'enviado';
}
