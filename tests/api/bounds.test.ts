// Bounded input (issue 12, findings 1 and 8): a deeply nested body is refused before it is parsed
// deeper, a deep record already stored cannot freeze the server, control characters never reach
// the database, and no database error code is ever answered.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel, validPmModel } from '../unit/forms/fixtures';
import { catalogueListsMigration } from '../../server/applications/catalogue-lists-migration';
import { databaseApiError } from '../../server/db/database-errors';
import { startSignedInServer, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;

beforeAll(async () => {
  ({ server, publicAuth, staffAuth } = await startSignedInServer());
});
afterAll(() => server.close());

/** A call that gives up after `ms`, so a hang fails the test instead of stalling it. */
const call = (method: string, path: string, body?: unknown, auth: string | null = publicAuth, ms = 15_000) =>
  fetch(`${server.url}${path.startsWith('/staff') ? '' : '/api'}${path}`, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(ms),
  });

const pf = () => beforeSubmit(validPfModel() as unknown as Record<string, unknown>);

/** `[[[…]]]` nested `depth` levels, as JSON text. */
const nestedText = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nested = (depth: number): unknown => JSON.parse(nestedText(depth));

/** How many application records are stored. */
async function storedCount() {
  const { db } = await server.app.backend;
  return Number((await sql<{ count: string }>`select count(*) as count from application`.execute(db)).rows[0].count);
}

const SPANISH = /[áéíóúñ¿¡]|\b(la|el|de|no|es)\b/i;

async function expectSpanishRefusal(response: Response, statuses: number[]) {
  expect(statuses).toContain(response.status);
  const body = await response.json();
  expect(body.statusCode).toBe(response.status);
  expect(body.message).toMatch(SPANISH);
  expect(JSON.stringify(body)).not.toMatch(/\b(22021|22P02|54001|ERR_[A-Z_]+|FST_[A-Z_]+)\b/);
  return body;
}

describe('finding 1: a record nested thousands of levels deep', () => {
  it('refuses the deep body before storing it, with a Spanish 400', async () => {
    const model = pf();
    const vivienda = model.vivienda as Record<string, unknown>;
    const data = { ...model, vivienda: { ...vivienda, colonia_catalogo: [nested(3_500)] } };
    const response = await call('POST', '/wizardpf', { data, meta: { last_index: 1 } });
    const body = await expectSpanishRefusal(response, [400]);
    expect(body.message).toMatch(/anidad/);
    const health = await call('GET', '/health', undefined, null, 5_000);
    expect(health.status).toBe(200);
  });

  it('refuses a body deeper than the bound wherever the nesting is, objects too', async () => {
    const deepObject = '{"a":'.repeat(200) + '1' + '}'.repeat(200);
    const response = await call('POST', '/wizardpf', `{"data":${deepObject}}`);
    await expectSpanishRefusal(response, [400]);
  });

  it('a deep record already stored cannot freeze the server: it answers an error or the record, and health keeps answering', async () => {
    const backend = await server.app.backend;
    const created = await call('POST', '/wizardpf', { data: pf(), meta: { last_index: 1 } });
    expect(created.status).toBe(201);
    const [uuid] = await created.json();
    // Written as the old code would have stored it: 3,500 levels under vivienda.colonia_catalogo.
    const model = pf();
    const stored = { ...model, vivienda: { ...(model.vivienda as object), colonia_catalogo: [nested(3_500)] } };
    await sql`update application set data = ${JSON.stringify(stored)}::json where uuid = ${uuid}`.execute(backend.db);
    backend.applications.forget(uuid);

    const opened = await call('GET', `/wizardpf/${uuid}/1`);
    expect(opened.status === 200 || opened.status === 503).toBe(true);
    if (opened.status === 503) await expectSpanishRefusal(opened, [503]);
    else await opened.json();

    for (let i = 0; i < 3; i++) {
      const health = await call('GET', '/health', undefined, null, 5_000);
      expect(health.status).toBe(200);
    }
    // Every other call still reaches the database.
    const another = await call('POST', '/wizardpf', { data: pf(), meta: { last_index: 1 } });
    expect(another.status).toBe(201);
    // The list holding it answers a Spanish error, never hangs…
    const list = await call('GET', '/wizardpf/cache', undefined, staffAuth);
    if (list.status !== 200) await expectSpanishRefusal(list, [503]);
    // …and the migration that stops storing neighbourhood lists (run at every start) mends it.
    await catalogueListsMigration.up(backend.db);
    backend.applications.forget(uuid);
    const mended = await call('GET', `/wizardpf/${uuid}/1`);
    expect(mended.status).toBe(200);
    expect((await mended.json()).data.vivienda.colonia_catalogo).toBeUndefined();
    expect((await call('GET', '/wizardpf/cache', undefined, staffAuth)).status).toBe(200);
  });
});

describe('bounded bodies and fields', () => {
  it('refuses a body over the size limit with a Spanish 413', async () => {
    const model = pf();
    const response = await call('POST', '/wizardpf', { data: { ...model, nombre: 'A'.repeat(300 * 1024) }, meta: { last_index: 1 } });
    await expectSpanishRefusal(response, [413]);
  });

  it('neighbourhood lists are the catalogue’s: a list sent is not stored, and a made-up one cannot pass an unknown postal code', async () => {
    const model = pf();
    const vivienda = model.vivienda as Record<string, unknown>;
    const junk = Array.from({ length: 10 }, (_, i) => ({ colonia: `Inventada ${i}`, municipio: 'X', estado: 'Y' }));
    const created = await call('POST', '/wizardpf', { data: { ...model, vivienda: { ...vivienda, colonia_catalogo: junk } }, meta: { last_index: 1 } });
    expect(created.status).toBe(201);
    const [uuid] = await created.json();
    const opened = await (await call('GET', `/wizardpf/${uuid}/1`)).json();
    expect(opened.data.vivienda.colonia_catalogo).toBeUndefined();
    expect(JSON.stringify(opened.data)).not.toContain('Inventada');

    const unknownCode = { ...vivienda, domicilio: { calle: 'Calle 1', codigo_postal: '00000' }, colonia_catalogo: junk };
    const refused = await call('POST', '/wizardpf', { data: { ...model, vivienda: unknownCode }, meta: { last_index: 1 } });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errores['vivienda.domicilio.codigo_postal']).toBe('¡Revisa tu código postal!');
  });

  it('refuses a key that shadows what every object inherits (it answered 500)', async () => {
    const model = pf();
    const data = { ...model, referencia_familiar: { ...(model.referencia_familiar as object), toString: 'x' } };
    await expectSpanishRefusal(await call('POST', '/wizardpf', { data, meta: { last_index: 1 } }), [400]);
  });

  it('refuses a list longer than its bound', async () => {
    const model = pf();
    const response = await call('POST', '/wizardpf', { data: { ...model, entidades_eliminadas: Array.from({ length: 500 }, (_, i) => i) }, meta: { last_index: 1 } });
    expect(response.status).toBe(422);
    expect((await response.json()).errores.entidades_eliminadas).toBe('¡No se permiten más de 100 elementos!');
  });

  it('takes the items removed from a PM list (as the wizard records them), bounded in size, and stores none', async () => {
    const model = beforeSubmit(validPmModel() as unknown as Record<string, unknown>) as Record<string, any>;
    const created = await call('POST', '/wizardpm', { data: model, meta: { last_index: 3 } });
    expect(created.status).toBe(201);
    const [uuid] = await created.json();
    const [removed, ...kept] = model.accionistas;
    const data = { ...model, accionistas: kept, entidades_eliminadas: [{ ...removed, entidad: 'accionistas' }] };
    const saved = await call('PUT', `/wizardpm/${uuid}`, { data, meta: { last_index: 3, version: 1 } });
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body.data.accionistas).toHaveLength(2);
    expect(body.data.entidades_eliminadas).toEqual([]);
    const huge = { ...data, entidades_eliminadas: [{ entidad: 'accionistas', nombre: 'X'.repeat(5000) }] };
    const refused = await call('PUT', `/wizardpm/${uuid}`, { data: huge, meta: { last_index: 3, version: 2 } });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errores['entidades_eliminadas[0]']).toBe('¡Valor inválido!');
  });
});

describe('finding 8: control characters never reach the database', () => {
  it('a NUL in a text field is a 422 with the Spanish message, and nothing is stored', async () => {
    const before = await storedCount();
    const response = await call('POST', '/wizardpf', { data: { ...pf(), nombre: 'CAR\u0000LOS' }, meta: { last_index: 1 } });
    expect(response.status).toBe(422);
    expect((await response.json()).errores.nombre).toBe('¡El texto contiene caracteres no permitidos!');
    expect(await storedCount()).toBe(before);
  });

  it('a line break in a one-line field is refused', async () => {
    const response = await call('POST', '/wizardpf', { data: { ...pf(), nombre: 'CARLOS\nX' }, meta: { last_index: 1 } });
    expect(response.status).toBe(422);
  });

  it('a NUL in meta.franchise is a Spanish 400, on create and update, and the record is unchanged', async () => {
    const created = await call('POST', '/wizardpf', { data: pf(), meta: { last_index: 1, franchise: 'Centro\u0000' } });
    await expectSpanishRefusal(created, [400]);
    const ok = await call('POST', '/wizardpf', { data: pf(), meta: { last_index: 1 } });
    const [uuid, { version }] = await ok.json();
    const before = await (await call('GET', `/wizardpf/${uuid}/1`)).json();
    const updated = await call('PUT', `/wizardpf/${uuid}`, { data: { ...pf(), nombre: 'OTRO\u0000' }, meta: { last_index: 1, version } });
    expect(updated.status).toBe(422);
    expect(await (await call('GET', `/wizardpf/${uuid}/1`)).json()).toEqual(before);
  });

  it('a NUL in a PLD search name or in an RFC check is a Spanish 400', async () => {
    const search = await call('POST', '/pld/search', { data: { name: 'JUAN\u0000', searchType: 'FullText' } }, staffAuth);
    await expectSpanishRefusal(search, [400]);
    const rfc = await call('POST', '/persons/fbrfc', { tipo_persona: 'Física', fisica: { rfc: 'GARC850314AB\u0000' } }, staffAuth);
    await expectSpanishRefusal(rfc, [400]);
  });
});

describe('a database that does not answer in time', () => {
  const onPostgres = process.env.TEST_DATABASE === 'postgres';

  it.skipIf(onPostgres)('PGlite: lets the caller go with a 503, health says the database is stuck, and both recover when it answers', async () => {
    const slow = await startTestServer({ DB_QUERY_TIMEOUT_MS: '800' });
    try {
      const backend = await slow.app.backend;
      const started = Date.now();
      const error = await sql`select pg_sleep(2.5)`.execute(backend.db).then(() => undefined, (failure: Error) => failure);
      expect(error?.constructor.name).toBe('DatabaseTimeoutError');
      expect(databaseApiError(error)?.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(2_000);
      const health = await fetch(`${slow.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      expect(health.status).toBe(503);
      const body = await health.json();
      expect(body.database).toBe('stuck');
      expect(body.message).toMatch(SPANISH);
      // The connection was freed: once the statement ends, everything answers again.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect((await fetch(`${slow.url}/api/health`, { signal: AbortSignal.timeout(5_000) })).status).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it.skipIf(!onPostgres)('PostgreSQL: the statement is cancelled at the limit and answered as a Spanish 503', async () => {
    const slow = await startTestServer({ DB_QUERY_TIMEOUT_MS: '800' });
    try {
      const backend = await slow.app.backend;
      const started = Date.now();
      const error = await sql`select pg_sleep(2.5)`.execute(backend.db).then(() => undefined, (failure: Error) => failure);
      expect((error as { code?: string } | undefined)?.code).toBe('57014');
      expect(Date.now() - started).toBeLessThan(2_000);
      const answer = databaseApiError(error);
      expect(answer?.statusCode).toBe(503);
      expect(answer?.message).toMatch(SPANISH);
      expect((await fetch(`${slow.url}/api/health`, { signal: AbortSignal.timeout(5_000) })).status).toBe(200);
    } finally {
      await slow.close();
    }
  });
});
