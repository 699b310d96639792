// A create sent again stores no second record: the browser makes a key once for the record it has
// not stored yet (meta.create_key) and sends it with every create of that record, so a retry after
// an answer that never came (a 503 after the statement committed, a dropped connection) reaches
// the record the first one stored. The key binds only its creator.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfaeModel, validPfModel } from '../unit/forms/fixtures';
import { callApi, publicToken, startSignedInServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;

beforeAll(async () => ({ server, publicAuth, staffAuth } = await startSignedInServer()));
afterAll(() => server.close());

const pf = (nombre = 'CARLOS'): Record<string, unknown> => ({ ...beforeSubmit(validPfModel() as unknown as Record<string, unknown>), nombre });
const post = (body: unknown, auth = publicAuth, code = 'wizardpf') => callApi(server, 'POST', `/${code}`, body, auth);

/** How many unfinished records staff see. */
const unfinished = async () => Number((await callApi(server, 'GET', '/wizardpf/cache', undefined, staffAuth)).headers.get('x-total-count'));
const history = async (uuid: string) => (await (await callApi(server, 'GET', `/historial/${uuid}`, undefined, staffAuth)).json()).entries as Array<{ action: string }>;

async function created(response: Response) {
  expect(response.status).toBe(201);
  const [uuid, extra] = await response.json();
  return { uuid: uuid as string, extra };
}

describe('a create sent again with its key', () => {
  it('answers the record the first one stored, and stores no second one', async () => {
    const before = await unfinished();
    const key = randomUUID();
    const first = await created(await post({ data: pf(), meta: { last_index: 1, create_key: key } }));
    const again = await created(await post({ data: pf(), meta: { last_index: 1, create_key: key } }));
    expect(again.uuid).toBe(first.uuid);
    expect(again.extra.meta).toMatchObject({ store: true, complete: false });
    expect(await unfinished()).toBe(before + 1);
    // The second changed nothing: nothing more is written.
    expect((await history(first.uuid)).map((entry) => entry.action)).toEqual(['create']);
    expect(again.extra.version).toBe(first.extra.version);
    // It says where the resume link went, as the lost answer did.
    expect(first.extra.enlace_enviado_a).toBe('c…@example.com');
    expect(again.extra.enlace_enviado_a).toBe('c…@example.com');
  });

  it('brings the stored record up to what the second one sent', async () => {
    const key = randomUUID();
    const first = await created(await post({ data: pf('CARLOS'), meta: { last_index: 1, create_key: key } }));
    const again = await created(await post({ data: pf('CARLA'), meta: { last_index: 2, create_key: key } }));
    expect(again.uuid).toBe(first.uuid);
    // An update of the first, as the history says, whose version the answer carries.
    expect((await history(first.uuid)).map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(again.extra.version).toBe(first.extra.version + 1);
    const opened = await (await callApi(server, 'GET', `/wizardpf/${first.uuid}/1`, undefined, publicAuth)).json();
    expect(opened.data.nombre).toBe('CARLA');
    expect(opened.meta.last_index).toBe(2);
  });

  it('is refused as stale when the record changed since from elsewhere, writing nothing', async () => {
    const key = randomUUID();
    const first = await created(await post({ data: pf('CARLOS'), meta: { last_index: 1, create_key: key } }));
    // Meanwhile the record is changed through its resume link, in another tab.
    const elsewhere = await callApi(server, 'PUT', `/wizardpf/${first.uuid}`, { data: pf('CARLA'), meta: { last_index: 1, version: first.extra.version } }, publicAuth);
    expect(elsewhere.status).toBe(200);
    const stale = await post({ data: pf('CARMEN'), meta: { last_index: 1, create_key: key } });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'stale_version', message: 'La solicitud se modificó desde otra sesión mientras la editabas. Recarga la página para ver la versión actual.' });
    const opened = await (await callApi(server, 'GET', `/wizardpf/${first.uuid}/1`, undefined, publicAuth)).json();
    expect(opened.data.nombre).toBe('CARLA');
    // The same data as stored is no conflict: the record answers as it is.
    const same = await created(await post({ data: pf('CARLA'), meta: { last_index: 1, create_key: key } }));
    expect(same).toMatchObject({ uuid: first.uuid, extra: { version: first.extra.version + 1 } });
  });

  it('stores one record when the same create arrives twice at once', async () => {
    const before = await unfinished();
    const key = randomUUID();
    const answers = await Promise.all([0, 1, 2].map(() => post({ data: pf(), meta: { last_index: 1, create_key: key } })));
    const uuids = await Promise.all(answers.map(async (answer) => (await created(answer)).uuid));
    expect(new Set(uuids).size).toBe(1);
    expect(await unfinished()).toBe(before + 1);
  });

  it('answers a finish sent again with the finished record, not a refusal', async () => {
    const key = randomUUID();
    const body = { data: pf(), meta: { last_index: 5, complete: true, declaracion_aceptada: true, create_key: key } };
    const first = await created(await post(body));
    expect(first.extra.meta.complete).toBe(true);
    const again = await created(await post(body));
    expect(again.uuid).toBe(first.uuid);
    expect(again.extra).toMatchObject({ version: first.extra.version, meta: { complete: true } });
    expect((await history(first.uuid)).map((entry) => entry.action)).toEqual(['finish']);
  });

  it('binds only its creator: another session with the same key stores a record of its own', async () => {
    const key = randomUUID();
    const mine = await created(await post({ data: pf(), meta: { last_index: 1, create_key: key } }));
    const otherAuth = `Bearer ${(await publicToken(server)).access_token}`;
    const theirs = await created(await post({ data: pf(), meta: { last_index: 1, create_key: key } }, otherAuth));
    expect(theirs.uuid).not.toBe(mine.uuid);
    // Staff too: the key is not a way into a record another creator stored.
    const staffs = await created(await post({ data: pf(), meta: { last_index: 1, create_key: key } }, staffAuth));
    expect([mine.uuid, theirs.uuid]).not.toContain(staffs.uuid);
  });

  it('refuses a key sent again for another kind of application, and a malformed key, in Spanish, storing nothing', async () => {
    const key = randomUUID();
    await created(await post({ data: pf(), meta: { last_index: 1, create_key: key } }));
    const before = await unfinished();
    const other = await post({ data: beforeSubmit(validPfaeModel() as never), meta: { last_index: 1, create_key: key } }, publicAuth, 'wizardpfae');
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ code: 'create_key_reused', message: 'La clave de creación ya se usó en otra solicitud.' });
    const malformed = await post({ data: pf(), meta: { last_index: 1, create_key: 'no-es-una-clave' } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'invalid_body', message: 'La solicitud no es válida: faltan datos o tienen un formato incorrecto.', campos: [{ campo: 'meta.create_key' }] });
    expect(await unfinished()).toBe(before);
  });

  it('leaves the key free after a refused create: the corrected one stores the record', async () => {
    const before = await unfinished();
    const key = randomUUID();
    const refused = await post({ data: { ...pf(), fisica: { ...(pf().fisica as object), curp: 'XYZ' } }, meta: { last_index: 1, create_key: key } });
    expect(refused.status).toBe(422);
    expect(await unfinished()).toBe(before);
    await created(await post({ data: pf(), meta: { last_index: 1, create_key: key } }));
    expect(await unfinished()).toBe(before + 1);
  });
});
