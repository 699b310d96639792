// Postal codes of 5 digits; a well-formed code with no neighbourhood in the catalogue is refused too.
import { POSTAL_CODE_LENGTH } from '../limits';
import { MESSAGES } from '../messages';
import { isEmpty } from './date';

const POSTAL_CODE = new RegExp(`^\\d{${POSTAL_CODE_LENGTH}}$`);

/**
 * The postal-code rule. `neighbourhoods` is the list the catalogue answered for the code
 * (`colonia_catalogo`); when it is known and empty the code is refused with '¡Revisa tu código postal!'.
 */
export function checkPostalCode(value: unknown, neighbourhoods?: readonly unknown[] | null): string | null {
  if (isEmpty(value)) return MESSAGES.required;
  if (!POSTAL_CODE.test(String(value))) return MESSAGES.postalCodeInvalid;
  if (Array.isArray(neighbourhoods) && neighbourhoods.length === 0) return MESSAGES.postalCodeNotFound;
  return null;
}
