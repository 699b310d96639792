// The duplicate-RFC calls of spec §7: POST /persons/fbrfc (staff: other clients with the RFC) and
// POST /wizardpm/avalfbrfc (any session: the same RFC elsewhere in one application).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rfcLength } from '../../forms/rules/rfc';
import { modelRfc, rfcKey, rfcKindOf } from '../../forms/rules/rfc-duplicates';
import { MESSAGES } from '../../forms/messages';
import { requireSession } from '../auth/session';
import { badRequest } from '../http-errors';
import { UUID } from '../uuid';

const RFC_CHARACTERS = /^[A-ZÑ&0-9]+$/;

const countAnswer = {
  200: { type: 'object', properties: { count: { type: 'integer', description: 'How many other records have the RFC; 0 means no duplicate.' } } },
};

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** A uuid of the body: absent or empty gives null, anything else must be a uuid. */
function optionalUuid(value: unknown, message: string): string | null {
  if (isBlank(value)) return null;
  if (typeof value !== 'string' || !UUID.test(value)) throw badRequest(message, 'invalid_uuid');
  return value.toLowerCase();
}

function checkedRfc(rfc: string, lengths: number[], lengthMessage: string): string {
  if (!lengths.includes(rfc.length)) throw badRequest(lengthMessage, 'invalid_rfc');
  if (!RFC_CHARACTERS.test(rfc)) throw badRequest('El RFC solo puede contener letras y números.', 'invalid_rfc');
  return rfc;
}

const ANY_LENGTH = { lengths: [rfcLength('company'), rfcLength('person')], message: 'El RFC debe tener 12 o 13 caracteres.' };

/** The RFC length a model must have: 12 for a legal entity, 13 for a natural person, either without a person type. */
function lengthRuleOf(model: Record<string, unknown>) {
  if (isBlank(model.tipo_persona)) return ANY_LENGTH;
  return rfcKindOf(model) === 'company'
    ? { lengths: [rfcLength('company')], message: MESSAGES.rfcLength12 }
    : { lengths: [rfcLength('person')], message: MESSAGES.rfcLength13 };
}

export async function duplicateRoutes(app: FastifyInstance) {
  const repository = (request: FastifyRequest) => request.backend.duplicates;

  app.post<{ Body: unknown }>(
    '/persons/fbrfc',
    { preHandler: requireSession('system_auth'), schema: { summary: 'Count other clients with the applicant model’s RFC (staff)', response: countAnswer } },
    async (request) => {
      const model = request.body;
      if (!isObject(model)) throw badRequest('El cuerpo de la solicitud debe ser el modelo del solicitante.', 'invalid_body');
      const rfc = modelRfc(model);
      if (!rfc) throw badRequest('Falta el RFC del solicitante (fisica.rfc, o moral.rfc para una persona moral).', 'missing_rfc');
      const { lengths, message } = lengthRuleOf(model);
      checkedRfc(rfc, lengths, message);
      const uuid = optionalUuid(model.uuid, 'El uuid del solicitante no tiene un formato válido.');
      return { count: await repository(request).countClients(rfc, uuid) };
    },
  );

  app.post<{ Body: unknown }>(
    '/wizardpm/avalfbrfc',
    {
      preHandler: requireSession('public', 'system_auth'),
      schema: { summary: 'Count the records of one application (its guarantors and itself) with an RFC', response: countAnswer },
    },
    async (request) => {
      const body = request.body;
      if (!isObject(body)) throw badRequest('El cuerpo de la solicitud debe tener parentuuid, uuid, rfc y clasificacion.', 'invalid_body');
      const { clasificacion } = body;
      if (clasificacion !== 'Aval' && clasificacion !== 'Cliente') {
        throw badRequest("La clasificación debe ser 'Aval' o 'Cliente'.", 'invalid_clasificacion');
      }
      if (typeof body.rfc !== 'string' || !rfcKey(body.rfc)) throw badRequest('Falta el RFC.', 'missing_rfc');
      const rfc = checkedRfc(rfcKey(body.rfc), ANY_LENGTH.lengths, ANY_LENGTH.message);
      const uuid = optionalUuid(body.uuid, 'El uuid de la persona no tiene un formato válido.');
      const parentUuid = optionalUuid(body.parentuuid, 'El uuid de la solicitud principal (parentuuid) no tiene un formato válido.');
      // A guarantor is checked within its parent's application; a client within its own.
      const application = clasificacion === 'Aval' ? parentUuid : uuid;
      if (!application) {
        throw badRequest(
          clasificacion === 'Aval' ? 'Falta el uuid de la solicitud principal (parentuuid) del aval.' : 'Falta el uuid del cliente.',
          'missing_uuid',
        );
      }
      return { count: await repository(request).countInApplication(application, rfc, uuid) };
    },
  );
}
