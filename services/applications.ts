// The application calls of spec §7: open by uuid, the one save (create or update), and the removal
// of a PM's guarantor. Failures reject with a CallFailure (status, Spanish message, per-field
// messages) for the wizard statechart.
import type { AxiosInstance } from 'axios';
import { beforeSubmit } from '../forms/before-submit';
import type {
  CreatedAnswer,
  LoadedAnswer,
  RemovedGuarantorAnswer,
  SaveAnswer,
  SaveRequest,
  UpdatedAnswer,
  WizardCode,
} from '../forms/contracts/application';
import type { SaveInput } from '../forms/wizard-state';
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
  failing(http.get<LoadedAnswer>(`/${code}/${encodeURIComponent(uuid)}/${flag}`).then((r) => r.data));

/** What a save sends: the model as the server takes it, the save's meta, and for staff the validated PLD review. */
export const saveRequestOf = ({ model, meta, pld }: Pick<SaveInput, 'model' | 'meta' | 'pld'>): SaveRequest => ({
  data: beforeSubmit(model),
  meta,
  ...(pld ? { pld: pld as unknown as SaveRequest['pld'] } : {}),
});

/**
 * The one save: POST /{code} while the record is not stored (answers [uuid, { formatobce, version,
 * meta }]), PUT /{code}/{uuid} once it is (answers { data, meta }). Either way the whole answer,
 * with the record's uuid beside it.
 */
export function saveApplication(http: AxiosInstance, input: SaveInput): Promise<SaveAnswer> {
  const request = saveRequestOf(input);
  if (input.uuid === null) {
    return failing(http.post<CreatedAnswer>(`/${input.code}`, request).then(({ data: [uuid, created] }) => ({ uuid, ...created })));
  }
  const uuid = input.uuid;
  return failing(http.put<UpdatedAnswer>(`/${input.code}/${encodeURIComponent(uuid)}`, request).then(({ data }) => ({ uuid, ...data })));
}

/** GET /wizardpm/{uuid}/avales/nuevo: resolves when the PM takes a new guarantor, rejects with the server's reason otherwise. */
export const checkNewGuarantor = (http: AxiosInstance, parentUuid: string): Promise<void> =>
  failing(http.get(`/wizardpm/${encodeURIComponent(parentUuid)}/avales/nuevo`).then(() => undefined));

/** DELETE /wizardpm/{uuid}/avales/{guarantor}: unlinks a guarantor from its PM; answers the PM's guarantors left. */
/** `key`: the guarantor's uuid, or the removal key the PM's answer gave for one another session registered. */
export const removeGuarantor = (http: AxiosInstance, parentUuid: string, key: string): Promise<RemovedGuarantorAnswer> =>
  failing(http.delete<RemovedGuarantorAnswer>(`/wizardpm/${encodeURIComponent(parentUuid)}/avales/${encodeURIComponent(key)}`).then((r) => r.data));
