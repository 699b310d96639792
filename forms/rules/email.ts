// E-mail addresses: required, up to 99 characters, a standard address, never with Ñ or ñ.
import { EMAIL_MAX } from '../limits';
import { MESSAGES, tooLong } from '../messages';
import { isEmpty } from './date';

/**
 * A domain label in punycode ('xn--and-6ma2c' is 'ñandú'): a browser's e-mail input sends a domain
 * typed with Ñ or accents so, and the address is the one the rule refuses when written as typed.
 */
const PUNYCODE_LABEL = /(?:^|[@.])xn--/i;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/**
 * The e-mail rule. `invalidMessage` is '¡El email es inválido !' on natural-person forms and
 * '¡Dirección de correo electrónico inválida!' on the legal-entity form.
 */
export function checkEmail(
  value: unknown,
  invalidMessage: string = MESSAGES.invalidEmail,
  { required = true }: { required?: boolean } = {},
): string | null {
  if (isEmpty(value)) return required ? MESSAGES.required : null;
  const email = String(value);
  if (email.length > EMAIL_MAX) return tooLong(EMAIL_MAX);
  if (/[Ññ]/.test(email) || !EMAIL.test(email) || PUNYCODE_LABEL.test(email.slice(email.indexOf('@')))) return invalidMessage;
  return null;
}
