// The application calls: open by uuid, create, update, finish, staff lists and history, with
// refused writes, other sessions, finished records and concurrent saves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { defaultPfModel } from '../../forms/wizards/pf';
import { HISTORY_MAX } from '../../server/applications/application-repository';
import { validPfModel, validPfaeModel } from '../unit/forms/fixtures';
import { publicToken, staffCookies, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;

beforeAll(async () => {
  server = await startTestServer();
  publicAuth = `Bearer ${(await publicToken(server)).access_token}`;
  const me = await fetch(`${server.url}/api/me`, { headers: { cookie: await staffCookies(server) } });
  staffAuth = `Bearer ${(await me.json()).data.token}`;
});
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown, auth: string | null = publicAuth) =>
  fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

const pf = () => beforeSubmit(validPfModel() as unknown as Record<string, unknown>);

async function createPf(meta: Record<string, unknown> = { last_index: 1 }) {
  const response = await call('POST', '/wizardpf', { data: pf(), meta });
  expect(response.status).toBe(201);
  const [uuid, extra] = await response.json();
  return { uuid: uuid as string, extra };
}

describe('create and open', () => {
  it('creates an application and answers its uuid and the bureau form', async () => {
    const { uuid, extra } = await createPf();
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    // The resume link went to the address in Datos generales (README, "E-mail outbox"), said shortened.
    expect(extra).toEqual({ formatobce: { html: null }, version: 1, meta: expect.objectContaining({ store: true, complete: false, version: 1 }), enlace_enviado_a: 'c…@example.com' });
    const opened = await call('GET', `/wizardpf/${uuid}/1`);
    expect(opened.status).toBe(200);
    const { data, meta } = await opened.json();
    expect(data).toMatchObject({ uuid, nombre: 'CARLOS', fisica: { curp: 'GARC850314HJCRRL09' }, celular: { numero: '3312345678' } });
    expect(meta).toMatchObject({ store: true, cache: false, complete: false, expired: false, last_index: 1, editable: 'all', version: 1 });
  });

  it('refuses a model that breaks a rule with 422 and the message per field, storing nothing', async () => {
    const unfinished = async () => Number((await call('GET', '/wizardpf/cache', undefined, staffAuth)).headers.get('x-total-count'));
    const before = await (await call('GET', '/wizardpf', undefined, staffAuth)).json();
    const unfinishedBefore = await unfinished();
    const data = { ...pf(), fisica: { ...(pf().fisica as object), curp: 'XYZ' } };
    const response = await call('POST', '/wizardpf', { data, meta: { last_index: 1 } });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.errores['fisica.curp']).toBe('¡El CURP debe tener 18 caracteres!');
    expect(await unfinished()).toBe(unfinishedBefore);
    expect(await (await call('GET', '/wizardpf', undefined, staffAuth)).json()).toEqual(before);
  });

  it('refuses a model of another person type for the resource', async () => {
    const response = await call('POST', '/wizardpf', { data: beforeSubmit(validPfaeModel() as never), meta: {} });
    expect(response.status).toBe(422);
    expect((await response.json()).errores.tipo_persona).toMatch(/Física/);
  });

  it('answers 404 for an unknown or malformed code, and 401 without a session', async () => {
    expect((await call('GET', '/wizardpf/0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10/1')).status).toBe(404);
    expect((await call('GET', '/wizardpf/not-a-uuid/1')).status).toBe(404);
    expect((await call('GET', '/wizardpf/0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10/1', undefined, null)).status).toBe(401);
  });

  it('opens with flag 0 only for staff', async () => {
    const { uuid } = await createPf();
    expect((await call('GET', `/wizardpf/${uuid}/0`)).status).toBe(403);
    expect((await call('GET', `/wizardpf/${uuid}/0`, undefined, staffAuth)).status).toBe(200);
  });
});

describe('drafts', () => {
  const firstTabOnly = () => {
    const full = pf() as Record<string, any>;
    const blank = beforeSubmit(defaultPfModel() as never) as Record<string, any>;
    return { ...blank, nombre: full.nombre, email: full.email, celular: full.celular, fisica: full.fisica } as Record<string, any>;
  };

  it('keep the tabs not reached yet empty, but every rule of the tabs passed applies', async () => {
    const draft = await call('POST', '/wizardpf', { data: firstTabOnly(), meta: { last_index: 1 } });
    expect(draft.status).toBe(201);
    const tooFar = await call('POST', '/wizardpf', { data: firstTabOnly(), meta: { last_index: 2 } });
    expect(tooFar.status).toBe(422);
    expect((await tooFar.json()).errores['vivienda.vivienda_tipo']).toBe('¡Este campo es requerido!');
  });

  it('never take a wrong value, even in a tab not reached yet', async () => {
    const data = firstTabOnly();
    data.vivienda = { ...data.vivienda, vivienda_valor_aproximado: 99999999999 };
    const response = await call('POST', '/wizardpf', { data, meta: { last_index: 1 } });
    expect(response.status).toBe(422);
    expect((await response.json()).errores['vivienda.vivienda_valor_aproximado']).toMatch(/valor máximo permitido/);
  });

  it('cannot be finished while a tab is incomplete', async () => {
    const response = await call('POST', '/wizardpf', { data: firstTabOnly(), meta: { last_index: 1, complete: true, declaracion_aceptada: true } });
    expect(response.status).toBe(422);
  });
});

describe('update', () => {
  it('replaces the model, bumps the version and keeps the furthest tab', async () => {
    const { uuid } = await createPf({ last_index: 2 });
    const data = { ...pf(), email: 'nuevo@example.com' };
    const response = await call('PUT', `/wizardpf/${uuid}`, { data, meta: { last_index: 1, version: 1 } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.email).toBe('nuevo@example.com');
    expect(body.meta).toMatchObject({ version: 2, last_index: 2 });
  });

  it('refuses a stale version with 409 and keeps the newer save', async () => {
    const { uuid } = await createPf();
    const first = await call('PUT', `/wizardpf/${uuid}`, { data: { ...pf(), email: 'a@example.com' }, meta: { version: 1 } });
    expect(first.status).toBe(200);
    const stale = await call('PUT', `/wizardpf/${uuid}`, { data: { ...pf(), email: 'b@example.com' }, meta: { version: 1 } });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toMatch(/otra sesión/);
    const { data } = await (await call('GET', `/wizardpf/${uuid}/1`)).json();
    expect(data.email).toBe('a@example.com');
  });

  it('of two saves sent at once, keeps exactly one and refuses the other', async () => {
    const { uuid } = await createPf();
    const [a, b] = await Promise.all([
      call('PUT', `/wizardpf/${uuid}`, { data: { ...pf(), email: 'uno@example.com' }, meta: { version: 1 } }),
      call('PUT', `/wizardpf/${uuid}`, { data: { ...pf(), email: 'dos@example.com' }, meta: { version: 1 } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 'uno@example.com' : 'dos@example.com';
    const { data, meta } = await (await call('GET', `/wizardpf/${uuid}/1`)).json();
    expect(data.email).toBe(winner);
    expect(meta.version).toBe(2);
  });

  it('refuses a broken write with 422 and leaves the stored record as it was', async () => {
    const { uuid } = await createPf();
    const response = await call('PUT', `/wizardpf/${uuid}`, { data: { ...pf(), email: 'sin-arroba' }, meta: { version: 1 } });
    expect(response.status).toBe(422);
    expect((await response.json()).errores.email).toBe('¡El email es inválido !');
    const { data, meta } = await (await call('GET', `/wizardpf/${uuid}/1`)).json();
    expect(data.email).toBe('carlos.garcia@example.com');
    expect(meta.version).toBe(1);
  });

  it('needs the version it was read at', async () => {
    const { uuid } = await createPf();
    const response = await call('PUT', `/wizardpf/${uuid}`, { data: pf(), meta: {} });
    expect(response.status).toBe(400);
  });

  it('ignores fields only the server sets', async () => {
    const { uuid } = await createPf();
    const data = {
      ...pf(),
      editable: 'all',
      id_persona_datos_generales: 999,
      formatobce: { html: '<script>alert(1)</script>' },
      pld_coincidences: { validar_coincidencias: false, coincidencias_validadas: true },
      persona_completa: true,
      clasificacion: 'Obligado',
    };
    const body = await (await call('PUT', `/wizardpf/${uuid}`, { data, meta: { version: 1 } })).json();
    expect(body.data.id_persona_datos_generales).toBeNull();
    expect(body.data.formatobce).toBeNull();
    // The PLD review is not the public's to set, nor to read.
    expect(body.data).not.toHaveProperty('pld_coincidences');
    expect(body.data.persona_completa).toBe(false);
    expect(body.data.clasificacion).toBe('Cliente');
  });
});

describe('finish', () => {
  it('marks the record complete with a person id; the public cannot reopen or change it; staff can', async () => {
    const { uuid } = await createPf();
    const finished = await call('PUT', `/wizardpf/${uuid}`, { data: pf(), meta: { version: 1, complete: true, last_index: 5, declaracion_aceptada: true } });
    expect(finished.status).toBe(200);
    const body = await finished.json();
    expect(body.meta.complete).toBe(true);
    expect(body.data.id_persona_datos_generales).toEqual(expect.any(Number));

    const reopened = await (await call('GET', `/wizardpf/${uuid}/1`)).json();
    expect(reopened).toEqual({ data: {}, meta: expect.objectContaining({ complete: true }) });
    const change = await call('PUT', `/wizardpf/${uuid}`, { data: pf(), meta: { version: 2 } });
    expect(change.status).toBe(403);
    const staffView = await (await call('GET', `/wizardpf/${uuid}/0`, undefined, staffAuth)).json();
    expect(staffView.data.nombre).toBe('CARLOS');

    const applicants = await (await call('GET', '/wizardpf', undefined, staffAuth)).json();
    expect(applicants).toContainEqual(
      expect.objectContaining({
        nombre: 'CARLOS GARCÍA RAMÍREZ',
        email: 'carlos.garcia@example.com',
        tipo_persona: 'Física',
        id_persona_datos_generales: body.data.id_persona_datos_generales,
        uuid,
        rfc: 'GARC850314AB1',
      }),
    );
  });

  it("needs the public applicant's 'Acepto' under the truthfulness statement, and records when; staff finish without it", async () => {
    const { uuid } = await createPf();
    const refused = await call('PUT', `/wizardpf/${uuid}`, { data: pf(), meta: { version: 1, complete: true, last_index: 5 } });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'statement_required', message: 'Para finalizar, marca «Acepto» bajo la declaración de veracidad.' });
    // Nothing stored: the record is as it was.
    expect((await (await call('GET', `/wizardpf/${uuid}/0`, undefined, staffAuth)).json()).meta).toMatchObject({ complete: false, version: 1 });

    const before = Date.now();
    const finished = await call('PUT', `/wizardpf/${uuid}`, { data: { ...pf(), declaracion_aceptada: '2000-01-01T00:00:00.000Z' }, meta: { version: 1, complete: true, last_index: 5, declaracion_aceptada: true } });
    expect(finished.status).toBe(200);
    // The time is the server's, never the client's.
    const accepted = Date.parse((await finished.json()).data.declaracion_aceptada);
    expect(accepted).toBeGreaterThanOrEqual(before - 1000);
    expect(accepted).toBeLessThanOrEqual(Date.now() + 1000);
    const history = (await (await call('GET', `/historial/${uuid}`, undefined, staffAuth)).json()).entries;
    const changes = history.at(-1).changes;
    expect(typeof changes === 'string' ? JSON.parse(changes) : changes).toContainEqual({ path: 'declaracion_aceptada', before: null, after: expect.any(String) });

    const byStaff = await call('POST', '/wizardpf', { data: pf(), meta: { complete: true, last_index: 5 } }, staffAuth);
    expect(byStaff.status).toBe(201);
  });

  it('finishes at creation too', async () => {
    const response = await call('POST', '/wizardpf', { data: pf(), meta: { complete: true, last_index: 5, declaracion_aceptada: true } });
    const [uuid] = await response.json();
    const { meta } = await (await call('GET', `/wizardpf/${uuid}/0`, undefined, staffAuth)).json();
    expect(meta.complete).toBe(true);
  });
});

describe('expiry and locks', () => {
  it('says a record filled more than 30 days ago has expired', async () => {
    const { uuid } = await createPf();
    const { db, applications } = await server.app.backend;
    await db.updateTable('application').set({ filled_at: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString() } as never).where('uuid', '=', uuid).execute();
    applications.forget(uuid);
    const { data, meta } = await (await call('GET', `/wizardpf/${uuid}/1`)).json();
    expect(meta.expired).toBe(true);
    expect(data).toEqual({});
    const change = await call('PUT', `/wizardpf/${uuid}`, { data: pf(), meta: { version: 1 } });
    expect(change.status).toBe(403);
    expect((await change.json()).message).toBe('La solicitud ha expirado, por favor comience el registro nuevamente.');
    // Staff still see it.
    const staffView = await (await call('GET', `/wizardpf/${uuid}/0`, undefined, staffAuth)).json();
    expect(staffView.data.nombre).toBe('CARLOS');
  });

  it('saves a record whose locked required field the main system left blank, and still asks for an unlocked one', async () => {
    const { uuid } = await createPf();
    const { db, applications } = await server.app.backend;
    // The main system locked the identity and left the CURP blank: the person cannot fill it.
    const stored = pf() as { fisica: Record<string, unknown> };
    stored.fisica.curp = '';
    await db.updateTable('application').set({ editable: 'general_fields', data: JSON.stringify(stored) }).where('uuid', '=', uuid).execute();
    applications.forget(uuid);
    const data = pf() as { fisica: Record<string, unknown>; email: string; vivienda: Record<string, unknown> };
    data.fisica.curp = '';
    const saved = await call('PUT', `/wizardpf/${uuid}`, { data: { ...data, email: 'nuevo@example.com' }, meta: { version: 1 } });
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body.data.fisica.curp).toBe('');
    expect(body.data.email).toBe('nuevo@example.com');
    // A required field the person can fill is still theirs to fill.
    const refused = await call('PUT', `/wizardpf/${uuid}`, { data: { ...data, email: '' }, meta: { version: 2 } });
    expect(refused.status).toBe(422);
    expect(Object.keys((await refused.json()).errores)).toEqual(['email']);
    // The main system lifts the lock: the blank CURP, stored under it, is the person's to fill again, whatever tab a save changes.
    await db.updateTable('application').set({ editable: 'all' }).where('uuid', '=', uuid).execute();
    applications.forget(uuid);
    const otherTab = { ...data, email: 'nuevo@example.com', vivienda: { domicilio: { calle: 'AV. JUÁREZ 100', codigo_postal: '44100' } } };
    const unlocked = await call('PUT', `/wizardpf/${uuid}`, { data: otherTab, meta: { version: 2 } });
    expect(unlocked.status).toBe(422);
    expect((await unlocked.json()).errores).toEqual({ 'fisica.curp': '¡Este campo es requerido!' });
  });

  it('keeps locked fields as stored under general_fields, and refuses every change under none', async () => {
    const { uuid } = await createPf();
    const { db, applications } = await server.app.backend;
    // The main system sets the editable level: a writer the repository does not see.
    await db.updateTable('application').set({ editable: 'general_fields' }).where('uuid', '=', uuid).execute();
    applications.forget(uuid);
    const data = pf() as { fisica: Record<string, unknown>; vivienda: Record<string, unknown> };
    data.fisica.curp = 'LOPA900101MDFPRN02';
    data.vivienda.domicilio = { calle: 'AV. JUÁREZ 100', codigo_postal: '44100' };
    const body = await (await call('PUT', `/wizardpf/${uuid}`, { data, meta: { version: 1 } })).json();
    expect(body.data.fisica.curp).toBe('GARC850314HJCRRL09');
    expect(body.data.vivienda.domicilio.calle).toBe('AV. JUÁREZ 100');

    await db.updateTable('application').set({ editable: 'none' }).where('uuid', '=', uuid).execute();
    applications.forget(uuid);
    const refused = await call('PUT', `/wizardpf/${uuid}`, { data, meta: { version: 2 } });
    expect(refused.status).toBe(403);
  });
});

describe('staff lists and history', () => {
  it('are refused to the public with 403', async () => {
    for (const path of ['/wizardpf/cache', '/wizardpf']) expect((await call('GET', path)).status).toBe(403);
  });

  it('list unfinished registrations with a summary of the model as JSON text', async () => {
    const { uuid } = await createPf();
    const rows = await (await call('GET', '/wizardpf/cache', undefined, staffAuth)).json();
    const row = rows.find((r: { uuid: string }) => r.uuid === uuid);
    expect(row).toMatchObject({ id: expect.any(Number), uuid, tipo_persona: 'Física' });
    expect(JSON.parse(row.wizard_data)).toMatchObject({ tipo_persona: 'Física', nombre: 'CARLOS GARCÍA RAMÍREZ' });
  });

  it('keep who changed what and when', async () => {
    const { uuid } = await createPf();
    await createPf();
    await call('PUT', `/wizardpf/${uuid}`, { data: { ...pf(), email: 'cambio@example.com' }, meta: { version: 1 } }, staffAuth);
    const answer = await (await call('GET', `/historial/${uuid}`, undefined, staffAuth)).json();
    expect(answer).toMatchObject({ uuid, tipo_persona: 'Física', nombre: 'CARLOS GARCÍA RAMÍREZ' });
    const history = answer.entries;
    expect(history.map((h: { action: string; actor: string; actor_nombre: string | null }) => [h.action, h.actor, h.actor_nombre])).toEqual([
      ['create', 'public', null],
      // The staff member by name, as the history shows who changed what.
      ['update', expect.stringMatching(/^staff:\d+$/), expect.stringMatching(/\S+ \S+/)],
    ]);
    const changes = typeof history[1].changes === 'string' ? JSON.parse(history[1].changes) : history[1].changes;
    // A staff save also counts the other clients with the same RFC (every fixture has the same one).
    expect(changes).toEqual([
      { path: 'email', before: 'carlos.garcia@example.com', after: 'cambio@example.com' },
      { path: 'cantidad_duplicados', before: null, after: expect.any(Number) },
    ]);
    expect((await call('GET', `/historial/${uuid}`)).status).toBe(403);
  });

  it(`answer at most the latest ${HISTORY_MAX} changes of a record, oldest first`, async () => {
    const { uuid } = await createPf();
    const { db } = await server.app.backend;
    const extra = Array.from({ length: HISTORY_MAX + 20 }, (_, i) => ({ application_uuid: uuid, actor: 'public', action: 'update' as const, changes: JSON.stringify([{ path: 'n', before: i, after: i + 1 }]) }));
    await db.insertInto('application_change').values(extra).execute();
    const history = (await (await call('GET', `/historial/${uuid}`, undefined, staffAuth)).json()).entries;
    expect(history).toHaveLength(HISTORY_MAX);
    const last = (row: { changes: unknown }) => (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes)[0].after;
    expect([last(history[0]), last(history.at(-1))]).toEqual([21, HISTORY_MAX + 20]);
  });
});
