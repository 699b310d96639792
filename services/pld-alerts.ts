// The PLD alerts of ongoing monitoring (staff, permission `pld`): GET /pld/alertas lists the matches
// found when a new version of the lists was loaded, POST /pld/alertas/{id}/cierre closes one. A
// failure rejects with the axios error (callFailure in services/http.ts reads its Spanish message).
import type { AxiosInstance } from 'axios';
import type { PldAlert, PldAlertClose, PldAlertFilter, PldAlertList } from '../forms/contracts/pld-alerts';

/** The alerts of a filter, newest first, with the count of open ones whatever the filter. */
export const fetchPldAlerts = async (http: AxiosInstance, filter: PldAlertFilter): Promise<PldAlertList> =>
  (await http.get<PldAlertList>('/pld/alertas', { params: { estado: filter } })).data;

/** Closes an alert as a confirmed match or a homonym, with its reason; answers the closed alert (409 when someone closed it first). */
export const closePldAlert = async (http: AxiosInstance, id: number, body: PldAlertClose): Promise<PldAlert> =>
  (await http.post<PldAlert>(`/pld/alertas/${encodeURIComponent(String(id))}/cierre`, body)).data;
