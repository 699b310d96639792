// Phones of 10 digits (shown as 3-3-4 with dashes: the digits are what is checked) and extensions
// of up to 9 digits (spec 01 §9, 02 §5). A number starting with 0 or 1 is none: every Mexican area
// code starts with 2 to 9 (a 0 or 1 first is an old dialling prefix kept, or a slip).
import { EXTENSION_MAX_DIGITS, PHONE_LENGTH } from '../limits';
import { MESSAGES, tooBig } from '../messages';
import { stripPhone } from '../masks';
import { isEmpty } from './date';

const PHONE = new RegExp(`^\\d{${PHONE_LENGTH}}$`);

/** The phone rule; an optional phone may be empty but must have 10 digits when given, the first of them 2 to 9. */
export function checkPhone(value: unknown, { required }: { required: boolean }): string | null {
  if (isEmpty(value)) return required ? MESSAGES.required : null;
  const digits = stripPhone(String(value));
  if (!PHONE.test(digits)) return MESSAGES.phoneLength;
  return /^[01]/.test(digits) ? MESSAGES.phoneFirstDigit : null;
}

/** The extension rule: optional, digits only, at most 9 of them. */
export function checkExtension(value: unknown): string | null {
  if (isEmpty(value)) return null;
  const text = String(value);
  if (!/^\d+$/.test(text)) return MESSAGES.invalidNumber;
  return text.length <= EXTENSION_MAX_DIGITS ? null : tooBig('9'.repeat(EXTENSION_MAX_DIGITS));
}
