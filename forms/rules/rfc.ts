// RFC rules (spec 01 §5, 02 §5): 13 characters for natural persons (four letters, birth date
// YYMMDD, three alphanumerics) and 12 for legal entities (three letters, constitution date YYMMDD,
// three alphanumerics), each checked against its date when the date is known.
import { RFC_LENGTH_COMPANY, RFC_LENGTH_PERSON } from '../limits';
import { MESSAGES } from '../messages';
import { isCalendarDate, isEmpty, parseDateValue, toYymmdd } from './date';

// Ñ is a letter of the Spanish alphabet and appears in real RFCs; '&' appears in company RFCs.
const PERSON_RFC = /^([A-ZÑ]{4})(\d{2})(\d{2})(\d{2})([A-Z0-9]{3})$/;
const COMPANY_RFC = /^([A-ZÑ&]{3})(\d{2})(\d{2})(\d{2})([A-Z0-9]{3})$/;

export type RfcKind = 'person' | 'company';

export const rfcLength = (kind: RfcKind) => (kind === 'person' ? RFC_LENGTH_PERSON : RFC_LENGTH_COMPANY);

/** Whether YYMMDD is a day that exists in some century (29 February needs a leap year: 00 counts as 2000). */
function isPlausibleYymmdd(yy: string, mm: string, dd: string) {
  const year = Number(yy);
  return isCalendarDate(2000 + year, Number(mm), Number(dd)) || isCalendarDate(1900 + year, Number(mm), Number(dd));
}

/**
 * The RFC rule: null when valid, otherwise the spec's message. `date` is the birth date (person)
 * or the constitution date (company); when it is empty or invalid only the format is checked.
 */
export function checkRfc(kind: RfcKind, value: unknown, date?: unknown): string | null {
  const [length, lengthMessage, mismatchMessage, pattern] =
    kind === 'person'
      ? [RFC_LENGTH_PERSON, MESSAGES.rfcLength13, MESSAGES.rfcBirthDateMismatch, PERSON_RFC]
      : [RFC_LENGTH_COMPANY, MESSAGES.rfcLength12, MESSAGES.rfcConstitutionDateMismatch, COMPANY_RFC];
  if (isEmpty(value)) return MESSAGES.required;
  const rfc = String(value);
  if (rfc.length !== length) return lengthMessage;
  const match = pattern.exec(rfc);
  if (!match) return mismatchMessage;
  const [, , yy, mm, dd] = match;
  if (!isPlausibleYymmdd(yy, mm, dd)) return mismatchMessage;
  const known = parseDateValue(date);
  if (known && toYymmdd(known) !== `${yy}${mm}${dd}`) return mismatchMessage;
  return null;
}

/** RFC of a natural person (13) against the birth date. */
export const checkPersonRfc = (value: unknown, birthDate?: unknown) => checkRfc('person', value, birthDate);

/** RFC of a legal entity (12) against the constitution date. */
export const checkCompanyRfc = (value: unknown, constitutionDate?: unknown) => checkRfc('company', value, constitutionDate);

const RFC_CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/**
 * The RFC's last character (the SAT's homoclave check digit): the first 12 characters (a company's
 * 11 after a space) weighted 13 down to 2 by their place in '0-9A-N&O-Z Ñ', then 11 minus the
 * remainder of 11 ('A' for 10, '0' for none). Null when a character is outside that alphabet.
 */
export function rfcCheckDigit(withoutDigit: string): string | null {
  const body = withoutDigit.length === 11 ? ` ${withoutDigit}` : withoutDigit;
  if (body.length !== 12) return null;
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const value = RFC_CHECK_ALPHABET.indexOf(body[i]!);
    if (value < 0) return null;
    sum += value * (13 - i);
  }
  const remainder = sum % 11;
  if (remainder === 0) return '0';
  return remainder === 1 ? 'A' : String(11 - remainder);
}

/** Whether a well-formed RFC (13 for a person, 12 for a company) also carries its check digit. */
export function hasRfcCheckDigit(rfc: string): boolean {
  const kind: RfcKind = rfc.length === RFC_LENGTH_PERSON ? 'person' : 'company';
  return checkRfc(kind, rfc) === null && rfcCheckDigit(rfc.slice(0, -1)) === rfc.slice(-1);
}
