// Application records: read, create, update with a version check, lists and change history.
// Every write and its history row are one transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Application } from './application-tables';
import { diffModels } from './model-diff';

type Model = Record<string, unknown>;

export interface RecordFields {
  code: string;
  model: Model;
  last_index: number;
  complete: boolean;
  franchise: string | null;
  parent_uuid: string | null;
}

export class StaleWriteError extends Error {}

const displayName = (model: Model) => {
  const fisica = (model.fisica ?? {}) as Model;
  return [model.nombre, fisica.apellido_paterno, fisica.apellido_materno].filter((part) => typeof part === 'string' && part).join(' ');
};

const columnsOf = (fields: RecordFields) => ({
  code: fields.code,
  tipo_persona: String(fields.model.tipo_persona ?? ''),
  clasificacion: String(fields.model.clasificacion ?? 'Cliente'),
  nombre: displayName(fields.model),
  email: typeof fields.model.email === 'string' ? fields.model.email : '',
  data: JSON.stringify(fields.model),
  last_index: fields.last_index,
  complete: fields.complete,
  franchise: fields.franchise,
});

export const parseModel = (application: Application): Model =>
  (typeof application.data === 'string' ? JSON.parse(application.data) : application.data) as Model;

export function createApplicationRepository(db: Kysely<Database>) {
  const nextPersonId = async (trx: Transaction<Database>) => {
    const { rows } = await sql<{ id: number }>`select nextval('persona_datos_generales_seq')::integer as id`.execute(trx);
    return rows[0].id;
  };

  const record = (trx: Transaction<Database>, uuid: string, actor: string, action: 'create' | 'update' | 'finish', before: Model, after: Model) =>
    trx
      .insertInto('application_change')
      .values({ application_uuid: uuid, actor, action, changes: JSON.stringify(diffModels(before, after)) })
      .execute();

  return {
    async find(uuid: string): Promise<Application | undefined> {
      return db.selectFrom('application').selectAll().where('uuid', '=', uuid).executeTakeFirst();
    },

    async create(uuid: string, fields: RecordFields, actor: string): Promise<Application> {
      return db.transaction().execute(async (trx) => {
        const id = fields.complete ? await nextPersonId(trx) : null;
        const model = { ...fields.model, uuid, id_persona_datos_generales: id };
        const row = await trx
          .insertInto('application')
          .values({ uuid, ...columnsOf({ ...fields, model }), parent_uuid: fields.parent_uuid, id_persona_datos_generales: id })
          .returningAll()
          .executeTakeFirstOrThrow();
        await record(trx, uuid, actor, fields.complete ? 'finish' : 'create', {}, model);
        return row;
      });
    },

    /** Writes over `version`; throws StaleWriteError when the record changed since. */
    async update(stored: Application, fields: RecordFields, version: number, actor: string): Promise<Application> {
      return db.transaction().execute(async (trx) => {
        const before = parseModel(stored);
        const finishing = fields.complete && stored.id_persona_datos_generales === null;
        const id = finishing ? await nextPersonId(trx) : stored.id_persona_datos_generales;
        const model = { ...fields.model, uuid: stored.uuid, id_persona_datos_generales: id };
        const row = await trx
          .updateTable('application')
          .set({
            ...columnsOf({ ...fields, model }),
            complete: stored.complete || fields.complete,
            id_persona_datos_generales: id,
            last_index: Math.max(stored.last_index, fields.last_index),
            updated_at: sql`now()` as unknown as string,
            version: stored.version + 1,
          })
          .where('uuid', '=', stored.uuid)
          .where('version', '=', version)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new StaleWriteError();
        await record(trx, stored.uuid, actor, finishing ? 'finish' : 'update', before, model);
        return row;
      });
    },

    /** Unfinished registrations, newest first. */
    async listUnfinished() {
      return db
        .selectFrom('application')
        .select(['id', 'uuid', 'tipo_persona', 'data'])
        .where('complete', '=', false)
        .where('parent_uuid', 'is', null)
        .orderBy('updated_at', 'desc')
        .execute();
    },

    /** Finished applicants, newest first. */
    async listApplicants() {
      return db
        .selectFrom('application')
        .select(['nombre', 'email', 'tipo_persona', 'id_persona_datos_generales', 'uuid'])
        .where('complete', '=', true)
        .orderBy('updated_at', 'desc')
        .execute();
    },

    async history(uuid: string) {
      return db.selectFrom('application_change').selectAll().where('application_uuid', '=', uuid).orderBy('id', 'asc').execute();
    },
  };
}

export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
