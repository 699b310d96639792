// The document rows: recorded when a policy is signed, linked to the application a session
// creates, marked uploaded once their bytes are checked, and listed for staff.
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { DocumentRow } from './document-tables';

export interface NewDocument {
  id: string;
  bucket: string;
  key: string;
  type: string;
  applicationUuid: string | null;
  owner: string;
}

export interface ListedDocument extends DocumentRow {
  /** The staff user's full name when staff signed it. */
  staff_name: string | null;
}

/** How long a document signed before its application's first save waits to be linked to it. */
const UNLINKED_HOURS = 24;

export function createDocumentRepository(db: Db) {
  return {
    async record(document: NewDocument): Promise<void> {
      await db
        .insertInto('document')
        .values({ id: document.id, bucket: document.bucket, key: document.key, type: document.type, application_uuid: document.applicationUuid, owner: document.owner })
        .execute();
    },

    find(bucket: string, key: string): Promise<DocumentRow | undefined> {
      return db.selectFrom('document').selectAll().where('bucket', '=', bucket).where('key', '=', key).executeTakeFirst();
    },

    findById(id: string): Promise<DocumentRow | undefined> {
      return db.selectFrom('document').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The owner's documents signed before any application was stored become the new application's. */
    async linkUnlinked(owner: string, applicationUuid: string): Promise<void> {
      await db
        .updateTable('document')
        .set({ application_uuid: applicationUuid })
        .where('owner', '=', owner)
        .where('application_uuid', 'is', null)
        .where('signed_at', '>', sql<Date>`now() - make_interval(hours => ${UNLINKED_HOURS})`)
        .execute();
    },

    async markUploaded(id: string, format: string, size: number): Promise<void> {
      await db
        .updateTable('document')
        .set({ uploaded_at: new Date().toISOString(), format, size })
        .where('id', '=', id)
        .execute();
    },

    /** Refused by its content: no longer uploaded (the object is removed by the caller). */
    async markRefused(id: string): Promise<void> {
      await db.updateTable('document').set({ uploaded_at: null, format: null, size: null }).where('id', '=', id).execute();
    },

    /** The template OCR recognised (the OCR route records it). */
    async recordTemplate(id: string, template: string | null): Promise<void> {
      await db.updateTable('document').set({ template }).where('id', '=', id).execute();
    },

    /**
     * Documents past the linking window that never will be seen by staff: never checked (uploaded or
     * not), or never linked to an application. At most `limit`, oldest first.
     */
    stale(limit: number): Promise<DocumentRow[]> {
      return db
        .selectFrom('document')
        .selectAll()
        .where((eb) => eb.or([eb('uploaded_at', 'is', null), eb('application_uuid', 'is', null)]))
        .where('signed_at', '<', sql<Date>`now() - make_interval(hours => ${UNLINKED_HOURS})`)
        .orderBy('signed_at')
        .limit(limit)
        .execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('document').where('id', '=', id).execute();
    },

    /** An application's uploaded documents, newest first, with the name of the staff user who uploaded each. */
    listUploaded(applicationUuid: string): Promise<ListedDocument[]> {
      return db
        .selectFrom('document')
        .leftJoin('staff_user', (join) => join.on(sql`'staff:' || staff_user.id::text`, '=', sql.ref('document.owner')))
        .selectAll('document')
        .select(sql<string | null>`case when staff_user.id is null then null else trim(staff_user.nombre || ' ' || staff_user.apellido_paterno || ' ' || staff_user.apellido_materno) end`.as('staff_name'))
        .where('document.application_uuid', '=', applicationUuid)
        .where('document.uploaded_at', 'is not', null)
        .orderBy('document.uploaded_at', 'desc')
        .orderBy('document.id')
        .execute();
    },
  };
}

export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
