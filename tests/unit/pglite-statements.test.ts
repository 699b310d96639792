// The named statements PGlite's thread keeps for queries it has seen before answer exactly what
// PGlite's query() answers: the same rows with the same parsed types, the same affected-row counts,
// the same errors (code and constraint included), inside and outside a transaction.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STATEMENTS, statementRunner } from '../../server/db/pglite-statements';

let pglite: PGlite;
let run: ReturnType<typeof statementRunner>;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`
    create table record (id serial primary key, uuid uuid unique, name text, count integer, big bigint, ok boolean,
      data json, doc jsonb, at timestamptz, tags text[], bytes bytea, amount numeric);
  `);
  run = statementRunner(pglite);
});
afterAll(() => pglite.close());

/** Runs `sql` three times through the runner (the third as a named statement) and once through query(); answers both last results. */
async function both(sql: string, params: unknown[]) {
  await run(sql, params);
  await run(sql, params);
  const named = await run(sql, params);
  const plain = await pglite.query(sql, params);
  return { named, plain };
}

describe('a query run again as a named statement', () => {
  it('answers the same rows, typed the same, as query()', async () => {
    const insert = `insert into record (uuid, name, count, big, ok, data, doc, at, tags, bytes, amount) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`;
    const values = ['0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10', 'Ana López', 7, 9_007_199_254_740_993n, true, JSON.stringify({ a: [1, 'dos'] }), { b: { c: null } }, new Date('2026-11-27T12:00:00Z'), ['x', 'y,z'], new Uint8Array([1, 2, 255]), '12.50'];
    for (let i = 0; i < 3; i++) await run(insert, [`0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e1${i + 1}`, ...values.slice(1)]);
    const { named, plain } = await both('select uuid, name, count, big, ok, data, doc, at, tags, bytes, amount from record where name = $1 and count = $2 order by id', ['Ana López', 7]);
    expect((await pglite.query<{ count: number }>('select count(*)::integer as count from pg_prepared_statements')).rows[0].count).toBeGreaterThan(0);
    expect(named.rows).toHaveLength(3);
    expect(named.rows).toEqual(plain.rows);
    expect(named.fields).toEqual(plain.fields);
    expect(named.rows[0]).toMatchObject({ count: 7, ok: true, data: { a: [1, 'dos'] }, doc: { b: { c: null } }, tags: ['x', 'y,z'] });
    expect((named.rows[0] as { at: Date }).at).toEqual(new Date('2026-11-27T12:00:00Z'));
  });

  it('counts the rows an update or a delete touched, and passes nulls', async () => {
    const update = await both('update record set count = count + 1, amount = $2 where name = $1', ['Ana López', null]);
    expect(update.named.affectedRows).toBe(3);
    expect(update.plain.affectedRows).toBe(3);
    expect((await pglite.query('select amount from record where name = $1', ['Ana López'])).rows).toEqual([{ amount: null }, { amount: null }, { amount: null }]);
    const none = await both('delete from record where id = $1', [-1]);
    expect(none.named.affectedRows).toBe(0);
    expect(none.named.rows).toEqual([]);
  });

  it('fails as query() does, and runs again afterwards', async () => {
    const sql = 'insert into record (uuid, name) values ($1, $2)';
    await run(sql, ['1b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10', 'uno']);
    await run(sql, ['2b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10', 'dos']);
    const named = await run(sql, ['1b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10', 'otra vez']).catch((error: unknown) => error);
    const plain = await pglite.query(sql, ['1b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10', 'otra vez']).catch((error: unknown) => error);
    expect(named).toMatchObject({ code: '23505', constraint: 'record_uuid_key', message: (plain as Error).message });
    await run(sql, ['3b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10', 'tres']);
    expect((await pglite.query<{ name: string }>('select name from record where uuid = $1', ['3b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10'])).rows).toEqual([{ name: 'tres' }]);
  });

  it("runs the dialect's own transaction control as named statements, after an error at bind too", async () => {
    const uuid = '2b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10';
    const rename = 'update record set name = $1 where uuid = $2';
    for (let i = 0; i < 3; i++) {
      await run('begin', []);
      await run(rename, [`vuelta ${i}`, uuid]);
      await run('rollback', []);
    }
    expect((await pglite.query<{ name: string }>('select name from record where uuid = $1', [uuid])).rows).toEqual([{ name: 'dos' }]);
    // A value PostgreSQL refuses at bind (22P02) aborts the transaction, as query()'s would; rollback ends it.
    await run('begin', []);
    await run('select $1::integer as n', [1]);
    await run('select $1::integer as n', [1]);
    await expect(run('select $1::integer as n', ['uno'])).rejects.toMatchObject({ code: '22P02' });
    await expect(run(rename, ['abortada', uuid])).rejects.toMatchObject({ code: '25P02' });
    await run('rollback', []);
    expect((await run('select $1::integer as n', [2])).rows).toEqual([{ n: 2 }]);
    await run('begin', []);
    await run(rename, ['confirmada', uuid]);
    await run('commit', []);
    expect((await pglite.query<{ name: string }>('select name from record where uuid = $1', [uuid])).rows).toEqual([{ name: 'confirmada' }]);
  });

  it('runs a statement whose table changed under it as query() does', async () => {
    const sql = 'select * from record where uuid = $1';
    const uuid = '3b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10';
    await run(sql, [uuid]);
    await run(sql, [uuid]);
    await pglite.exec('alter table record add column extra text');
    const { named, plain } = await both(sql, [uuid]);
    expect(named.rows).toEqual(plain.rows);
    expect(named.rows[0]).toHaveProperty('extra', null);
  });

  it('takes its turn behind the queries already waiting, as query() does', async () => {
    await pglite.exec('create table turn (id serial primary key, who text)');
    const insert = 'insert into turn (who) values ($1)';
    await run(insert, ['antes']);
    await run(insert, ['antes']);
    await pglite.exec('delete from turn');
    await Promise.all([pglite.query('select 1'), pglite.query(insert, ['query']), run(insert, ['nombrada'])]);
    expect((await pglite.query<{ who: string }>('select who from turn order by id')).rows.map((row) => row.who)).toEqual(['query', 'nombrada']);
  });

  it('takes part in a transaction: rolled back with it', async () => {
    const sql = 'update record set name = $1 where uuid = $2';
    const uuid = '2b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10';
    await run(sql, ['antes', uuid]);
    await run(sql, ['antes', uuid]);
    await pglite.exec('begin');
    await run(sql, ['dentro', uuid]);
    await pglite.exec('rollback');
    expect((await pglite.query<{ name: string }>('select name from record where uuid = $1', [uuid])).rows).toEqual([{ name: 'antes' }]);
  });

  it('keeps at most MAX_STATEMENTS statements; the others run as query() does', async () => {
    for (let i = 0; i < MAX_STATEMENTS + 5; i++) {
      const sql = `select $1::integer + ${i} as n`;
      await run(sql, [1]);
      expect((await run(sql, [1])).rows).toEqual([{ n: 1 + i }]);
    }
    const kept = await pglite.query<{ count: number }>('select count(*)::integer as count from pg_prepared_statements');
    expect(kept.rows[0].count).toBeLessThanOrEqual(MAX_STATEMENTS);
  });
});
