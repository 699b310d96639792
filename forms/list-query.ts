// The query of the staff lists (unfinished registrations, applicants) as the views and the server
// use it: search, filters, sort and page. It is read from a URL's search parameters, or from the query
// string the server parsed, by the contract's schema (forms/contracts/lists.ts): the server refuses a
// bad value with the schema's message; the views read their own URL with it, a bad value falling back
// to its default.
import { ValidationError } from 'yup';
import { listQuerySchema, type ListKind, type ListOrder, type ListQueryParameters, type ListSort, type PersonTypeFilter, type UnfinishedState } from './contracts/lists';
import { isRefusal, refusedParameters } from './contracts/refusal';
import type { EditableLevel } from './locking';

export const LIST_PAGE_SIZES = [25, 50, 100] as const;
/** Words of a name search past this many are ignored. */
export const LIST_SEARCH_WORDS_MAX = 6;

export interface ListQuery {
  /** Every word in the name or RFC (any order), or part of the RFC or uuid; '' for none. */
  q: string;
  tipo: PersonTypeFilter | null;
  /** Unfinished registrations only. */
  estado: UnfinishedState | null;
  /** Applicants only: the record's editable level, set by the main system. */
  editable: EditableLevel | null;
  /** The column the rows are sorted by, and its direction. */
  sort: ListSort;
  order: ListOrder;
  page: number;
  pageSize: number;
}

/** The query of the parameters the contract's schema read (defaults included): an absent filter is null. */
export const toListQuery = (parameters: ListQueryParameters): ListQuery => ({
  q: parameters.q,
  tipo: parameters.tipo ?? null,
  estado: parameters.estado ?? null,
  editable: parameters.editable ?? null,
  sort: parameters.sort,
  order: parameters.order,
  page: parameters.page,
  pageSize: parameters.page_size,
});

/** No search, no filter, the first page: the schema's defaults. */
export const DEFAULT_LIST_QUERY: ListQuery = toListQuery(listQuerySchema('unfinished').cast({}));

export interface ReadListQuery {
  query: ListQuery;
  /** Per parameter, why its value was refused (that parameter then keeps its default). */
  errors: Record<string, string>;
}

/**
 * Reads a list query from URL search parameters, or from a parsed query string (a repeated
 * parameter arrives as an array), with the contract's schema. Empty values mean "no filter".
 */
export function readListQuery(kind: ListKind, input: URLSearchParams | Record<string, unknown>): ReadListQuery {
  const parameters: Record<string, unknown> = input instanceof URLSearchParams ? Object.fromEntries([...new Set(input.keys())].map((key) => [key, input.getAll(key)])) : input;
  const schema = listQuerySchema(kind);
  const errors: Record<string, string> = Object.create(null);
  try {
    return { query: toListQuery(schema.validateSync(parameters, { abortEarly: false })), errors };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const [name, message] of refusedParameters(error, parameters)) errors[name] = isRefusal(message) ? message.message : String(message);
  }
  // Read again without the refused parameters, which keep their defaults.
  const accepted = Object.fromEntries(Object.entries(parameters).filter(([name]) => Object.hasOwn(schema.fields, name) && !(name in errors)));
  return { query: toListQuery(schema.validateSync(accepted)), errors };
}

/** The search parameters of a query, defaults left out, so a link to a list reads short. */
export function listQueryParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.tipo) params.set('tipo', query.tipo);
  if (query.estado) params.set('estado', query.estado);
  if (query.editable) params.set('editable', query.editable);
  if (query.sort !== DEFAULT_LIST_QUERY.sort) params.set('sort', query.sort);
  if (query.order !== DEFAULT_LIST_QUERY.order) params.set('order', query.order);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_LIST_QUERY.pageSize) params.set('page_size', String(query.pageSize));
  return params;
}

const DATE_SORTS = new Set<ListSort>(['creada', 'modificada', 'vence', 'numero', 'folio']);

/** Whether a sort is by a date or a number, first shown newest or highest first. */
export const isDateSort = (sort: ListSort) => DATE_SORTS.has(sort);

/** The same list sorted by `sort`: a column chosen again turns its direction; a new one starts descending (dates newest first) or ascending (texts A to Z). */
export function sortedBy(query: ListQuery, sort: ListSort): ListQuery {
  return query.sort === sort ? { ...query, order: query.order === 'asc' ? 'desc' : 'asc', page: 1 } : withSort(query, sort);
}

/** The same list sorted by `sort` in its first direction: dates newest first, texts A to Z. */
export const withSort = (query: ListQuery, sort: ListSort): ListQuery => ({ ...query, sort, order: isDateSort(sort) ? 'desc' : 'asc', page: 1 });

/** Whether the query narrows the list (a search or a filter), as opposed to only paging or sorting it. */
export const isFiltered = (query: ListQuery) => query.q !== '' || query.tipo !== null || query.estado !== null || query.editable !== null;

/** The last page of a list of `total` rows (1 when it is empty). */
export const lastPage = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * Accented letters and the plain letter a search treats them as. The database keeps each record's
 * name and RFC folded with the same table (migrations 0006 and 0020, SQL translate, each with its
 * own copy written out), so a search matches alike on PGlite and PostgreSQL whatever their locale.
 * Changing the table needs a migration that redefines those columns (tests/unit/list-query.test.ts
 * checks the two agree).
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
