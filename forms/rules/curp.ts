// CURP rules (spec 01 §5, 02 §5): 18 characters, and what they imply: the birth state
// (characters 12-13), the sex (character 11) and the birth date (characters 5-10, century from character 17).
import { CURP_LENGTH } from '../limits';
import { MESSAGES } from '../messages';
import type { Sex } from '../options';
import { formatIsoDate, isCalendarDate, isEmpty } from './date';
import { CURP_BORN_ABROAD, CURP_STATE_CODES, CURP_STATES, type StateEntry } from './curp-states';

// Letters 1-4 from the names, YYMMDD, sex, state, three internal consonants, the differentiator, a check digit.
const CURP = /^[A-Z]{4}(\d{2})(\d{2})(\d{2})([HM])([A-Z]{2})[B-DF-HJ-NP-TV-Z]{3}([A-Z0-9])(\d)$/;

/** Century of the birth year: 19 when character 17 is a digit or the letter O, otherwise 20. */
export const curpCentury = (differentiator: string) => (/^[0-9O]$/.test(differentiator) ? 1900 : 2000);

export const CURP_SEX: Readonly<Record<string, Sex>> = { H: 'Masculino', M: 'Femenino' };

/** What a well-formed CURP says about its holder. */
export interface CurpFacts {
  sexo: Sex;
  /** 'YYYY-MM-DD'. */
  fecha_nacimiento: string;
  /** The birth state as the states catalogue answers it; null when born abroad (code NE). */
  estado: StateEntry | null;
  bornAbroad: boolean;
}

/** The facts of a CURP, or null when it is not a well-formed CURP. */
export function readCurp(value: unknown): CurpFacts | null {
  if (typeof value !== 'string') return null;
  const match = CURP.exec(value);
  if (!match) return null;
  const [, yy, mm, dd, sex, state, differentiator] = match;
  if (!CURP_STATE_CODES.includes(state)) return null;
  const year = curpCentury(differentiator) + Number(yy);
  if (!isCalendarDate(year, Number(mm), Number(dd))) return null;
  return {
    sexo: CURP_SEX[sex],
    fecha_nacimiento: formatIsoDate({ year, month: Number(mm), day: Number(dd) }),
    estado: state === CURP_BORN_ABROAD ? null : CURP_STATES[state],
    bornAbroad: state === CURP_BORN_ABROAD,
  };
}

/** The birth state a CURP state code names (undefined for NE or an unknown code). */
export const stateOfCurpCode = (code: string): StateEntry | undefined => CURP_STATES[code];

/** The CURP rule: null when valid, otherwise the message. */
export function checkCurp(value: unknown): string | null {
  if (isEmpty(value)) return MESSAGES.required;
  const curp = String(value);
  if (curp.length !== CURP_LENGTH) return MESSAGES.curpLength;
  return readCurp(curp) ? null : MESSAGES.curpInvalid;
}

const CURP_CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/**
 * The CURP's 18th character (RENAPO's rule): the first 17 characters weighted 18 down to 2 by
 * their place in '0-9A-NÑO-Z', the sum's distance to the next multiple of ten. Null when a
 * character is outside that alphabet or fewer than 17 are given.
 */
export function curpCheckDigit(first17: string): string | null {
  if (first17.length < 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CURP_CHECK_ALPHABET.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * (18 - i);
  }
  return String((10 - (sum % 10)) % 10);
}

/** Whether a well-formed CURP also carries its check digit. */
export const hasCurpCheckDigit = (curp: string) => readCurp(curp) !== null && curpCheckDigit(curp.slice(0, 17)) === curp[17];
