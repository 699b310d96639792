// The staff lists of spec 01 §7 on the wire: GET /wizardpf/cache (unfinished registrations) and
// GET /wizardpf (applicants). The body is the page's array of rows; the total and the page travel in
// the X-Total-Count, X-Page and X-Page-Size headers. The query string is read by `listQuerySchema`:
// the server validates every list call with it, and the browser reads its own URL with it
// (forms/list-query.ts), so a parameter's limits and its Spanish refusal are written once.
import { boolean, mixed, number, object, string, array, ValidationError, type InferType } from 'yup';
import { EDITABLE_LEVELS, type EditableLevel } from '../locking';
import { refusal, type Refusal } from './refusal';

export type ListKind = 'unfinished' | 'applicants';

export const LIST_PAGE_SIZE = 25;
export const LIST_PAGE_SIZE_MAX = 100;
/** Far beyond any real list; it keeps the offset a small integer. */
export const LIST_PAGE_MAX = 1_000_000;
export const LIST_SEARCH_MAX = 100;

/** Person type filter: the wizard's short name and the `tipo_persona` it holds. */
export const PERSON_TYPE_FILTERS = {
  pf: 'Física',
  pfae: 'Física con actividad empresarial',
  pm: 'Moral',
} as const;
export type PersonTypeFilter = keyof typeof PERSON_TYPE_FILTERS;
const PERSON_TYPES = Object.keys(PERSON_TYPE_FILTERS) as PersonTypeFilter[];

/** Unfinished registrations: valid for 30 days after they were first filled (forms/limits.ts), expired after. */
export const UNFINISHED_STATES = ['vigente', 'expirada'] as const;
export type UnfinishedState = (typeof UNFINISHED_STATES)[number];

/** The columns a list sorts by: every list by its dates, name, type, RFC and franchise; each by its own number. */
export const LIST_SORTS = {
  unfinished: ['numero', 'nombre', 'tipo', 'rfc', 'franquicia', 'creada', 'modificada', 'vence'],
  applicants: ['folio', 'nombre', 'tipo', 'rfc', 'franquicia', 'creada', 'modificada'],
} as const;
export type ListSort = (typeof LIST_SORTS)[ListKind][number];
/** Without a choice, the last changed first. */
export const DEFAULT_LIST_SORT: ListSort = 'modificada';

export const LIST_ORDERS = ['asc', 'desc'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

const PARAMETERS: Record<ListKind, readonly string[]> = {
  unfinished: ['q', 'tipo', 'estado', 'sort', 'order', 'page', 'page_size'],
  applicants: ['q', 'tipo', 'editable', 'sort', 'order', 'page', 'page_size'],
};

export const LIST_QUERY_MESSAGES = {
  q: `La búsqueda debe ser un texto de hasta ${LIST_SEARCH_MAX} caracteres, sin caracteres de control.`,
  tipo: 'El tipo de persona debe ser pf, pfae o pm.',
  estado: 'El estado debe ser vigente o expirada.',
  editable: 'El nivel de edición debe ser all, api_fields, general_fields o none.',
  sort: (kind: ListKind) => `La columna de orden debe ser una de: ${LIST_SORTS[kind].join(', ')}.`,
  order: 'El sentido del orden debe ser asc (ascendente) o desc (descendente).',
  page: `La página debe ser un número entero entre 1 y ${LIST_PAGE_MAX}.`,
  page_size: `El tamaño de página debe ser un número entero entre 1 y ${LIST_PAGE_SIZE_MAX}.`,
  repeated: (name: string) => `El parámetro ${name} debe indicarse una sola vez.`,
  unknown: (kind: ListKind) => `La lista no reconoce uno de los parámetros; acepta: ${PARAMETERS[kind].join(', ')}.`,
};

/** What a refused list query answers: 400 with the first refused parameter's message. */
const refused = (message: string): Refusal => refusal('invalid_list_query', message);

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A parameter's one value: a query string parser gives a repeated parameter as an array (a URL's
 * `getAll` gives every one that way), and a parsed object may hold a number. Anything else is left
 * as it is for the parameter's test to refuse.
 */
function single(value: unknown): unknown {
  const one = Array.isArray(value) && value.length === 1 ? value[0] : value;
  return typeof one === 'number' ? String(one) : one;
}

/** A value trimmed, and absent (the default) when empty. */
function trimmed(value: unknown): unknown {
  const one = single(value);
  if (typeof one !== 'string') return one;
  return one.trim() === '' ? undefined : one.trim();
}

type ParameterName = 'q' | 'tipo' | 'estado' | 'editable' | 'sort' | 'order' | 'page' | 'page_size';

/**
 * One parameter: `read` turns the value as sent into the parameter's value (leaving what it cannot
 * read as it is), then a repeated parameter is refused as such, and a value `accepts` does not with
 * the parameter's message. An absent value takes the default.
 */
function parameter<T extends string | number>(
  name: ParameterName,
  read: (value: unknown) => unknown,
  accepts: (value: unknown) => boolean,
  description: string,
  openapi: object,
  text: string = LIST_QUERY_MESSAGES[name as Exclude<ParameterName, 'sort'>],
) {
  const message = refused(text);
  return mixed<T>()
    .nonNullable(message)
    .transform(read)
    .test({
      name: 'listParameter',
      test(value, context) {
        if (Array.isArray(value) && value.length > 1) return context.createError({ message: refused(LIST_QUERY_MESSAGES.repeated(name)) });
        return value === undefined || accepts(value) || context.createError({ message });
      },
    })
    .meta({ description, openapi });
}

const isSearch = (value: unknown): value is string => typeof value === 'string' && value.length <= LIST_SEARCH_MAX && !CONTROL.test(value);

/** A search: refused on its text as sent; accepted, trimmed with its spaces collapsed. */
const readSearch = (value: unknown) => {
  const text = single(value);
  return isSearch(text) ? text.trim().replace(/\s+/g, ' ') : text;
};

/** One of `options`, as text. */
const choice = <T extends string>(name: ParameterName, options: readonly T[], description: string, message?: string) =>
  parameter<T>(name, trimmed, (value) => options.includes(value as T), description, { type: 'string', enum: [...options] }, message);

/** The column a list sorts by, of those the list has. */
const sortOf = (kind: ListKind) =>
  choice<ListSort>('sort', LIST_SORTS[kind], 'the column the rows are sorted by (creada and vence: the date first filled; modificada: the last change)', LIST_QUERY_MESSAGES.sort(kind)).default(
    DEFAULT_LIST_SORT,
  );

/** A whole number from 1 to `max`, written in plain digits. */
const wholeNumber = (name: ParameterName, max: number, description: string) =>
  parameter<number>(
    name,
    (value) => {
      const text = trimmed(value);
      return typeof text === 'string' && /^\d{1,9}$/.test(text) ? Number(text) : text;
    },
    (value) => typeof value === 'number' && value >= 1 && value <= max,
    description,
    { type: 'integer', minimum: 1, maximum: max },
  );

/** Every parameter either list reads. */
const LIST_QUERY_FIELDS = {
  q: parameter<string>('q', readSearch, isSearch, 'every word in the name or RFC, in any order; or part of the RFC or uuid; case and accents ignored', {
    type: 'string',
    maxLength: LIST_SEARCH_MAX,
  }).default(''),
  tipo: choice<PersonTypeFilter>('tipo', PERSON_TYPES, 'person type'),
  estado: choice<UnfinishedState>('estado', UNFINISHED_STATES, 'vigente: first filled at most 30 days ago; expirada: earlier'),
  editable: choice<EditableLevel>('editable', EDITABLE_LEVELS, 'editable level set by the main system (none: an approved request exists)'),
  sort: sortOf('unfinished'),
  order: choice<ListOrder>('order', LIST_ORDERS, 'the direction of the sort; rows that tie keep the order of their number').default('desc'),
  page: wholeNumber('page', LIST_PAGE_MAX, 'page number, from 1').default(1),
  page_size: wholeNumber('page_size', LIST_PAGE_SIZE_MAX, 'rows per page').default(LIST_PAGE_SIZE),
};

/**
 * Only a list's own parameters reach its fields: yup looks a name up among them with `fields[name]`,
 * so a parameter named like an inherited member ('toString') would break the cast. The others are
 * refused from the value as sent.
 */
const ownParameters = (known: readonly string[]) => (value: unknown) =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(known.filter((name) => Object.hasOwn(value, name)).map((name) => [name, (value as Record<string, unknown>)[name]]))
    : value;

/**
 * The query string of a list call, and its parser: a parameter the list does not read, a repeated
 * one or a bad value is refused with its Spanish message (a refusal per parameter, the parameter's
 * name as its path; see `refusedParameters`); empty values read as absent.
 */
export function listQuerySchema(kind: ListKind) {
  const known = PARAMETERS[kind];
  // Typed as every parameter: the one a list does not read is never there, so reads as undefined.
  const fields = Object.fromEntries(
    known.map((name) => [name, name === 'sort' ? sortOf(kind) : LIST_QUERY_FIELDS[name as keyof typeof LIST_QUERY_FIELDS]]),
  ) as typeof LIST_QUERY_FIELDS;
  return object(fields)
    .transform(ownParameters(known))
    .test({
      name: 'knownParameters',
      test(_value, context) {
        const unknown = Object.keys((context.originalValue ?? {}) as object).filter((name) => !known.includes(name));
        if (unknown.length === 0) return true;
        const message = refused(LIST_QUERY_MESSAGES.unknown(kind));
        return new ValidationError(unknown.map((name) => context.createError({ path: name, message })));
      },
    });
}

/** The query string of either list as `listQuerySchema` casts it: absent filters undefined, the rest defaulted. */
export type ListQueryParameters = InferType<ReturnType<typeof listQuerySchema>>;

const described = (description: string) => ({ description });

const dateTime = (description: string) => string().meta({ description, openapi: { type: 'string', format: 'date-time' } });

/**
 * What a row carries beside the spec's fields, for the staff to read and sort by. Optional: an API
 * that answers only the spec's fields (the provider's) still fills the lists, with these blank.
 */
const rowDetails = {
  rfc: string().nullable().optional().meta(described("the applicant's own RFC")),
  franquicia: string().nullable().optional().meta(described('the franchise the record was started from')),
  fecha_creacion: dateTime('when the record was first filled').optional(),
  fecha_modificacion: dateTime('its last change').optional(),
  pld_confirmada: string().nullable().optional().meta(described("the lists of the matches staff confirmed in the PLD review ('OFAC SDN, ONU'), null when none")),
  firmada: boolean().optional().meta(described('whether its packet was signed with an e.firma (GET /{code}/firma/{uuid} lists the signatures)')),
};

/** An unfinished registration as GET /wizardpf/cache lists it. */
export const unfinishedRowSchema = object({
  id: number().integer().required(),
  uuid: string().required(),
  tipo_persona: string().required(),
  wizard_data: string().required().meta(described('JSON text: a summary of the model ({ tipo_persona, nombre, email, rfc }), never the whole model')),
  nombre: string().optional(),
  ...rowDetails,
  fecha_vencimiento: dateTime('when it stops being valid: 30 days after it was first filled').optional(),
  estado: mixed<UnfinishedState>().oneOf([...UNFINISHED_STATES]).optional().meta({ openapi: { type: 'string', enum: [...UNFINISHED_STATES] } }),
});
export type UnfinishedRow = InferType<typeof unfinishedRowSchema>;

/** A finished applicant as GET /wizardpf lists it. */
export const applicantRowSchema = object({
  nombre: string().defined(),
  email: string().defined(),
  tipo_persona: string().required(),
  id_persona_datos_generales: number().integer().nullable().defined(),
  uuid: string().required(),
  ...rowDetails,
  editable: mixed<EditableLevel>().oneOf([...EDITABLE_LEVELS]).optional().meta({ openapi: { type: 'string', enum: [...EDITABLE_LEVELS] } }),
});
export type ApplicantRow = InferType<typeof applicantRowSchema>;

export const unfinishedPageSchema = array(unfinishedRowSchema.required()).required();
export const applicantsPageSchema = array(applicantRowSchema.required()).required();

/** The paging headers of a list answer. */
export const LIST_PAGE_HEADERS = {
  'X-Total-Count': 'rows matching the search and filters, on every page',
  'X-Page': 'the page answered',
  'X-Page-Size': 'rows per page',
} as const;
