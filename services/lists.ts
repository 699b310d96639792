// The staff lists of spec §7: unfinished registrations and applicants, and a record's change history.
import type { AxiosInstance } from 'axios';

export interface UnfinishedRecord {
  id: number;
  uuid: string;
  tipo_persona: string;
  /** The model as JSON text (it holds tipo_persona too). */
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

export const fetchUnfinished = async (http: AxiosInstance) => (await http.get<UnfinishedRecord[]>('/wizardpf/cache')).data;
export const fetchApplicants = async (http: AxiosInstance) => (await http.get<ApplicantSummary[]>('/wizardpf')).data;
export const fetchHistory = async (http: AxiosInstance, uuid: string) =>
  (await http.get<RecordChange[]>(`/historial/${encodeURIComponent(uuid)}`)).data;
