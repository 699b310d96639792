// What /correos loads: the page of messages its URL asks for (`?estado=&q=&page=`) and, with
// `&correo=<id>`, that message with its parts for the dialog. For staff holding `outbox`
// (Administrador); other staff get the refusal and no call. The URL is the page's whole state, so
// Back closes the dialog and a copied link opens the same message.
import type { MailMessage, MailMessageList } from '../../forms/contracts/mail-outbox';
import { mailPageParams, readMailPageQuery, type MailPageQuery } from '../../forms/mail-outbox-texts';
import { hasPermission } from '../../forms/staff-permissions';
import { callFailure } from '../../services/http';
import { fetchMailMessage, fetchMailMessages } from '../../services/mail-outbox';
import type { AppRuntime } from '../session/runtime';

/** The URL parameter naming the message the dialog shows. */
export const OPENED_PARAM = 'correo';

export const LOAD_FAILED = 'No fue posible cargar los correos. Intenta de nuevo.';
export const MESSAGE_FAILED = 'No fue posible cargar el correo. Intenta de nuevo.';

/** The message the dialog shows: loaded, or why not (`message` null). */
export type OpenedMail = { id: number; message: MailMessage; failure?: undefined } | { id: number; message: null; failure: string };

export type MailOutboxData =
  | { allowed: false }
  | {
      allowed: true;
      query: MailPageQuery;
      /** null: the load failed, and `failure` says why in Spanish. */
      list: MailMessageList | null;
      failure?: string;
      opened: OpenedMail | null;
    };

/** The page's URL for a query, the dialog closed. */
export const mailPageHref = (query: MailPageQuery) => {
  const search = mailPageParams(query).toString();
  return search ? `/correos?${search}` : '/correos';
};

/** The page's URL with a message's dialog open. */
export const openedHref = (query: MailPageQuery, id: number) => {
  const params = mailPageParams(query);
  params.set(OPENED_PARAM, String(id));
  return `/correos?${params.toString()}`;
};

const failureOf = (error: unknown, fallback: string) => callFailure(error).message ?? fallback;

async function loadOpened(runtime: Pick<AppRuntime, 'http'>, param: string | null): Promise<OpenedMail | null> {
  if (param === null) return null;
  const id = /^\d{1,9}$/.test(param) ? Number(param) : 0;
  try {
    return { id, message: await fetchMailMessage(runtime.http, id) };
  } catch (error) {
    return { id, message: null, failure: failureOf(error, MESSAGE_FAILED) };
  }
}

export async function loadMailOutbox({ http, session }: Pick<AppRuntime, 'http' | 'session'>, request: Request): Promise<MailOutboxData> {
  if (!hasPermission(session.getSnapshot().context.user?.roles, 'outbox')) return { allowed: false };
  const search = new URL(request.url).searchParams;
  const query = readMailPageQuery(search);
  const [list, opened] = await Promise.all([
    fetchMailMessages(http, mailPageParams(query)).catch((error: unknown) => {
      console.error('outbox load failed', error);
      return failureOf(error, LOAD_FAILED);
    }),
    loadOpened({ http }, search.get(OPENED_PARAM)),
  ]);
  return typeof list === 'string' ? { allowed: true, query, list: null, failure: list, opened } : { allowed: true, query, list, opened };
}
