// The duplicate-RFC rules (spec 01 §5, 02 §5 'Duplicates and PLD'): where a model keeps its RFC,
// how two RFCs are compared, and which of the two checks apply. Shared by the browser and the server.
import { MESSAGES } from '../messages';
import { checkRfc, type RfcKind } from './rfc';

type Model = Record<string, unknown>;

const child = (model: Model, key: string) => {
  const value = model[key];
  return value && typeof value === 'object' ? (value as Model) : undefined;
};

/** The form of an RFC two records are compared by: trimmed and upper-cased. */
export const rfcKey = (value: unknown): string => (typeof value === 'string' ? value.trim().toLocaleUpperCase('es-MX') : '');

/** The kind of RFC a model carries: 12 characters for a legal entity (Moral), 13 otherwise. */
export const rfcKindOf = (model: Model): RfcKind => (model.tipo_persona === 'Moral' ? 'company' : 'person');

/** Where the model's own RFC lives: `moral.rfc` for a legal entity, `fisica.rfc` for a natural person. */
export const RFC_PATH: Record<RfcKind, { rfc: string; date: string }> = {
  person: { rfc: 'fisica.rfc', date: 'fisica.fecha_nacimiento' },
  company: { rfc: 'moral.rfc', date: 'informacion_fiscal.fecha_constitucion' },
};

const at = (model: Model, path: string): unknown => {
  const [parent, key] = path.split('.');
  return child(model, parent)?.[key];
};

/** The model's own RFC as compared (empty when it has none). A model without a person type uses whichever RFC it has. */
export function modelRfc(model: Model): string {
  if (model.tipo_persona === undefined || model.tipo_persona === null || model.tipo_persona === '') {
    return rfcKey(at(model, RFC_PATH.company.rfc)) || rfcKey(at(model, RFC_PATH.person.rfc));
  }
  return rfcKey(at(model, RFC_PATH[rfcKindOf(model)].rfc));
}

export interface DuplicateChecks {
  rfc: string;
  /** The staff check against every client's RFC (POST /persons/fbrfc). */
  clients: boolean;
  /** The check against the guarantors of the same application (POST /wizardpm/avalfbrfc). */
  guarantors: boolean;
}

export interface DuplicateCheckContext {
  /** A staff session (the client check is for staff only). */
  staff: boolean;
  /** The uuid of the guarantor's parent application, when the model is a guarantor of a stored one. */
  parentUuid?: string | null;
}

/**
 * Which duplicate checks the RFC at `kind`'s path takes, or null for none: only an RFC of full
 * length that passes its own rule is checked; the client check is for staff, the check within the
 * application for any guarantor (Obligado) of a stored parent and for a client already stored.
 */
export function duplicateChecksFor(kind: RfcKind, model: Model, { staff, parentUuid = null }: DuplicateCheckContext): DuplicateChecks | null {
  const value = at(model, RFC_PATH[kind].rfc);
  if (checkRfc(kind, value, at(model, RFC_PATH[kind].date)) !== null) return null;
  const guarantors = model.clasificacion === 'Obligado' ? Boolean(parentUuid) : Boolean(model.uuid);
  if (!staff && !guarantors) return null;
  return { rfc: rfcKey(value), clients: staff, guarantors };
}

/** The body of POST /wizardpm/avalfbrfc: other records of the same application with the RFC. */
export interface GuarantorRfcQuery {
  /** The parent application's uuid for a guarantor; empty for a client. */
  parentuuid: string;
  uuid: string;
  rfc: string;
  clasificacion: 'Aval' | 'Cliente';
}

/** The calls one duplicate check makes, and the key that identifies it (the same key is asked once). */
export interface DuplicateRequest {
  key: string;
  /** The body of POST /persons/fbrfc (the applicant model with its RFC only), or null when the staff check does not apply. */
  clients: Model | null;
  guarantors: GuarantorRfcQuery | null;
}

/** The request for the RFC at `kind`'s path, or null when the rule asks nothing (see duplicateChecksFor). */
export function duplicateRequestFor(kind: RfcKind, model: Model, context: DuplicateCheckContext): DuplicateRequest | null {
  const checks = duplicateChecksFor(kind, model, context);
  if (!checks) return null;
  const parentUuid = context.parentUuid ?? null;
  const uuid = typeof model.uuid === 'string' ? model.uuid : '';
  const guarantor = model.clasificacion === 'Obligado';
  const [section] = RFC_PATH[kind].rfc.split('.');
  return {
    key: JSON.stringify([checks, model.uuid ?? null, model.clasificacion ?? null, parentUuid]),
    clients: checks.clients ? { uuid: uuid || null, tipo_persona: model.tipo_persona, clasificacion: model.clasificacion, [section]: { rfc: checks.rfc } } : null,
    guarantors: checks.guarantors
      ? { parentuuid: guarantor ? (parentUuid ?? '') : '', uuid, rfc: checks.rfc, clasificacion: guarantor ? 'Aval' : 'Cliente' }
      : null,
  };
}

/** The message for the counts the checks answered (undefined for a call that failed, which passes). */
export function duplicateMessage(counts: { clients?: number; guarantors?: number }): string | undefined {
  if ((counts.clients ?? 0) > 0) return MESSAGES.rfcDuplicate;
  if ((counts.guarantors ?? 0) > 0) return MESSAGES.rfcDuplicateGuarantor;
  return undefined;
}
