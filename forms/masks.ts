// How values look while typed, and how they are stored: phones as 3-3-4, dates as dd/mm/aaaa,
// upper-case text, digits-only inputs, amounts grouped by thousands. Pure functions shared by the
// field kit and the before-submit transform.

/** Only the digits of a value, at most `max` of them. */
export const digitsOnly = (value: string, max = Infinity) => value.replace(/\D/g, '').slice(0, max);

/** Mexico's country code, as a phone may be written before its 10 national digits ('+52 33 1234 5678'). */
const COUNTRY_CODE = '52';

/**
 * The '1' mobiles were once dialled with after the country code ('+52 1 33…'): no Mexican area code
 * starts with 1 (nor 0), so after '+52' a 1 is that prefix, never the number's first digit.
 */
const OLD_MOBILE_PREFIX = '1';

/** A phone written from '+' ('+52 …', '(+52) …', 'Tel: +52 …'): its country code comes first. */
const startsInternational = (value: string) => /^\D*\+/.test(value);

/**
 * Whether a phone's digits start with Mexico's country code: written from '+' ('+52 33 1234 5678'),
 * or without it as 12 digits, or 13 with the old mobile prefix ('52 1 33 1234 5678'). 12 digits
 * '52 1…' are the code, the prefix and a number one digit short, not a number starting with 1.
 */
function hasCountryCode(value: string, digits: string): boolean {
  if (!digits.startsWith(COUNTRY_CODE)) return false;
  if (startsInternational(value)) return true;
  return digits.length === 12 || (digits.length === 13 && digits.startsWith(OLD_MOBILE_PREFIX, COUNTRY_CODE.length));
}

/**
 * The prefixes dialled before a national number until 2019 (long distance '01', mobiles '044' and
 * '045'), still written in old address books: no area code starts with 0, so before 10 digits they
 * are that prefix.
 */
const OLD_DIALLING_PREFIXES = ['01', '044', '045'];

/**
 * The 10 national digits of a phone: a number pasted with Mexico's country code (and the '1' mobiles
 * were once written with), or typed after '+52', loses it; so does one pasted with an old dialling
 * prefix ('01 33 1234 5678', '044 33…'); otherwise the first 10 digits.
 */
function nationalDigits(value: string): string {
  const digits = digitsOnly(value);
  const prefix = OLD_DIALLING_PREFIXES.find((start) => digits.length === start.length + 10 && digits.startsWith(start));
  if (prefix) return digits.slice(prefix.length);
  if (!hasCountryCode(value, digits)) return digits.slice(0, 10);
  const start = digits.startsWith(OLD_MOBILE_PREFIX, COUNTRY_CODE.length) ? COUNTRY_CODE.length + 1 : COUNTRY_CODE.length;
  return digits.slice(start, start + 10);
}

/**
 * '3312345678' → '331-234-5678' (partial input formats as far as it goes). A '+' typed first stays,
 * with the country code as far as it is typed ('+', '+5', '+52', '+52 1' with the old mobile prefix),
 * until the first national digit, which the code then gives way to: typed one key at a time,
 * '+52 33…' would otherwise be kept as the digits 5, 2, 3, 3…. Typed without '+', 11 digits from
 * '52' stay as typed until the 12th or 13th shows whether they held the code.
 */
export function formatPhone(value: string | null | undefined): string {
  const text = value ?? '';
  const typedCode = digitsOnly(text);
  if (startsInternational(text) && COUNTRY_CODE.startsWith(typedCode)) return `+${typedCode}`;
  if (startsInternational(text) && typedCode === COUNTRY_CODE + OLD_MOBILE_PREFIX) return `+${COUNTRY_CODE} ${OLD_MOBILE_PREFIX}`;
  // 11 digits from '52', typed without '+': the country code, not yet the whole number after it.
  // Shown as they are, the next keys make the 12 or 13 digits that lose the code; cut to 10, the
  // field would show '52 1 55 1234 5678' typed one key at a time as a valid-looking 521-551-2345.
  if (typedCode.length === 11 && typedCode.startsWith(COUNTRY_CODE) && !startsInternational(text)) return typedCode;
  const digits = nationalDigits(text);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 10)].filter(Boolean);
  return parts.join('-');
}

/**
 * Whether the phone field refuses an edit (a key typed, a short paste) that turns what it shows
 * (`shown`) into `typed`: one that gives it more than 10 digits, which would push a digit out, as
 * a full field refuses a key. Digits added at the end of digits from '52' are taken: they may be the
 * country code typed without '+', which formatPhone drops once the number after it is whole; so
 * is a digit typed over another there.
 */
export function refusesPhoneEdit(shown: string, typed: string): boolean {
  const before = digitsOnly(shown);
  const after = digitsOnly(typed);
  if (after.length <= 10) return false;
  // More than 10 digits show as typed only from '52' (formatPhone); there, an edit that adds none
  // (a digit typed over another) or adds them at the end loses nothing.
  if (!after.startsWith(COUNTRY_CODE)) return true;
  return !(after.length <= before.length || after.startsWith(before));
}

/** An edit of the phone field: its text after a key, where the caret is, and the key's `InputEvent.inputType`. */
export interface PhoneEdit {
  text: string;
  caret: number;
  inputType?: string;
}

/** The phone field after an edit: the text it shows, and where its caret goes (null: where the browser left it, at the end). */
export interface TypedPhone {
  text: string;
  caret: number | null;
}

/**
 * The phone field after a key changed what it showed (`shown`) into `edit.text`. A key it refuses
 * (refusesPhoneEdit) leaves the text as it was, the caret where the key's edit began. A dash
 * deleted alone (Backspace after it, Delete before it) takes the digit beside it: the mask would
 * put the dash back, and the key would do nothing. The caret stays after the digits it was after
 * (the country code the mask drops is not counted), so a digit mended inside the number is not
 * followed by the next one typed at the end; at the end, it stays at the end.
 */
export function typePhone(shown: string, edit: PhoneEdit): TypedPhone {
  let { text: typed, caret } = edit;
  if (typed.length === shown.length - 1 && digitsOnly(typed) === digitsOnly(shown)) {
    if (edit.inputType === 'deleteContentBackward' && caret > 0) {
      typed = typed.slice(0, caret - 1) + typed.slice(caret);
      caret -= 1;
    } else if (edit.inputType === 'deleteContentForward') {
      typed = typed.slice(0, caret) + typed.slice(caret + 1);
    }
  }
  if (refusesPhoneEdit(shown, typed)) return { text: shown, caret: editStart(shown, edit) };
  const text = formatPhone(typed);
  if (caret >= typed.length) return { text, caret: null };
  const typedDigits = digitsOnly(typed);
  const keptDigits = digitsOnly(text);
  const dropped = typedDigits.endsWith(keptDigits) ? typedDigits.length - keptDigits.length : 0;
  return { text, caret: afterDigits(text, Math.max(0, digitsOnly(typed.slice(0, caret)).length - dropped)) };
}

/**
 * Where an edit began in the text it changed: the text after the caret is the text's own end, and
 * the edit starts no later than the first character it changed (a selection replaced, or a key typed).
 */
function editStart(shown: string, { text, caret }: PhoneEdit): number {
  let same = 0;
  while (same < shown.length && same < text.length && shown[same] === text[same]) same++;
  return Math.max(0, Math.min(same, caret, shown.length - (text.length - caret)));
}

/** The position in `text` just after its `count`-th digit (its start for none, its end past the last). */
function afterDigits(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) if (/\d/.test(text[i]!) && ++seen === count) return i + 1;
  return text.length;
}

/** '331-234-5678' → '3312345678'. */
export const stripPhone = (value: string | null | undefined) => (value ?? '').replace(/-/g, '');

export const toUpper = (value: string | null | undefined) => (value ?? '').toLocaleUpperCase('es-MX');

/** The parts of a typed date: dd/mm/aaaa, or year first (aaaa-mm-dd) once the text starts that way. */
const DAY_FIRST = { digits: [2, 2, 4], joiner: '/' } as const;
const YEAR_FIRST = { digits: [4, 2, 2], joiner: '-' } as const;

/** What separates the parts of a typed date: '/', '-', '.' or a space. */
const DATE_SEPARATOR = /[/.\-\s]/;

/**
 * A date as it is typed, shown as dd/mm/aaaa: digits fill the day, the month and the year, a slash
 * comes by itself before the digit that follows a full part, a slash (or '-', '.', a space) typed after one digit closes
 * that part ('1/2/1990'), and anything else, or a fifth digit of the year, is dropped. An ISO date
 * pasted ('1990-02-01') shows as 01/02/1990. A text that starts with four digits and a separator
 * ('1990-', '1990/02/01' pasted; see typeDate) is typed year first: aaaa-mm-dd the same way, shown
 * as dd/mm/aaaa once whole. Spaces before a pasted date are no part of it (after one, a space typed
 * is a separator like any other).
 */
export function formatTypedDate(typed: string): string {
  const value = typed.trimStart();
  const iso = /^(\d{4})-(\d{2})-(\d{2})\s*$/.exec(value);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const layout = /^\d{4}[/.\-\s]/.test(value) ? YEAR_FIRST : DAY_FIRST;
  const parts = [''];
  for (const char of value) {
    const last = parts.length - 1;
    if (/\d/.test(char)) {
      if (parts[last].length < layout.digits[last]) parts[last] += char;
      else if (last < layout.digits.length - 1) parts.push(char);
      else break;
    } else if (DATE_SEPARATOR.test(char) && parts[last] !== '' && last < layout.digits.length - 1) {
      parts.push('');
    }
  }
  const [year, month = '', day = ''] = parts;
  if (layout === YEAR_FIRST && month.length === 2 && day.length === 2) return `${day}/${month}/${year}`;
  return parts.join(layout.joiner);
}

/**
 * A date field's text while it is typed, and whether a slash it shows was typed (or pasted, or came
 * with a date the field showed) rather than put in by the mask: only four digits the mask split
 * ('20/15') followed by a '-' are a date typed year first.
 */
export interface TypedDate {
  text: string;
  separatorTyped: boolean;
}

const countOf = (text: string, pattern: RegExp) => [...text].filter((char) => pattern.test(char)).length;

/** A whole date as the field shows it: its slashes are the date's, whoever put them there. */
const WHOLE_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

/**
 * The date field after an edit: `raw` is the input's text once a key or a paste has changed `shown`.
 * A '-' right after four digits typed without a separator (shown '20/15', the slash the mask's) turns
 * the date year first, '2015-' (a paste of '-02-01' there too); after a slash the person typed
 * ('20/11' typed so, then '-') it stays day first, '20/11/'.
 */
export function typeDate(shown: TypedDate, raw: string): TypedDate {
  const yearFirst = !shown.separatorTyped && /^\d{2}\/\d{2}$/.test(shown.text) && raw.startsWith(`${shown.text}-`);
  const text = formatTypedDate(yearFirst ? shown.text.replace('/', '') + raw.slice(shown.text.length) : raw);
  const aSeparatorAdded = countOf(raw.trimStart(), DATE_SEPARATOR) > countOf(shown.text, DATE_SEPARATOR);
  const aSlashKept = shown.separatorTyped && shown.text.includes('/');
  return { text, separatorTyped: text.includes('/') && (aSeparatorAdded || aSlashKept || WHOLE_DATE.test(text)) };
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
