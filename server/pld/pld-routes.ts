// The PLD calls, staff only (DESIGN.md §6): POST /pld/search, POST /blacklist/{uuid} and, for an
// application not stored yet, POST /blacklist; the loaded lists: GET /pld/lists (Analista), and
// POST /pld/lists/reload (Administrador, one at a time).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireStaff } from '../auth/session';
import { ApiError } from '../api-error';
import { badRequest } from '../http-errors';
import { UUID } from '../uuid';
import { screenApplicant, searchQuery, type SearchType } from './pld-blacklist';
import { normaliseRfc } from './pld-normalise';
import { PLD_DATA_DIR } from './pld-sources';
import { hasControlCharacters } from '../../forms/rules/text';
import { MESSAGES } from '../../forms/messages';

const SEARCH_TYPES: SearchType[] = ['SplitText', 'Company', 'FullText'];
const PERSON_TYPES = ['Física', 'Física con actividad empresarial', 'Moral'];
const MAX_NAME = 300;

const common = { tags: ['PLD'], security: [{ bearer: [] }] };

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function optionalText(data: Record<string, unknown>, field: string, label: string): string {
  const value = data[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw badRequest(`${label} debe ser texto.`, 'invalid_pld_search');
  if (value.length > MAX_NAME) throw badRequest(`${label} no debe exceder ${MAX_NAME} caracteres.`, 'invalid_pld_search');
  if (hasControlCharacters(value)) throw badRequest(`${label}: ${MESSAGES.controlCharacters}`, 'invalid_pld_search');
  return value;
}

/** The search payload of the spec, checked: every refusal says in Spanish what is wrong. */
export function parseSearch(body: unknown) {
  if (!isObject(body) || !isObject(body.data)) {
    throw badRequest('La búsqueda debe enviarse como { data: { name, searchType, … } }.', 'invalid_pld_search');
  }
  const { data } = body;
  const searchType = data.searchType as SearchType;
  if (!SEARCH_TYPES.includes(searchType)) throw badRequest("searchType debe ser 'SplitText', 'Company' o 'FullText'.", 'invalid_pld_search');
  if (data.filterRFC !== undefined && typeof data.filterRFC !== 'boolean') throw badRequest('filterRFC debe ser true o false.', 'invalid_pld_search');
  const name = optionalText(data, 'name', 'El nombre');
  const fatherLastName = optionalText(data, 'fatherLastName', 'El apellido paterno');
  const motherLastName = optionalText(data, 'motherLastName', 'El apellido materno');
  const rfc = optionalText(data, 'rfc', 'El RFC');
  if (rfc.trim() && !normaliseRfc(rfc)) throw badRequest('El RFC no tiene un formato válido.', 'invalid_pld_search');
  const query = searchQuery({ name, fatherLastName, motherLastName, rfc: rfc.trim() || null, searchType, filterRFC: data.filterRFC as boolean | undefined });
  if (!query.name.trim() && !query.rfc) throw badRequest('Escribe el nombre que se va a buscar.', 'invalid_pld_search');
  return query;
}

const match = {
  type: 'object',
  properties: {
    nombre: { type: 'string' },
    rfc: { type: ['string', 'null'] },
    lista: { type: 'string', description: "'OFAC SDN', 'ONU', 'SAT 69-B' o 'SFP'" },
    score: { type: 'number', description: 'similitud de 0 a 1; 1 para un RFC idéntico' },
    reason: { type: 'string', description: 'por qué coincide' },
    id: { type: 'string', description: 'lista e identificador de la entrada en ella' },
    coincide_con: { type: 'string', description: 'el nombre, alias o RFC listado que coincidió' },
  },
  required: ['nombre', 'rfc', 'lista', 'score', 'reason', 'id', 'coincide_con'],
};

export async function pldRoutes(app: FastifyInstance) {
  const preHandler = requireStaff('pld');
  // A reload reads and indexes every list (seconds of CPU): a second one while it runs is refused.
  let reloading = false;

  app.addHook('onClose', async () => {
    if (app.backendState() === 'ready') (await app.backend).pld.stop();
  });

  app.post(
    '/pld/search',
    { preHandler, schema: { ...common, summary: 'Busca un nombre (y RFC) en las listas de personas de alto riesgo', response: { 200: { type: 'array', items: match } } } },
    async (request) => {
      const query = parseSearch(request.body);
      return (await request.backend.pld.index()).search(query);
    },
  );

  const blacklist = async (request: FastifyRequest, uuid: string | null) => {
    const body = request.body;
    const model = isObject(body) && isObject(body.data) ? body.data : body;
    if (!isObject(model) || !PERSON_TYPES.includes(model.tipo_persona as string)) {
      throw badRequest("El modelo debe indicar tipo_persona: 'Física', 'Física con actividad empresarial' o 'Moral'.", 'invalid_blacklist_model');
    }
    const index = await request.backend.pld.index();
    return screenApplicant(index, model, uuid, request.backend.applications);
  };

  app.post<{ Params: { uuid: string } }>(
    '/blacklist/:uuid',
    { preHandler, schema: { ...common, summary: 'Revisa contra las listas a todas las personas de una solicitud' } },
    async (request) => {
      if (!UUID.test(request.params.uuid)) throw badRequest('El identificador de la solicitud no es válido.', 'invalid_uuid');
      return blacklist(request, request.params.uuid);
    },
  );

  // Not stored yet: the model's own parties only, since no guarantor can be linked to it.
  app.post(
    '/blacklist',
    { preHandler, schema: { ...common, summary: 'Revisa contra las listas a las personas de una solicitud aún no guardada' } },
    async (request) => blacklist(request, null),
  );

  app.get('/pld/lists', { preHandler, schema: { ...common, summary: 'Versión, fecha y número de entradas de las listas cargadas' } }, async (request) =>
    request.backend.pld.info(),
  );

  // Reloads from the server's own folder (PLD_DATA_DIR, data/pld/ by default): replace the files there, then call this.
  app.post(
    '/pld/lists/reload',
    { preHandler: requireStaff('pld_recarga'), schema: { ...common, summary: 'Carga las listas de la carpeta del servidor como una nueva versión' } },
    async (request) => {
      if (reloading) throw new ApiError(409, 'Ya hay una recarga de las listas en curso; espera a que termine.', 'pld_reload_running');
      reloading = true;
      try {
        const load = await request.backend.pld.reload(process.env.PLD_DATA_DIR || PLD_DATA_DIR);
        return { cambiada: load?.changed ?? false, ...(await request.backend.pld.info()) };
      } finally {
        reloading = false;
      }
    },
  );
}
