// Which messages a save causes (README, "E-mail outbox"), and the statement part that writes them
// with the save: the first save of a public application (and of a guarantor) mails its resume link
// and schedules the reminder; a changed address gets both again; finishing mails the print link.
// Each message has a key (application, event, address) that is unique in the table, so the same
// event is never mailed twice to one address, whoever saves it and however often.
import { sql, type Insertable, type Kysely, type QueryCreator } from 'kysely';
import type { Database } from '../db/schema';
import { APPLICATION_VALID_MS } from '../../forms/limits';
import { fullName } from '../../forms/person-name';
import type { MailKind } from '../../forms/mail-outbox-rules';
import type { MailMessageTable } from './mail-tables';
import type { StoredWizard } from '../../forms/app-paths';
import { finishedMail, reminderMail, resumeMail, type ApplicationFacts, type MailCompany } from './mail-templates';

export interface MailSettings {
  /** MAIL_OUTBOX: off, saves queue no message (the provider mails its applicants itself). */
  enabled: boolean;
  company: MailCompany;
  /** PUBLIC_BASE_URL: where the applicant opens the links. */
  publicBaseUrl: string;
}

/** The reminder goes this long before the link expires. */
export const REMINDER_BEFORE_MS = 5 * 24 * 3600 * 1000;

type Model = Record<string, unknown>;

export interface SavedFacts {
  uuid: string;
  /** The backing resource: wizardpf, wizardpfae, wizardpm. */
  code: string;
  model: Model;
  /** The address the record had before this save; undefined on the first. */
  previousAddress: string | undefined;
  createdBy: string;
  franchise: string | null;
  /** When the application was first filled: its link is valid 30 days from then. */
  filledAt: Date;
  /** The application is finished after this save (finished now or before). */
  finished: boolean;
  /** This save finishes the application. */
  finishing: boolean;
  /** A PM's guarantors, by name, for the finished message; read only when that message is due. */
  guarantorNames?: () => Promise<string[]>;
  /** How many addresses were already sent the resume link; read only when an address changed. */
  resumeLinksSent?: () => Promise<number>;
}

/** The addresses one application can have its resume link sent to: changing it more sends no more mail (the save still goes). */
export const MAX_RESUME_ADDRESSES = 5;

/** The resume links queued for an application, oldest first, each to one address: how many went (`resumeLinksSent`) and where the first went (linkSentTo). */
export async function resumeLinksQueued(db: Kysely<Database>, uuid: string): Promise<Array<Pick<Insertable<MailMessageTable>, 'tipo' | 'destinatario'>>> {
  return db.selectFrom('mail_message').select(['tipo', 'destinatario']).where('application_uuid', '=', uuid).where('tipo', '=', 'codigo').orderBy('id').execute();
}

const addressOf = (model: Model) => String(model.email ?? '').trim();

export function wizardNameOf(code: string, model: Model): StoredWizard {
  const base = code.replace(/^wizard/, '') as 'pf' | 'pfae' | 'pm';
  return model.clasificacion === 'Obligado' ? `aval${base}` : base;
}

/**
 * The messages this save causes, rendered, each with its key. None for a record staff created (its
 * applicant cannot open it); no resume link for a finished or expired application (staff may still
 * change its address).
 */
export async function messagesFor(settings: MailSettings, saved: SavedFacts, now = new Date()): Promise<Array<Insertable<MailMessageTable>>> {
  const address = addressOf(saved.model);
  if (!settings.enabled || !address || !saved.createdBy.startsWith('public')) return [];
  const validUntil = new Date(saved.filledAt.getTime() + APPLICATION_VALID_MS);
  const addressChanged = (saved.previousAddress ?? '').trim().toLowerCase() !== address.toLowerCase();
  const resumeDue =
    addressChanged &&
    !saved.finished &&
    saved.model.persona_completa !== true &&
    validUntil > now &&
    (!saved.resumeLinksSent || (await saved.resumeLinksSent()) < MAX_RESUME_ADDRESSES);
  const finishedDue = saved.finishing && saved.model.clasificacion !== 'Obligado';
  if (!resumeDue && !finishedDue) return [];
  const facts: ApplicationFacts = {
    uuid: saved.uuid,
    wizard: wizardNameOf(saved.code, saved.model),
    franchise: saved.franchise,
    name: fullName(saved.model) || 'solicitante',
    validUntil,
    guarantors: finishedDue && saved.guarantorNames ? await saved.guarantorNames() : undefined,
  };
  const message = (tipo: MailKind, rendered: { subject: string; html: string; text: string }, sendFrom?: Date): Insertable<MailMessageTable> => ({
    application_uuid: saved.uuid,
    tipo,
    destinatario: address,
    clave: `${saved.uuid}:${tipo}:${tipo === 'finalizada' ? '' : address.toLowerCase()}`,
    asunto: rendered.subject,
    html: rendered.html,
    texto: rendered.text,
    ...(sendFrom ? { enviar_desde: sendFrom.toISOString() } : {}),
  });
  const messages: Array<Insertable<MailMessageTable>> = [];
  if (resumeDue) {
    messages.push(message('codigo', resumeMail(settings.company, settings.publicBaseUrl, facts)));
    const remindAt = new Date(validUntil.getTime() - REMINDER_BEFORE_MS);
    messages.push(message('recordatorio', reminderMail(settings.company, settings.publicBaseUrl, facts), remindAt));
  }
  if (finishedDue) messages.push(message('finalizada', finishedMail(settings.company, settings.publicBaseUrl, facts)));
  return messages;
}

/**
 * Marks cancelled the pending reminders of a record just finished or completed, its own and its
 * guarantors', so staff never see them waiting in the outbox: a finished or completed record stays
 * so, and its reminders are never due again. (An address changed is left to the delivery's check at
 * send time: the applicant may change it back.)
 */
export async function cancelRemindersOfClosed(db: Kysely<Database>, uuid: string): Promise<void> {
  await db
    .updateTable('mail_message')
    .set({ estado: 'cancelado' })
    .where('estado', '=', 'pendiente')
    .where('tipo', '=', 'recordatorio')
    .where((eb) => eb.or([eb('application_uuid', '=', uuid), eb('application_uuid', 'in', eb.selectFrom('application').select('uuid').where('parent_uuid', '=', uuid))]))
    .execute();
}

/** 'j…@correo.mx': where the resume link went, as the wizard says it (the address is not repeated whole). */
export function linkSentTo(messages: Array<Pick<Insertable<MailMessageTable>, 'tipo' | 'destinatario'>>): { enlace_enviado_a: string } | Record<string, never> {
  const address = messages.find(({ tipo }) => tipo === 'codigo')?.destinatario;
  if (!address) return {};
  const at = address.lastIndexOf('@');
  return { enlace_enviado_a: `${address.slice(0, 1)}…${address.slice(at)}` };
}

/**
 * A message as a part of the save's statement (a data-modifying CTE): written only with the row
 * `written` names (none when the save is refused), once per key.
 */
export const mailRowOf =
  (written: 'inserted' | 'updated', row: Insertable<MailMessageTable>) =>
  // The CTE's own table is not in Database: the builder is typed loosely here, as the history row's.
  (qb: QueryCreator<any>) =>
    qb
      .insertInto('mail_message')
      .columns(['application_uuid', 'tipo', 'destinatario', 'clave', 'asunto', 'html', 'texto', 'enviar_desde'])
      .expression((eb) =>
        eb
          .selectFrom(written)
          .select([
            `${written}.uuid`,
            sql<string>`${row.tipo}::text`.as('tipo'),
            sql<string>`${row.destinatario}::text`.as('destinatario'),
            sql<string>`${row.clave}::text`.as('clave'),
            sql<string>`${row.asunto}::text`.as('asunto'),
            sql<string>`${row.html}::text`.as('html'),
            sql<string>`${row.texto}::text`.as('texto'),
            row.enviar_desde ? sql<string>`${row.enviar_desde}::timestamptz`.as('enviar_desde') : sql<string>`now()`.as('enviar_desde'),
          ]),
      )
      .onConflict((oc) => oc.column('clave').doNothing());
