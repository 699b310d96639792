// The application calls of spec §7: open by uuid, create, update. Failures reject with a
// CallFailure (status, Spanish message, per-field messages) for the wizard statechart.
import type { AxiosInstance } from 'axios';
import type { CreatedApplication, LoadedApplication, RemovedGuarantor, UpdatedApplication, WizardMeta } from '../machines/wizard';
import type { Model, WizardCode } from '../forms/contracts/application';
import type { PldCoincidences } from '../forms/pld';
import { callFailure } from './http';

const failing = async <T>(call: Promise<T>): Promise<T> => {
  try {
    return await call;
  } catch (error) {
    throw callFailure(error);
  }
};

/** GET /{code}/{uuid}/{flag}: flag 0 for staff, 1 for the public. */
export const loadApplication = (http: AxiosInstance, code: WizardCode, uuid: string, flag: 0 | 1) =>
  failing(http.get<LoadedApplication>(`/${code}/${encodeURIComponent(uuid)}/${flag}`).then((r) => r.data));

export interface SavePayload {
  data: Model;
  meta: WizardMeta;
  /** Staff only: the validated PLD review, which the server keeps as pld_coincidences. */
  pld?: PldCoincidences;
}

/** POST /{code}: answers [uuid, { formatobce: { html }, version }]. */
export const createApplication = (http: AxiosInstance, code: WizardCode, payload: SavePayload): Promise<CreatedApplication> =>
  failing(
    http
      .post<[string, { formatobce?: { html?: string | null }; version?: number }]>(`/${code}`, payload)
      .then(({ data: [uuid, extra] }) => ({ uuid, formatobceHtml: extra?.formatobce?.html ?? null, version: extra?.version ?? 1 })),
  );

/** PUT /{code}/{uuid}: data.data is the updated model; meta.version the record's new version. */
export const updateApplication = (http: AxiosInstance, code: WizardCode, uuid: string, payload: SavePayload): Promise<UpdatedApplication> =>
  failing(
    http
      .put<{ data: Model; meta: { version: number } }>(`/${code}/${encodeURIComponent(uuid)}`, payload)
      .then((r) => ({ model: r.data.data, version: r.data.meta.version })),
  );

/** DELETE /wizardpm/{uuid}/avales/{guarantor}: unlinks a guarantor from its PM; answers the PM's guarantors left. */
export const removeGuarantor = (http: AxiosInstance, parentUuid: string, uuid: string): Promise<RemovedGuarantor> =>
  failing(
    http
      .delete<{ avales: RemovedGuarantor['avales'] }>(`/wizardpm/${encodeURIComponent(parentUuid)}/avales/${encodeURIComponent(uuid)}`)
      .then((r) => ({ avales: r.data.avales })),
  );
