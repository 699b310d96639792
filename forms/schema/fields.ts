// yup builders for every kind of field the spec uses. Each wraps a pure rule of forms/rules/, so
// the message logic lives in one place, and marks its kind in `meta` so the field lists and the
// before-submit transform can find phones, dates and catalogue entries.
import { boolean, mixed, number, object, string, type Schema, type TestContext } from 'yup';
import { MESSAGES, tooLong } from '../messages';
import { checkDate, isEmpty, type DateValue } from '../rules/date';
import { checkExtension, checkPhone } from '../rules/phone';
import { checkNumber, type NumberRule } from '../rules/amount';
import { checkEmail } from '../rules/email';
import { checkPostalCode } from '../rules/postal-code';

/** What a leaf schema holds, read by field-list.ts and before-submit.ts. */
export type FieldKind = 'phone' | 'date' | 'entry' | 'list' | 'data';

export const kindOf = (schema: Schema | undefined): FieldKind | undefined => (schema?.spec.meta as { kind?: FieldKind } | undefined)?.kind;

type Check = (value: unknown, context: TestContext) => string | null;

/** Adds a rule to a schema: the rule answers null or the message. Runs on empty values too. */
export function withRule<S extends Schema<any, any, any, any>>(schema: S, name: string, check: Check): S {
  return schema.test({
    name,
    skipAbsent: false,
    test(value, context) {
      const message = check(value, context);
      return message === null ? true : context.createError({ message });
    },
  }) as S;
}

/** The parent object of the value under test, `levels` up (1: the object that holds the field). */
export const ancestor = (context: TestContext, levels = 1): Record<string, unknown> | undefined =>
  (levels === 1 ? context.parent : context.from?.[levels - 1]?.value) as Record<string, unknown> | undefined;

export interface TextOptions {
  max: number;
  required?: boolean;
}

/** Free text; empty is '' (or null), required unless said otherwise. */
export const text = ({ max, required = true }: TextOptions) =>
  withRule(string().typeError(MESSAGES.invalidValue).nullable().default(''), 'text', (value) => {
    if (isEmpty(value)) return required ? MESSAGES.required : null;
    return String(value).length > max ? tooLong(max) : null;
  });

/** Required only when `when(parent, context)` holds. */
export const conditionalText = (max: number, when: (parent: Record<string, unknown>, context: TestContext) => boolean) =>
  withRule(string().typeError(MESSAGES.invalidValue).nullable().default(''), 'text', (value, context) => {
    if (isEmpty(value)) return when(context.parent ?? {}, context) ? MESSAGES.required : null;
    return String(value).length > max ? tooLong(max) : null;
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
  );

/** A date (Date from the picker or 'YYYY-MM-DD'). */
export const date = ({ required = true }: { required?: boolean } = {}) =>
  withRule(mixed<DateValue>().nullable().default(null), 'date', (value) => checkDate(value, { required })).meta({ kind: 'date' });

export const email = (invalidMessage: string = MESSAGES.invalidEmail) =>
  withRule(string().typeError(MESSAGES.invalidValue).nullable().default(''), 'email', (value) => checkEmail(value, invalidMessage));

export const flag = (initial = false) => boolean().typeError(MESSAGES.invalidValue).default(initial);

/** Data the model carries without rules (catalogue lists, PLD state…): kept as sent, never a field. */
export const data = <T extends object>(initial: T | null = null) => mixed<T>().nullable().default(initial as T).meta({ kind: 'data' });

/** The catalogue list a select was filled from (e.g. `colonia_catalogo`): kept, not a field. */
export const list = <T>() => mixed<T[]>().nullable().default(null).meta({ kind: 'list' });

// Catalogue entries (spec 01 §3): one select holds the whole entry.
const entry = <S extends Record<string, Schema<any, any, any, any>>>(shape: S) => object(shape).nullable().default(null).meta({ kind: 'entry' });

export const countryEntry = () => entry({ id_pais: number().nullable(), clave: string().nullable(), nombre: string().nullable() });
export const stateEntry = () => entry({ id_estado: number().nullable(), codigo: string().nullable(), nombre: string().nullable() });
export const municipalityEntry = () => entry({ id_municipio: number().nullable(), nombre: string().nullable() });
export const neighbourhoodEntry = () => entry({ colonia: string().nullable(), municipio: string().nullable(), estado: string().nullable() });
export const activityEntry = () => entry({ id_empresa_actividad: number().nullable(), nombre: string().nullable() });

type EntryValue = Record<string, unknown> | null | undefined;

/** A catalogue entry required (always, or when `when` holds). */
export const requiredEntry = <S extends Schema<any, any, any, any>>(schema: S, when?: (parent: Record<string, unknown>) => boolean) =>
  withRule(schema, 'required entry', (value, context) => {
    const filled = value !== null && value !== undefined && Object.values(value as EntryValue ?? {}).some((v) => !isEmpty(v));
    if (filled) return null;
    return when && !when(context.parent ?? {}) ? null : MESSAGES.required;
  });
