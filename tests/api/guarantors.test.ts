// Guarantors (avales) of a PM: records of their own linked by parent_uuid, listed in the PM's
// `avales`, completed by 'Finalizar y regresar a PM', removed with a trace in both histories, and
// linked later when they were saved before their PM existed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { GUARANTORS_MAX } from '../../forms/limits';
import { validAvalPfModel, validAvalPmModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import { callApi, startSignedInServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;

beforeAll(async () => ({ server, publicAuth, staffAuth } = await startSignedInServer()));
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown, auth: string = publicAuth) => callApi(server, method, path, body, auth);

const submitted = (model: object) => beforeSubmit(model as unknown as Record<string, unknown>);
const pm = () => submitted(validPmModel());
const avalPf = (nombre = 'LUIS') => submitted({ ...validAvalPfModel(), nombre });
const avalPm = () => submitted({ ...validAvalPmModel(), nombre: 'GARANTE INDUSTRIAL' });

async function created(path: string, body: unknown) {
  const response = await call('POST', path, body);
  expect(response.status, await response.clone().text()).toBe(201);
  const [uuid, extra] = await response.json();
  return { uuid: uuid as string, version: extra.version as number, extra };
}

const createPm = () => created('/wizardpm', { data: pm(), meta: { last_index: 4 } });
const addGuarantor = (code: string, data: Record<string, unknown>, parent: string | null, meta: Record<string, unknown> = {}) =>
  created(`/${code}`, { data, meta: { last_index: 1, parent_uuid: parent, ...meta } });
const avalesOf = async (uuid: string) => (await (await call('GET', `/wizardpm/${uuid}/1`)).json()).data.avales;
/** What a new guarantor's wizard is told as it opens under the PM `uuid`: its status, and the refusal's message. */
const newGuarantorOf = async (uuid: string, auth = publicAuth) => {
  const response = await call('GET', `/wizardpm/${encodeURIComponent(uuid)}/avales/nuevo`, undefined, auth);
  const body = response.status === 204 ? undefined : await response.json();
  return { status: response.status, message: body?.message, ...(body?.code === 'parent_closed' ? { closed: true } : {}) };
};

describe('linking guarantors to their PM', () => {
  it('lists each guarantor saved with the PM as parent, incomplete until completed', async () => {
    const parent = await createPm();
    const pfGuarantor = await addGuarantor('wizardpf', avalPf(), parent.uuid);
    const pmGuarantor = await addGuarantor('wizardpm', avalPm(), parent.uuid);

    expect(await avalesOf(parent.uuid)).toEqual([
      { uuid: pfGuarantor.uuid, data: { tipo_persona: 'Física', nombre: 'LUIS', fisica: { apellido_paterno: 'GARCÍA', apellido_materno: 'RAMÍREZ' }, persona_completa: false } },
      { uuid: pmGuarantor.uuid, data: expect.objectContaining({ tipo_persona: 'Moral', nombre: 'GARANTE INDUSTRIAL', persona_completa: false }) },
    ]);
    const opened = await (await call('GET', `/wizardpf/${pfGuarantor.uuid}/1`)).json();
    expect(opened.meta.parent_uuid).toBe(parent.uuid);
    expect(opened.data.clasificacion).toBe('Obligado');
  });

  it('completes a guarantor without finishing it: it stays editable and the PM sees it complete', async () => {
    const parent = await createPm();
    const guarantor = await addGuarantor('wizardpf', avalPf(), parent.uuid);
    const completed = await call('PUT', `/wizardpf/${guarantor.uuid}`, {
      data: avalPf(),
      meta: { version: guarantor.version, complete: true, last_index: 4, parent_uuid: parent.uuid },
    });
    expect(completed.status).toBe(200);
    const body = await completed.json();
    expect(body.data.persona_completa).toBe(true);
    expect(body.meta.complete).toBe(false);
    expect(body.meta.last_index).toBe(4);
    expect((await avalesOf(parent.uuid))[0].data.persona_completa).toBe(true);

    const edited = await call('PUT', `/wizardpf/${guarantor.uuid}`, { data: avalPf('LUISA'), meta: { version: body.meta.version, last_index: 2 } });
    expect(edited.status).toBe(200);
    expect((await edited.json()).meta.last_index).toBe(4);
  });

  it('does not take persona_completa or avales from a body', async () => {
    const parent = await createPm();
    const guarantor = await addGuarantor('wizardpf', { ...avalPf(), persona_completa: true }, parent.uuid);
    const update = await call('PUT', `/wizardpm/${parent.uuid}`, {
      data: { ...pm(), avales: [{ uuid: '00000000-0000-4000-8000-000000000000', data: { nombre: 'FALSO', persona_completa: true } }] },
      meta: { version: parent.version, last_index: 4 },
    });
    expect(update.status).toBe(200);
    const { data } = await update.json();
    expect(data.avales).toEqual([expect.objectContaining({ uuid: guarantor.uuid, data: expect.objectContaining({ persona_completa: false }) })]);
  });

  it('refuses a guarantor whose parent is missing, not a PM client, or that is not a guarantor', async () => {
    const parent = await createPm();
    const missing = await call('POST', '/wizardpf', { data: avalPf(), meta: { parent_uuid: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errores.parent_uuid).toBe('No existe la solicitud de Persona Moral de este aval.');

    const pfClient = await created('/wizardpf', { data: submitted(validPfModel()), meta: { last_index: 1 } });
    const notPm = await call('POST', '/wizardpf', { data: avalPf(), meta: { parent_uuid: pfClient.uuid } });
    expect(notPm.status).toBe(422);

    const client = await call('POST', '/wizardpf', { data: submitted(validPfModel()), meta: { parent_uuid: parent.uuid } });
    expect(client.status).toBe(422);
    expect((await client.json()).errores.clasificacion).toMatch(/Obligado/);

    const malformed = await call('POST', '/wizardpf', { data: avalPf(), meta: { parent_uuid: 'no-es-un-uuid' } });
    expect(malformed.status).toBe(422);
    expect(await avalesOf(parent.uuid)).toEqual([]);
  });

  it('tells a new guarantor’s wizard as it opens whether its PM takes it, in the words its save would meet', async () => {
    const parent = await createPm();
    expect(await newGuarantorOf(parent.uuid)).toEqual({ status: 204, message: undefined });
    expect(await newGuarantorOf(parent.uuid, staffAuth)).toEqual({ status: 204, message: undefined });
    expect(await newGuarantorOf('00000000-0000-4000-8000-000000000000')).toEqual({ status: 404, message: 'No existe la solicitud de Persona Moral de este aval.' });
    expect(await newGuarantorOf('12345')).toEqual({ status: 404, message: 'El código de la solicitud principal no es válido.' });
    const pfClient = await created('/wizardpf', { data: submitted(validPfModel()), meta: { last_index: 1 } });
    expect(await newGuarantorOf(pfClient.uuid)).toEqual({ status: 404, message: 'No existe la solicitud de Persona Moral de este aval.' });
    // Asking adds nothing.
    expect(await avalesOf(parent.uuid)).toEqual([]);
    // A PM staff registered is closed to the public; staff add its guarantors.
    const [ofStaff] = await (await call('POST', '/wizardpm', { data: pm(), meta: { last_index: 4 } }, staffAuth)).json();
    expect(await newGuarantorOf(ofStaff)).toMatchObject({ status: 403, closed: true });
    expect(await newGuarantorOf(ofStaff, staffAuth)).toEqual({ status: 204, message: undefined });
  });
});

describe('how many guarantors a PM takes', () => {
  it(`refuses a guarantor past ${GUARANTORS_MAX} with a Spanish 409, linking nothing`, async () => {
    const parent = await createPm();
    for (let i = 0; i < GUARANTORS_MAX; i++) await addGuarantor('wizardpf', avalPf(`AVAL${String.fromCharCode(65 + (i % 26))}`), parent.uuid);
    const refused = await call('POST', '/wizardpf', { data: avalPf('UNO MAS'), meta: { last_index: 1, parent_uuid: parent.uuid } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'too_many_guarantors', message: `La solicitud de Persona Moral ya tiene ${GUARANTORS_MAX} avales, el máximo permitido.` });
    expect(await newGuarantorOf(parent.uuid)).toEqual({ status: 409, message: `La solicitud de Persona Moral ya tiene ${GUARANTORS_MAX} avales, el máximo permitido.` });
    expect(await avalesOf(parent.uuid)).toHaveLength(GUARANTORS_MAX);
  }, 60_000);
});

describe('finishing a PM with guarantors', () => {
  it('refuses while a guarantor is incomplete, naming it, and finishes once all are complete', async () => {
    const parent = await createPm();
    const done = await addGuarantor('wizardpf', avalPf('ANA'), parent.uuid, { complete: true, last_index: 4 });
    const pending = await addGuarantor('wizardpf', avalPf('PEDRO'), parent.uuid);
    expect((await avalesOf(parent.uuid)).map((aval: { data: { persona_completa: boolean } }) => aval.data.persona_completa)).toEqual([true, false]);

    const refused = await call('PUT', `/wizardpm/${parent.uuid}`, { data: pm(), meta: { version: parent.version, complete: true, last_index: 5, declaracion_aceptada: true } });
    expect(refused.status).toBe(409);
    const reason = await refused.json();
    expect(reason.message).toBe('¡Avales incompletos! Faltan por completar: PEDRO GARCÍA RAMÍREZ.');
    expect(reason.avales).toEqual(['PEDRO GARCÍA RAMÍREZ']);
    expect((await (await call('GET', `/wizardpm/${parent.uuid}/0`, undefined, staffAuth)).json()).meta.complete).toBe(false);

    const completed = await call('PUT', `/wizardpf/${pending.uuid}`, { data: avalPf('PEDRO'), meta: { version: pending.version, complete: true, last_index: 4 } });
    expect(completed.status).toBe(200);
    const finished = await call('PUT', `/wizardpm/${parent.uuid}`, { data: pm(), meta: { version: parent.version, complete: true, last_index: 5, declaracion_aceptada: true } });
    expect(finished.status).toBe(200);
    expect(done.uuid).toBeTruthy();

    // The PM is finished: the public can no longer see or change its guarantors; staff still see them.
    const late = await call('PUT', `/wizardpf/${pending.uuid}`, { data: avalPf('PEDRO'), meta: { version: 2, last_index: 4 } });
    expect(late.status).toBe(403);
    const another = await call('POST', '/wizardpf', { data: avalPf(), meta: { parent_uuid: parent.uuid } });
    expect(another.status).toBe(403);
    expect(await newGuarantorOf(parent.uuid)).toEqual({ status: 403, message: 'La solicitud de Persona Moral ya fue finalizada y no puede modificarse.', closed: true });
    expect(await (await call('GET', `/wizardpf/${pending.uuid}/1`)).json()).toEqual({ data: {}, meta: expect.objectContaining({ complete: true }) });
    expect((await (await call('GET', `/wizardpf/${pending.uuid}/0`, undefined, staffAuth)).json()).data.nombre).toBe('PEDRO');
  });

  it('closes the guarantors of an expired PM to the public as well', async () => {
    const parent = await createPm();
    const guarantor = await addGuarantor('wizardpf', avalPf(), parent.uuid);
    const { db, applications } = await server.app.backend;
    await db.updateTable('application').set({ filled_at: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString() } as never).where('uuid', '=', parent.uuid).execute();
    applications.forget(parent.uuid);

    const expired = 'La solicitud de Persona Moral ha expirado, por favor comience el registro nuevamente.';
    const added = await call('POST', '/wizardpf', { data: avalPf(), meta: { parent_uuid: parent.uuid } });
    expect(added.status).toBe(403);
    expect((await added.json()).message).toBe(expired);
    expect(await newGuarantorOf(parent.uuid)).toEqual({ status: 403, message: expired, closed: true });
    const completed = await call('PUT', `/wizardpf/${guarantor.uuid}`, { data: avalPf(), meta: { version: guarantor.version, complete: true, last_index: 4 } });
    expect(completed.status).toBe(403);
    expect((await call('DELETE', `/wizardpm/${parent.uuid}/avales/${guarantor.uuid}`)).status).toBe(403);
    expect(await (await call('GET', `/wizardpf/${guarantor.uuid}/1`)).json()).toEqual({ data: {}, meta: expect.objectContaining({ expired: true }) });
  });
});

describe('removing a guarantor', () => {
  it('unlinks it, says so, and both histories keep the removal', async () => {
    const parent = await createPm();
    const guarantor = await addGuarantor('wizardpf', avalPf(), parent.uuid);
    // Registered under its PM: the PM's history says so.
    const linked = (await (await call('GET', `/historial/${parent.uuid}`, undefined, staffAuth)).json()).entries;
    expect(linked.at(-1)).toMatchObject({ action: 'link', actor: 'public', changes: [{ path: 'avales', before: null, after: { uuid: guarantor.uuid, nombre: 'LUIS GARCÍA RAMÍREZ' } }] });
    const removed = await call('DELETE', `/wizardpm/${parent.uuid}/avales/${guarantor.uuid}`);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ message: 'Aval eliminado correctamte', avales: [] });
    expect(await avalesOf(parent.uuid)).toEqual([]);

    const parentHistory = (await (await call('GET', `/historial/${parent.uuid}`, undefined, staffAuth)).json()).entries;
    expect(parentHistory.at(-1)).toMatchObject({ action: 'unlink', actor: 'public', changes: [{ path: 'avales', before: { uuid: guarantor.uuid, nombre: 'LUIS GARCÍA RAMÍREZ' }, after: null }] });
    const guarantorHistory = (await (await call('GET', `/historial/${guarantor.uuid}`, undefined, staffAuth)).json()).entries;
    expect(guarantorHistory.at(-1)).toMatchObject({ action: 'unlink', changes: [{ path: 'parent_uuid', before: parent.uuid, after: null }] });

    expect((await call('DELETE', `/wizardpm/${parent.uuid}/avales/${guarantor.uuid}`)).status).toBe(404);
    expect((await call('DELETE', `/wizardpm/${parent.uuid}/avales/nada`)).status).toBe(404);
  });

  it('does not remove a guarantor of another PM', async () => {
    const [first, second] = [await createPm(), await createPm()];
    const guarantor = await addGuarantor('wizardpf', avalPf(), first.uuid);
    expect((await call('DELETE', `/wizardpm/${second.uuid}/avales/${guarantor.uuid}`)).status).toBe(404);
    expect(await avalesOf(first.uuid)).toHaveLength(1);
  });
});

describe('guarantors saved before their PM', () => {
  it('are linked when the PM is first stored, and only if they belong to nobody', async () => {
    const early = await addGuarantor('wizardpf', avalPf('TEMPRANO'), null);
    const taken = await addGuarantor('wizardpf', avalPf('AJENO'), (await createPm()).uuid);
    const parent = await created('/wizardpm', { data: pm(), meta: { last_index: 4, guarantors: [early.uuid, taken.uuid] } });
    expect(parent.extra.guarantors).toEqual([early.uuid]);
    expect((await avalesOf(parent.uuid)).map((aval: { uuid: string }) => aval.uuid)).toEqual([early.uuid]);
    const history = (await (await call('GET', `/historial/${early.uuid}`, undefined, staffAuth)).json()).entries;
    expect(history.at(-1)).toMatchObject({ action: 'link', changes: [{ path: 'parent_uuid', before: null, after: parent.uuid }] });
    // And the PM's: the guarantor by name, after its creation.
    const parentHistory = (await (await call('GET', `/historial/${parent.uuid}`, undefined, staffAuth)).json()).entries;
    expect(parentHistory.map((entry: { action: string }) => entry.action)).toEqual(['create', 'link']);
    expect(parentHistory.at(-1)).toMatchObject({ changes: [{ path: 'avales', before: null, after: { uuid: early.uuid, nombre: 'TEMPRANO GARCÍA RAMÍREZ' } }] });
  });

  it('never appear in the staff list of unfinished applications', async () => {
    const early = await addGuarantor('wizardpf', avalPf(), null);
    const rows = await (await call('GET', '/wizardpf/cache', undefined, staffAuth)).json();
    expect(rows.map((row: { uuid: string }) => row.uuid)).not.toContain(early.uuid);
  });
});
