// How values look while typed, and how they are stored: phones as 3-3-4, dates as dd/mm/aaaa,
// upper-case text, digits-only inputs, amounts grouped by thousands. Pure functions shared by the
// field kit and the before-submit transform.

/** Only the digits of a value, at most `max` of them. */
export const digitsOnly = (value: string, max = Infinity) => value.replace(/\D/g, '').slice(0, max);

/**
 * The 10 national digits of a phone: a number pasted with Mexico's country code ('+52 33 1234 5678',
 * or '+52 1 …' as mobiles were once written) loses it; otherwise the first 10 digits.
 */
function nationalDigits(value: string): string {
  const digits = digitsOnly(value);
  if (digits.length === 12 && digits.startsWith('52')) return digits.slice(2);
  if (digits.length === 13 && digits.startsWith('521')) return digits.slice(3);
  return digits.slice(0, 10);
}

/** '3312345678' → '331-234-5678' (partial input formats as far as it goes). */
export function formatPhone(value: string | null | undefined): string {
  const digits = nationalDigits(value ?? '');
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 10)].filter(Boolean);
  return parts.join('-');
}

/** '331-234-5678' → '3312345678'. */
export const stripPhone = (value: string | null | undefined) => (value ?? '').replace(/-/g, '');

export const toUpper = (value: string | null | undefined) => (value ?? '').toLocaleUpperCase('es-MX');

const DATE_PART_DIGITS = [2, 2, 4];

/**
 * A date as it is typed, shown as dd/mm/aaaa: digits fill the day, the month and the year, a slash
 * comes by itself before the digit that follows a full part, a slash (or '-', '.', a space) typed after one digit closes
 * that part ('1/2/1990'), and anything else, or a fifth digit of the year, is dropped. An ISO date
 * pasted ('1990-02-01') shows as 01/02/1990.
 */
export function formatTypedDate(value: string): string {
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(value);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const parts = [''];
  for (const char of value) {
    const last = parts.length - 1;
    if (/\d/.test(char)) {
      if (parts[last].length < DATE_PART_DIGITS[last]) parts[last] += char;
      else if (last < DATE_PART_DIGITS.length - 1) parts.push(char);
      else break;
    } else if (/[/.\-\s]/.test(char) && parts[last] !== '' && last < DATE_PART_DIGITS.length - 1) {
      parts.push('');
    }
  }
  return parts.join('/');
}

/** '$1,250,000.50' → '1250000.50': a typed number without separators, signs or spaces. */
export const stripNumber = (value: string | null | undefined) => (value ?? '').replace(/[,\s$%]/g, '');

const AMOUNT_TEXT = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * '1250000.5' → '1,250,000.50': an amount as shown while it is not being typed (without the '$',
 * which the field shows beside it). Anything that is not an amount of at most 2 decimals is shown
 * as it is, so the person sees what the error under the field is about.
 */
export function groupAmount(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  const match = AMOUNT_TEXT.exec(text);
  if (!match) return text;
  const whole = match[1]!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(match[2] ?? '').padEnd(2, '0')}`;
}
