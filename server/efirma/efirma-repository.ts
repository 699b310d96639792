// The packets the server issued and the signatures it kept: a signature's row and its history line
// are written in one transaction, and a second signature saved at the same moment over the same
// stored PDF is refused by the unique step (application, orden).
import type { Db } from '../db/database';
import type { EfirmaSignatureRow, EfirmaSignatureTable } from './efirma-tables';
import type { Insertable } from 'kysely';

export class ConcurrentSignatureError extends Error {}

const UNIQUE_VIOLATION = '23505';

export function createEfirmaRepository(db: Db) {
  return {
    /** Remembers a packet handed out for the application (once per distinct content). */
    async recordIssued(applicationUuid: string, length: number, sha256: string): Promise<void> {
      await db
        .insertInto('packet_issue')
        .values({ application_uuid: applicationUuid, longitud: length, sha256 })
        .onConflict((oc) => oc.columns(['application_uuid', 'sha256']).doNothing())
        .execute();
    },

    async wasIssued(applicationUuid: string, length: number, sha256: string): Promise<boolean> {
      const row = await db
        .selectFrom('packet_issue')
        .select('id')
        .where('application_uuid', '=', applicationUuid)
        .where('sha256', '=', sha256)
        .where('longitud', '=', length)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The application's signatures, first first. */
    signatures(applicationUuid: string): Promise<EfirmaSignatureRow[]> {
      return db.selectFrom('efirma_signature').selectAll().where('application_uuid', '=', applicationUuid).orderBy('orden').execute();
    },

    /** Keeps a signature and its line in the change history; ConcurrentSignatureError when its step was taken meanwhile. */
    async add(row: Insertable<EfirmaSignatureTable>, historyLine: string): Promise<void> {
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('efirma_signature').values(row).execute();
          await trx
            .insertInto('application_change')
            .values({ application_uuid: row.application_uuid, actor: row.actor, action: 'efirma', changes: JSON.stringify([{ path: 'firma_efirma', before: null, after: historyLine }]) })
            .execute();
        });
      } catch (error) {
        if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) throw new ConcurrentSignatureError();
        throw error;
      }
    },
  };
}

export type EfirmaRepository = ReturnType<typeof createEfirmaRepository>;
