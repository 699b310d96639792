// yup builders for every kind of field the spec uses. Each wraps a pure rule of forms/rules/, so
// the message logic lives in one place, and marks its kind in `meta` so the field lists and the
// before-submit transform can find phones, dates and catalogue entries.
import { array, boolean, mixed, number, object, setLocale, string, type Schema, type TestContext } from 'yup';
import { CATALOGUE_TEXT_MAX, KEPT_DATA_MAX_CHARS } from '../limits';
import { MESSAGES, tooLong, tooManyItems } from '../messages';
import { hasControlCharacters, tidyLine } from '../rules/text';
import { checkDate, isEmpty, type DateValue } from '../rules/date';
import { checkExtension, checkPhone } from '../rules/phone';
import { checkNumber, type NumberRule } from '../rules/amount';
import { checkEmail } from '../rules/email';
import { checkPostalCode } from '../rules/postal-code';

// Any rule without a message of its own (a value of the wrong kind, null where a list goes…) says
// '¡Valor inválido!', never yup's English default, which would also print the value back.
const INVALID = MESSAGES.invalidValue;
setLocale({
  mixed: { default: INVALID, required: MESSAGES.required, defined: INVALID, notNull: INVALID, oneOf: INVALID, notOneOf: INVALID, notType: INVALID },
  string: { length: INVALID, min: INVALID, max: INVALID, matches: INVALID, email: INVALID, url: INVALID, uuid: INVALID, datetime: INVALID, trim: INVALID, lowercase: INVALID, uppercase: INVALID },
  number: { min: INVALID, max: INVALID, lessThan: INVALID, moreThan: INVALID, positive: INVALID, negative: INVALID, integer: INVALID },
  date: { min: INVALID, max: INVALID },
  boolean: { isValue: INVALID },
  object: { noUnknown: INVALID, exact: INVALID },
  array: { min: INVALID, max: INVALID, length: INVALID },
  tuple: { notType: INVALID },
});

/** What a leaf schema holds, read by field-list.ts, before-submit.ts and the change history (forms/change-history.ts). */
export type FieldKind = 'phone' | 'date' | 'entry' | 'list' | 'data' | 'money' | 'percentage';

export const kindOf = (schema: Schema | undefined): FieldKind | undefined => (schema?.spec.meta as { kind?: FieldKind } | undefined)?.kind;

type Check = (value: unknown, context: TestContext) => string | null;

/**
 * The rule type of a refused empty value: a rule that refuses an empty field is the field's
 * requirement, whatever else it checks when the field is filled. The server excuses it on a draft's
 * tabs not reached yet (server/validation/validate-write.ts).
 */
export const REQUIRED_RULE = 'required';

/** Adds a rule to a schema: the rule answers null or the message. Runs on empty values too. */
export function withRule<S extends Schema<any, any, any, any>>(schema: S, name: string, check: Check): S {
  return schema.test({
    name,
    skipAbsent: false,
    test(value, context) {
      const message = check(value, context);
      if (message === null) return true;
      const empty = isEmpty(value) || isEmpty(context.originalValue);
      return context.createError({ message, type: empty || name === REQUIRED_RULE ? REQUIRED_RULE : name });
    },
  }) as S;
}

/** The parent object of the value under test, `levels` up (1: the object that holds the field). */
export const ancestor = (context: TestContext, levels = 1): Record<string, unknown> | undefined =>
  (levels === 1 ? context.parent : context.from?.[levels - 1]?.value) as Record<string, unknown> | undefined;

export interface TextOptions {
  max: number;
  required?: boolean;
  /** Line breaks and tabs allowed (comments). */
  multiline?: boolean;
}

/** The length and character rules of a filled text. */
const checkFilledText = (value: unknown, max: number, multiline = false) => {
  const text = String(value);
  if (text.length > max) return tooLong(max);
  return hasControlCharacters(text, multiline) ? MESSAGES.controlCharacters : null;
};

/** A one-line text is kept tidy (tidyLine): spaces typed around it or doubled between its words are not the person's data. */
const tidied = (value: unknown) => (typeof value === 'string' ? tidyLine(value) : value);

/** Free text; empty is '' (or null), required unless said otherwise; one line unless `multiline`, tidied. */
export const text = ({ max, required = true, multiline = false }: TextOptions) =>
  withRule((multiline ? string() : string().transform(tidied)).typeError(MESSAGES.invalidValue).nullable().default(''), 'text', (value) => {
    if (isEmpty(value)) return required ? MESSAGES.required : null;
    return checkFilledText(value, max, multiline);
  });

/** Required only when `when(parent, context)` holds. */
export const conditionalText = (max: number, when: (parent: Record<string, unknown>, context: TestContext) => boolean) =>
  withRule(string().transform(tidied).typeError(MESSAGES.invalidValue).nullable().default(''), 'text', (value, context) => {
    if (isEmpty(value)) return when(context.parent ?? {}, context) ? MESSAGES.required : null;
    return checkFilledText(value, max);
  });

/** One of a fixed list of options. */
export const option = (options: readonly string[], { required = true }: { required?: boolean } = {}) =>
  withRule(string().typeError(MESSAGES.invalidValue).nullable().default(''), 'option', (value) => {
    if (isEmpty(value)) return required ? MESSAGES.required : null;
    return options.includes(String(value)) ? null : MESSAGES.invalidValue;
  });

/** A phone of 10 digits, stored as typed (3-3-4 with dashes) until the before-submit transform. */
export const phone = ({ required = true }: { required?: boolean } = {}) =>
  withRule(string().typeError(MESSAGES.phoneLength).nullable().default(''), 'phone', (value) => checkPhone(value, { required })).meta({
    kind: 'phone',
  });

export const extension = () =>
  withRule(string().typeError(MESSAGES.invalidNumber).nullable().default(''), 'extension', (value) => checkExtension(value));

/**
 * A postal code of 5 digits. `catalogueKey` names the sibling list of neighbourhoods (on the object
 * that holds the address) that the catalogue answered for the code.
 */
export const postalCode = (catalogueKey?: string) =>
  withRule(string().typeError(MESSAGES.postalCodeInvalid).nullable().default(''), 'postal code', (value, context) => {
    const holder = catalogueKey ? ancestor(context, 2) : undefined;
    return checkPostalCode(value, holder?.[catalogueKey!] as unknown[] | null | undefined);
  });

/** A number as typed: '' and null are empty, text is read as a number, anything else is '¡Número inválido!'. */
export const numberBase = () =>
  number()
    .typeError(MESSAGES.invalidNumber)
    .nullable()
    .default(null)
    .transform((value, original) => (original === '' || original === null ? null : value));

/** A typed number (amount, percentage, years known, employees) under `rule`, checked on what was typed. */
export const decimal = (rule: Omit<NumberRule, 'required'>, { required = false }: { required?: boolean } = {}) =>
  conditionalDecimal(rule, () => required);

/** A number whose requirement depends on the rest of the object. */
export const conditionalDecimal = (rule: Omit<NumberRule, 'required'>, when: (parent: Record<string, unknown>) => boolean) =>
  withRule(numberBase(), 'number', (value, context) =>
    checkNumber(context.originalValue ?? value, { ...rule, required: when(context.parent ?? {}) }),
  ).meta(rule.shownAs ? { kind: rule.shownAs } : {});

/** A date: 'YYYY-MM-DD' (or a Date); the text typed into a date field while it is no date is refused. */
export const date = ({ required = true }: { required?: boolean } = {}) =>
  withRule(mixed<DateValue>().nullable().default(null), 'date', (value) =>
    // An ISO date may carry a time part, never more than that.
    typeof value === 'string' && value.length > DATE_TEXT_MAX ? MESSAGES.invalidDate : checkDate(value, { required }),
  ).meta({ kind: 'date' });

const DATE_TEXT_MAX = 30;

export const email = (invalidMessage: string = MESSAGES.invalidEmail) =>
  withRule(string().typeError(MESSAGES.invalidValue).nullable().default(''), 'email', (value) => checkEmail(value, invalidMessage));

export const flag = (initial = false) => boolean().typeError(MESSAGES.invalidValue).default(initial);

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Data the model carries without rules of its own (the PLD review, the bureau form): set by the
 * server, never taken from a body; held to an object of bounded size.
 */
export const data = <T extends object>(initial: T | null = null) =>
  withRule(mixed<T>().nullable().default(initial as T), 'kept data', (value) => {
    if (value === null || value === undefined) return null;
    if (!isPlainObject(value)) return MESSAGES.invalidValue;
    try {
      return JSON.stringify(value).length > KEPT_DATA_MAX_CHARS ? MESSAGES.invalidValue : null;
    } catch {
      return MESSAGES.invalidValue;
    }
  }).meta({ kind: 'data' });

/** A text of a catalogue entry or of data the model carries: bounded, no control characters. */
export const entryText = (max = CATALOGUE_TEXT_MAX) =>
  withRule(string().typeError(MESSAGES.invalidValue).nullable(), 'entry text', (value) => (isEmpty(value) ? null : checkFilledText(value, max)));

/** A list of `item` of at most `max` (an item of the wrong kind is '¡Valor inválido!'). */
export const boundedList = <S extends Schema<any, any, any, any>>(item: S, max: number) =>
  array(item).typeError(MESSAGES.invalidValue).max(max, tooManyItems(max));

/** The catalogue list a select was filled from (e.g. `colonia_catalogo`): not a field; its entries as the catalogue answers them. */
export const list = <S extends Schema<any, any, any, any>>(item: S, max: number) => boundedList(item, max).nullable().default(null).meta({ kind: 'list' });

// Catalogue entries (spec 01 §3): one select holds the whole entry.
const entry = <S extends Record<string, Schema<any, any, any, any>>>(shape: S) =>
  object(shape).typeError(MESSAGES.invalidValue).nullable().default(null).meta({ kind: 'entry' });
const entryId = () => number().typeError(MESSAGES.invalidValue).nullable();

export const countryEntry = () => entry({ id_pais: entryId(), clave: entryText(), nombre: entryText() });
export const stateEntry = () => entry({ id_estado: entryId(), codigo: entryText(), nombre: entryText() });
export const municipalityEntry = () => entry({ id_municipio: entryId(), nombre: entryText() });
export const neighbourhoodEntry = () => entry({ colonia: entryText(), municipio: entryText(), estado: entryText() });
export const activityEntry = () => entry({ id_empresa_actividad: entryId(), nombre: entryText() });

type EntryValue = Record<string, unknown> | null | undefined;

/** A catalogue entry required (always, or when `when` holds). */
export const requiredEntry = <S extends Schema<any, any, any, any>>(schema: S, when?: (parent: Record<string, unknown>) => boolean) =>
  withRule(schema, REQUIRED_RULE, (value, context) => {
    const filled = value !== null && value !== undefined && Object.values(value as EntryValue ?? {}).some((v) => !isEmpty(v));
    if (filled) return null;
    return when && !when(context.parent ?? {}) ? null : MESSAGES.required;
  });
