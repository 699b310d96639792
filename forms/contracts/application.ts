// The application calls of spec §7 on the wire: GET /{code}/{uuid}/{flag}, POST /{code},
// PUT /{code}/{uuid} and DELETE /wizardpm/{uuid}/avales/{guarantor}. One yup schema per shape,
// each with its inferred type: the server validates bodies with them, the browser's services and
// the wizard statechart take their types from them.
import { array, boolean, mixed, number, object, string, tuple, type InferType } from 'yup';
import { EDITABLE_LEVELS, type EditableLevel } from '../locking';
import { GUARANTORS_MAX } from '../limits';
import { pldReviewSchema } from './pld';
import { storedDocumentSchema } from './documents';
import { UUID } from './uuid';

export const WIZARD_CODES = ['wizardpf', 'wizardpfae', 'wizardpm'] as const;
/** The backing resource of a wizard (spec §7). */
export type WizardCode = (typeof WIZARD_CODES)[number];

/** An applicant model as the wire carries it; its own schema is the wizard's (forms/wizards/). */
export type Model = Record<string, unknown>;
const model = () =>
  mixed<Model>((value): value is Model => typeof value === 'object' && value !== null && !Array.isArray(value)).meta({
    openapi: { type: 'object', description: "the applicant model; its rules are its wizard's (forms/wizards/)" },
  });

export { UUID };

/** No control characters: PostgreSQL refuses a NUL in a text. */
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/** What a record is, as the server answers it with the model (`meta`). */
export const storedMetaSchema = object({
  store: boolean().required(),
  cache: boolean().required(),
  complete: boolean().required(),
  expired: boolean().required(),
  /** The furthest tab reached: kept by the server, the larger of the stored one and the one a save reached. */
  last_index: number().integer().min(0).required(),
  editable: mixed<EditableLevel>().oneOf(EDITABLE_LEVELS).required(),
  franchise: string().nullable().defined(),
  parent_uuid: string().nullable().defined(),
  version: number().integer().min(1).required(),
  /** Staff created the record: a public session reads it but cannot change it (editable 'none'). */
  staff_created: boolean().optional(),
});
export type StoredMeta = InferType<typeof storedMetaSchema>;

/** A save's meta: where the person is and what the save means (spec §7). Other keys are ignored. */
export const saveMetaSchema = object({
  /** The tab the save is made from, passed (forward) or finished on. */
  last_index: number().integer().min(0).max(20).optional(),
  /** Finishing (an applicant) or completing (a guarantor): every tab is checked. */
  complete: boolean().optional(),
  franchise: string().max(100).matches(NO_CONTROL_CHARACTERS).nullable().optional(),
  parent_uuid: string().max(36).nullable().optional(),
  /** The stored record's version; an update without it, or with a stale one, is refused. */
  version: number().integer().min(1).nullable().optional(),
  /**
   * The public applicant ticked 'Acepto' under the truthfulness statement: their finish needs it, and
   * the server records when (the model's `declaracion_aceptada`).
   */
  declaracion_aceptada: boolean().optional(),
  /** Guarantors saved before this PM was first stored, to link to it (spec 02 §2, /aval/...). */
  guarantors: array(string().max(36).required()).max(GUARANTORS_MAX).optional(),
  /** An Analista confirms finishing an application with a confirmed OFAC SDN or UN match (README "PLD outcome"). */
  confirmacion_pld: boolean().optional(),
  /**
   * A create's key, made by the browser once for the record it has not stored yet: the same create
   * sent again (a retry after an answer that never came) reaches the record the first one stored.
   */
  create_key: string().matches(UUID).nullable().optional(),
});
export type SaveMeta = InferType<typeof saveMetaSchema>;

/** POST /{code} and PUT /{code}/{uuid}: the model, its meta, and for staff the validated PLD review. */
export const saveRequestSchema = object({
  data: model().required(),
  meta: saveMetaSchema.optional(),
  /**
   * The PLD review an Analista made: any object on the way in (anyone else's is ignored), then
   * checked against pldReviewSchema for the Analista's save.
   */
  pld: mixed<Model>((value): value is Model => typeof value === 'object' && value !== null && !Array.isArray(value))
    .optional()
    .meta({ shape: pldReviewSchema }),
});
export type SaveRequest = InferType<typeof saveRequestSchema>;

/** GET /{code}/{uuid}/{flag}: the model (empty for the public once finished or expired) and its meta. */
/** The model as stored and its meta (a save's answer, and the opening's with its documents). */
const storedAnswerSchema = object({
  data: model().required(),
  meta: storedMetaSchema.required(),
});

export const loadedAnswerSchema = storedAnswerSchema.shape({
  /** The documents uploaded for it, newest first (the opening only, and only with its data). */
  documents: array(storedDocumentSchema.required()).optional(),
});
export type LoadedAnswer = InferType<typeof loadedAnswerSchema>;

/** Where the save mailed the application's resume link, the address shortened ('j…@correo.mx'); absent when it mailed none. */
const linkSentTo = () => string().optional();

/** PUT /{code}/{uuid}: the model as stored and its meta. */
export const updatedAnswerSchema = storedAnswerSchema.shape({ enlace_enviado_a: linkSentTo() });
export type UpdatedAnswer = InferType<typeof updatedAnswerSchema>;

/** POST /{code}'s second element; the first is the new record's uuid. */
export const createdExtraSchema = object({
  formatobce: object({ html: string().nullable().defined() }).required(),
  version: number().integer().min(1).required(),
  meta: storedMetaSchema.required(),
  /** The pending guarantors the save linked (only when it sent some). */
  guarantors: array(string().required()).optional(),
  enlace_enviado_a: linkSentTo(),
});
/** POST /{code}: `[uuid, { formatobce, version, meta, guarantors? }]` (spec §7's array). */
export const createdAnswerSchema = tuple([string().required(), createdExtraSchema.required()]).required();
export type CreatedAnswer = [string, InferType<typeof createdExtraSchema>];

/**
 * A guarantor as its PM's Avales tab lists it. The server gives a public session the uuid of the
 * guarantors that session created only; the others come with uuid null and cannot be opened.
 */
export const guarantorSummarySchema = object({
  uuid: string().nullable().defined(),
  /** Without its uuid, one another public session registered: the key that removes it from the PM. */
  ref: string().optional(),
  data: object({
    tipo_persona: string().optional(),
    nombre: string().optional(),
    fisica: object({ apellido_paterno: string().optional(), apellido_materno: string().optional() }).optional(),
    persona_completa: boolean().optional(),
  }).required(),
});
export type GuarantorSummary = InferType<typeof guarantorSummarySchema>;

/** DELETE /wizardpm/{uuid}/avales/{guarantor}: the PM's guarantors left. */
export const removedGuarantorAnswerSchema = object({
  message: string().required(),
  avales: array(guarantorSummarySchema.required()).required(),
});
export type RemovedGuarantorAnswer = InferType<typeof removedGuarantorAnswerSchema>;

/**
 * What the one save (services/applications.ts `saveApplication`) answers: the server's whole answer
 * with the record's uuid beside it, POST's second element (packet HTML, version, meta) or PUT's
 * model and meta.
 */
export type SaveAnswer = { uuid: string } & (UpdatedAnswer | CreatedAnswer[1]);

/** What a history line records: a save, a guarantor linked or removed, a PLD alert raised by ongoing monitoring or closed by staff, an e-mail staff sent again, the packet signed with an e.firma. */
export const HISTORY_ACTION_NAMES = ['create', 'update', 'finish', 'link', 'unlink', 'pld_alert', 'pld_alert_close', 'mail_resend', 'efirma'] as const;

/** The actor of the history lines ongoing PLD monitoring writes. */
export const PLD_MONITOR_ACTOR = 'sistema:monitoreo_pld';

/** GET /historial/{uuid}: one change of a record, oldest first (staff). */
export const historyEntrySchema = object({
  id: number().integer().required(),
  application_uuid: string().required(),
  at: string().required().meta({ openapi: { type: 'string', format: 'date-time' } }),
  /** 'public', 'staff:<id>', or 'sistema:monitoreo_pld' (ongoing PLD monitoring). */
  actor: string().required(),
  /** The staff member's full name when `actor` is one (null for the applicant, or an account since removed). */
  actor_nombre: string().nullable().defined(),
  action: mixed<(typeof HISTORY_ACTION_NAMES)[number]>().oneOf(HISTORY_ACTION_NAMES).required(),
  /** [{ path, before, after }] */
  changes: array(object({ path: string().required(), before: mixed().nullable(), after: mixed().nullable() }).required()).required(),
});
export type HistoryEntry = InferType<typeof historyEntrySchema>;
/** GET /historial/{uuid}: the record (its person type says which form labels its fields) and its latest changes. */
export const historyAnswerSchema = object({
  uuid: string().required(),
  tipo_persona: string().required(),
  nombre: string().defined(),
  entries: array(historyEntrySchema.required()).required(),
});
export type HistoryAnswer = InferType<typeof historyAnswerSchema>;
