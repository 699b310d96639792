// A statement compiled once (server/db/prepared-query.ts): every run sends the same SQL text, with
// the values of that run in the places the builder used them, and the builder runs only once.
import { describe, expect, it } from 'vitest';
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type CompiledQuery, type DatabaseConnection, type Driver } from 'kysely';
import { preparedQuery } from '../../server/db/prepared-query';

interface Db {
  application: { uuid: string; version: number; data: string; franchise: string | null };
}

/** A Kysely whose connection records what it is sent and answers one row. */
function recordingDb() {
  const sent: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async (query) => {
      sent.push(query);
      return { rows: [{ uuid: 'answered' }] as never[] };
    },
    streamQuery: () => {
      throw new Error('not streamed');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<Db>({
    dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => driver, createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
  });
  return { db, sent };
}

describe('a prepared query', () => {
  it('sends the SQL compiled at the first run with each run’s values, and builds once', async () => {
    const { db, sent } = recordingDb();
    let builds = 0;
    const save = preparedQuery(db, (v: { uuid: string; version: number; data: string; franchise: string | null }) => {
      builds++;
      return db
        .updateTable('application')
        .set({ data: v.data, franchise: v.franchise, version: sql<number>`version + 1` })
        .where('uuid', '=', v.uuid)
        .where('version', '=', v.version)
        .where(sql<boolean>`${'fixed'}::text is not null`)
        .returning(['uuid']);
    });
    expect(await save({ uuid: 'u1', version: 3, data: '{"a":1}', franchise: null })).toEqual([{ uuid: 'answered' }]);
    await save({ uuid: 'u2', version: 7, data: '{}', franchise: 'Norte' });
    expect(builds).toBe(1);
    expect(sent[0].sql).toBe(sent[1].sql);
    expect(sent[0].sql).toBe(
      'update "application" set "data" = $1, "franchise" = $2, "version" = version + 1 where "uuid" = $3 and "version" = $4 and $5::text is not null returning "uuid"',
    );
    expect(sent[0].parameters).toEqual(['{"a":1}', null, 'u1', 3, 'fixed']);
    expect(sent[1].parameters).toEqual(['{}', 'Norte', 'u2', 7, 'fixed']);
  });

  it('refuses a run that leaves a value out, rather than sending a stand-in', async () => {
    const { db, sent } = recordingDb();
    const find = preparedQuery(db, (v: { uuid: string }) => db.selectFrom('application').select('uuid').where('uuid', '=', v.uuid));
    await expect(find({} as { uuid: string })).rejects.toThrow("no value for 'uuid'");
    expect(sent).toHaveLength(0);
  });
});
