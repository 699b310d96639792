// A prepared query's text on PostgreSQL (server/db/postgres-pool.ts): each connection parses it once as
// a named statement and then sends only values; a statement whose columns changed under it (another
// instance's migration) is dropped and run again, outside a transaction, and fails its transaction
// inside one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { postgresPool } from '../../server/db/postgres-pool';
import { preparedName, preparedQuery } from '../../server/db/prepared-query';
import { scratchPostgres } from '../support/scratch-database';

interface Db {
  item: { id: number; label: string };
}

describe.runIf(process.env.TEST_DATABASE === 'postgres')('named statements on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let db: Kysely<Db>;
  let pool: pg.Pool;
  // One connection, so that every statement below runs where the named statement lives.
  beforeAll(async () => {
    scratch = await scratchPostgres(process.env.DATABASE_URL!, 'test_named');
    pool = postgresPool(pg, scratch.url, 5_000, 1);
    db = new Kysely<Db>({ dialect: new PostgresDialect({ pool }) });
    await sql`create table item (id int primary key, label text not null)`.execute(db);
    await sql`insert into item values (1, 'uno'), (2, 'dos')`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await scratch?.drop();
  });

  const itemOf = () => preparedQuery(db, (values: { id: number }) => db.selectFrom('item').selectAll().where('id', '=', values.id));
  const kept = async () => (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db)).rows;

  it('parses the text once and answers each run with its own values', async () => {
    const item = itemOf();
    expect(await item({ id: 1 })).toEqual([{ id: 1, label: 'uno' }]);
    expect(await item({ id: 2 })).toEqual([{ id: 2, label: 'dos' }]);
    expect(await item({ id: 3 })).toEqual([]);
    const statements = await kept();
    expect(statements).toHaveLength(1);
    expect(statements[0].name).toBe(preparedName(statements[0].statement));
    // A text no prepared query compiled runs unnamed.
    await db.selectFrom('item').select('label').where('id', '=', 1).execute();
    expect(await kept()).toHaveLength(1);
  });

  it('runs again a statement whose columns changed under it, and names it anew', async () => {
    const item = itemOf();
    await item({ id: 1 });
    await sql`alter table item add column extra text not null default 'nuevo'`.execute(db);
    expect(await item({ id: 1 })).toEqual([{ id: 1, label: 'uno', extra: 'nuevo' }]);
    expect(await item({ id: 2 })).toEqual([{ id: 2, label: 'dos', extra: 'nuevo' }]);
    expect(await kept()).toHaveLength(1);
  });

  it('parses again a statement the connection forgot it had (a close that failed), closing the one PostgreSQL kept', async () => {
    const item = itemOf();
    await item({ id: 1 });
    const client = await pool.connect();
    const [name] = Object.keys((client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements);
    delete (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements[name];
    client.release();
    expect(await item({ id: 2 })).toEqual([{ id: 2, label: 'dos', extra: 'nuevo' }]);
    expect(await item({ id: 1 })).toEqual([{ id: 1, label: 'uno', extra: 'nuevo' }]);
    expect(await kept()).toHaveLength(1);
  });

  it('fails the transaction it ran in when stale there, and the connection goes on', async () => {
    const item = itemOf();
    await item({ id: 1 });
    await sql`alter table item drop column extra`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('item').values({ id: 3, label: 'tres' }).execute();
        // The same text, on the transaction's connection (the pool's only one, where it is kept).
        await preparedQuery(trx, (values: { id: number }) => trx.selectFrom('item').selectAll().where('id', '=', values.id))({ id: 1 });
      }),
    ).rejects.toMatchObject({ code: '0A000' });
    expect(await db.selectFrom('item').select('id').where('id', '=', 3).execute()).toEqual([]);
    expect(await item({ id: 1 })).toEqual([{ id: 1, label: 'uno' }]);
  });
});
