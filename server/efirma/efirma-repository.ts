// The packets the server issued and the signatures it kept: a signature's row and its history line
// are written in one transaction, and a second signature saved at the same moment over the same
// stored PDF is refused by the unique step (application, orden).
import type { Db } from '../db/database';
import type { EfirmaSignatureRow, EfirmaSignatureTable } from './efirma-tables';
import { sql, type Insertable } from 'kysely';

export class ConcurrentSignatureError extends Error {}

const UNIQUE_VIOLATION = '23505';

export function createEfirmaRepository(db: Db) {
  return {
    /** Remembers a packet handed out for the application (one row per distinct content, with when it was last handed out). */
    async recordIssued(applicationUuid: string, length: number, sha256: string): Promise<void> {
      await db
        .insertInto('packet_issue')
        .values({ application_uuid: applicationUuid, longitud: length, sha256 })
        // Handed out again: issued now (a save since that left the packet as it was does not make it stale).
        .onConflict((oc) => oc.columns(['application_uuid', 'sha256']).doUpdateSet({ emitido_el: sql<string>`now()` }))
        .execute();
    },

    /** The packets handed out for the application since `since` (its last change: an older packet no longer shows it as it is). */
    async issuedSince(applicationUuid: string, since: Date): Promise<Array<{ length: number; sha256: string }>> {
      const rows = await db
        .selectFrom('packet_issue')
        .select(['longitud', 'sha256'])
        .where('application_uuid', '=', applicationUuid)
        .where('emitido_el', '>=', since)
        .execute();
      return rows.map(({ longitud, sha256 }) => ({ length: longitud, sha256 }));
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
