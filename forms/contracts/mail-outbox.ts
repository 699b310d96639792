// The e-mail outbox on the wire, for staff holding `outbox` (Administrador): GET /correos lists the
// messages, newest first, a page at a time; GET /correos/{id} answers one with its HTML and text
// parts; POST /correos/{id}/reenvio sends one again (README, "E-mail outbox").
import { array, mixed, number, object, string, type InferType } from 'yup';
import { refusal } from './refusal';
import { MAIL_KINDS, MAIL_PAGE_MAX, MAIL_PAGE_SIZE, MAIL_PAGE_SIZE_MAX, MAIL_SEARCH_MAX, MAIL_STATES, type MailKind, type MailState } from '../mail-outbox-rules';

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators.
const CONTROL = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;

const queryRefusal = (message: string) => refusal('invalid_query', message);
const wholeNumber = (max: number, message: string) =>
  number()
    .typeError(queryRefusal(message))
    .integer(queryRefusal(message))
    .min(1, queryRefusal(message))
    .max(max, queryRefusal(message));

/** GET /correos: a state, a search on the address or the application's uuid, a page. */
export const mailListQuerySchema = object({
  estado: mixed<MailState>()
    .oneOf([...MAIL_STATES], queryRefusal(`estado debe ser uno de: ${MAIL_STATES.join(', ')}.`))
    .optional()
    .meta({ description: 'only the messages in this state' }),
  q: string()
    .trim()
    .max(MAIL_SEARCH_MAX, queryRefusal(`La búsqueda debe tener hasta ${MAIL_SEARCH_MAX} caracteres.`))
    // An object as `matches`' second argument is its options: the refusal goes in as the message.
    .matches(CONTROL, { message: queryRefusal('La búsqueda contiene caracteres no permitidos.') })
    .default('')
    .meta({ description: "part of the recipient's address or of the application's uuid; case ignored" }),
  page: wholeNumber(MAIL_PAGE_MAX, `La página debe ser un número entero entre 1 y ${MAIL_PAGE_MAX}.`).default(1).meta({ description: 'page number, from 1' }),
  page_size: wholeNumber(MAIL_PAGE_SIZE_MAX, `El tamaño de página debe ser un número entero entre 1 y ${MAIL_PAGE_SIZE_MAX}.`)
    .default(MAIL_PAGE_SIZE)
    .meta({ description: 'messages per page' }),
});
export type MailListQuery = InferType<typeof mailListQuerySchema>;

const dateTime = (description: string) => string().meta({ description, openapi: { type: 'string', format: 'date-time' } });

/** A message as the list shows it: everything but its parts. */
export const mailMessageRowSchema = object({
  id: number().integer().required(),
  application_uuid: string().required(),
  tipo: mixed<MailKind>().oneOf([...MAIL_KINDS]).required(),
  destinatario: string().required(),
  asunto: string().required(),
  estado: mixed<MailState>().oneOf([...MAIL_STATES]).required(),
  /** Tries since it was queued (or sent again). */
  intentos: number().integer().min(0).required(),
  /** What the SMTP server answered to the last refused try. */
  ultimo_error: string().nullable().defined(),
  /** Times staff sent it again. */
  reenvios: number().integer().min(0).required(),
  enviar_desde: dateTime('not delivered before this moment (a reminder waits for its day)').required(),
  creado_el: dateTime('when the save that caused it wrote it').required(),
  enviado_el: dateTime('when the SMTP server last took it').nullable().defined(),
});
export type MailMessageRow = InferType<typeof mailMessageRowSchema>;

/** GET /correos/{id}: the message with its two parts, as they were (or are to be) sent. */
export const mailMessageSchema = mailMessageRowSchema.shape({
  html: string().defined(),
  texto: string().defined(),
  /** The HTML part made safe to preview (server/mail/mail-preview.ts): sanitised, links as text, inline styles in data-correo-estilo. */
  html_vista: string().defined().meta({ description: 'the HTML part made safe to preview: sanitised, its links plain text, each inline style kept in data-correo-estilo' }),
});
export type MailMessage = InferType<typeof mailMessageSchema>;

export const mailMessageListSchema = object({
  /** Messages matching the state and search, on every page. */
  total: number().integer().min(0).required(),
  mensajes: array(mailMessageRowSchema.required()).required(),
});
export type MailMessageList = InferType<typeof mailMessageListSchema>;
