// The staff lists of spec §7: unfinished registrations and applicants, a page at a time, and a
// record's change history.
import type { AxiosInstance } from 'axios';

export interface UnfinishedRecord {
  id: number;
  uuid: string;
  tipo_persona: string;
  /** A summary of the model as JSON text (it holds tipo_persona too). */
  wizard_data: string;
}

export interface ApplicantSummary {
  nombre: string;
  email: string;
  tipo_persona: string;
  id_persona_datos_generales: number | null;
  uuid: string;
}

export interface RecordChange {
  id: number;
  at: string;
  actor: string;
  action: 'create' | 'update' | 'finish' | 'link' | 'unlink';
  changes: Array<{ path: string; before: unknown; after: unknown }> | string;
}

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

export const fetchUnfinished = (http: AxiosInstance, params: URLSearchParams) => fetchPage<UnfinishedRecord>(http, '/wizardpf/cache', params);
export const fetchApplicants = (http: AxiosInstance, params: URLSearchParams) => fetchPage<ApplicantSummary>(http, '/wizardpf', params);
export const fetchHistory = async (http: AxiosInstance, uuid: string) =>
  (await http.get<RecordChange[]>(`/historial/${encodeURIComponent(uuid)}`)).data;
