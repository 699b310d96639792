// The PLD calls, staff only (DESIGN.md §6): POST /pld/search, POST /blacklist/{uuid} and, for an
// application not stored yet, POST /blacklist; the loaded lists: GET /pld/lists (Analista), and
// POST /pld/lists/reload (Administrador, one at a time).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  blacklistRequestSchema,
  blacklistResultSchema,
  pldListsInfoSchema,
  pldReloadAnswerSchema,
  pldSearchAnswerSchema,
  pldSearchRequestSchema,
} from '../../forms/contracts/pld';
import { answer, refusals, type RouteContract } from '../openapi/route-contract';
import { requireStaff } from '../auth/session';
import { ApiError } from '../api-error';
import { badRequest } from '../http-errors';
import { UUID } from '../uuid';
import { contractBody } from '../validation/contract-body';
import { screenApplicant, searchQuery } from './pld-blacklist';
import { normaliseRfc } from './pld-normalise';

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

const BLACKLIST_CONTRACT: RouteContract = {
  body: blacklistRequestSchema,
  answers: { 200: answer(blacklistResultSchema, 'Cada persona revisada, por grupo'), ...refusals(400, 401, 403, 413, 415) },
};

const common = { tags: ['PLD'], security: [{ bearer: [] }] };

/** The search payload of the spec, checked against the contract, as the index's query. */
export function searchOf(body: unknown) {
  const { data } = contractBody(pldSearchRequestSchema, body);
  const rfc = data.rfc?.trim() ?? '';
  // The RFC as the lists are searched by (server/pld/pld-normalise.ts), and a name once its parts are joined.
  if (rfc && !normaliseRfc(rfc)) throw badRequest('El RFC no tiene un formato válido.', 'invalid_pld_search');
  const query = searchQuery({
    name: data.name ?? '',
    fatherLastName: data.fatherLastName ?? '',
    motherLastName: data.motherLastName ?? '',
    rfc: rfc || null,
    searchType: data.searchType,
    filterRFC: data.filterRFC,
  });
  if (!query.name.trim() && !query.rfc) throw badRequest('Escribe el nombre que se va a buscar.', 'invalid_pld_search');
  return query;
}

export async function pldRoutes(app: FastifyInstance) {
  const preHandler = requireStaff('pld');
  // A reload reads and indexes every list (seconds of CPU): a second one while it runs is refused.
  let reloading = false;

  app.addHook('onClose', async () => {
    if (app.backendState() !== 'ready') return;
    const backend = await app.backend;
    backend.pld.stop();
    await backend.pldMonitor.stop();
  });

  app.post(
    '/pld/search',
    {
      preHandler,
      schema: { ...common, summary: 'Busca un nombre (y RFC) en las listas de personas de alto riesgo' },
      config: { contract: { body: pldSearchRequestSchema, answers: { 200: answer(pldSearchAnswerSchema, 'Las coincidencias, primero las de RFC'), ...refusals(400, 401, 403, 413, 415) } } },
    },
    async (request) => {
      const query = searchOf(request.body);
      return (await request.backend.pld.index()).search(query);
    },
  );

  const blacklist = async (request: FastifyRequest, uuid: string | null) => {
    const body = contractBody(blacklistRequestSchema, request.body) as Record<string, unknown>;
    const model = (isObject(body.data) ? body.data : body) as Record<string, unknown>;
    const index = await request.backend.pld.index();
    return screenApplicant(index, model, uuid, request.backend.applications);
  };

  app.post<{ Params: { uuid: string } }>(
    '/blacklist/:uuid',
    { preHandler, schema: { ...common, summary: 'Revisa contra las listas a todas las personas de una solicitud' }, config: { contract: BLACKLIST_CONTRACT } },
    async (request) => {
      if (!UUID.test(request.params.uuid)) throw badRequest('El identificador de la solicitud no es válido.', 'invalid_uuid');
      return blacklist(request, request.params.uuid);
    },
  );

  // Not stored yet: the model's own parties only, since no guarantor can be linked to it.
  app.post(
    '/blacklist',
    { preHandler, schema: { ...common, summary: 'Revisa contra las listas a las personas de una solicitud aún no guardada' }, config: { contract: BLACKLIST_CONTRACT } },
    async (request) => blacklist(request, null),
  );

  app.get(
    '/pld/lists',
    {
      preHandler,
      schema: { ...common, summary: 'Versión, fecha y número de entradas de las listas cargadas' },
      config: { contract: { answers: { 200: answer(pldListsInfoSchema, 'Las listas cargadas y su índice'), ...refusals(401, 403) } } },
    },
    async (request) => ({ ...(await request.backend.pld.info()), monitoreo: await request.backend.pldMonitor.progress() }),
  );

  // Reloads from the server's own folder (PLD_DATA_DIR, data/pld/ by default): replace the files there, then call this.
  app.post(
    '/pld/lists/reload',
    {
      preHandler: requireStaff('pld_recarga'),
      schema: { ...common, summary: 'Carga las listas de la carpeta del servidor como una nueva versión' },
      // No body: the files are the server's own.
      config: { contract: { answers: {
            200: answer(pldReloadAnswerSchema, 'Si cambiaron, y las listas cargadas'),
            ...refusals(401, 403, 409),
            422: { ...refusals(422)[422], description: 'Un archivo de las listas con un formato que los lectores rechazan: no se carga nada; el mensaje nombra el archivo y la línea.' },
          }, } },
    },
    async (request) => {
      if (reloading) throw new ApiError(409, 'Ya hay una recarga de las listas en curso; espera a que termine.', 'pld_reload_running');
      reloading = true;
      try {
        // The list readers (and their CSV and XML parsers) load with the first reload, not at start.
        const { PLD_DATA_DIR } = await import('./pld-sources');
        const load = await request.backend.pld.reload(process.env.PLD_DATA_DIR || PLD_DATA_DIR).catch(async (error: unknown) => {
          const { OfficialFileError } = await import('../catalogs/official-file');
          // A file whose layout the parsers refuse: nothing was loaded, and the administrator is told where.
          if (error instanceof OfficialFileError)
            throw new ApiError(422, `El archivo ${error.file} no tiene el formato esperado${error.line === null ? '' : ` (línea ${error.line})`}: no se cargó ninguna versión nueva de las listas.`, 'pld_file_invalid');
          throw error;
        });
        return { cambiada: load?.changed ?? false, ...(await request.backend.pld.info()), monitoreo: await request.backend.pldMonitor.progress() };
      } finally {
        reloading = false;
      }
    },
  );
}
