// Numbers typed by people: amounts (0 to 9999999999.99), percentages (0 to 99) and years known
// (0 to 99), all with at most 2 decimals; employees (whole, up to 5 digits).
import { AMOUNT_MAX, EMPLOYEES_MAX_DIGITS, PERCENTAGE_MAX, YEARS_KNOWN_MAX } from '../limits';
import { MESSAGES, tooBig } from '../messages';
import { isEmpty } from './date';

export interface NumberRule {
  max: number;
  /** How the maximum is written in the 'too big' message. */
  maxText: string;
  decimals: number;
  required: boolean;
  /** How the form shows the number (a peso amount, a percentage); a plain number when absent. */
  shownAs?: 'money' | 'percentage';
}

const DECIMAL = /^-?\d+(?:\.(\d+))?$/;

export const AMOUNT_RULE: Omit<NumberRule, 'required'> = { max: AMOUNT_MAX, maxText: '9999999999.99', decimals: 2, shownAs: 'money' };
export const PERCENTAGE_RULE: Omit<NumberRule, 'required'> = { max: PERCENTAGE_MAX, maxText: String(PERCENTAGE_MAX), decimals: 2, shownAs: 'percentage' };
export const YEARS_KNOWN_RULE: Omit<NumberRule, 'required'> = { max: YEARS_KNOWN_MAX, maxText: String(YEARS_KNOWN_MAX), decimals: 2 };
const EMPLOYEES_MAX = 10 ** EMPLOYEES_MAX_DIGITS - 1;
export const EMPLOYEES_RULE: Omit<NumberRule, 'required'> = { max: EMPLOYEES_MAX, maxText: String(EMPLOYEES_MAX), decimals: 0 };

/**
 * Reads a typed number: a JS number or its decimal text ('1234.5'); null when it is not one.
 * Numbers are read through their shortest decimal text, so 0.1 + 0.2 counts as having 17 decimals.
 */
export function readDecimal(value: unknown): { number: number; decimals: number } | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  return { number: Number(text), decimals: match[1]?.length ?? 0 };
}

/** The number rule: null when valid, otherwise the message ('too big' with its maximum filled in). */
export function checkNumber(value: unknown, rule: NumberRule): string | null {
  if (isEmpty(value)) return rule.required ? MESSAGES.required : null;
  const read = readDecimal(value);
  if (!read || read.number < 0 || read.decimals > rule.decimals) return MESSAGES.invalidNumber;
  return read.number > rule.max ? tooBig(rule.maxText) : null;
}

export const checkAmount = (value: unknown, required = false) => checkNumber(value, { ...AMOUNT_RULE, required });
export const checkPercentage = (value: unknown, required = true) => checkNumber(value, { ...PERCENTAGE_RULE, required });

/** Whether the shareholders' percentages add up to exactly 100 (to the cent). */
export function percentagesTotal100(values: readonly unknown[]): boolean {
  const cents = values.reduce<number>((sum, value) => sum + Math.round((readDecimal(value)?.number ?? 0) * 100), 0);
  return cents === 100 * 100;
}
