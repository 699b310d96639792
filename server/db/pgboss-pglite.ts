// pg-boss's `db` option over PGlite's thread. pg-boss sends one statement with
// parameters (extended protocol: PGlite's `query`) or several without (schema creation,
// migrations, maintenance, each a whole `BEGIN; …; COMMIT;`: PGlite's `exec`). It never spreads a
// transaction over several calls, so a call only has to run alone on the single connection: it
// takes the connection through Kysely (the same queue as the application's transactions), so it
// can neither run inside nor split an open application transaction.
import type { Kysely } from 'kysely';
import type { PGliteThread } from './pglite-thread';

/** What pg-boss 10 calls on its `db` option (and on a job's `{ db }` send option). */
export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export function pgBossOverPGlite(db: Kysely<unknown>, thread: Pick<PGliteThread, 'query' | 'exec'>): PgBossDb {
  return {
    executeSql: (text, values) =>
      db.connection().execute(async () => {
        if (values && values.length > 0) return thread.query(text, values);
        try {
          return await thread.exec(text);
        } catch (error) {
          // A failed `BEGIN; …; COMMIT;` leaves PGlite's one session in an aborted transaction,
          // where every later statement, the application's too, would fail.
          await thread.exec('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
  };
}
