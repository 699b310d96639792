// The duplicate-RFC calls of spec §7. Each answers the count of other records with the RFC
// (0: no duplicate); a failure rejects with the axios error, for the caller to decide.
import type { AxiosInstance } from 'axios';

export interface GuarantorRfcQuery {
  /** The parent application's uuid for a guarantor; empty for a client. */
  parentuuid: string;
  uuid: string;
  rfc: string;
  clasificacion: 'Aval' | 'Cliente';
}

/** POST /persons/fbrfc (staff): other clients with the applicant model's RFC (fisica.rfc, or moral.rfc for a PM). */
export const countClientsWithRfc = async (http: AxiosInstance, model: Record<string, unknown>): Promise<number> =>
  (await http.post<{ count: number }>('/persons/fbrfc', model)).data.count;

/** POST /wizardpm/avalfbrfc: other records of the same application (its guarantors and the parent) with the RFC. */
export const countApplicationRfc = async (http: AxiosInstance, query: GuarantorRfcQuery): Promise<number> =>
  (await http.post<{ count: number }>('/wizardpm/avalfbrfc', query)).data.count;
