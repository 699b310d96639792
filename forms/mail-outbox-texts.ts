// What the 'Correos enviados' page and the change history say of an outbox message
// (forms/contracts/mail-outbox.ts): its kind and state in Spanish, the list's count, and what a
// resend says. Texts only: nothing here is HTML.
import type { MailMessageRow } from './contracts/mail-outbox';
import { MAIL_PAGE_MAX, MAIL_SEARCH_MAX, MAIL_STATES, type MailKind, type MailState } from './mail-outbox-rules';

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  codigo: 'Enlace para continuar',
  recordatorio: 'Recordatorio',
  finalizada: 'Solicitud finalizada',
};

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  pendiente: 'Pendiente',
  enviado: 'Enviado',
  fallido: 'Fallido',
  sin_smtp: 'No enviado: sin SMTP configurado',
  cancelado: 'Cancelado',
};

/** A message's state as staff read it: a failed one with the SMTP server's reason ('Fallido: 550 …'). */
export function mailStateText({ estado, ultimo_error }: Pick<MailMessageRow, 'estado' | 'ultimo_error'>): string {
  return estado === 'fallido' && ultimo_error ? `Fallido: ${ultimo_error}` : MAIL_STATE_LABELS[estado];
}

/** '1 correo', '1,204 correos'. */
export const mailCountText = (total: number) => (total === 1 ? '1 correo' : `${total.toLocaleString('es-MX')} correos`);

/** What an empty list says, with or without a state or search. */
export const noMailText = (filtered: boolean) => (filtered ? 'Ningún correo coincide con el estado o la búsqueda.' : 'Todavía no hay correos.');

/** Announced once a message is back in the queue. */
export const resentText = (destinatario: string) => `El correo a ${destinatario} se enviará de nuevo en unos segundos.`;

/** The change history's line of a resend: what the message was, and what became of it. */
export const resendHistoryChange = (message: Pick<MailMessageRow, 'tipo' | 'destinatario' | 'estado' | 'ultimo_error'>) => ({
  path: 'correo',
  before: `${MAIL_KIND_LABELS[message.tipo]} a ${message.destinatario}: ${mailStateText(message)}`,
  after: 'Enviado de nuevo',
});

/** The page's URL state: a state, a search, a page (bad values read as their defaults). */
export interface MailPageQuery {
  estado: MailState | null;
  q: string;
  page: number;
}

export function readMailPageQuery(search: URLSearchParams): MailPageQuery {
  const page = Number(search.get('page'));
  return {
    estado: MAIL_STATES.find((state) => state === search.get('estado')) ?? null,
    q: (search.get('q') ?? '').trim().slice(0, MAIL_SEARCH_MAX),
    page: Number.isInteger(page) && page >= 1 && page <= MAIL_PAGE_MAX ? page : 1,
  };
}

/** The query string of the page and of GET /correos (whose page size is MAIL_PAGE_SIZE): defaults left out. */
export function mailPageParams({ estado, q, page }: MailPageQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (estado) params.set('estado', estado);
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return params;
}
