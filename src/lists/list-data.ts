// What the two list routes load: the page their URL asks for. The URL is the list's whole state
// (search, filters, order, page), so Back, Forward and a copied link show the same page.
import type { AxiosInstance } from 'axios';
import { redirect } from 'react-router-dom';
import { lastPage, listQueryParams, readListQuery, type ListQuery } from '../../forms/list-query';
import type { ApplicantRow, ListKind, UnfinishedRow } from '../../forms/contracts/lists';
import { fetchApplicants, fetchUnfinished } from '../../services/lists';

export interface ListPageData<Row> {
  rows: Row[];
  total: number;
  /** The query these rows answer (bad values in the URL read as their defaults). */
  query: ListQuery;
}

/** The link to a list with this query. */
export const listHref = (pathname: string, query: ListQuery) => {
  const search = listQueryParams(query).toString();
  return search ? `${pathname}?${search}` : pathname;
};

async function loadPage<Row>(kind: ListKind, request: Request, fetch: (params: URLSearchParams) => Promise<{ rows: Row[]; total: number }>): Promise<ListPageData<Row>> {
  const url = new URL(request.url);
  const { query } = readListQuery(kind, url.searchParams);
  try {
    const { rows, total } = await fetch(listQueryParams(query));
    // A page past the end (the list shrank, or an old link): show the last one instead.
    if (rows.length === 0 && query.page > lastPage(total, query.pageSize)) throw redirect(listHref(url.pathname, { ...query, page: lastPage(total, query.pageSize) }));
    return { rows, total, query };
  } catch (error) {
    if (error instanceof Response) throw error;
    // List load failures are only logged (spec 01 §8).
    console.error('list load failed', error);
    return { rows: [], total: 0, query };
  }
}

export const loadUnfinished = (http: AxiosInstance, request: Request): Promise<ListPageData<UnfinishedRow>> =>
  loadPage('unfinished', request, (params) => fetchUnfinished(http, params));

export const loadApplicants = (http: AxiosInstance, request: Request): Promise<ListPageData<ApplicantRow>> =>
  loadPage('applicants', request, (params) => fetchApplicants(http, params));
