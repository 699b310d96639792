// The baseline of the save benchmarks (issue 21's "one-transaction server"): a bare node:http server,
// no framework, no validation, no cache, that stores each PUT's JSON body the plain way, in one
// transaction per save: BEGIN; read the record's version (FOR UPDATE on PostgreSQL); UPDATE its data
// and version; INSERT its history row; COMMIT. Its tables are the product's own (its migrations run
// first), on the same engine: PGlite in this process's data folder (DATA_DIR), or PostgreSQL
// (DATABASE_URL, a pool of 20 like the product's). It answers what the save load reads
// (tests/bench/support/save-load.ts): POST /api/{code} creates a record ([uuid, { version }]),
// PUT /api/{code}/{uuid} with { data, meta: { version } } saves it ({ meta: { version } }, 409 when
// the version is stale), GET /api/health runs one query.
// Run: PORT=… DATA_DIR=… [DATABASE_URL=…] node --import tsx tests/bench/support/one-transaction-server.ts
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

const databaseUrl = process.env.DATABASE_URL || undefined;
const migrated = await openDatabase({ databaseUrl, dataDir: process.env.DATA_DIR });
await migrateToLatest(migrated);
await migrated.destroy();

/** Runs `work` in one transaction on one connection. */
let transaction: <T>(work: (query: Query) => Promise<T>) => Promise<T>;
let query: Query;
if (databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  query = (text, params) => pool.query(text, params);
  transaction = async (work) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await work((text, params) => client.query(text, params));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
} else {
  // The product's PGlite setting (server/db/pglite-worker.ts), on this process's main thread.
  const pglite = await PGlite.create(process.env.DATA_DIR, { postgresqlconf: ['shared_buffers=32MB'] });
  query = (text, params) => pglite.query(text, params);
  transaction = (work) => pglite.transaction((tx) => work((text, params) => tx.query(text, params)));
}
const forUpdate = databaseUrl ? 'for update' : '';

class Stale extends Error {}

async function create(code: string, data: unknown) {
  const uuid = randomUUID();
  await transaction(async (q) => {
    await q(`insert into application (uuid, code, tipo_persona, clasificacion, data) values ($1, $2, 'PF', 'Cliente', $3)`, [uuid, code, JSON.stringify(data)]);
    await q(`insert into application_change (application_uuid, actor, action, changes) values ($1, 'public', 'create', '[]')`, [uuid]);
  });
  return [uuid, { version: 1 }];
}

async function save(uuid: string, body: { data: unknown; meta: { version: number; last_index?: number } }) {
  return transaction(async (q) => {
    const [row] = (await q(`select version from application where uuid = $1 ${forUpdate}`, [uuid])).rows;
    if (!row || row.version !== body.meta.version) throw new Stale();
    await q(`update application set data = $2, last_index = $3, version = version + 1, updated_at = now() where uuid = $1`, [uuid, JSON.stringify(body.data), body.meta.last_index ?? 0]);
    await q(`insert into application_change (application_uuid, actor, action, changes) values ($1, 'public', 'update', '[]')`, [uuid]);
    return { meta: { version: body.meta.version + 1 } };
  });
}

const answer = (response: http.ServerResponse, status: number, value: unknown) => {
  const text = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
};

http
  .createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const [, api, code, uuid] = (request.url ?? '').split('/');
    try {
      if (request.method === 'GET' && code === 'health') return answer(response, 200, (await query('select 1 as ok')).rows[0]);
      if (api !== 'api' || !code) return answer(response, 404, {});
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (request.method === 'POST' && !uuid) return answer(response, 200, await create(code, body.data));
      if (request.method === 'PUT' && uuid) return answer(response, 200, await save(uuid, body));
      answer(response, 404, {});
    } catch (error) {
      answer(response, error instanceof Stale ? 409 : 500, { message: String(error) });
    }
  })
  .listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
