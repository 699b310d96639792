// The duplicate-RFC calls of spec §7. Each answers the count of other records with the RFC
// (0: no duplicate); a failure rejects with the axios error, for the caller to decide.
import type { AxiosInstance } from 'axios';
import { fromPromise } from 'xstate';
import type { GuarantorRfcQuery } from '../forms/rules/rfc-duplicates';

/** POST /persons/fbrfc (staff): other clients with the applicant model's RFC (fisica.rfc, or moral.rfc for a PM). */
export const countClientsWithRfc = async (http: AxiosInstance, model: Record<string, unknown>): Promise<number> =>
  (await http.post<{ count: number }>('/persons/fbrfc', model)).data.count;

/** POST /wizardpm/avalfbrfc: other records of the same application (its guarantors and the parent) with the RFC. */
export const countApplicationRfc = async (http: AxiosInstance, query: GuarantorRfcQuery): Promise<number> =>
  (await http.post<{ count: number }>('/wizardpm/avalfbrfc', query)).data.count;

/** The 'count clients with rfc' actor of machines/rfc-duplicate-check. */
export const defineCountClientsWithRfcActor = ({ http }: { http: AxiosInstance }) =>
  fromPromise<number, Record<string, unknown>>(({ input }) => countClientsWithRfc(http, input));

/** The 'count application rfc' actor of machines/rfc-duplicate-check. */
export const defineCountApplicationRfcActor = ({ http }: { http: AxiosInstance }) =>
  fromPromise<number, GuarantorRfcQuery>(({ input }) => countApplicationRfc(http, input));
