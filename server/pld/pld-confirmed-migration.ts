// Migration 0012: the lists of the matches staff confirmed (not homonyms) as a column of each
// record, `pld_confirmada` ('OFAC SDN, ONU', null when none), so the staff lists show the red tag
// without reading the stored model. Rows written before it get it from their stored review; a
// confirmation stored before a reason was asked for gets one that says so (a save re-sends the
// stored confirmations, and the review's schema asks each for its reason). Frozen: it has its own
// copy of the review's groups and of the lists' rule (forms/pld-outcome.ts as it stood when it was
// frozen; 'accionistas' came after the migration, and a database that has not run it holds none),
// so a later change to the live code cannot change what it does.
import { sql, type Kysely, type Migration } from 'kysely';
import { storedJson } from '../db/stored-json';

/** The reason given to a confirmation stored before reasons were asked for. */
export const LEGACY_REASON = 'Confirmada antes de que se pidiera un motivo.';
const LEGACY_BY = 'No registrado';

/** The groups of a review's matches, in the order their lists are named. */
const GROUPS = ['pf', 'pm', 'legalRepresentative', 'accionistas', 'guarantees', 'guaranteeRepresentatives', 'HeritageBond'];

type StoredMatch = { lista?: unknown; motivo?: unknown };
type StoredReview = { users: Record<string, StoredMatch[] | null | undefined> };

/** A review's confirmed lists ('OFAC SDN, ONU'), each once in the order found, or null. */
const confirmedColumn = (review: StoredReview) => [...new Set(GROUPS.flatMap((group) => (review.users[group] ?? []).map((match) => match.lista)))].join(', ') || null;

export const applicationPldConfirmedMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('application').addColumn('pld_confirmada', 'text').execute();
    const { rows } = await sql<{ uuid: string; data: unknown; updated_at: Date | string }>`
      select uuid, data, updated_at from application
      where json_typeof(data->'pld_coincidences'->'users') = 'object'
    `.execute(db);
    for (const row of rows) {
      const data = storedJson<Record<string, any>>(row.data);
      const review = data.pld_coincidences as StoredReview;
      const lists = confirmedColumn(review);
      if (lists === null) continue;
      let filled = false;
      for (const matches of Object.values(review.users)) {
        for (const match of matches ?? []) {
          if (typeof match.motivo === 'string' && match.motivo.trim() !== '') continue;
          Object.assign(match, { motivo: LEGACY_REASON, confirmada_por: LEGACY_BY, confirmada_el: new Date(row.updated_at).toISOString() });
          filled = true;
        }
      }
      await (filled
        ? sql`update application set pld_confirmada = ${lists}, data = ${JSON.stringify(data)}::json where uuid = ${row.uuid}`
        : sql`update application set pld_confirmada = ${lists} where uuid = ${row.uuid}`
      ).execute(db);
    }
  },
};
