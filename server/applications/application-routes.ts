// The application calls of spec §7: GET /{code}/{uuid}/{flag}, POST /{code}, PUT /{code}/{uuid},
// and for staff the lists GET /wizardpf/cache and GET /wizardpf, and the change history.
// Public sessions reach a record only through its uuid, and cannot change a finished one.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APPLICATION_VALID_DAYS } from '../../forms/limits';
import type { EditableLevel } from '../../forms/locking';
import { requireSession } from '../auth/session';
import { ApiError, badRequest, forbidden } from '../http-errors';
import { validateApplicationWrite, WriteValidationError } from '../validation/validate-write';
import { parseModel, StaleWriteError, type RecordFields } from './application-repository';
import type { Application } from './application-tables';

/** Each wizard's backing resource and the person type it holds. */
export const WIZARD_CODES = {
  wizardpf: 'Física',
  wizardpfae: 'Física con actividad empresarial',
  wizardpm: 'Moral',
} as const;
type Code = keyof typeof WIZARD_CODES;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 3600 * 1000;

interface SaveBody {
  data: Record<string, unknown>;
  meta?: { last_index?: number; complete?: boolean; franchise?: string | null; parent_uuid?: string | null; version?: number | null };
  pld?: unknown;
}

const saveSchema = {
  body: {
    type: 'object',
    required: ['data'],
    properties: {
      data: { type: 'object' },
      meta: {
        type: 'object',
        properties: {
          last_index: { type: 'integer', minimum: 0, maximum: 20 },
          complete: { type: 'boolean' },
          franchise: { type: 'string', maxLength: 100, nullable: true },
          parent_uuid: { type: 'string', maxLength: 36, nullable: true },
          version: { type: 'integer', minimum: 1, nullable: true },
        },
      },
      pld: {},
    },
  },
};

const notFound = () => new ApiError(404, 'No existe una solicitud con ese código.', 'not_found');
const isStaff = (request: FastifyRequest) => request.session?.kind === 'system_auth';
const actorOf = (request: FastifyRequest) => (isStaff(request) ? `staff:${request.session!.sub}` : 'public');

export const isExpired = (application: Application, now = Date.now()) =>
  !application.complete && now - new Date(application.filled_at).getTime() > APPLICATION_VALID_DAYS * DAY_MS;

function metaOf(application: Application) {
  return {
    store: application.store,
    cache: !application.store,
    complete: application.complete,
    expired: isExpired(application),
    last_index: application.last_index,
    editable: application.editable as EditableLevel,
    franchise: application.franchise,
    parent_uuid: application.parent_uuid,
    version: application.version,
  };
}

export async function applicationRoutes(app: FastifyInstance) {
  const repository = (request: FastifyRequest) => request.backend.applications;

  const loadFor = async (request: FastifyRequest, uuid: string) => {
    if (!UUID.test(uuid)) throw notFound();
    const application = await repository(request).find(uuid);
    if (!application) throw notFound();
    return application;
  };

  /** Validates the model for this code and session; the server's own fields are put back afterwards. */
  const validated = async (request: FastifyRequest, code: Code, body: SaveBody, stored?: Application) => {
    // The classification of a stored record is its own: an update cannot turn a client into a guarantor.
    const data = stored ? { ...body.data, clasificacion: stored.clasificacion } : body.data;
    if (data.tipo_persona !== WIZARD_CODES[code]) {
      throw new WriteValidationError({ tipo_persona: `Este recurso solo recibe solicitudes de tipo ${WIZARD_CODES[code]}.` });
    }
    const storedModel = stored ? parseModel(stored) : undefined;
    const level = (stored?.editable ?? 'all') as EditableLevel;
    const finishing = body.meta?.complete === true || stored?.complete === true;
    const clean = await validateApplicationWrite(data, {
      staff: isStaff(request),
      // A draft is checked up to the furthest tab reached; a finished application everywhere.
      reachedTabs: finishing ? undefined : Math.max(stored?.last_index ?? 0, body.meta?.last_index ?? 0),
      ...(storedModel ? { locks: { level, stored: storedModel } } : {}),
    });
    return {
      ...clean,
      // Fields only the server sets.
      editable: level,
      entidades_eliminadas: [],
      formatobce: storedModel?.formatobce ?? null,
      // Counted here for staff (spec 02 §5 'Duplicates and PLD'); the public keeps the stored count.
      cantidad_duplicados: isStaff(request) ? await request.backend.duplicates.countClientsLike(clean, stored?.uuid ?? null) : (storedModel?.cantidad_duplicados ?? null),
      // Set by the PLD review and the guarantor flow on the server, never by the body.
      pld_coincidences: storedModel?.pld_coincidences ?? null,
      persona_completa: storedModel?.persona_completa ?? false,
    };
  };

  const fieldsOf = (code: Code, model: Record<string, unknown>, body: SaveBody, stored?: Application): RecordFields => ({
    code,
    model,
    last_index: body.meta?.last_index ?? 0,
    complete: body.meta?.complete === true,
    franchise: stored?.franchise ?? body.meta?.franchise ?? null,
    parent_uuid: stored?.parent_uuid ?? null,
  });

  for (const code of Object.keys(WIZARD_CODES) as Code[]) {
    app.get<{ Params: { uuid: string; flag: string } }>(
      `/${code}/:uuid/:flag`,
      { preHandler: requireSession('public', 'system_auth'), schema: { summary: `Open a ${code} application by uuid` } },
      async (request) => {
        const { uuid, flag } = request.params;
        if (flag !== '0' && flag !== '1') throw badRequest('El indicador debe ser 0 (personal) o 1 (público).');
        if (flag === '0' && !isStaff(request)) throw forbidden('Esta acción es solo para el personal de la empresa.');
        const application = await loadFor(request, uuid);
        if (application.code !== code) throw notFound();
        const meta = metaOf(application);
        // A finished or expired record is not shown again to the public (spec 01 §4).
        const data = (meta.complete || meta.expired) && !isStaff(request) ? {} : parseModel(application);
        return { data, meta };
      },
    );

    app.post<{ Body: SaveBody }>(
      `/${code}`,
      { preHandler: requireSession('public', 'system_auth'), schema: { ...saveSchema, summary: `Create a ${code} application` } },
      async (request, reply) => {
        const model = await validated(request, code, request.body);
        const uuid = randomUUID();
        const row = await repository(request).create(uuid, fieldsOf(code, model, request.body), actorOf(request));
        const saved = parseModel(row);
        reply.status(201);
        return [uuid, { formatobce: { html: (saved.formatobce as { html?: string } | null)?.html ?? null }, version: row.version }];
      },
    );

    app.put<{ Params: { uuid: string }; Body: SaveBody }>(
      `/${code}/:uuid`,
      { preHandler: requireSession('public', 'system_auth'), schema: { ...saveSchema, summary: `Update a ${code} application` } },
      async (request) => {
        const { uuid } = request.params;
        if (!UUID.test(uuid)) throw notFound();
        const version = request.body.meta?.version;
        if (version === undefined || version === null) throw badRequest('Falta la versión de la solicitud (meta.version).', 'missing_version');

        const stored = await repository(request).find(uuid);
        if (!stored || stored.code !== code) throw notFound();
        if (stored.complete && !isStaff(request)) throw forbidden('La solicitud ya fue finalizada y no puede modificarse.');
        if (isExpired(stored) && !isStaff(request)) {
          throw forbidden('La solicitud ha expirado, por favor comience el registro nuevamente.');
        }
        if (stored.editable === 'none') {
          throw forbidden('Existe una solicitud aprobada para este cliente: no es posible modificar sus datos.');
        }
        const model = await validated(request, code, request.body, stored);
        try {
          const row = await repository(request).update(stored, fieldsOf(code, model, request.body, stored), version, actorOf(request));
          return { data: parseModel(row), meta: metaOf(row) };
        } catch (error) {
          if (!(error instanceof StaleWriteError)) throw error;
          throw new ApiError(
            409,
            'La solicitud se modificó desde otra sesión mientras la editabas. Recarga la página para ver la versión actual.',
            'stale_version',
          );
        }
      },
    );
  }

  app.get('/wizardpf/cache', { preHandler: requireSession('system_auth'), schema: { summary: 'Unfinished registrations (staff)' } }, async (request) =>
    (await repository(request).listUnfinished()).map((row) => ({
      id: row.id,
      uuid: row.uuid,
      tipo_persona: row.tipo_persona,
      wizard_data: typeof row.data === 'string' ? row.data : JSON.stringify(row.data),
    })),
  );

  app.get('/wizardpf', { preHandler: requireSession('system_auth'), schema: { summary: 'Finished applicants (staff)' } }, async (request) =>
    repository(request).listApplicants(),
  );

  app.get<{ Params: { uuid: string } }>(
    '/historial/:uuid',
    { preHandler: requireSession('system_auth'), schema: { summary: 'Change history of an application (staff)' } },
    async (request) => {
      await loadFor(request, request.params.uuid);
      return repository(request).history(request.params.uuid);
    },
  );
}
