// The query of the staff lists (unfinished registrations, applicants): search, filters, sort and
// page, read from a URL's search parameters. The server refuses a bad value with the message found
// here; the views read the same parameters from their own URL, falling back to the defaults.
import { EDITABLE_LEVELS, type EditableLevel } from './locking';

export type ListKind = 'unfinished' | 'applicants';

export const LIST_PAGE_SIZE = 25;
export const LIST_PAGE_SIZE_MAX = 100;
export const LIST_PAGE_SIZES = [25, 50, 100] as const;
/** Far beyond any real list; it keeps the offset a small integer. */
export const LIST_PAGE_MAX = 1_000_000;
export const LIST_SEARCH_MAX = 100;
/** Words of a name search past this many are ignored. */
export const LIST_SEARCH_WORDS_MAX = 6;

/** Person type filter: the wizard's short name and the `tipo_persona` it holds. */
export const PERSON_TYPE_FILTERS = {
  pf: 'Física',
  pfae: 'Física con actividad empresarial',
  pm: 'Moral',
} as const;
export type PersonTypeFilter = keyof typeof PERSON_TYPE_FILTERS;

/** Unfinished registrations: valid for 30 days after they were first filled (forms/limits.ts), expired after. */
export const UNFINISHED_STATES = ['vigente', 'expirada'] as const;
export type UnfinishedState = (typeof UNFINISHED_STATES)[number];

export const LIST_ORDERS = ['newest', 'oldest'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

export interface ListQuery {
  /** Every word in the name or RFC (any order), or part of the RFC or uuid; '' for none. */
  q: string;
  tipo: PersonTypeFilter | null;
  /** Unfinished registrations only. */
  estado: UnfinishedState | null;
  /** Applicants only: the record's editable level, set by the main system. */
  editable: EditableLevel | null;
  order: ListOrder;
  page: number;
  pageSize: number;
}

export const DEFAULT_LIST_QUERY: ListQuery = { q: '', tipo: null, estado: null, editable: null, order: 'newest', page: 1, pageSize: LIST_PAGE_SIZE };

const PARAMETERS: Record<ListKind, readonly string[]> = {
  unfinished: ['q', 'tipo', 'estado', 'order', 'page', 'page_size'],
  applicants: ['q', 'tipo', 'editable', 'order', 'page', 'page_size'],
};

export const LIST_QUERY_MESSAGES = {
  q: `La búsqueda debe ser un texto de hasta ${LIST_SEARCH_MAX} caracteres, sin caracteres de control.`,
  tipo: 'El tipo de persona debe ser pf, pfae o pm.',
  estado: 'El estado debe ser vigente o expirada.',
  editable: 'El nivel de edición debe ser all, api_fields, general_fields o none.',
  order: 'El orden debe ser newest (más recientes primero) u oldest (más antiguos primero).',
  page: `La página debe ser un número entero entre 1 y ${LIST_PAGE_MAX}.`,
  page_size: `El tamaño de página debe ser un número entero entre 1 y ${LIST_PAGE_SIZE_MAX}.`,
  repeated: (name: string) => `El parámetro ${name} debe indicarse una sola vez.`,
  unknown: (kind: ListKind) => `La lista no reconoce uno de los parámetros; acepta: ${PARAMETERS[kind].join(', ')}.`,
};

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const oneOf = <T extends string>(options: readonly T[], value: string): T | undefined => options.find((option) => option === value);

function wholeNumber(value: string, min: number, max: number): number | undefined {
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

export interface ReadListQuery {
  query: ListQuery;
  /** Per parameter, why its value was refused (that parameter then keeps its default). */
  errors: Record<string, string>;
}

/**
 * Reads a list query from URL search parameters, or from a parsed query string (a repeated
 * parameter arrives as an array). Empty values mean "no filter".
 */
export function readListQuery(kind: ListKind, input: URLSearchParams | Record<string, unknown>): ReadListQuery {
  const entries: Array<[string, unknown]> = input instanceof URLSearchParams ? [...input.keys()].map((key) => [key, input.getAll(key)]) : Object.entries(input);
  const query: ListQuery = { ...DEFAULT_LIST_QUERY };
  const errors: Record<string, string> = Object.create(null);
  for (const [name, raw] of entries) {
    if (!PARAMETERS[kind].includes(name)) {
      errors[name.slice(0, 40)] = LIST_QUERY_MESSAGES.unknown(kind);
      continue;
    }
    const values = Array.isArray(raw) ? raw : [raw];
    if (values.length > 1) {
      errors[name] = LIST_QUERY_MESSAGES.repeated(name);
      continue;
    }
    const value = typeof values[0] === 'number' ? String(values[0]) : values[0];
    if (typeof value !== 'string') {
      errors[name] = LIST_QUERY_MESSAGES[name as keyof typeof LIST_QUERY_MESSAGES] as string;
      continue;
    }
    const text = value.trim();
    if (text === '' && name !== 'q') continue;
    switch (name) {
      case 'q':
        if (value.length > LIST_SEARCH_MAX || CONTROL.test(value)) errors.q = LIST_QUERY_MESSAGES.q;
        else query.q = text.replace(/\s+/g, ' ');
        break;
      case 'tipo': {
        const tipo = oneOf(Object.keys(PERSON_TYPE_FILTERS) as PersonTypeFilter[], text);
        if (tipo) query.tipo = tipo;
        else errors.tipo = LIST_QUERY_MESSAGES.tipo;
        break;
      }
      case 'estado': {
        const estado = oneOf(UNFINISHED_STATES, text);
        if (estado) query.estado = estado;
        else errors.estado = LIST_QUERY_MESSAGES.estado;
        break;
      }
      case 'editable': {
        const level = oneOf(EDITABLE_LEVELS, text);
        if (level) query.editable = level;
        else errors.editable = LIST_QUERY_MESSAGES.editable;
        break;
      }
      case 'order': {
        const order = oneOf(LIST_ORDERS, text);
        if (order) query.order = order;
        else errors.order = LIST_QUERY_MESSAGES.order;
        break;
      }
      case 'page': {
        const page = wholeNumber(text, 1, LIST_PAGE_MAX);
        if (page !== undefined) query.page = page;
        else errors.page = LIST_QUERY_MESSAGES.page;
        break;
      }
      case 'page_size': {
        const size = wholeNumber(text, 1, LIST_PAGE_SIZE_MAX);
        if (size !== undefined) query.pageSize = size;
        else errors.page_size = LIST_QUERY_MESSAGES.page_size;
        break;
      }
    }
  }
  return { query, errors };
}

/** The search parameters of a query, defaults left out, so a link to a list reads short. */
export function listQueryParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.tipo) params.set('tipo', query.tipo);
  if (query.estado) params.set('estado', query.estado);
  if (query.editable) params.set('editable', query.editable);
  if (query.order !== DEFAULT_LIST_QUERY.order) params.set('order', query.order);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== LIST_PAGE_SIZE) params.set('page_size', String(query.pageSize));
  return params;
}

/** Whether the query narrows the list (a search or a filter), as opposed to only paging or sorting it. */
export const isFiltered = (query: ListQuery) => query.q !== '' || query.tipo !== null || query.estado !== null || query.editable !== null;

/** The last page of a list of `total` rows (1 when it is empty). */
export const lastPage = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * Accented letters and the plain letter a search treats them as. The database keeps each record's
 * name and RFC folded with the same table (migration 0006, SQL translate), so a search matches alike
 * on PGlite and PostgreSQL whatever their locale. Changing the table needs a migration that
 * recomputes that column.
 */
export const SEARCH_FOLD_FROM = 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãåéèêëíìîïóòôöõúùûüñç';
export const SEARCH_FOLD_TO = 'AAAAAAEEEEIIIIOOOOOUUUUNCAAAAAAEEEEIIIIOOOOOUUUUNC';

const FOLD = new Map([...SEARCH_FOLD_FROM].map((letter, index) => [letter, SEARCH_FOLD_TO[index]!]));

/** Upper case without accents: how a search compares text. */
export const foldForSearch = (text: string) =>
  [...text]
    .map((letter) => FOLD.get(letter) ?? letter)
    .join('')
    .toUpperCase();
