// The application calls of spec §7: GET /{code}/{uuid}/{flag}, POST /{code}, PUT /{code}/{uuid},
// removing a guarantor from a PM, and for staff the lists GET /wizardpf/cache and GET /wizardpf,
// and the change history. Public sessions reach a record only through its uuid, and cannot change
// a finished one. Guarantors are records of their own linked to their PM by parent_uuid; the PM's
// `avales` is always read from those links, never taken from a body.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GUARANTORS_MAX } from '../../forms/limits';
import { canAddOrRemoveItems, type EditableLevel } from '../../forms/locking';
import { NOTICES } from '../../forms/messages';
import { diffModels } from '../../forms/model-diff';
import { fullName } from '../../forms/person-name';
import { isAcceptedTemplate } from '../../forms/contracts/documents';
import { requireSession } from '../auth/session';
import { hasPermission } from '../../forms/staff-permissions';
import { ApiError } from '../api-error';
import { badRequest, forbidden } from '../http-errors';
import type { PldCoincidences } from '../../forms/pld';
import { finishAlreadyConfirmed, finishConfirmationMatches, type PldFinishConfirmation } from '../../forms/pld-outcome';
import { pldIdentityKey } from '../../forms/pld-identity';
import {
  createdAnswerSchema,
  historyAnswerSchema,
  loadedAnswerSchema,
  removedGuarantorAnswerSchema,
  saveRequestSchema,
  updatedAnswerSchema,
  type SaveRequest,
} from '../../forms/contracts/application';
import { answer, refusals } from '../openapi/route-contract';
import { checkedPldReview, reviewedCoincidences, reviewerOf } from '../pld/pld-review';
import { checksBody } from '../validation/contract-body';
import { furthestTab } from './furthest-tab';
import { validateApplicationWrite, WriteValidationError } from '../validation/validate-write';
import { CreateKeyTakenError, parseModel, StaleWriteError, type LinkableCreators, type RecordFields } from './application-repository';
import type { Application } from './application-tables';
import { UUID } from '../uuid';
import { checksListQuery, listContract, listQueryOf, listSchema, paged } from './application-list-http';
import { cancelRemindersOfClosed, linkSentTo, messagesFor, resumeLinksQueued } from '../mail/mail-outbox';
import { isExpired } from './application-expiry';

/** Each wizard's backing resource and the person type it holds. */
export const WIZARD_CODES = {
  wizardpf: 'Física',
  wizardpfae: 'Física con actividad empresarial',
  wizardpm: 'Moral',
} as const;
type Code = keyof typeof WIZARD_CODES;


const notFound = () => new ApiError(404, 'No existe una solicitud con ese código.', 'not_found');
const isGuarantor = (model: Record<string, unknown>) => model.clasificacion === 'Obligado';
export const isStaff = (request: FastifyRequest) => request.session?.kind === 'system_auth';
const actorOf = (request: FastifyRequest) => (isStaff(request) ? `staff:${request.session!.sub}` : 'public');
/** Who a record created by this request belongs to (the `created_by` column): 'staff:<id>' or 'public:<session id>'. */
const creatorOf = (request: FastifyRequest) =>
  isStaff(request) ? `staff:${request.session!.sub}` : request.session?.sid ? `public:${request.session.sid}` : 'public';
/** Created by this very public session (a public token without a session id owns nothing). */
const ownedBySession = (request: FastifyRequest, createdBy: string) => request.session?.sid !== undefined && createdBy === `public:${request.session.sid}`;

/**
 * A linked guarantor's removal key: names it within its PM without giving its uuid away (a digest
 * of both uuids). Only a guarantor another public session registered has one; staff's have none.
 */
const removalKeyOf = (parentUuid: string, { uuid, created_by }: { uuid: string; created_by: string }) =>
  created_by.startsWith('public:') ? createHash('sha256').update(`${parentUuid}:${uuid}`).digest('hex').slice(0, 32) : undefined;
const REMOVAL_KEY = /^[0-9a-f]{32}$/;
export const staffCreated = (application: Application) => application.created_by.startsWith('staff:');
const STAFF_CREATED = 'Esta solicitud fue registrada por el personal de la empresa y no puede modificarse desde aquí. Si necesitas cambiar algún dato, comunícate con tu asesor.';
/** The version a record is created at. */
const CREATED_VERSION = 1;
/** A public applicant finishing an application with a confirmed OFAC or UN match: the message names no list (the screening is not the public's). */
export const PUBLIC_FINISH_HELD = 'Tu solicitud no puede finalizarse en línea. Comunícate con tu asesor para concluirla.';
const listsNamed = (lists: string[]) => `${lists.length > 1 ? 'las listas' : 'la lista'} ${lists.join(' y ')}`;
const STAFF_CREATED_PM = 'La solicitud de Persona Moral fue registrada por el personal de la empresa: sus avales no pueden modificarse desde aquí.';


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

  /** The stored review, no longer validated when a name, RFC, representative or linked party changed without a new review. */
  const staleIfRenamed = (storedModel: Record<string, unknown> | undefined, clean: Record<string, unknown>) => {
    const stored = (storedModel?.pld_coincidences ?? null) as PldCoincidences | null;
    if (!stored || pldIdentityKey(clean) === pldIdentityKey(storedModel!)) return stored;
    return { ...stored, coincidencias_validadas: false };
  };

  /** The staff member saving: 'staff:<id>' and the name the PLD review shows. */
  /**
   * Finishing an application whose review confirmed a match on OFAC SDN or the UN list is an
   * Analista's decision, confirmed in so many words (`meta.confirmacion_pld`), and recorded as
   * `pld_finalizacion` (who, when, which lists) in the model and so in the history. Anyone else is
   * refused: staff without the role with the lists named, the public without them.
   */
  const withFinishConfirmation = async (request: FastifyRequest, model: Record<string, unknown>, body: SaveRequest) => {
    if (body.meta?.complete !== true || isGuarantor(model)) return model;
    const review = model.pld_coincidences as PldCoincidences | null;
    const matches = finishConfirmationMatches(review);
    if (matches.length === 0 || finishAlreadyConfirmed(review, model.pld_finalizacion as PldFinishConfirmation | null)) return model;
    const lists = [...new Set(matches.map(({ match }) => match.lista))];
    if (!isStaff(request)) throw forbidden(PUBLIC_FINISH_HELD);
    if (!hasPermission(request.session!.roles, 'pld')) {
      throw new ApiError(403, `Esta solicitud tiene una coincidencia confirmada en ${listsNamed(lists)}: solo un Analista puede finalizarla.`, 'pld_analyst_required', { listas: lists });
    }
    if (body.meta?.confirmacion_pld !== true) {
      throw new ApiError(
        409,
        `Esta solicitud tiene una coincidencia confirmada en ${listsNamed(lists)}: confirma que deseas finalizarla (meta.confirmacion_pld).`,
        'pld_confirmation_required',
        { listas: lists },
      );
    }
    const reviewer = await reviewerOf(request);
    const recorded: PldFinishConfirmation = { listas: lists.join(', '), por: reviewer.nombre, por_id: reviewer.id, fecha: new Date().toISOString(), coincidencias: matches.map(({ key }) => key) };
    return { ...model, pld_finalizacion: recorded };
  };

  /**
   * Validates the model for this code and session; the server's own fields are put back afterwards.
   * Answers it with whether this save completes a guarantor (`completing`: its first 'Finalizar y
   * regresar a PM', which sets `persona_completa`).
   */
  const validated = async (request: FastifyRequest, code: Code, body: SaveRequest, stored?: Application, storedModel = stored ? parseModel(stored) : undefined) => {
    // The classification of a stored record is its own: an update cannot turn a client into a guarantor.
    const data = stored ? { ...body.data, clasificacion: stored.clasificacion } : body.data;
    // Checked first: a malformed review stores nothing.
    // The review is an Analista's; anyone else's `pld` is ignored, as the public's is.
    const reviewer = isStaff(request) && hasPermission(request.session!.roles, 'pld');
    const checked = reviewer && body.pld !== undefined ? checkedPldReview(body.pld) : undefined;
    if (data.tipo_persona !== WIZARD_CODES[code]) {
      throw new WriteValidationError({ tipo_persona: `Este recurso solo recibe solicitudes de tipo ${WIZARD_CODES[code]}.` });
    }
    // A public applicant's finish needs 'Acepto' under the truthfulness statement; the server records when.
    const statementDue = body.meta?.complete === true && !isStaff(request) && !isGuarantor(data) && stored?.complete !== true;
    if (statementDue && body.meta?.declaracion_aceptada !== true) throw new ApiError(422, NOTICES.statementRequired, 'statement_required');
    const storedReview = (storedModel?.pld_coincidences ?? null) as PldCoincidences | null;
    // Who confirmed each match and when: the server's, kept while a match's reason stays the same.
    const review = checked ? reviewedCoincidences(checked, storedReview, await reviewerOf(request), await request.backend.pld.version()) : undefined;
    const level = (stored?.editable ?? 'all') as EditableLevel;
    // Finishing an applicant, or completing a guarantor ('Finalizar y regresar a PM'): every tab is checked.
    const finishing = body.meta?.complete === true || stored?.complete === true;
    const clean = await validateApplicationWrite(data, {
      staff: isStaff(request),
      // A draft is checked up to the furthest tab reached; a finished application everywhere.
      reachedTabs: finishing ? undefined : furthestTab(stored, body.meta),
      ...(storedModel ? { locks: { level, stored: storedModel } } : {}),
      // A draft's update validates only the tabs that can have changed since the stored model was accepted,
      // when it was accepted whole: saved here at the editable level 'all' (the model keeps the level of its
      // last save; a lock lifted since, or a model the main system wrote, has every rule checked again).
      ...(stored && storedModel && !finishing && storedModel.editable === 'all' ? { previous: { model: storedModel, reachedTabs: stored.last_index } } : {}),
      neighbourhoodsOf: (postalCode) => JSON.parse(request.backend.catalogs.neighbourhoodsOf(postalCode)),
    });
    const completing = isGuarantor(clean) && body.meta?.complete === true && storedModel?.persona_completa !== true;
    const model = {
      ...clean,
      // Fields only the server sets.
      editable: level,
      entidades_eliminadas: [],
      formatobce: storedModel?.formatobce ?? null,
      declaracion_aceptada: statementDue ? new Date().toISOString() : (storedModel?.declaracion_aceptada ?? null),
      // Counted here for staff (spec 02 §5 'Duplicates and PLD'); the public keeps the stored count.
      cantidad_duplicados: isStaff(request) ? await request.backend.duplicates.countClientsLike(clean, stored?.uuid ?? null) : (storedModel?.cantidad_duplicados ?? null),
      // Set by a staff save's `pld`, never by `data`; renaming a party makes the stored review stale (spec 01 §4).
      pld_coincidences: review ?? staleIfRenamed(storedModel, clean),
      // Set only by an Analista's confirmed finish (withFinishConfirmation), never by `data`.
      ...(storedModel?.pld_finalizacion ? { pld_finalizacion: storedModel.pld_finalizacion } : {}),
      persona_completa: completing || storedModel?.persona_completa === true,
      // A PM's guarantors are the records linked to it.
      ...(code === 'wizardpm' && !isGuarantor(clean) ? { avales: [] } : {}),
    };
    return { model, completing };
  };

  /** The public no longer reaches a finished or expired PM, nor its guarantors: a 403 saying why ('parent_closed'). */
  const requireOpenForPublic = (request: FastifyRequest, parent: Application) => {
    if (isStaff(request)) return;
    const closed = (message: string) => new ApiError(403, message, 'parent_closed');
    if (parent.complete) throw closed('La solicitud de Persona Moral ya fue finalizada y no puede modificarse.');
    if (isExpired(parent)) throw closed('La solicitud de Persona Moral ha expirado, por favor comience el registro nuevamente.');
    if (staffCreated(parent)) throw closed(STAFF_CREATED_PM);
  };

  /** Guarantors are added to or removed from a PM only where its editable level lets list items change. */
  const requireGuarantorsChangeable = (request: FastifyRequest, parent: Application) => {
    requireOpenForPublic(request, parent);
    if (!canAddOrRemoveItems(parent.editable as EditableLevel)) throw forbidden('No es posible agregar o quitar avales de esta solicitud.');
  };

  /**
   * A guarantor's parent must be a stored PM client the session may still change (spec 02 §2).
   * `unknown` makes the refusal of a code that names no PM: the save's field error by default.
   */
  const parentFor = async (request: FastifyRequest, parentUuid: string, unknown = (message: string): Error => new WriteValidationError({ parent_uuid: message })) => {
    if (!UUID.test(parentUuid)) throw unknown('El código de la solicitud principal no es válido.');
    const parent = await repository(request).find(parentUuid);
    if (!parent || parent.code !== 'wizardpm' || parent.clasificacion !== 'Cliente') throw unknown('No existe la solicitud de Persona Moral de este aval.');
    requireGuarantorsChangeable(request, parent);
    if ((await repository(request).guarantorsOf(parentUuid)).length >= GUARANTORS_MAX) {
      throw new ApiError(409, `La solicitud de Persona Moral ya tiene ${GUARANTORS_MAX} avales, el máximo permitido.`, 'too_many_guarantors');
    }
    return parent;
  };

  /**
   * A guarantor is finished or expired with its PM. The public reads a record staff created (or a
   * guarantor of one) but cannot change it: to it the record is not editable (`staff_created`).
   */
  const withParentState = async (request: FastifyRequest, application: Application) => {
    const parent = application.parent_uuid ? await repository(request).find(application.parent_uuid) : undefined;
    const meta = metaOf(application);
    const shown = parent ? { ...meta, complete: meta.complete || parent.complete, expired: meta.expired || isExpired(parent) } : meta;
    const lockedToPublic = !isStaff(request) && (staffCreated(application) || (parent !== undefined && staffCreated(parent)));
    return lockedToPublic ? { ...shown, editable: 'none' as const, staff_created: true } : shown;
  };

  /** The PM's guarantors, with who created each (for the routes' checks only). */
  const avalesOf = (request: FastifyRequest, parentUuid: string) => repository(request).guarantorsOf(parentUuid);

  /**
   * The PM's guarantors as its Avales tab lists them: name, person type and completeness; the uuid
   * (the key to the guarantor's record) only to staff and to the public session that created it.
   * Guarantors saved before sessions had ids ('public') keep showing it, as they did: their
   * applicants could otherwise never complete them, and so never finish their PM. A guarantor
   * another public session registered comes with its removal key instead (`ref`): whoever holds the
   * PM's code can take it off the PM (and register it again), not open it; otherwise an applicant
   * who resumed on another device could never finish. One staff registered comes with neither.
   */
  const avalesShown = async (request: FastifyRequest, parentUuid: string) =>
    (await avalesOf(request, parentUuid)).map((aval) => {
      const { uuid, created_by, data } = aval;
      if (isStaff(request) || ownedBySession(request, created_by) || created_by === 'public') return { uuid, data };
      const ref = removalKeyOf(parentUuid, aval);
      return { uuid: null, ...(ref ? { ref } : {}), data };
    });

  /** The model as answered: a PM client carries its guarantors; the PLD review is for staff only (DESIGN.md §6). */
  const answered = async (request: FastifyRequest, code: Code, model: Record<string, unknown>, uuid: string) => {
    const { pld_coincidences: review, pld_finalizacion: finish, ...shown } = model;
    const forSession = isStaff(request) ? { ...shown, pld_coincidences: review, ...(finish ? { pld_finalizacion: finish } : {}) } : shown;
    return code === 'wizardpm' && !isGuarantor(model) ? { ...forSession, avales: await avalesShown(request, uuid) } : forSession;
  };

  /** Every guarantor must be complete before its PM finishes (spec 02 §4). */
  const requireCompleteGuarantors = async (request: FastifyRequest, uuid: string) => {
    const incomplete = (await avalesOf(request, uuid)).filter((aval) => !aval.data.persona_completa);
    if (incomplete.length === 0) return;
    const names = incomplete.map((aval) => fullName(aval.data));
    throw new ApiError(409, `${NOTICES.incompleteGuarantors} Faltan por completar: ${names.join(', ')}.`, 'incomplete_guarantors', { avales: names });
  };

  const fieldsOf = (code: Code, model: Record<string, unknown>, body: SaveRequest, stored?: Application, parentUuid: string | null = null): RecordFields => ({
    code,
    model,
    last_index: furthestTab(stored, body.meta),
    // A guarantor is completed, never finished: it stays editable until its PM finishes.
    complete: body.meta?.complete === true && !isGuarantor(model),
    franchise: stored?.franchise ?? body.meta?.franchise ?? null,
    parent_uuid: stored ? stored.parent_uuid : parentUuid,
  });

  /**
   * A save over the stored record at `version` (an update, or a create sent again with its key):
   * refused unless the session may still change it; answers the row written, the model and the
   * outbox's messages it queued.
   */
  const saveOver = async (request: FastifyRequest<{ Body: SaveRequest }>, code: Code, stored: Application, version: number, { unchangedIsStored = false } = {}) => {
    const { uuid } = stored;
    if (stored.complete && !isStaff(request)) throw forbidden('La solicitud ya fue finalizada y no puede modificarse.');
    if (isExpired(stored) && !isStaff(request)) {
      throw forbidden('La solicitud ha expirado, por favor comience el registro nuevamente.');
    }
    if (staffCreated(stored) && !isStaff(request)) throw forbidden(STAFF_CREATED);
    if (stored.editable === 'none') {
      throw forbidden('Existe una solicitud aprobada para este cliente: no es posible modificar sus datos.');
    }
    const parent = stored.parent_uuid ? await repository(request).find(stored.parent_uuid) : undefined;
    if (parent) requireOpenForPublic(request, parent);
    const storedModel = parseModel(stored);
    const { model: checked, completing } = await validated(request, code, request.body, stored, storedModel);
    const model = await withFinishConfirmation(request, checked, request.body);
    // Finishing, or saving a finished PM (staff), needs every guarantor complete.
    if ((request.body.meta?.complete === true || stored.complete) && code === 'wizardpm' && !isGuarantor(model)) await requireCompleteGuarantors(request, uuid);
    const fields = fieldsOf(code, model, request.body, stored);
    // A create sent again that changes nothing is the record stored (two at once would otherwise refuse one as stale).
    if (unchangedIsStored && fields.complete === stored.complete && fields.last_index === stored.last_index && diffModels(storedModel, { ...model, uuid }).length === 0) {
      return { row: stored, model: storedModel, mail: [] };
    }
    const finishing = fields.complete && stored.id_persona_datos_generales === null;
    const mail = await messagesFor(request.backend.mail, {
      uuid,
      code,
      model,
      previousAddress: stored.email,
      createdBy: stored.created_by,
      franchise: stored.franchise,
      filledAt: new Date(stored.filled_at),
      finished: stored.complete || fields.complete,
      finishing,
      resumeLinksSent: async () => (await resumeLinksQueued(request.backend.db, uuid)).length,
      guarantorNames: code === 'wizardpm' && !isGuarantor(model) ? async () => (await avalesOf(request, uuid)).map((aval) => fullName(aval.data)) : undefined,
    });
    try {
      const row = await repository(request).update(stored, fields, version, actorOf(request), mail, storedModel);
      if (mail.length > 0) request.backend.mailQueue.kick();
      if (finishing || completing) {
        // The save is stored: a failure here only leaves the reminders to the delivery's own check.
        await cancelRemindersOfClosed(request.backend.db, uuid).catch((error: unknown) => request.log.warn({ err: error, uuid }, 'reminders of a closed record not cancelled'));
      }
      return { row, model, mail };
    } catch (error) {
      if (!(error instanceof StaleWriteError)) throw error;
      throw new ApiError(
        409,
        'La solicitud se modificó desde otra sesión mientras la editabas. Recarga la página para ver la versión actual.',
        'stale_version',
      );
    }
  };

  /** A create's answer: [uuid, { formatobce, version, meta, guarantors? (those linked, when it sent some), linkSent? }]. */
  const createdAnswer = async (request: FastifyRequest, row: Application, model: Record<string, unknown>, linked: string[] | undefined, mail: Parameters<typeof linkSentTo>[0]) => [
    row.uuid,
    {
      formatobce: { html: (model.formatobce as { html?: string } | null)?.html ?? null },
      version: row.version,
      meta: await withParentState(request, row),
      ...(linked ? { guarantors: linked } : {}),
      ...linkSentTo(mail),
    },
  ];

  /**
   * A create sent again with the key of one its creator stored (the first answer lost, or a 503
   * after the statement had committed): the same record, never a second one. Unchanged, it answers
   * as stored; changed, it is written over the version the create stored (1), so a record changed
   * since from elsewhere (its resume link in another tab, staff) is refused as stale, as a PUT would
   * be. A finish sent again after it was stored answers the finished record. The answer says where
   * the resume link went, as the lost one did.
   */
  const createdAgain = async (request: FastifyRequest<{ Body: SaveRequest }>, code: Code, stored: Application, pending: string[]) => {
    if (stored.code !== code) throw badRequest('La clave de creación ya se usó en otra solicitud.', 'create_key_reused');
    const linked = pending.length > 0 ? (await avalesOf(request, stored.uuid)).map((aval) => aval.uuid).filter((uuid) => pending.includes(uuid)) : undefined;
    const { row, model, mail } =
      stored.complete && request.body.meta?.complete === true
        ? { row: stored, model: parseModel(stored), mail: [] }
        : await saveOver(request, code, stored, CREATED_VERSION, { unchangedIsStored: true });
    // The documents the session uploaded before its first save, should the lost answer's request have stopped before linking them.
    if (stored.created_by !== 'public') await request.backend.documents.linkUnlinked(stored.created_by, stored.uuid);
    return createdAnswer(request, row, model, linked, mail.length > 0 ? mail : (await resumeLinksQueued(request.backend.db, stored.uuid)).slice(0, 1));
  };

  for (const code of Object.keys(WIZARD_CODES) as Code[]) {
    app.get<{ Params: { uuid: string; flag: string } }>(
      `/${code}/:uuid/:flag`,
      {
        preHandler: requireSession('public', 'system_auth'),
        schema: { summary: `Open a ${code} application by uuid` },
        config: { contract: { answers: { 200: answer(loadedAnswerSchema, 'The model and its meta'), ...refusals(400, 401, 403, 404) } } },
      },
      async (request) => {
        const { uuid, flag } = request.params;
        if (flag !== '0' && flag !== '1') throw badRequest('El indicador debe ser 0 (personal) o 1 (público).');
        if (flag === '0' && !isStaff(request)) throw forbidden('Esta acción es solo para el personal de la empresa.');
        const application = await loadFor(request, uuid);
        if (application.code !== code) throw notFound();
        const meta = await withParentState(request, application);
        // A finished or expired record, or a guarantor of one, is not shown again to the public (spec 01 §4).
        const closed = (meta.complete || meta.expired) && !isStaff(request);
        if (closed) return { data: {}, meta };
        // What was received for it, so its upload areas say so to a person who resumes (no file, no
        // uploader): a document the read refused (another template, or none recognised) was not.
        const documents = (await request.backend.documents.listUploaded(uuid))
          .filter(({ type, template }) => isAcceptedTemplate(type, template))
          .map(({ type, format, size, uploaded_at }) => ({ type, format: format!, size: size!, uploaded_at: uploaded_at!.toISOString() }));
        return { data: await answered(request, code, parseModel(application), uuid), meta, documents };
      },
    );

    app.post<{ Body: SaveRequest }>(
      `/${code}`,
      {
        preValidation: checksBody(saveRequestSchema),
        preHandler: requireSession('public', 'system_auth'),
        schema: { summary: `Create a ${code} application` },
        config: {
          contract: { body: saveRequestSchema, answers: { 201: answer(createdAnswerSchema, '[uuid, { formatobce, version, meta, guarantors? }]'), ...refusals(400, 401, 403, 409, 413, 415, 422) } },
        },
      },
      async (request, reply) => {
        const createdBy = creatorOf(request);
        const pending = (request.body.meta?.guarantors ?? []).filter((uuid) => UUID.test(uuid));
        // A create key binds only a creator that owns what it creates (staff, a public session with an id).
        const createKey = createdBy !== 'public' ? (request.body.meta?.create_key ?? null) : null;
        const earlier = createKey ? await repository(request).createdWith(createdBy, createKey) : undefined;
        if (earlier) {
          reply.status(201);
          return createdAgain(request, code, earlier, pending);
        }
        const model = await withFinishConfirmation(request, (await validated(request, code, request.body)).model, request.body);
        const parentUuid = request.body.meta?.parent_uuid ?? null;
        if (parentUuid !== null) {
          if (!isGuarantor(model)) throw new WriteValidationError({ clasificacion: 'Solo un aval (Obligado) se registra con una solicitud principal.' });
          await parentFor(request, parentUuid);
        }
        const linking = isGuarantor(model) ? [] : pending;
        if (linking.length > 0 && code !== 'wizardpm') throw badRequest('Solo una solicitud de Persona Moral tiene avales.');
        if (request.body.meta?.complete === true && linking.length > 0) throw badRequest('Guarda la solicitud antes de finalizarla con sus avales.');
        const uuid = randomUUID();
        // A public session links only the guarantors it created itself; staff, those any staff created.
        const creators: LinkableCreators = isStaff(request) ? { anyStaff: true } : { createdBy };
        const linkable = isStaff(request) || request.session?.sid !== undefined ? linking : [];
        const fields = { ...fieldsOf(code, model, request.body, undefined, parentUuid), filled_at: new Date(), create_key: createKey };
        const mail = await messagesFor(request.backend.mail, {
          uuid,
          code,
          model,
          previousAddress: undefined,
          createdBy,
          franchise: fields.franchise,
          filledAt: fields.filled_at,
          finished: fields.complete,
          finishing: fields.complete,
        });
        reply.status(201);
        let created;
        try {
          created = await repository(request).create(uuid, fields, actorOf(request), createdBy, { uuids: linkable, creators }, mail);
        } catch (error) {
          // The same create sent twice at once: the one stored first answers both.
          if (!(error instanceof CreateKeyTakenError) || !createKey) throw error;
          const stored = await repository(request).createdWith(createdBy, createKey);
          if (!stored) throw error;
          return createdAgain(request, code, stored, pending);
        }
        const { row, linked } = created;
        if (mail.length > 0) request.backend.mailQueue.kick();
        // The documents this session uploaded before the first save belong to the record it created.
        if (createdBy !== 'public') await request.backend.documents.linkUnlinked(createdBy, uuid);
        return createdAnswer(request, row, model, linking.length > 0 ? linked : undefined, mail);
      },
    );

    app.put<{ Params: { uuid: string }; Body: SaveRequest }>(
      `/${code}/:uuid`,
      {
        preValidation: checksBody(saveRequestSchema),
        preHandler: requireSession('public', 'system_auth'),
        schema: { summary: `Update a ${code} application` },
        config: { contract: { body: saveRequestSchema, answers: { 200: answer(updatedAnswerSchema, 'The model as stored and its meta'), ...refusals(400, 401, 403, 404, 409, 413, 415, 422) } } },
      },
      async (request) => {
        const { uuid } = request.params;
        if (!UUID.test(uuid)) throw notFound();
        const version = request.body.meta?.version;
        if (version === undefined || version === null) throw badRequest('Falta la versión de la solicitud (meta.version).', 'missing_version');

        const stored = await repository(request).find(uuid);
        if (!stored || stored.code !== code) throw notFound();
        const { row, model, mail } = await saveOver(request, code, stored, version);
        // The model just written answers as it is (the row's JSON text is the same model, not parsed again).
        const saved = { ...model, uuid: row.uuid, id_persona_datos_generales: row.id_persona_datos_generales };
        return { data: await answered(request, code, saved, uuid), meta: await withParentState(request, row), ...linkSentTo(mail) };
      },
    );
  }

  // Asked as a new guarantor's wizard opens, so a PM that takes no more guarantors is said at once,
  // not at the guarantor's first save: the same checks that save meets, and nothing read of the PM.
  app.get<{ Params: { uuid: string } }>(
    '/wizardpm/:uuid/avales/nuevo',
    {
      preHandler: requireSession('public', 'system_auth'),
      schema: { summary: 'Whether a new guarantor may be added to a PM application' },
      config: { contract: { answers: { 204: { description: 'A new guarantor may be added' }, ...refusals(401, 403, 404, 409) } } },
    },
    async (request, reply) => {
      await parentFor(request, request.params.uuid, (message) => new ApiError(404, message, 'not_found'));
      return reply.status(204).send();
    },
  );

  app.delete<{ Params: { uuid: string; guarantor: string } }>(
    '/wizardpm/:uuid/avales/:guarantor',
    {
      preHandler: requireSession('public', 'system_auth'),
      schema: { summary: 'Remove a guarantor from a PM application' },
      config: { contract: { answers: { 200: answer(removedGuarantorAnswerSchema, 'The PM’s guarantors left'), ...refusals(401, 403, 404) } } },
    },
    async (request) => {
      const { uuid, guarantor } = request.params;
      const parent = await loadFor(request, uuid);
      if (parent.code !== 'wizardpm' || parent.clasificacion !== 'Cliente') throw notFound();
      requireGuarantorsChangeable(request, parent);
      const notLinked = () => new ApiError(404, 'Ese aval no pertenece a esta solicitud.', 'not_found');
      // By its uuid, or by the removal key the PM's answer gave for a guarantor another session registered.
      const guarantorUuid = UUID.test(guarantor)
        ? guarantor
        : REMOVAL_KEY.test(guarantor)
          ? (await avalesOf(request, uuid)).find((aval) => removalKeyOf(uuid, aval) === guarantor)?.uuid
          : undefined;
      if (!guarantorUuid) throw notLinked();
      const record = await repository(request).find(guarantorUuid);
      if (!isStaff(request) && record?.parent_uuid === uuid && staffCreated(record)) {
        throw forbidden('Este aval fue registrado por el personal de la empresa y no puede quitarse desde aquí.');
      }
      if (!(await repository(request).unlinkGuarantor(uuid, guarantorUuid, actorOf(request)))) throw notLinked();
      return { message: NOTICES.guarantorRemoved, avales: await avalesShown(request, uuid) };
    },
  );

  app.get(
    '/wizardpf/cache',
    { preHandler: [requireSession('system_auth'), checksListQuery('unfinished')], schema: listSchema('unfinished'), config: { contract: listContract('unfinished') } },
    async (request, reply) => paged(reply, listQueryOf(request), (query) => request.backend.applicationLists.unfinished(query)),
  );

  app.get(
    '/wizardpf',
    { preHandler: [requireSession('system_auth'), checksListQuery('applicants')], schema: listSchema('applicants'), config: { contract: listContract('applicants') } },
    async (request, reply) => paged(reply, listQueryOf(request), (query) => request.backend.applicationLists.applicants(query)),
  );

  app.get<{ Params: { uuid: string } }>(
    '/historial/:uuid',
    {
      preHandler: requireSession('system_auth'),
      schema: { summary: 'Change history of an application (staff)' },
      config: { contract: { answers: { 200: answer(historyAnswerSchema, 'The record, and its latest changes oldest first'), ...refusals(401, 403, 404) } } },
    },
    async (request) => {
      const record = await loadFor(request, request.params.uuid);
      return { uuid: record.uuid, tipo_persona: record.tipo_persona, nombre: record.nombre, entries: await repository(request).history(record.uuid) };
    },
  );
}
