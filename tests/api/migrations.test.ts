// The schema migrations: forward only, safe to start from several instances at once on one
// PostgreSQL database, and able to take a database the previous release filled to today's schema
// with every record reading back unchanged through today's API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { buildApp } from '../../server/app';
import { createApplicationRepository, type RecordFields } from '../../server/applications/application-repository';
import { openBackend, type Backend } from '../../server/backend';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseTarget, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { migrationProvider } from '../../server/db/migrations';
import type { Database } from '../../server/db/schema';
import { createDocumentRepository } from '../../server/documents/document-repository';
import { createStaffRepository } from '../../server/staff/staff-repository';
import { validAvalPfaeModel, validAvalPfModel, validAvalPmModel, validPfaeModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import { scratchPostgres } from '../support/scratch-database';
import { callApi, staffToken, TEST_JWT_SECRET, type TestServer } from './support/test-server';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const KYSELY_LOCK_ID = '3853314791062309107'; // Kysely's PostgresAdapter: the migration lock's advisory key

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty database of this test's own: a new PostgreSQL database (no template), or a PGlite data folder. */
async function emptyDatabase(): Promise<DatabaseTarget> {
  if (onPostgres) {
    const { url, drop } = await scratchPostgres(process.env.DATABASE_URL!, 'test_migrations');
    cleanups.push(drop);
    return { databaseUrl: url };
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-test-'));
  cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
  return { dataDir: path.join(folder, 'pglite') };
}

/** A whole server (backend and routes, as `npm start` opens them) on `target`. */
async function startServerOn(target: DatabaseTarget): Promise<TestServer & { backend: Backend }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-server-'));
  const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', DEMO_STAFF_PASSWORD: 'demo1234', RATE_LIMIT: 'off', DATA_DIR: dataDir });
  const opening = openBackend(config, target);
  opening.catch(() => {}); // awaited below; buildApp only keeps it
  const app = await buildApp({ config, backend: opening, logger: false });
  const backend = await opening;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const close = async () => {
    await backend.pld.indexed().catch(() => {}); // the first start's list load, not cut off by the database closing
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.push(close);
  return { app, url: `http://127.0.0.1:${port}`, config, target: { ...target, env: {} }, backend, close };
}

describe('the migrations', () => {
  it('are named in strictly increasing order and define no down: the schema only moves forward', async () => {
    const migrations = await migrationProvider.getMigrations();
    const names = Object.keys(migrations);
    // The Migrator applies them in name order: each name is the next number, so none sorts in before another.
    expect(names.map((name) => name.slice(0, 5))).toEqual(names.map((_, index) => `${String(index + 1).padStart(4, '0')}_`));
    expect([...names].sort()).toEqual(names);
    expect(names.filter((name) => migrations[name].down !== undefined)).toEqual([]);
  });
});

describe.skipIf(!onPostgres)('several instances starting at once on one empty PostgreSQL database', () => {
  it('migrate it once: one instance applies every migration, the others find none pending, none fails', async () => {
    const target = await emptyDatabase();
    const names = Object.keys(await migrationProvider.getMigrations());
    // Three pools, as three processes would have: Kysely's advisory lock is what keeps them apart.
    const dbs = await Promise.all([0, 1, 2].map(() => openDatabase(target)));
    cleanups.push(async () => void (await Promise.all(dbs.map((db) => db.destroy()))));
    const applied = await Promise.all(dbs.map((db) => migrateToLatest(db)));
    expect(applied.map((list) => list.length).sort()).toEqual([0, 0, names.length]);
    expect(applied.find((list) => list.length > 0)).toEqual(names);
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(dbs[0]);
    expect(rows.rows.map((row) => row.name)).toEqual(names);
  });

  it('wait for another instance migrating longer than the statement limit, whose value is restored afterwards', async () => {
    const target = await emptyDatabase();
    // One connection, so the check after the migration runs on the connection the migration used.
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 1, statement_timeout: 500 });
    const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    cleanups.push(() => db.destroy());
    // Another instance holding the migration lock for 2 s, four times the statement limit.
    const other = new pg.Client({ connectionString: target.databaseUrl });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query(`select pg_advisory_lock(${KYSELY_LOCK_ID})`);
    const released = new Promise((resolve) => setTimeout(resolve, 2000)).then(() => other.query(`select pg_advisory_unlock(${KYSELY_LOCK_ID})`));
    const started = performance.now();
    const applied = await migrateToLatest(db);
    await released;
    expect(performance.now() - started).toBeGreaterThan(1900);
    expect(applied).toHaveLength(Object.keys(await migrationProvider.getMigrations()).length);
    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db);
    expect(rows[0].statement_timeout).toBe('500ms');
  });

  it('all come up as whole servers: one creates the demo account, one loads the catalogues, each answers', async () => {
    const target = await emptyDatabase();
    const servers = await Promise.all([0, 1, 2].map(() => startServerOn(target)));
    expect(servers.filter((server) => server.backend.demoStaffCreated).length).toBe(1);
    expect(servers.filter((server) => server.backend.catalogLoads.length > 0).length).toBe(1);
    const db = servers[0].backend.db;
    expect(Number((await db.selectFrom('staff_user').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)).toBe(1);
    const loads = await db.selectFrom('catalog_load').select('catalog').execute();
    expect(loads.length).toBe(new Set(loads.map((load) => load.catalog)).size);
    for (const server of servers) {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      // Each signs the demo account in and answers a staff list from the one database.
      const staff = `Bearer ${await staffToken(server)}`;
      expect((await callApi(server, 'GET', '/wizardpf', undefined, staff)).status).toBe(200);
    }
  }, 90_000);
});

/** The migrations of the previous release: all but the newest seven (0014 mail_outbox, 0015 mail_resend, 0016 efirma, 0017 ocr_jobs, 0018 catalog_answers, 0019 application_create_key, 0020 application_name_order). */
const NEW_IN_THIS_RELEASE = 7;

describe('a database the previous release filled', () => {
  it('is migrated forward, and every record reads back unchanged through the API', async () => {
    const target = await emptyDatabase();
    const names = Object.keys(await migrationProvider.getMigrations());
    const previousRelease = names.slice(0, -NEW_IN_THIS_RELEASE);

    // The previous release: its schema, filled through the tables it had.
    const old = await openDatabase(target);
    const migrated = await new Migrator({ db: old, provider: migrationProvider }).migrateTo(previousRelease.at(-1)!);
    expect(migrated.error).toBeUndefined();
    expect(await old.introspection.getTables().then((tables) => tables.some((table) => table.name === 'mail_message'))).toBe(false);
    const staff = await createStaffRepository(old).create({
      username: 'lucia',
      password: 'clave-de-lucia-2025',
      nombre: 'Lucía',
      apellido_paterno: 'Méndez',
      apellido_materno: 'Ortega',
      franquicia: 'Zapopan',
      roles: ['usuario', 'administrador', 'analista'],
    });
    const applications = createApplicationRepository(old);
    const stored: Array<{ uuid: string; code: string; model: Record<string, unknown>; complete: boolean }> = [];
    const store = async (code: string, model: object, fields: Partial<RecordFields> & { actor?: string } = {}) => {
      const uuid = randomUUID();
      const { actor = 'public', ...rest } = fields;
      const record: RecordFields = { code, model: beforeSubmit(model as Record<string, unknown>), last_index: 3, complete: false, franchise: 'Zapopan', parent_uuid: null, ...rest };
      await applications.create(uuid, record, actor, actor === 'public' ? `public:${randomUUID()}` : actor);
      stored.push({ uuid, code, model: record.model, complete: record.complete });
      return uuid;
    };
    const pf = await store('wizardpf', validPfModel(), { complete: true, last_index: 9 });
    const pfae = await store('wizardpfae', validPfaeModel(), { actor: `staff:${staff.id}` });
    const pm = await store('wizardpm', validPmModel());
    const guarantors = [
      await store('wizardpf', validAvalPfModel(), { parent_uuid: pm }),
      await store('wizardpfae', validAvalPfaeModel(), { parent_uuid: pm }),
      await store('wizardpm', validAvalPmModel(), { parent_uuid: pm }),
    ];
    // A staff member's later save: a second history row, by name.
    const pfaeRow = (await applications.find(pfae))!;
    const changed = { ...stored[1].model, email: 'cambio.pfae@example.com' };
    await applications.update(pfaeRow, { code: 'wizardpfae', model: changed, last_index: 4, complete: false, franchise: 'Zapopan', parent_uuid: null }, pfaeRow.version, `staff:${staff.id}`);
    stored[1].model = changed;
    const documents = createDocumentRepository(old);
    const documentId = randomUUID();
    await documents.record({ id: documentId, bucket: 'documentos', key: `identification/${documentId}`, type: 'identification', applicationUuid: pf, owner: `staff:${staff.id}` });
    await documents.markUploaded(documentId, 'pdf', 48_213);
    const history = Object.fromEntries(await Promise.all(stored.map(async ({ uuid }) => [uuid, await applications.history(uuid)] as const)));
    const rows = Object.fromEntries(await Promise.all(stored.map(async ({ uuid }) => [uuid, await applications.find(uuid)] as const)));
    await old.destroy();

    // Today's release starts on it: the newest migrations, then everything reads back.
    const today = await openDatabase(target);
    expect(await migrateToLatest(today)).toEqual(names.slice(-NEW_IN_THIS_RELEASE));
    await today.destroy();
    const server = await startServerOn(target);
    expect(server.backend.demoStaffCreated).toBe(false); // the database had a staff account
    const auth = `Bearer ${await staffToken(server, 'lucia', 'clave-de-lucia-2025')}`;
    for (const { uuid, code, model, complete } of stored) {
      const response = await callApi(server, 'GET', `/${code}/${uuid}/0`, undefined, auth);
      expect(response.status).toBe(200);
      const { data, meta } = await response.json();
      // A PM client is answered with its guarantors in place of the list its model keeps.
      const { avales, ...record } = data;
      const { avales: storedAvales, ...expected } = model;
      expect(record).toEqual(JSON.parse(JSON.stringify({ ...expected, uuid, id_persona_datos_generales: rows[uuid]!.id_persona_datos_generales })));
      expect(meta).toMatchObject({ complete, version: rows[uuid]!.version, last_index: rows[uuid]!.last_index });
      if (uuid === pm) expect(avales.map((aval: { uuid: string }) => aval.uuid).sort()).toEqual(guarantors.sort());
      else expect(avales).toEqual(storedAvales);
      const entries = (await (await callApi(server, 'GET', `/historial/${uuid}`, undefined, auth)).json()).entries;
      expect(entries).toEqual(JSON.parse(JSON.stringify(history[uuid])));
    }
    expect(rows[pf]!.id_persona_datos_generales).toEqual(expect.any(Number));
    expect(history[pfae].map((entry) => [entry.action, entry.actor_nombre])).toEqual([
      ['create', 'Lucía Méndez Ortega'],
      ['update', 'Lucía Méndez Ortega'],
    ]);
    const listed = await (await callApi(server, 'GET', `/wizardpf/documentos/${pf}`, undefined, auth)).json();
    expect(listed.data).toEqual([expect.objectContaining({ id: documentId, type: 'identification', format: 'pdf', size: 48_213, uploaded_by: 'Lucía Méndez Ortega' })]);
  }, 90_000);
});
