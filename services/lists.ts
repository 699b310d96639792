// The staff lists of spec §7: unfinished registrations and applicants, a page at a time, and a
// record's change history.
import type { AxiosInstance } from 'axios';
import type { HistoryAnswer } from '../forms/contracts/application';
import type { ApplicantRow, UnfinishedRow } from '../forms/contracts/lists';

export interface ListPage<Row> {
  rows: Row[];
  /** Rows matching the query on every page (X-Total-Count). */
  total: number;
}

/** One page of a list; `params` are the list's search parameters (forms/list-query.ts). An API that answers no total has listed everything. */
async function fetchPage<Row>(http: AxiosInstance, path: string, params: URLSearchParams): Promise<ListPage<Row>> {
  const response = await http.get<Row[]>(path, { params });
  const total = Number(response.headers['x-total-count'] ?? Number.NaN);
  return { rows: response.data, total: Number.isSafeInteger(total) && total >= 0 ? total : response.data.length };
}

export const fetchUnfinished = (http: AxiosInstance, params: URLSearchParams) => fetchPage<UnfinishedRow>(http, '/wizardpf/cache', params);
export const fetchApplicants = (http: AxiosInstance, params: URLSearchParams) => fetchPage<ApplicantRow>(http, '/wizardpf', params);
export const fetchHistory = async (http: AxiosInstance, uuid: string) => (await http.get<HistoryAnswer>(`/historial/${encodeURIComponent(uuid)}`)).data;
