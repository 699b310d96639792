// The duplicate-RFC counts (spec 01 §5, 02 §5) over the `rfc` column of the application records.
import type { Kysely } from 'kysely';
import { rfcLength } from '../../forms/rules/rfc';
import { modelRfc, rfcKindOf } from '../../forms/rules/rfc-duplicates';
import type { Database } from '../db/schema';

export function createDuplicateRepository(db: Kysely<Database>) {
  const countClients = async (rfc: string, exceptUuid: string | null): Promise<number> => {
    let query = db
      .selectFrom('application')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('rfc', '=', rfc)
      .where('clasificacion', '=', 'Cliente');
    if (exceptUuid) query = query.where('uuid', '<>', exceptUuid);
    return Number((await query.executeTakeFirstOrThrow()).count);
  };

  return {
    /** Client records (clasificacion 'Cliente') with this RFC key, the record `exceptUuid` left out. */
    countClients,

    /**
     * The duplicates flag (cantidad_duplicados) of a model being saved: how many other clients have
     * its RFC, null when none do or while its RFC is not complete.
     */
    async countClientsLike(model: Record<string, unknown>, ownUuid: string | null): Promise<number | null> {
      const rfc = modelRfc(model);
      if (rfc.length !== rfcLength(rfcKindOf(model))) return null;
      return (await countClients(rfc, ownUuid)) || null;
    },

    /**
     * Records of one application with this RFC key: the guarantors of `parentUuid` and the parent
     * itself (a company cannot be its own guarantor), the record `exceptUuid` left out.
     */
    async countInApplication(parentUuid: string, rfc: string, exceptUuid: string | null): Promise<number> {
      let query = db
        .selectFrom('application')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('rfc', '=', rfc)
        .where((eb) => eb.or([eb('parent_uuid', '=', parentUuid), eb('uuid', '=', parentUuid)]));
      if (exceptUuid) query = query.where('uuid', '<>', exceptUuid);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },
  };
}

export type DuplicateRepository = ReturnType<typeof createDuplicateRepository>;
