// The duplicate-RFC calls of spec §7: POST /persons/fbrfc (staff: other clients with the RFC) and
// POST /wizardpm/avalfbrfc (any session: the same RFC elsewhere in one application). Bodies are
// checked against the contract (forms/contracts/duplicates.ts) after the session is.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applicantRfcCheckSchema, applicationRfcCheckSchema, countAnswerSchema, uuidOrNull } from '../../forms/contracts/duplicates';
import { answer, refusals } from '../openapi/route-contract';
import { modelRfc, rfcKey } from '../../forms/rules/rfc-duplicates';
import { requireSession } from '../auth/session';
import { contractBody } from '../validation/contract-body';

export async function duplicateRoutes(app: FastifyInstance) {
  const repository = (request: FastifyRequest) => request.backend.duplicates;

  app.post<{ Body: unknown }>(
    '/persons/fbrfc',
    {
      preHandler: requireSession('system_auth'),
      schema: { summary: 'Count other clients with the applicant model’s RFC (staff)' },
      config: { contract: { body: applicantRfcCheckSchema, answers: { 200: answer(countAnswerSchema, 'How many'), ...refusals(400, 401, 403, 413, 415) } } },
    },
    async (request) => {
      const model = contractBody(applicantRfcCheckSchema, request.body) as Record<string, unknown>;
      const uuid = uuidOrNull(model.uuid as string | null | undefined);
      return { count: await repository(request).countClients(modelRfc(model), uuid) };
    },
  );

  app.post<{ Body: unknown }>(
    '/wizardpm/avalfbrfc',
    {
      preHandler: requireSession('public', 'system_auth'),
      schema: { summary: 'Count the records of one application (its guarantors and itself) with an RFC' },
      config: { contract: { body: applicationRfcCheckSchema, answers: { 200: answer(countAnswerSchema, 'How many'), ...refusals(400, 401, 413, 415) } } },
    },
    async (request) => {
      const body = contractBody(applicationRfcCheckSchema, request.body);
      const uuid = uuidOrNull(body.uuid);
      // A guarantor is checked within its parent's application; a client within its own.
      const application = body.clasificacion === 'Aval' ? uuidOrNull(body.parentuuid) : uuid;
      return { count: await repository(request).countInApplication(application!, rfcKey(body.rfc), uuid) };
    },
  );
}
