// The duplicate-RFC calls of spec §7 on the wire: POST /persons/fbrfc (staff: other clients with the
// applicant model's RFC) and POST /wizardpm/avalfbrfc (the same RFC elsewhere in one application).
// A refused body answers 400 with the code and Spanish message of the rule that failed.
import { mixed, number, object, string, type InferType } from 'yup';
import { MESSAGES } from '../messages';
import { rfcLength } from '../rules/rfc';
import { modelRfc, rfcKey, rfcKindOf } from '../rules/rfc-duplicates';
import { UUID } from './application';
import { refusal } from './refusal';

const RFC_CHARACTERS = /^[A-ZÑ&0-9]+$/;
const isBlank = (value: unknown) => value === undefined || value === null || value === '';
const ANY_LENGTH = { lengths: [rfcLength('company'), rfcLength('person')], message: 'El RFC debe tener 12 o 13 caracteres.' };

/** The RFC length a model must have: 12 for a legal entity, 13 for a natural person, either without a person type. */
function lengthRuleOf(model: Record<string, unknown>) {
  if (isBlank(model.tipo_persona)) return ANY_LENGTH;
  return rfcKindOf(model) === 'company'
    ? { lengths: [rfcLength('company')], message: MESSAGES.rfcLength12 }
    : { lengths: [rfcLength('person')], message: MESSAGES.rfcLength13 };
}

/** Why an RFC (as compared, rfcKey) is refused, or null. */
function rfcRefusal(rfc: string, rule: { lengths: number[]; message: string }) {
  if (!rule.lengths.includes(rfc.length)) return refusal('invalid_rfc', rule.message);
  if (!RFC_CHARACTERS.test(rfc)) return refusal('invalid_rfc', 'El RFC solo puede contener letras y números.');
  return null;
}

/** A uuid of a body: absent, null or empty means none; anything else must be a uuid. */
const optionalUuid = (message: string) =>
  string()
    .strict()
    .nullable()
    .optional()
    .typeError(refusal('invalid_uuid', message))
    .test('uuid', refusal('invalid_uuid', message), (value) => isBlank(value) || UUID.test(value!))
    .meta({ description: 'a uuid, or empty' });

/** A uuid as the counts compare it: lower case; none when blank. */
export const uuidOrNull = (value: string | null | undefined) => (isBlank(value) ? null : value!.toLowerCase());

const APPLICANT_MODEL = refusal('invalid_body', 'El cuerpo de la solicitud debe ser el modelo del solicitante.');
const APPLICANT_UUID = 'El uuid del solicitante no tiene un formato válido.';

/** POST /persons/fbrfc: the applicant model; its RFC is fisica.rfc, or moral.rfc for a legal entity. */
export const applicantRfcCheckSchema = object({
  // Read as the model holds them; the rules below say what they must be.
  tipo_persona: mixed().nullable().meta({ openapi: { type: 'string', description: "'Moral' for a legal entity (RFC of 12), otherwise a natural person (13)" } }),
  fisica: mixed().nullable().meta({ openapi: { type: 'object', properties: { rfc: { type: 'string' } } } }),
  moral: mixed().nullable().meta({ openapi: { type: 'object', properties: { rfc: { type: 'string' } } } }),
  uuid: mixed().nullable().meta({ openapi: { type: 'string', nullable: true, description: 'the applicant’s own record (not counted): a uuid, or empty' } }),
})
  .default(undefined)
  .required(APPLICANT_MODEL)
  .typeError(APPLICANT_MODEL)
  .test('rfc', function checkRfc(value) {
    const model = this.originalValue as Record<string, unknown>;
    const rfc = modelRfc(model);
    if (!rfc) return this.createError({ message: refusal('missing_rfc', 'Falta el RFC del solicitante (fisica.rfc, o moral.rfc para una persona moral).') });
    const refused = rfcRefusal(rfc, lengthRuleOf(model));
    return refused ? this.createError({ message: refused }) : value !== undefined;
  })
  .test('uuid', refusal('invalid_uuid', APPLICANT_UUID), function checkUuid() {
    const { uuid } = this.originalValue as Record<string, unknown>;
    return isBlank(uuid) || (typeof uuid === 'string' && UUID.test(uuid));
  });
export type ApplicantRfcCheck = InferType<typeof applicantRfcCheckSchema>;

const APPLICATION_CHECK = refusal('invalid_body', 'El cuerpo de la solicitud debe tener parentuuid, uuid, rfc y clasificacion.');
const CLASIFICACION = refusal('invalid_clasificacion', "La clasificación debe ser 'Aval' o 'Cliente'.");
const MISSING_RFC = refusal('missing_rfc', 'Falta el RFC.');

/** POST /wizardpm/avalfbrfc: an RFC checked within one application (a guarantor's parent, or a client's own). */
export const applicationRfcCheckSchema = object({
  clasificacion: mixed<'Aval' | 'Cliente'>().oneOf(['Aval', 'Cliente'], CLASIFICACION).required(CLASIFICACION).meta({ openapi: { type: 'string' } }),
  rfc: string()
    .strict()
    .required(MISSING_RFC)
    .typeError(MISSING_RFC)
    .test('rfc', function checkRfc(value) {
      const rfc = rfcKey(value);
      if (!rfc) return this.createError({ message: MISSING_RFC });
      const refused = rfcRefusal(rfc, ANY_LENGTH);
      return refused ? this.createError({ message: refused }) : true;
    }),
  /** The person's own record, not counted. */
  uuid: optionalUuid('El uuid de la persona no tiene un formato válido.'),
  /** The PM when the person is a guarantor; otherwise empty. */
  parentuuid: optionalUuid('El uuid de la solicitud principal (parentuuid) no tiene un formato válido.'),
})
  .default(undefined)
  .required(APPLICATION_CHECK)
  .typeError(APPLICATION_CHECK)
  // A guarantor is checked within its parent's application; a client within its own.
  .test('application', function checkApplication(value) {
    if (!value || !['Aval', 'Cliente'].includes(value.clasificacion)) return true;
    if (value.clasificacion === 'Aval' && isBlank(value.parentuuid)) {
      return this.createError({ message: refusal('missing_uuid', 'Falta el uuid de la solicitud principal (parentuuid) del aval.') });
    }
    if (value.clasificacion === 'Cliente' && isBlank(value.uuid)) return this.createError({ message: refusal('missing_uuid', 'Falta el uuid del cliente.') });
    return true;
  });
export type ApplicationRfcCheck = InferType<typeof applicationRfcCheckSchema>;

/** Both calls' answer. */
export const countAnswerSchema = object({
  count: number().integer().min(0).required().meta({ description: 'How many other records have the RFC; 0 means no duplicate.' }),
});
export type CountAnswer = InferType<typeof countAnswerSchema>;
