// Dates as the form holds them ('YYYY-MM-DD' as stored and sent, or the text typed while it is not
// a date), as the date field shows them (dd/mm/aaaa) and as the spec's rules read them.
import { MESSAGES } from '../messages';

/** A date the model may hold: an ISO date (time part ignored), a Date, or text that is no date (refused). */
export type DateValue = Date | string;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** Whether year-month-day names a real day of the Gregorian calendar. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** The calendar day of a value, or null when it is empty or not a valid date. Dates read in local time. */
export function parseDateValue(value: unknown): CalendarDate | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return { year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() };
  }
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isCalendarDate(year, month, day) ? { year, month, day } : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' of a calendar day. */
export const formatIsoDate = ({ year, month, day }: CalendarDate) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

const TYPED_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const TYPED_YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** The day, month and year of a typed text, as digits, in either order it may be typed. */
function typedParts(text: string): [string, string, string] | null {
  const dayFirst = TYPED_DATE.exec(text);
  if (dayFirst) return [dayFirst[1], dayFirst[2], dayFirst[3]];
  const yearFirst = TYPED_YEAR_FIRST.exec(text);
  return yearFirst && [yearFirst[3], yearFirst[2], yearFirst[1]];
}

/**
 * A date typed as d/m/aaaa (one or two digits for the day and the month) or year first as aaaa-m-d,
 * or null when it is no real day.
 */
export function parseTypedDate(text: string): CalendarDate | null {
  const parts = typedParts(text);
  if (!parts) return null;
  const [day, month, year] = parts.map(Number);
  return isCalendarDate(year, month, day) ? { year, month, day } : null;
}

/** 'dd/mm/aaaa' of a date value, as the date field shows it; '' when it is empty or not a date. */
export function toShownDate(value: unknown): string {
  const date = parseDateValue(value);
  return date ? `${pad(date.day)}/${pad(date.month)}/${pad(date.year, 4)}` : '';
}

/** The earliest date any date field takes (spec 01 §5 gives none; a birth or founding date before it is a typing slip). */
export const EARLIEST_DATE = '1900-01-01';

/** Today, 'YYYY-MM-DD' in local time: the latest date any date field takes (births, hirings and foundations are past). */
export function todayIsoDate(): string {
  const now = new Date();
  return formatIsoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/**
 * The day `years` years before today, 'YYYY-MM-DD' (29 February falls back to the 28th). An empty
 * birth date's calendar opens on the month of the youngest adult's birth (ADULT_AGE years ago)
 * instead of this month, where no applicant was born.
 */
export function yearsAgoIsoDate(years: number, today = new Date()): string {
  const day = new Date(today.getFullYear() - years, today.getMonth(), today.getDate());
  if (day.getMonth() !== today.getMonth()) day.setDate(0);
  return formatIsoDate({ year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate() });
}

/** The age of majority in Mexico (Código Civil Federal, art. 646): who can sign a credit. */
export const ADULT_AGE = 18;

/** 'YYYY-MM-DD' of a date value, or the value itself when it is not a date (left for the rules to refuse). */
export function toIsoDate<T>(value: T): T | string {
  const date = parseDateValue(value);
  return date ? formatIsoDate(date) : value;
}

/** YYMMDD as the RFC and the CURP write a date. */
export const toYymmdd = ({ year, month, day }: CalendarDate) => `${pad(year % 100)}${pad(month)}${pad(day)}`;

export const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The date rule: required when `required`, and when given a real day from EARLIEST_DATE to today. */
export function checkDate(value: unknown, { required }: { required: boolean }): string | null {
  if (isEmpty(value)) return required ? MESSAGES.required : null;
  const date = parseDateValue(value);
  if (!date) return MESSAGES.invalidDate;
  const iso = formatIsoDate(date);
  return iso < EARLIEST_DATE || iso > todayIsoDate() ? MESSAGES.invalidDate : null;
}
