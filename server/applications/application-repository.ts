// Application records: read, create, update with a version check, lists and change history.
// Every write and its history row commit together.
import { sql, type Insertable, type Kysely, type QueryCreator } from 'kysely';
import type { Database } from '../db/schema';
import type { Application, ApplicationChange } from './application-tables';
import { fullName } from '../../forms/person-name';
import { diffModels } from '../../forms/model-diff';
import { modelRfc } from '../../forms/rules/rfc-duplicates';
import { ByteBoundedCache } from './byte-bounded-cache';
import { GUARANTORS_MAX } from '../../forms/limits';
import type { PldCoincidences } from '../../forms/pld';
import { storedJson } from '../db/stored-json';
import { confirmedLists } from '../../forms/pld-outcome';
import { preparedQuery } from '../db/prepared-query';
import { mailRowOf } from '../mail/mail-outbox';
import type { MailMessageTable } from '../mail/mail-tables';

/** The most changes the history answers (the latest). */
export const HISTORY_MAX = 500;

type Model = Record<string, unknown>;

export interface RecordFields {
  code: string;
  model: Model;
  /** The furthest tab reached, stored and answered as it is (server/applications/furthest-tab.ts). */
  last_index: number;
  complete: boolean;
  franchise: string | null;
  parent_uuid: string | null;
  /** A new record's filling time, when the caller has used it already (the outbox's validity date); now() otherwise. */
  filled_at?: Date;
  /** A new record's create key (meta.create_key), when its browser sent one. */
  create_key?: string | null;
}

export class StaleWriteError extends Error {}

/** A create sent with a key its creator already stored a record under (application.create_key). */
export class CreateKeyTakenError extends Error {}

const UNIQUE_VIOLATION = '23505';

/** What an update statement is run with: the columns, the version it writes over, its history row. */
type UpdateValues = ReturnType<typeof columnsOf> & {
  id_persona_datos_generales: number | null;
  uuid: string;
  version: number;
  /** The editable level and completeness the save was checked against. */
  editable: string;
  stored_complete: boolean;
  actor: string;
  action: ApplicationChange['action'];
  changes: string;
};

/** What a history row says: who, what kind of change, and its fields (JSON). */
interface HistoryEntry {
  actor: string;
  action: ApplicationChange['action'];
  changes: string;
}

/**
 * A history row of a write, as a CTE over the row the write returned (`written`): the write and
 * its history are one statement, so they commit together without a transaction's round trips.
 * The row is about the written record itself, or about its PM (`{ parentUuid }`: no row when it has none).
 */
const historyRowOf =
  (written: 'inserted' | 'updated', { actor, action, changes }: HistoryEntry, about: 'written record' | { parentUuid: string | null }) =>
  // The CTE's own table is not in Database: the builder is typed loosely here.
  (qb: QueryCreator<any>) =>
    qb
      .insertInto('application_change')
      .columns(['application_uuid', 'actor', 'action', 'changes'])
      .expression((eb) => {
        const row = eb
          .selectFrom(written)
          .select([
            about === 'written record' ? `${written}.uuid` : sql<string>`${about.parentUuid}::text`.as('application_uuid'),
            sql<string>`${actor}::text`.as('actor'),
            sql<string>`${action}::text`.as('action'),
            sql<string>`${changes}::json`.as('changes'),
          ]);
        return about === 'written record' ? row : row.where(sql<boolean>`${about.parentUuid}::text is not null`);
      });

/** The written record's own history row. */
const ownHistoryRow = (written: 'inserted' | 'updated', entry: HistoryEntry) => historyRowOf(written, entry, 'written record');

/** A history row of the written record's PM, `parentUuid`; none when the record has no PM. */
const parentHistoryRow = (written: 'inserted' | 'updated', parentUuid: string | null, entry: HistoryEntry) => historyRowOf(written, entry, { parentUuid });

/** A PM's history row for a guarantor linked under it: 'Aval vinculado' with its name. */
const linkChanges = (guarantor: { uuid: string; nombre: string }) => JSON.stringify([{ path: 'avales', before: null, after: guarantor }]);

/** The outbox's messages of a save, as parts of its statement after the written row (server/mail/mail-outbox.ts). */
function withMail<C extends QueryCreator<any>>(creator: C, written: 'inserted' | 'updated', rows: Array<Insertable<MailMessageTable>>): C {
  return rows.reduce((query, row, index) => query.with(`mail_${index}`, mailRowOf(written, row)) as C, creator);
}

/** The `pld_confirmada` column: the lists of the matches staff confirmed ('OFAC SDN, ONU'), or null when none. */
const confirmedColumn = (review: PldCoincidences | null | undefined) => confirmedLists(review).join(', ') || null;

/** The columns a write sets from its fields. */
const COLUMN_NAMES = ['code', 'tipo_persona', 'clasificacion', 'nombre', 'email', 'rfc', 'data', 'last_index', 'complete', 'franchise', 'pld_confirmada'] as const;

const columnsOf = (fields: RecordFields) => ({
  code: fields.code,
  tipo_persona: String(fields.model.tipo_persona ?? ''),
  clasificacion: String(fields.model.clasificacion ?? 'Cliente'),
  nombre: fullName(fields.model),
  email: typeof fields.model.email === 'string' ? fields.model.email : '',
  rfc: modelRfc(fields.model) || null,
  data: JSON.stringify(fields.model),
  last_index: fields.last_index,
  complete: fields.complete,
  franchise: fields.franchise,
  pld_confirmada: confirmedColumn(fields.model.pld_coincidences as PldCoincidences | null | undefined),
});

/** The stored model; the record's uuid and person id come from their columns, which are the truth. */
export const parseModel = (application: Application): Model => ({
  ...storedJson<Model>(application.data),
  uuid: application.uuid,
  id_persona_datos_generales: application.id_persona_datos_generales,
});

// The columns a write answers: everything but the model, which the caller has just written, and the
// create key, which no write's answer reads (createdWith reads it).
const STATE_COLUMNS = [
  'id',
  'uuid',
  'code',
  'tipo_persona',
  'clasificacion',
  'parent_uuid',
  'nombre',
  'email',
  'id_persona_datos_generales',
  'last_index',
  'store',
  'complete',
  'editable',
  'franchise',
  'filled_at',
  'updated_at',
  'version',
  'rfc',
  'created_by',
  'pld_confirmada',
] as const;

/** Entries kept, and the bytes they may take (RECORD_CACHE_MAX_BYTES), unless the options say otherwise. */
const CACHE_ENTRIES = 500;
export const DEFAULT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** What a kept row costs: its model's JSON text (two bytes a character) and about 1 KB for its columns. */
const rowBytes = (row: Application) => 2 * (row.data as string).length + 1024;
const guarantorBytes = (list: GuarantorSummary[]) => 256 + list.reduce((sum, aval) => sum + 2 * JSON.stringify(aval).length + 128, 0);

/**
 * The records this process last read or wrote, newest last, each with its model as JSON text so
 * every reader parses a copy of its own; bounded in entries and in bytes. Only for a database this
 * process alone writes (PGlite): a save then costs the embedded database one statement instead of
 * two. Every write goes through this repository; anything that writes `application` otherwise must
 * call `forget`, or a later save validated against the kept copy would write over its change.
 */
function recordCache(enabled: boolean, maxBytes: number) {
  const rows = new ByteBoundedCache<Application>({ maxEntries: CACHE_ENTRIES, maxBytes }, rowBytes);
  /** Each PM's guarantors as its Avales tab lists them. */
  const guarantors = new ByteBoundedCache<GuarantorSummary[]>({ maxEntries: CACHE_ENTRIES, maxBytes: Math.ceil(maxBytes / 8) }, guarantorBytes);
  return {
    guarantorsOf(parentUuid: string) {
      return guarantors.get(parentUuid)?.map((aval) => ({ ...aval, data: { ...aval.data, fisica: { ...aval.data.fisica } } }));
    },
    keepGuarantors(parentUuid: string, list: GuarantorSummary[]) {
      if (enabled) guarantors.set(parentUuid, list);
    },
    /** A guarantor of this PM was written, linked or removed. */
    forgetGuarantors(parentUuid: string | null) {
      if (parentUuid) guarantors.delete(parentUuid);
    },
    get(uuid: string) {
      return enabled ? rows.get(uuid) : undefined;
    },
    keep(row: Application) {
      if (!enabled) return;
      rows.set(row.uuid, typeof row.data === 'string' ? row : { ...row, data: JSON.stringify(row.data) });
    },
    forget(uuids: string[]) {
      for (const uuid of uuids) rows.delete(uuid);
      guarantors.clear();
    },
  };
}

/** A guarantor as its PM's Avales tab lists it. */
export interface GuarantorSummary {
  uuid: string;
  /** Who created the guarantor (the `created_by` column): the routes decide from it whom to show its uuid. */
  created_by: string;
  data: { tipo_persona: string; nombre: string; fisica: { apellido_paterno: string; apellido_materno: string }; persona_completa: boolean };
}

export interface RepositoryOptions {
  /** Keep the records last read or written in memory: only when this process alone writes the database. */
  cacheRecords?: boolean;
  /** The bytes the kept records may take. */
  cacheMaxBytes?: number;
}

/** Whose unlinked guarantors a new PM may take: one creator ('public:<sid>'), or every staff account. */
export type LinkableCreators = { createdBy: string } | { anyStaff: true };

/**
 * Links guarantors saved before their parent existed (spec 02 §2, /aval/...) to it, inside the
 * caller's transaction: only guarantors linked to nobody and created by `creators` are taken.
 * Answers the uuids linked.
 */
async function linkUnder(trx: Kysely<Database>, parentUuid: string, uuids: string[], actor: string, creators: LinkableCreators): Promise<string[]> {
  const linked = await trx
    .updateTable('application')
    .set({ parent_uuid: parentUuid, updated_at: sql`now()` as unknown as string, version: sql<number>`version + 1` })
    .where('uuid', 'in', uuids)
    .where('parent_uuid', 'is', null)
    .where('clasificacion', '=', 'Obligado')
    .where('created_by', 'createdBy' in creators ? '=' : 'like', 'createdBy' in creators ? creators.createdBy : 'staff:%')
    .returning(['uuid', 'nombre'])
    .execute();
  // Both records keep the link, as both keep a removal.
  const changes = linked.flatMap(({ uuid, nombre }) => [
    { application_uuid: uuid, actor, action: 'link' as const, changes: JSON.stringify([{ path: 'parent_uuid', before: null, after: parentUuid }]) },
    { application_uuid: parentUuid, actor, action: 'link' as const, changes: linkChanges({ uuid, nombre }) },
  ]);
  if (changes.length > 0) await trx.insertInto('application_change').values(changes).execute();
  return linked.map(({ uuid }) => uuid);
}

export function createApplicationRepository(db: Kysely<Database>, { cacheRecords = false, cacheMaxBytes = DEFAULT_CACHE_MAX_BYTES }: RepositoryOptions = {}) {
  const nextPersonId = sql<number>`nextval('persona_datos_generales_seq')::integer`;
  const cache = recordCache(cacheRecords, cacheMaxBytes);
  /** A save over a version, and its history row, as one statement (with the outbox's messages, if any). */
  const updateStatement = (values: UpdateValues, finishing: boolean, mail: Array<Insertable<MailMessageTable>> = []) =>
    withMail(
      db
        .with('updated', (qb) =>
          qb
            .updateTable('application')
            .set({
              ...(Object.fromEntries(COLUMN_NAMES.map((name) => [name, values[name]])) as ReturnType<typeof columnsOf>),
              complete: values.complete,
              id_persona_datos_generales: finishing ? nextPersonId : values.id_persona_datos_generales,
              updated_at: sql`now()` as unknown as string,
              version: sql<number>`version + 1`,
            })
            .where('uuid', '=', values.uuid)
            .where('version', '=', values.version)
            // What the save was checked against must still hold when it is written.
            .where('editable', '=', values.editable)
            .where('complete', '=', values.stored_complete)
            .returning(STATE_COLUMNS),
        )
        .with('change', ownHistoryRow('updated', values)),
      'updated',
      mail,
    )
      .selectFrom('updated')
      .selectAll();
  const updateDraft = preparedQuery(db, (values: UpdateValues) => updateStatement(values, false));
  const updateFinishing = preparedQuery(db, (values: UpdateValues) => updateStatement(values, true));
  const recordOf = preparedQuery(db, (values: { uuid: string }) => db.selectFrom('application').selectAll().where('uuid', '=', values.uuid));
  /** A written record: its answered columns, the model as the JSON that was written, and its create key. */
  const written = (state: Omit<Application, 'data' | 'create_key'>, data: string, createKey: string | null): Application => {
    const row: Application = { ...state, data, create_key: createKey };
    cache.keep(row);
    cache.forgetGuarantors(row.parent_uuid);
    return row;
  };

  return {
    /** Drops what is kept of these records: whoever writes them without this repository must call it. */
    forget(...uuids: string[]) {
      cache.forget(uuids);
    },

    async find(uuid: string): Promise<Application | undefined> {
      const cached = cache.get(uuid);
      if (cached) return cached;
      const [row] = await recordOf({ uuid });
      if (row) cache.keep(row);
      return row;
    },

    // Each write and its history row are one statement (a data-modifying CTE), so they commit
    // together without a transaction's extra round trips on the embedded database.
    /**
     * Stores a new record, remembering who created it (`createdBy`). A new PM also takes the
     * guarantors saved before it (`guarantors`: those linked to nobody, created by `creators`); the
     * record and the links commit together. Answers the record and the uuids linked.
     */
    async create(
      uuid: string,
      fields: RecordFields,
      actor: string,
      createdBy: string,
      guarantors: { uuids: string[]; creators: LinkableCreators } = { uuids: [], creators: { createdBy } },
      mail: Array<Insertable<MailMessageTable>> = [],
    ): Promise<{ row: Application; linked: string[] }> {
      const changes = JSON.stringify(diffModels({}, { ...fields.model, uuid }));
      const columns = columnsOf(fields);
      const insert = (executor: Kysely<Database>) =>
        withMail(
          executor.with('inserted', (qb) =>
            qb
              .insertInto('application')
              .values({
                uuid,
                ...columns,
                created_by: createdBy,
                parent_uuid: fields.parent_uuid,
                ...(fields.filled_at ? { filled_at: fields.filled_at.toISOString() } : {}),
                ...(fields.create_key ? { create_key: fields.create_key } : {}),
                id_persona_datos_generales: fields.complete ? nextPersonId : null,
              })
              .returning(STATE_COLUMNS),
          )
          .with('change', ownHistoryRow('inserted', { actor, action: fields.complete ? 'finish' : 'create', changes }))
          // A guarantor registered under its PM: the PM's history says so, as it says a removal.
          .with('parent_change', parentHistoryRow('inserted', fields.parent_uuid, { actor, action: 'link', changes: linkChanges({ uuid, nombre: columns.nombre }) })),
          'inserted',
          mail,
        )
          .selectFrom('inserted')
          .selectAll()
          .executeTakeFirstOrThrow();
      try {
        if (guarantors.uuids.length === 0) return { row: written(await insert(db), columns.data, fields.create_key ?? null), linked: [] };
        const { state, linked } = await db.transaction().execute(async (trx) => {
          const inserted = await insert(trx);
          return { state: inserted, linked: await linkUnder(trx, uuid, guarantors.uuids, actor, guarantors.creators) };
        });
        cache.forget(linked);
        return { row: written(state, columns.data, fields.create_key ?? null), linked };
      } catch (error) {
        const { code, constraint } = error as { code?: unknown; constraint?: unknown };
        if (code === UNIQUE_VIOLATION && constraint === 'application_create_key') throw new CreateKeyTakenError();
        throw error;
      }
    },

    /** The record `createdBy` stored under a create key, if any. */
    async createdWith(createdBy: string, createKey: string): Promise<Application | undefined> {
      const row = await db.selectFrom('application').selectAll().where('created_by', '=', createdBy).where('create_key', '=', createKey).executeTakeFirst();
      if (row) cache.keep(row);
      return row;
    },

    /** Writes over `version`; throws StaleWriteError when the record changed since. `before` is `stored`'s model, when the caller has parsed it. */
    async update(
      stored: Application,
      fields: RecordFields,
      version: number,
      actor: string,
      mail: Array<Insertable<MailMessageTable>> = [],
      before: Model = parseModel(stored),
    ): Promise<Application> {
      const finishing = fields.complete && stored.id_persona_datos_generales === null;
      const changes = JSON.stringify(diffModels(before, { ...fields.model, uuid: stored.uuid }));
      const columns = columnsOf(fields);
      const values: UpdateValues = {
        ...columns,
        complete: stored.complete || fields.complete,
        id_persona_datos_generales: stored.id_persona_datos_generales,
        uuid: stored.uuid,
        version,
        editable: stored.editable,
        stored_complete: stored.complete,
        actor,
        action: finishing ? 'finish' : 'update',
        changes,
      };
      // A save that queues no mail (nearly all) runs its statement compiled once.
      const [state] = mail.length > 0 ? await updateStatement(values, finishing, mail).execute() : await (finishing ? updateFinishing : updateDraft)(values);
      if (!state) {
        cache.forget([stored.uuid]);
        throw new StaleWriteError();
      }
      return written(state, columns.data, stored.create_key);
    },

    /** The guarantors linked to a parent, oldest first, as the PM's Avales tab lists them (read from their JSON, not parsed whole). */
    async guarantorsOf(parentUuid: string): Promise<GuarantorSummary[]> {
      const cached = cache.guarantorsOf(parentUuid);
      if (cached) return cached;
      const rows = await db
        .selectFrom('application')
        .select([
          'uuid',
          'created_by',
          'tipo_persona',
          sql<string | null>`data->>'nombre'`.as('nombre'),
          sql<string | null>`data->'fisica'->>'apellido_paterno'`.as('apellido_paterno'),
          sql<string | null>`data->'fisica'->>'apellido_materno'`.as('apellido_materno'),
          sql<string | null>`data->>'persona_completa'`.as('persona_completa'),
        ])
        .where('parent_uuid', '=', parentUuid)
        .orderBy('id', 'asc')
        .limit(GUARANTORS_MAX)
        .execute();
      const list = rows.map((row) => ({
        uuid: row.uuid,
        created_by: row.created_by,
        data: {
          tipo_persona: row.tipo_persona,
          nombre: row.nombre ?? '',
          fisica: { apellido_paterno: row.apellido_paterno ?? '', apellido_materno: row.apellido_materno ?? '' },
          persona_completa: row.persona_completa === 'true',
        },
      }));
      cache.keepGuarantors(parentUuid, list);
      return cache.guarantorsOf(parentUuid) ?? list;
    },


    /** Removes a guarantor from its parent; both records keep the removal in their history. Answers false when it was not linked. */
    async unlinkGuarantor(parentUuid: string, guarantorUuid: string, actor: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const unlinked = await trx
          .updateTable('application')
          .set({ parent_uuid: null, updated_at: sql`now()` as unknown as string, version: sql<number>`version + 1` })
          .where('uuid', '=', guarantorUuid)
          .where('parent_uuid', '=', parentUuid)
          .returning(['uuid', 'nombre'])
          .executeTakeFirst();
        cache.forget([guarantorUuid]);
        cache.forgetGuarantors(parentUuid);
        if (!unlinked) return false;
        const removed = { uuid: guarantorUuid, nombre: unlinked.nombre };
        await trx
          .insertInto('application_change')
          .values([
            { application_uuid: parentUuid, actor, action: 'unlink', changes: JSON.stringify([{ path: 'avales', before: removed, after: null }]) },
            { application_uuid: guarantorUuid, actor, action: 'unlink', changes: JSON.stringify([{ path: 'parent_uuid', before: parentUuid, after: null }]) },
          ])
          .execute();
        return true;
      });
    },

    /**
     * The record's latest HISTORY_MAX changes, oldest first (every public save adds one, so the
     * answer is bounded), each with the name of the staff member who made it.
     */
    async history(uuid: string) {
      const latest = await db
        .selectFrom('application_change')
        .leftJoin('staff_user', (join) => join.on(sql<boolean>`application_change.actor = 'staff:' || staff_user.id::text`))
        .selectAll('application_change')
        .select(sql<string | null>`nullif(concat_ws(' ', staff_user.nombre, staff_user.apellido_paterno, nullif(staff_user.apellido_materno, '')), '')`.as('actor_nombre'))
        .where('application_uuid', '=', uuid)
        .orderBy('application_change.id', 'desc')
        .limit(HISTORY_MAX)
        .execute();
      return latest.reverse();
    },
  };
}

export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
