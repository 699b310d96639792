// Dates as the form holds them (a Date from the date picker, or 'YYYY-MM-DD' as stored and sent)
// and as the spec's rules read them.
import { MESSAGES } from '../messages';

/** A date the model may hold: a Date from the date picker, or an ISO date (time part ignored). */
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

/** 'YYYY-MM-DD' of a date value, or the value itself when it is not a date (left for the rules to refuse). */
export function toIsoDate<T>(value: T): T | string {
  const date = parseDateValue(value);
  return date ? formatIsoDate(date) : value;
}

/** YYMMDD as the RFC and the CURP write a date. */
export const toYymmdd = ({ year, month, day }: CalendarDate) => `${pad(year % 100)}${pad(month)}${pad(day)}`;

export const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The date rule: required when `required`, and a real date when given. */
export function checkDate(value: unknown, { required }: { required: boolean }): string | null {
  if (isEmpty(value)) return required ? MESSAGES.required : null;
  return parseDateValue(value) ? null : MESSAGES.invalidDate;
}
