// GET /catalogs/{ct,st,mp,zc,ea} (spec 01 §7): answered from the in-memory index, for either
// kind of session. Every answer is a JSON array serialised once at start.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireSession } from '../auth/session';
import { badRequest } from '../http-errors';
import {
  countriesAnswerSchema,
  economicActivitiesAnswerSchema,
  municipalitiesAnswerSchema,
  neighbourhoodsAnswerSchema,
  statesAnswerSchema,
} from '../../forms/contracts/catalogs';
import { answer, refusals, type RouteContract } from '../openapi/route-contract';

// The catalogues change only when an import runs and the server restarts.
const CACHE_CONTROL = 'private, max-age=3600';

const sendJson = (reply: FastifyReply, json: string) =>
  reply.header('cache-control', CACHE_CONTROL).type('application/json; charset=utf-8').send(json);

/** A catalogue's answer and the refusals of its path (401 without a session, 400 for a malformed id). */
const contractOf = (schema: Parameters<typeof answer>[0], description: string, withParam = false): { contract: RouteContract } => ({
  contract: { answers: { 200: answer(schema, description), ...refusals(...(withParam ? [400, 401] : [401])) } },
});

const idParam = (name: string, description: string) => ({
  type: 'object',
  properties: { [name]: { type: 'string', pattern: '^[0-9]{1,9}$', description } },
  required: [name],
});

const common = { tags: ['catálogos'], security: [{ bearer: [] }] };

function rejectInvalid(request: FastifyRequest, message: string, code: string) {
  if (request.validationError) throw badRequest(message, code);
}

export async function catalogRoutes(app: FastifyInstance) {
  const preHandler = requireSession('public', 'system_auth');

  app.get(
    '/catalogs/ct',
    { preHandler, schema: { ...common, summary: 'Países (catálogo c_Pais del SAT)' }, config: contractOf(countriesAnswerSchema, 'Países') },
    async (request, reply) => sendJson(reply, request.backend.catalogs.countries),
  );

  app.get<{ Params: { countryId: string } }>(
    '/catalogs/st/:countryId',
    {
      preHandler,
      attachValidation: true,
      schema: {
        ...common,
        summary: 'Entidades federativas de un país (solo México tiene catálogo; los demás responden [])',
        params: idParam('countryId', 'id_pais (código numérico ISO 3166; México es 484)'),
      },
      config: contractOf(statesAnswerSchema, 'Entidades federativas', true),
    },
    async (request, reply) => {
      rejectInvalid(request, 'El identificador del país debe ser un número.', 'invalid_country_id');
      return sendJson(reply, request.backend.catalogs.statesOf(Number(request.params.countryId)));
    },
  );

  app.get<{ Params: { stateId: string } }>(
    '/catalogs/mp/:stateId',
    {
      preHandler,
      attachValidation: true,
      schema: {
        ...common,
        summary: 'Municipios de una entidad federativa',
        params: idParam('stateId', 'id_estado (clave INEGI de la entidad, 1 a 32)'),
      },
      config: contractOf(municipalitiesAnswerSchema, 'Municipios', true),
    },
    async (request, reply) => {
      rejectInvalid(request, 'El identificador de la entidad federativa debe ser un número.', 'invalid_state_id');
      return sendJson(reply, request.backend.catalogs.municipalitiesOf(Number(request.params.stateId)));
    },
  );

  app.get<{ Params: { postalCode: string } }>(
    '/catalogs/zc/:postalCode',
    {
      preHandler,
      attachValidation: true,
      schema: {
        ...common,
        summary: 'Colonias de un código postal (SEPOMEX); [] si el código no tiene asentamientos',
        params: {
          type: 'object',
          properties: { postalCode: { type: 'string', pattern: '^[0-9]{5}$', description: 'código postal de 5 dígitos' } },
          required: ['postalCode'],
        },
      },
      config: contractOf(neighbourhoodsAnswerSchema, 'Colonias', true),
    },
    async (request, reply) => {
      rejectInvalid(request, 'El código postal debe tener 5 dígitos.', 'invalid_postal_code');
      return sendJson(reply, request.backend.catalogs.neighbourhoodsOf(request.params.postalCode));
    },
  );

  app.get(
    '/catalogs/ea',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Actividades económicas (ramas del SCIAN México 2023, INEGI)',
      },
      config: contractOf(economicActivitiesAnswerSchema, 'Actividades económicas'),
    },
    async (request, reply) => sendJson(reply, request.backend.catalogs.economicActivities),
  );
}
