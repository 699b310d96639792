// The PLD outcome (issue 16, README "PLD outcome"): a match staff confirm (not a homonym) needs a
// written reason; who confirmed it and when are the server's; the staff lists carry the confirmed
// lists (`pld_confirmada`); finishing an application with a confirmed OFAC SDN or UN match is an
// Analista's decision, confirmed in so many words and recorded in the history; the public is
// refused without being told of any list. Every answer is checked against the OpenAPI document
// (tests/api/support/answer-check.ts). Migration 0012 fills the column from stored reviews.
import { randomUUID } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { migrationProvider } from '../../server/db/migrations';
import { LEGACY_REASON } from '../../server/pld/pld-confirmed-migration';
import { validPfModel } from '../unit/forms/fixtures';
import { callApi, emptyDatabase, publicToken, startTestServer, staffToken, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
const staff = {} as Record<'usuario' | 'analista', string>;

beforeAll(async () => {
  server = await startTestServer();
  publicAuth = `Bearer ${(await publicToken(server)).access_token}`;
  const backend = await server.app.backend;
  for (const role of ['usuario', 'analista'] as const) {
    await backend.staff.create({ username: `pld-${role}`, password: `clave-${role}-1`, nombre: 'Ana', apellido_paterno: role === 'analista' ? 'Analista' : 'Usuaria', franquicia: 'Centro', roles: [role] });
    staff[role] = `Bearer ${await staffToken(server, `pld-${role}`, `clave-${role}-1`)}`;
  }
}, 60_000);
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown, auth: string | null = staff.analista) => callApi(server, method, path, body, auth);
const pf = (nombre = 'CARLOS') => ({ ...beforeSubmit(validPfModel() as unknown as Record<string, unknown>), nombre });

const REASON = 'Misma fecha de nacimiento y nacionalidad que la entrada de la lista.';
const OFAC = { nombre: 'GUZMAN LOERA, Joaquin', rfc: null, lista: 'OFAC SDN', id: 'OFAC SDN:12345', persona: 'CARLOS GARCÍA RAMÍREZ', motivo: REASON };
const UN = { nombre: 'MUHAMMAD TAHER ANWARI', rfc: null, lista: 'ONU', id: 'ONU:QDi.001', persona: 'CARLOS GARCÍA RAMÍREZ', motivo: REASON };
const SAT = { nombre: 'CONSORCIO KATEL, S.A. DE C.V.', rfc: 'CKA131218FBA', lista: 'SAT 69-B', id: 'SAT 69-B:1', persona: 'CARLOS GARCÍA RAMÍREZ', motivo: REASON };

const review = (pf: object[] = [OFAC]) => ({
  coincidencias_validadas: false,
  validar_coincidencias: true,
  validar_coincidencias_tipo: 'client',
  users: { pf },
  revisadas: [],
});

async function created(body: unknown, auth = staff.analista) {
  const response = await call('POST', '/wizardpf', body, auth);
  expect(response.status, await response.clone().text()).toBe(201);
  const [uuid, extra] = await response.json();
  return { uuid: uuid as string, version: extra.version as number };
}
const opened = async (uuid: string) => (await (await call('GET', `/wizardpf/${uuid}/0`)).json()).data;
const finish = (uuid: string, version: number, auth = staff.analista, meta: object = {}) =>
  call('PUT', `/wizardpf/${uuid}`, { data: pf(), meta: { version, complete: true, last_index: 5, ...meta } }, auth);
const listRow = async (list: '/wizardpf' | '/wizardpf/cache', uuid: string) => {
  const rows = (await (await call('GET', `${list}?q=${uuid.slice(0, 13)}`, undefined, staff.usuario)).json()) as Array<Record<string, unknown>>;
  return rows.find((row) => row.uuid === uuid);
};

describe('confirming a match', () => {
  it.each([
    ['without a reason', { ...OFAC, motivo: undefined }],
    ['with a blank reason', { ...OFAC, motivo: '   ' }],
  ])('%s is refused with 400 invalid_pld, in Spanish, and stores nothing', async (_, match) => {
    const response = await call('POST', '/wizardpf', { data: pf(), meta: { last_index: 1 }, pld: review([match]) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, code: 'invalid_pld', message: 'La revisión PLD no es válida: users.pf[0].motivo: Escribe el motivo de la confirmación.' });
  });

  it('with a reason too long is refused', async () => {
    const response = await call('POST', '/wizardpf', { data: pf(), meta: { last_index: 1 }, pld: review([{ ...OFAC, motivo: 'x'.repeat(1001) }]) });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('La revisión PLD no es válida: users.pf[0].motivo: El motivo no debe exceder 1000 caracteres.');
  });

  it('keeps the reason; who confirmed it and when are set by the server, never taken from the body', async () => {
    const before = Date.now();
    const forged = { ...OFAC, confirmada_por: 'Otra Persona', confirmada_por_id: 'staff:999', confirmada_el: '2000-01-01T00:00:00.000Z' };
    const { uuid, version } = await created({ data: pf(), meta: { last_index: 1 }, pld: review([forged]) });
    const [stored] = (await opened(uuid)).pld_coincidences.users.pf;
    expect(stored).toMatchObject({ ...OFAC, confirmada_por: 'Ana Analista', confirmada_por_id: expect.stringMatching(/^staff:\d+$/) });
    expect(stored.confirmada_por_id).not.toBe('staff:999');
    expect(Date.parse(stored.confirmada_el)).toBeGreaterThanOrEqual(before - 1000);
    // Its provenance: the lists' version it was confirmed against, as GET /pld/lists names it.
    expect(stored.version_listas).toBe((await (await call('GET', '/pld/lists')).json()).version);

    // Saved again with the same reason: who and when stay; a rewritten reason is the saver's, now.
    const again = await (await call('PUT', `/wizardpf/${uuid}`, { data: pf(), meta: { version, last_index: 2 }, pld: review([{ ...OFAC, confirmada_el: '2001-01-01T00:00:00.000Z' }]) })).json();
    expect(again.data.pld_coincidences.users.pf[0].confirmada_el).toBe(stored.confirmada_el);
    const rewritten = await (
      await call('PUT', `/wizardpf/${uuid}`, { data: pf(), meta: { version: again.meta.version, last_index: 2 }, pld: review([{ ...OFAC, motivo: 'Revisado de nuevo con su pasaporte.' }]) })
    ).json();
    expect(rewritten.data.pld_coincidences.users.pf[0]).toMatchObject({ motivo: 'Revisado de nuevo con su pasaporte.', confirmada_por: 'Ana Analista' });
    expect(Date.parse(rewritten.data.pld_coincidences.users.pf[0].confirmada_el)).toBeGreaterThanOrEqual(Date.parse(stored.confirmada_el));
  });

  it('the staff lists carry the confirmed lists of each record (the red tag), and none for a homonym', async () => {
    const confirmed = await created({ data: pf(), meta: { last_index: 1 }, pld: review([OFAC, UN]) });
    const homonym = await created({ data: pf(), meta: { last_index: 1 }, pld: review([]) });
    expect(await listRow('/wizardpf/cache', confirmed.uuid)).toMatchObject({ pld_confirmada: 'OFAC SDN, ONU' });
    expect(await listRow('/wizardpf/cache', homonym.uuid)).toMatchObject({ pld_confirmada: null });
  });
});

describe('finishing with a confirmed OFAC SDN or UN match', () => {
  it('staff without the Analista role are refused with 403 pld_analyst_required, naming the list', async () => {
    const { uuid, version } = await created({ data: pf(), meta: { last_index: 1 }, pld: review([OFAC]) });
    const response = await finish(uuid, version, staff.usuario, { confirmacion_pld: true });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      statusCode: 403,
      code: 'pld_analyst_required',
      message: 'Esta solicitud tiene una coincidencia confirmada en la lista OFAC SDN: solo un Analista puede finalizarla.',
      listas: ['OFAC SDN'],
    });
    expect((await listRow('/wizardpf/cache', uuid))?.uuid).toBe(uuid);
  });

  it("an Analista must confirm it (409 without meta.confirmacion_pld); the finish is recorded with who, when and the lists, in the history too", async () => {
    const { uuid, version } = await created({ data: pf(), meta: { last_index: 1 }, pld: review([OFAC, UN]) });
    const unconfirmed = await finish(uuid, version);
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.json()).toMatchObject({ code: 'pld_confirmation_required', listas: ['OFAC SDN', 'ONU'], message: expect.stringContaining('las listas OFAC SDN y ONU') });

    const before = Date.now();
    const confirmed = await finish(uuid, version, staff.analista, { confirmacion_pld: true });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    const body = await confirmed.json();
    expect(body.meta.complete).toBe(true);
    expect(body.data.pld_finalizacion).toMatchObject({ listas: 'OFAC SDN, ONU', por: 'Ana Analista', por_id: expect.stringMatching(/^staff:\d+$/) });
    expect(Date.parse(body.data.pld_finalizacion.fecha)).toBeGreaterThanOrEqual(before - 1000);

    const row = await listRow('/wizardpf', uuid);
    expect(row).toMatchObject({ pld_confirmada: 'OFAC SDN, ONU' });
    const history = await (await call('GET', `/historial/${uuid}`, undefined, staff.usuario)).json();
    const finished = history.entries.find((entry: { action: string }) => entry.action === 'finish');
    expect(finished.actor_nombre).toBe('Ana Analista');
    expect(finished.changes).toContainEqual({ path: 'pld_finalizacion.listas', before: null, after: 'OFAC SDN, ONU' });

    // Saved again (staff, finished): the matches confirmed at the finish ask nothing more; a data field cannot forge the record.
    const resaved = await call('PUT', `/wizardpf/${uuid}`, { data: { ...pf(), pld_finalizacion: { listas: 'nada' } }, meta: { version: body.meta.version, complete: true, last_index: 5 } }, staff.usuario);
    expect(resaved.status, await resaved.clone().text()).toBe(200);
    expect((await resaved.json()).data.pld_finalizacion).toEqual(body.data.pld_finalizacion);
  });

  it('a public applicant is refused with 403 and a message that names no list; the public never reads the record of the finish', async () => {
    const own = await created({ data: pf(), meta: { last_index: 1 } }, publicAuth);
    const reviewed = await (await call('PUT', `/wizardpf/${own.uuid}`, { data: pf(), meta: { version: own.version, last_index: 1 }, pld: review([UN]) })).json();
    const response = await finish(own.uuid, reviewed.meta.version, publicAuth, { confirmacion_pld: true, declaracion_aceptada: true });
    expect(response.status).toBe(403);
    const refused = await response.json();
    expect(refused).toEqual({ statusCode: 403, code: 'forbidden', message: 'Tu solicitud no puede finalizarse en línea. Comunícate con tu asesor para concluirla.' });
    expect(JSON.stringify(refused)).not.toMatch(/ONU|OFAC|PLD|lista/i);
  });

  it('a confirmed match on another list (SAT 69-B) asks nothing at the finish', async () => {
    const { uuid, version } = await created({ data: pf(), meta: { last_index: 1 }, pld: review([SAT]) });
    const response = await finish(uuid, version, staff.usuario);
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json()).data).not.toHaveProperty('pld_finalizacion');
    expect(await listRow('/wizardpf', uuid)).toMatchObject({ pld_confirmada: 'SAT 69-B' });
  });
});

describe('migration 0012_application_pld_confirmada', () => {
  it('fills the column from stored reviews and gives confirmations stored without a reason one that says so', async () => {
    const { db, drop } = await emptyDatabase();
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0011_documents')).error).toBeUndefined();
      const legacy = { ...OFAC, motivo: undefined };
      const row = (pld_coincidences: unknown) => ({ uuid: randomUUID(), code: 'wizardpf', tipo_persona: 'Física', clasificacion: 'Cliente', data: JSON.stringify({ nombre: 'X', pld_coincidences }) });
      await (db as Kysely<any>)
        .insertInto('application')
        .values([row({ ...review([legacy, UN]) }), row({ ...review([]) }), row(null), row({ ...review([SAT]) })])
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await (db as Kysely<any>).selectFrom('application').select(['pld_confirmada', 'data']).orderBy('id').execute();
      expect(rows.map((r) => r.pld_confirmada)).toEqual(['OFAC SDN, ONU', null, null, 'SAT 69-B']);
      const data = (typeof rows[0].data === 'string' ? JSON.parse(rows[0].data) : rows[0].data) as { pld_coincidences: { users: { pf: Array<Record<string, string>> } } };
      expect(data.pld_coincidences.users.pf[0]).toMatchObject({ motivo: LEGACY_REASON, confirmada_por: 'No registrado', confirmada_el: expect.any(String) });
      expect(data.pld_coincidences.users.pf[1]).toEqual(UN);
    } finally {
      await drop();
    }
  }, 60_000);
});
