// What the wizard statechart (machines/wizard.ts) keeps and decides with, as data and pure
// functions: the client meta of the record, the modals, what a save sends and how its answer is
// adopted, the tabs a person may open and the PM's guarantors.
import { canAddOrRemoveItems, type EditableLevel } from './locking';
import { fullName } from './person-name';
import type { PldCoincidences } from './pld';
import { coincidencesOf, type ReviewOutcome } from './pld-outcome';
import type { GuarantorSummary, Model, SaveAnswer, SaveMeta, StoredMeta, WizardCode } from './contracts/application';

/** The record as the wizard holds it: the server's meta, and the uuid, version and pending guarantors of this browser. */
export type WizardMeta = Omit<StoredMeta, 'version'> & {
  uuid: string | null;
  /** The stored record's version; a save sends it so a stale one is refused (null until stored). */
  version: number | null;
  /** Guarantors saved before this PM was stored, linked to it by its first save (spec 02 §2). */
  guarantors: string[];
  /** The key of this record's create, made once while it is not stored: every create sent for it carries the same (meta.create_key). */
  create_key: string | null;
};

/** A create key: a random UUID, also where crypto.randomUUID is missing (a page served over plain HTTP). */
export function newCreateKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type WizardModal =
  | { kind: 'firstUse' }
  | { kind: 'complete' }
  | { kind: 'expired' }
  | { kind: 'incorrect' }
  | { kind: 'notEditable' }
  | { kind: 'pldReview' }
  | { kind: 'finishSuccess' }
  | { kind: 'updateSuccess' }
  | { kind: 'finishGeneralDataInvalid' }
  /** `unavailable`: the finish met a service unavailable (503) or no answer, said so, and may be sent again. */
  | { kind: 'finishStoredTemporarily'; unavailable?: string }
  | { kind: 'finishForbidden'; message: string }
  | { kind: 'updateError'; unavailable?: string }
  /** `stale`: the record changed in another session since it was opened (409 'stale_version'): a reload shows it. */
  | { kind: 'saveRefused'; message: string; stale: boolean }
  /** A step's save found the service unavailable (503) or got no answer: the person may send it again. */
  | { kind: 'saveUnavailable'; message: string }
  | { kind: 'loadFailed' }
  /** A new guarantor's PM takes none: the server's reason, and the PM to go back to while it is open to this session (full, its lists locked). */
  | { kind: 'parentRefused'; message: string; parentUuid: string | null }
  | { kind: 'incompleteGuarantors'; names: string[] }
  | { kind: 'confirmGuarantorRemoval'; key: string; name: string }
  | { kind: 'guarantorFinishFailed'; parentUuid: string | null; message: string | null; unavailable?: string };

/** What a failed call tells the machine: the HTTP status and the server's Spanish message, if any. */
export interface CallFailure {
  status?: number;
  message?: string;
  /** Per-field messages of a refused write (422). */
  fieldErrors?: Record<string, string>;
  /** The refusal's code ('pld_confirmation_required', 'stale_version'…). */
  code?: string;
  /** The lists a PLD refusal names (409 'pld_confirmation_required'). */
  listas?: string[];
}

/** What the tab check is given: the tab, the values, who fills them and what the editable level locks. */
export interface TabValidationInput {
  index: number;
  values: Model;
  staff: boolean;
  editable: EditableLevel;
}

export interface TabValidation {
  valid: boolean;
  errors: Record<string, string>;
}

/** What follows the one save: the step to the target tab, the applicant's finish, or the guarantor's completion. */
export type SaveThen = 'step' | 'finish' | 'complete';

/** What the save actor is given; `pld` is the staff's validated PLD review, sent with the save (spec 01 §7). */
export interface SaveInput {
  code: WizardCode;
  /** The stored record's uuid (PUT), or null while it is not stored (POST). */
  uuid: string | null;
  model: Model;
  meta: SaveMeta;
  staff: boolean;
  pld: PldCoincidences | null;
}

/** What the wizard follows of the PLD review: whether it holds or is checking, and what it found. */
export interface PldStatus {
  busy: boolean;
  blocking: boolean;
  validated: boolean;
  found: ReviewOutcome | null;
}

export const freshMeta = (uuid: string | null, franchise: string | null, parentUuid: string | null): WizardMeta => ({
  store: false,
  cache: true,
  last_index: 0,
  editable: 'all',
  uuid,
  franchise,
  complete: false,
  expired: false,
  parent_uuid: parentUuid,
  version: null,
  guarantors: [],
  create_key: uuid === null ? newCreateKey() : null,
});

/**
 * The meta a save sends: the tab it reaches (forward, the tab left + 1; finishing or completing,
 * the tab shown, with complete; a finish, with the truthfulness statement's 'Acepto' when ticked).
 * The server keeps the furthest tab reached and answers it.
 */
export function saveMetaOf(meta: WizardMeta, current: number, then: SaveThen, statementAccepted = false): SaveMeta {
  return {
    last_index: then === 'step' ? current + 1 : current,
    ...(then === 'step' ? {} : { complete: true }),
    ...(then === 'finish' && statementAccepted ? { declaracion_aceptada: true } : {}),
    franchise: meta.franchise,
    parent_uuid: meta.parent_uuid,
    version: meta.version,
    guarantors: meta.guarantors,
    ...(meta.create_key ? { create_key: meta.create_key } : {}),
  };
}

/**
 * The record's meta once a save answered: the server's, with this record's uuid; the pending
 * guarantors are linked, and the create's key is spent (a stored record's saves carry none). A
 * provider's API (API_BASE_URL) may answer as spec §7 writes it, without meta: the record is then
 * stored, and keeps what the browser knew of it.
 */
export function adoptSavedMeta(meta: WizardMeta, saved: SaveAnswer): WizardMeta {
  const answered = (saved.meta as SaveAnswer['meta'] | undefined) ?? {
    store: true,
    complete: meta.complete,
    last_index: meta.last_index,
    editable: meta.editable,
    version: ('version' in saved ? saved.version : undefined) ?? meta.version ?? 1,
  };
  const { store, complete, last_index, editable, version } = answered;
  return { ...meta, uuid: saved.uuid, store, cache: !store, complete, last_index, editable, version, guarantors: [], create_key: null };
}

/** The model once a save answered: the stored one (PUT), or the one sent with its new uuid (POST). */
export const savedModel = (model: Model, saved: SaveAnswer): Model =>
  'data' in saved ? { ...saved.data, entidades_eliminadas: [] } : { ...model, uuid: saved.uuid, entidades_eliminadas: [] };

export const failureOf = (error: unknown): CallFailure => (error && typeof error === 'object' ? (error as CallFailure) : {});
/** A save refused with a reason the person must read (a newer version elsewhere, a record that cannot change). */
export const refusedWithReason = (failure: CallFailure) => (failure.status === 409 || failure.status === 403) && Boolean(failure.message);

/** The full name a person reads for a guarantor ('Aval sin nombre' before one is entered). */
export const guarantorName = (aval: GuarantorSummary) => fullName(aval.data) || 'Aval sin nombre';

/** A guarantor's state as the Avales tab and the review say it. */
export const guarantorState = (aval: GuarantorSummary) => (aval.data.persona_completa === true ? 'Completo' : 'Incompleto');

const guarantorsOf = (model: Model) => (Array.isArray(model.avales) ? (model.avales as GuarantorSummary[]) : []);

/** What a PM's Avales tab lists of a guarantor model. */
export function guarantorSummary(uuid: string, model: Model): GuarantorSummary {
  const fisica = (model.fisica ?? {}) as { apellido_paterno?: string; apellido_materno?: string };
  return {
    uuid,
    data: {
      tipo_persona: String(model.tipo_persona ?? ''),
      nombre: String(model.nombre ?? ''),
      fisica: { apellido_paterno: fisica.apellido_paterno ?? '', apellido_materno: fisica.apellido_materno ?? '' },
      persona_completa: model.persona_completa === true,
    },
  };
}

/** The guarantors a PM cannot finish without completing (spec 02 §4). */
export const incompleteGuarantors = (model: Model) => guarantorsOf(model).filter((aval) => aval.data?.persona_completa !== true);

interface WizardRecord {
  guarantor: boolean;
  meta: WizardMeta;
}

/** A guarantor saved before any PM is stored (/aval/...): the browser keeps it for the next PM. */
export const waitsForItsPm = (record: WizardRecord) => record.guarantor && record.meta.parent_uuid === null;

/** A PM whose editable level lets its guarantors be added and removed (spec 02 §2); guarantor wizards have none. */
export const guarantorsChangeable = (record: WizardRecord) => !record.guarantor && canAddOrRemoveItems(record.meta.editable);

/** New guarantors are added only while the PM has no general-data person id (spec 02 §2). */
export const guarantorsAddable = (record: WizardRecord & { model: Model }) => guarantorsChangeable(record) && !record.model.id_persona_datos_generales;

/** The button that saves the tab shown: 'Siguiente', or on the last tab 'Finalizar' ('Finalizar y regresar a PM' for a guarantor). */
export const saveButtonText = (isLast: boolean, guarantor: boolean) => (!isLast ? 'Siguiente' : guarantor ? 'Finalizar y regresar a PM' : 'Finalizar');

/** Stored or complete records open with every tab active; otherwise tabs up to the furthest reached. */
export function isTabActive(record: { meta: WizardMeta; tabCount: number }, index: number): boolean {
  if (index < 0 || index >= record.tabCount) return false;
  return record.meta.store || record.meta.complete || index <= record.meta.last_index;
}

/** The PLD review a staff save carries: only a validated one (a failed or pending check sends none, and the stored one stays). */
export function reviewToSave(record: { pldReviewer: boolean; pld: PldStatus }): PldCoincidences | null {
  if (!record.pldReviewer || !record.pld.validated || !record.pld.found) return null;
  return coincidencesOf(record.pld.found, true);
}
