// What an outbox message can be and what staff may do with it (README, "E-mail outbox"): its kinds
// and states, which ones may be sent again, and the bounds of the staff list. Read by the wire
// contract (forms/contracts/mail-outbox.ts), the server and the 'Correos enviados' page.

/** What a message is for: the resume link, its reminder before expiry, the finished application. */
export const MAIL_KINDS = ['codigo', 'recordatorio', 'finalizada'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * pendiente: waiting for its time or for delivery; enviado: the SMTP server took it; fallido: it
 * refused every try; sin_smtp: kept only, no SMTP server configured; cancelado: no longer due (a
 * reminder after the application was finished, expired or its address changed).
 */
export const MAIL_STATES = ['pendiente', 'enviado', 'fallido', 'sin_smtp', 'cancelado'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** The states a message may be sent again from: it was delivered, refused for good, or only kept. */
const RESENDABLE: readonly MailState[] = ['enviado', 'fallido', 'sin_smtp'];
export const canResend = (estado: MailState) => RESENDABLE.includes(estado);

/** What a refused resend says (409): a pending message is on its way, a cancelled one no longer due. */
export const RESEND_REFUSALS: Record<Exclude<MailState, 'enviado' | 'fallido' | 'sin_smtp'>, string> = {
  pendiente: 'Este correo todavía está pendiente de envío; no se puede enviar de nuevo hasta que termine.',
  cancelado: 'Este correo fue cancelado porque ya no corresponde enviarlo; no se puede enviar de nuevo.',
};

export const MAIL_PAGE_SIZE = 25;
export const MAIL_PAGE_SIZE_MAX = 100;
export const MAIL_SEARCH_MAX = 100;
/** Far beyond any real list; it keeps the offset a small integer. */
export const MAIL_PAGE_MAX = 1_000_000;

/**
 * What the preview of a message's HTML part never holds (server/mail/mail-preview.ts makes it, the
 * page's frame checks it again): no forms, style sheets, frames or document settings, no inline
 * style (the app's CSP refuses it: the preview keeps each element's in `styleAttribute`, applied
 * through the CSSOM), no link target.
 */
export const MAIL_PREVIEW = {
  forbiddenTags: ['form', 'input', 'button', 'select', 'textarea', 'style', 'link', 'meta', 'base', 'iframe', 'object', 'embed'],
  forbiddenAttributes: ['style', 'href', 'srcset', 'action', 'formaction', 'background', 'target'],
  styleAttribute: 'data-correo-estilo',
};

/**
 * What CSS can fetch or reach with: url() and the functions that take an image as a bare string or
 * refer to another element (image-set() and its -webkit- name, image(), cross-fade(), element(),
 * src()), @import, and IE's expression(). Each is refused also with spaces before its "(", which
 * CSS would not read as a call: refusing more costs only a look.
 */
const FETCHING = /(?:url|image-set|image|cross-fade|element|src|expression)\s*\(|@import/i;

/**
 * An inline style without the declarations that could fetch something, as the preview keeps it (the
 * server) and applies it (the page). A declaration with a backslash or a comment is left out whole:
 * CSS reads `\75rl(` and `u\rl(` as `url(` once unescaped, and a comment can split what a pattern
 * looks for, so neither is read here; a message's look does not need them.
 */
export function keptStyle(style: string): string {
  return style
    .split(';')
    .filter((declaration) => declaration.trim() !== '' && !declaration.includes('\\') && !declaration.includes('/*') && !FETCHING.test(declaration))
    .join(';');
}
