// The PLD review kept with a save (spec 01 §4, §7): staff send `pld` with a create or update and
// it is stored as pld_coincidences, validated; the public's is ignored; a malformed one stores
// nothing. POST /blacklist screens an application not stored yet. The first load of the lists is
// tried again after a failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { loadMissingPldLists } from '../../server/pld/pld-loader';
import { createPldScreening } from '../../server/pld/pld-screening';
import { validPfModel, validPmModel } from '../unit/forms/fixtures';
import { callApi, startSignedInServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;

beforeAll(async () => ({ server, publicAuth, staffAuth } = await startSignedInServer()));
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown, auth: string | null = staffAuth) => callApi(server, method, path, body, auth);
const submitted = (model: object) => beforeSubmit(model as unknown as Record<string, unknown>);
const pf = () => submitted(validPfModel());

const GUZMAN = { nombre: 'GUZMAN LOERA, Joaquin', rfc: null, lista: 'OFAC SDN', id: 'OFAC SDN:12345', persona: 'CARLOS GARCÍA RAMÍREZ', motivo: 'Misma fecha de nacimiento y nacionalidad que la entrada de la lista.' };

/** A review as the client sends it: pending until this save, with the selected matches and every reviewed key. */
const review = (overrides: Record<string, unknown> = {}) => ({
  coincidencias_validadas: false,
  validar_coincidencias: true,
  validar_coincidencias_tipo: 'client',
  users: { pf: [GUZMAN], HeritageBond: [] },
  revisadas: ['pf:GUZMAN LOERA, Joaquin:OFAC SDN', 'pf:GUZMAN, Joaquin:ONU'],
  ...overrides,
});

/** A confirmed match as stored: who confirmed it and when are the server's. */
const asStored = (users: Record<string, object[]>) =>
  Object.fromEntries(
    Object.entries(users).map(([group, matches]) => [
      group,
      matches.map((match) => ({ ...match, confirmada_por: expect.any(String), confirmada_por_id: expect.stringMatching(/^staff:\d+$/), confirmada_el: expect.any(String), version_listas: expect.stringMatching(/^[0-9a-f]{16}$/) })),
    ]),
  );

const validatedReview = (overrides: Record<string, unknown> = {}) => {
  const sent = review(overrides);
  return { ...sent, users: asStored(sent.users as Record<string, object[]>), coincidencias_validadas: true, validar_coincidencias: false };
};

async function created(code: string, body: unknown, auth = staffAuth) {
  const response = await call('POST', `/${code}`, body, auth);
  expect(response.status, await response.clone().text()).toBe(201);
  const [uuid, extra] = await response.json();
  return { uuid: uuid as string, version: extra.version as number };
}

const opened = async (code: string, uuid: string) => (await call('GET', `/${code}/${uuid}/0`)).json();

/** A record the public filled and staff then reviewed (the public cannot change one staff created). */
async function reviewedByStaff() {
  const own = await created('wizardpf', { data: pf(), meta: { last_index: 1 } }, publicAuth);
  const saved = await call('PUT', `/wizardpf/${own.uuid}`, { data: pf(), meta: { version: own.version, last_index: 1 }, pld: review() });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return { uuid: own.uuid, version: (await saved.json()).meta.version as number };
}
const unfinished = async () => Number((await call('GET', '/wizardpf/cache')).headers.get('x-total-count'));

describe('the PLD review in a staff save', () => {
  it('a staff create keeps the review as pld_coincidences, validated and no longer required', async () => {
    const { uuid } = await created('wizardpf', { data: pf(), meta: { last_index: 1 }, pld: review() });
    const { data } = await opened('wizardpf', uuid);
    expect(data.pld_coincidences).toEqual(validatedReview());
  });

  it('keeps only the fields of the contract: a match\'s score and reason, or unknown fields, are left out', async () => {
    const users = { pf: [{ ...GUZMAN, score: 0.91, reason: 'nombre: 2 de 3 palabras', coincide_con: 'GUZMAN LOERA, Joaquin' }] };
    const { uuid } = await created('wizardpf', { data: pf(), meta: { last_index: 1 }, pld: { ...review({ users }), extra: 'x' } });
    expect((await opened('wizardpf', uuid)).data.pld_coincidences).toEqual(validatedReview({ users: { pf: [GUZMAN] } }));
  });

  it('a staff update replaces the review; an update without pld keeps the stored one', async () => {
    const { uuid, version } = await created('wizardpf', { data: pf(), meta: { last_index: 1 }, pld: review() });
    const second = review({ users: { pf: [], HeritageBond: [{ nombre: 'FARMACIA VIDA SUPREMA, S.A. DE C.V.', rfc: 'FVS870610LX3', lista: 'OFAC SDN', motivo: 'Misma razón social y RFC.' }] }, validar_coincidencias_tipo: 'heritageBond', revisadas: ['HeritageBond:0'] });
    const updated = await call('PUT', `/wizardpf/${uuid}`, { data: pf(), meta: { version, last_index: 2 }, pld: second });
    expect(updated.status, await updated.clone().text()).toBe(200);
    const body = await updated.json();
    expect(body.data.pld_coincidences).toEqual(validatedReview({ ...second }));

    const kept = await call('PUT', `/wizardpf/${uuid}`, { data: pf(), meta: { version: body.meta.version, last_index: 2 } });
    expect(kept.status).toBe(200);
    expect((await kept.json()).data.pld_coincidences).toEqual(validatedReview({ ...second }));
  });

  it('a review with no matches is stored too, with type null', async () => {
    const none = review({ validar_coincidencias_tipo: null, users: {}, revisadas: [] });
    const { uuid } = await created('wizardpf', { data: pf(), meta: { last_index: 1 }, pld: none });
    expect((await opened('wizardpf', uuid)).data.pld_coincidences).toEqual(validatedReview({ validar_coincidencias_tipo: null, users: {}, revisadas: [] }));
  });

  it('keeps every group of a PM review', async () => {
    const users = {
      pm: [{ nombre: 'CONSORCIO KATEL, S.A. DE C.V.', rfc: 'CKA131218FBA', lista: 'SAT 69-B', motivo: 'Mismo RFC.' }],
      legalRepresentative: [{ nombre: 'MUHAMMAD TAHER ANWARI', rfc: null, lista: 'ONU', persona: '0', motivo: 'Pasaporte coincide.' }],
      guarantees: [{ nombre: 'CARLOS GUADALUPE FRÍAS BOERO', rfc: null, lista: 'SFP', persona: '00000000-0000-4000-8000-000000000001', motivo: 'Misma CURP.' }],
      guaranteeRepresentatives: [{ nombre: 'ABDUL RAQIB TAKHARI', rfc: null, lista: 'ONU', motivo: 'Misma fecha de nacimiento.' }],
      HeritageBond: [],
      pf: [],
    };
    const { uuid } = await created('wizardpm', { data: submitted(validPmModel()), meta: { last_index: 4 }, pld: review({ users }) });
    expect((await opened('wizardpm', uuid)).data.pld_coincidences).toEqual(validatedReview({ users }));
  });

  it('pld_coincidences inside data is ignored, for staff too', async () => {
    const data = { ...pf(), pld_coincidences: validatedReview() };
    const { uuid, version } = await created('wizardpf', { data, meta: { last_index: 1 } });
    expect((await opened('wizardpf', uuid)).data.pld_coincidences).toBeNull();
    const updated = await (await call('PUT', `/wizardpf/${uuid}`, { data, meta: { version } })).json();
    expect(updated.data.pld_coincidences).toBeNull();
  });
});

describe('the PLD review from the public', () => {
  it('is ignored on create and on update: the stored review stays, and the public never reads it', async () => {
    const { uuid: fresh } = await created('wizardpf', { data: pf(), meta: { last_index: 1 }, pld: review() }, publicAuth);
    expect((await opened('wizardpf', fresh)).data.pld_coincidences).toBeNull();

    const { uuid, version } = await reviewedByStaff();
    const publicOpen = await (await call('GET', `/wizardpf/${uuid}/1`, undefined, publicAuth)).json();
    expect(publicOpen.data).not.toHaveProperty('pld_coincidences');
    const other = review({ users: { pf: [] }, revisadas: [] });
    const updated = await call('PUT', `/wizardpf/${uuid}`, { data: pf(), meta: { version }, pld: other }, publicAuth);
    expect(updated.status).toBe(200);
    expect((await updated.json()).data).not.toHaveProperty('pld_coincidences');
    expect((await opened('wizardpf', uuid)).data.pld_coincidences).toEqual(validatedReview());
  });

  it('renaming the person makes the stored review stale: it is no longer validated, and what staff chose is kept', async () => {
    const { uuid, version } = await reviewedByStaff();
    const renamed = { ...pf(), nombre: 'CARLOS ALBERTO' };
    const updated = await call('PUT', `/wizardpf/${uuid}`, { data: renamed, meta: { version } }, publicAuth);
    expect(updated.status).toBe(200);
    expect((await opened('wizardpf', uuid)).data.pld_coincidences).toEqual({ ...validatedReview(), coincidencias_validadas: false });
  });

  it('is not checked beyond being an object', async () => {
    const { uuid } = await created('wizardpf', { data: pf(), meta: { last_index: 1 }, pld: { users: 'nada' } }, publicAuth);
    expect((await opened('wizardpf', uuid)).data.pld_coincidences).toBeNull();
  });
});

describe('a malformed PLD review', () => {
  const refusals: Array<[string, unknown, string]> = [
    ['a flag that is not boolean', review({ coincidencias_validadas: 'si' }), 'La revisión PLD no es válida: coincidencias_validadas debe ser true o false.'],
    ['an unknown type', review({ validar_coincidencias_tipo: 'aval' }), "La revisión PLD no es válida: validar_coincidencias_tipo debe ser 'client', 'heritageBond' o null."],
    ['users missing', review({ users: undefined }), 'La revisión PLD no es válida: users debe ser un objeto con las coincidencias por grupo.'],
    ['an unknown group', review({ users: { avales: [] } }), "La revisión PLD no es válida: el grupo 'avales' no existe; los grupos son pf, pm, legalRepresentative, accionistas, guarantees, guaranteeRepresentatives, HeritageBond."],
    ['a group that is not a list', review({ users: { pf: GUZMAN } }), 'La revisión PLD no es válida: users.pf debe ser una lista.'],
    ['a match without its name', review({ users: { pf: [{ ...GUZMAN, nombre: undefined }] } }), 'La revisión PLD no es válida: users.pf[0].nombre debe ser texto.'],
    ['a numeric RFC', review({ users: { pm: [{ ...GUZMAN, rfc: 7 }] } }), 'La revisión PLD no es válida: users.pm[0].rfc debe ser texto.'],
    ['too many matches in a group', review({ users: { pf: Array.from({ length: 201 }, () => GUZMAN) } }), 'La revisión PLD no es válida: users.pf no debe tener más de 200 coincidencias.'],
    ['revisadas missing', review({ revisadas: undefined }), 'La revisión PLD no es válida: revisadas debe ser una lista.'],
    ['too many reviewed keys', review({ revisadas: Array.from({ length: 1001 }, (_, i) => `pf:${i}`) }), 'La revisión PLD no es válida: revisadas no debe tener más de 1000 elementos.'],
    ['a reviewed key too long', review({ revisadas: ['x'.repeat(401)] }), 'La revisión PLD no es válida: revisadas[0] no debe exceder 400 caracteres.'],
    ['a reviewed key that is not text', review({ revisadas: [{ key: 'pf:0' }] }), 'La revisión PLD no es válida: revisadas[0] debe ser texto.'],
  ];

  it.each(refusals)('a staff create with %s is refused with 400 invalid_pld and stores nothing', async (_, pld, message) => {
    const before = await unfinished();
    const response = await call('POST', '/wizardpf', { data: pf(), meta: { last_index: 1 }, pld });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, code: 'invalid_pld', message });
    expect(await unfinished()).toBe(before);
  });

  it('a staff update with a malformed review is refused and leaves the record as it was', async () => {
    const { uuid, version } = await created('wizardpf', { data: pf(), meta: { last_index: 1 }, pld: review() });
    const before = await opened('wizardpf', uuid);
    const changed = { ...pf(), email: 'otro@example.com' };
    const response = await call('PUT', `/wizardpf/${uuid}`, { data: changed, meta: { version, last_index: 3 }, pld: review({ users: { pf: [{ rfc: null }] } }) });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('invalid_pld');
    expect(await opened('wizardpf', uuid)).toEqual(before);
  });

  it('a pld that is not an object is refused by the body schema, for staff and public alike', async () => {
    for (const auth of [staffAuth, publicAuth]) {
      for (const pld of [null, 'validado', [review()]]) {
        const response = await call('POST', '/wizardpf', { data: pf(), meta: { last_index: 1 }, pld }, auth);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'invalid_body', campos: [{ campo: 'pld', regla: 'type' }] });
      }
    }
  });
});

describe('POST /blacklist, for an application not stored yet', () => {
  it('screens a PF and its linked party, with no guarantors', async () => {
    const model = validPfModel();
    const body = {
      data: {
        ...model,
        nombre: 'Joaquin',
        fisica: { ...model.fisica, apellido_paterno: 'Guzman', apellido_materno: 'Loera', rfc: 'GULJ570404AB1' },
        mantiene_vinculo_patrimonial: 'Si',
        involucrado_vinculo_patrimonial: 'Farmacia Vida Suprema',
      },
    };
    const response = await call('POST', '/blacklist', body);
    expect(response.status, await response.clone().text()).toBe(200);
    const result = await response.json();
    expect(result.validatePLD).toBe(true);
    expect(result.pf).toMatchObject([{ nombre: 'Joaquin Guzman Loera', rfc: 'GULJ570404AB1', coincidencias: [expect.objectContaining({ nombre: 'GUZMAN LOERA, Joaquin', lista: 'OFAC SDN' })] }]);
    expect(result.HeritageBond).toMatchObject([{ nombre: 'Farmacia Vida Suprema', aval_uuid: null, coincidencias: [expect.objectContaining({ nombre: 'FARMACIA VIDA SUPREMA, S.A. DE C.V.' })] }]);
    expect(result).toMatchObject({ pm: [], legalRepresentative: [], guarantees: [] });
  });

  it('screens a PM and its representatives, in the same shape as with a uuid', async () => {
    const pm = { ...submitted(validPmModel()), nombre: 'Farmacia Vida Suprema' } as Record<string, any>;
    pm.representantes = [{ ...pm.representantes[0], nombre: 'Mohamed Tahir Anwari' }];
    const result = await (await call('POST', '/blacklist', pm)).json();
    expect(Object.keys(result).sort()).toEqual(['HeritageBond', 'accionistas', 'guarantees', 'legalRepresentative', 'pf', 'pm', 'validatePLD']);
    expect(result.validatePLD).toBe(true);
    expect(result.pf).toEqual([]);
    expect(result.pm).toMatchObject([{ nombre: 'Farmacia Vida Suprema' }]);
    expect(result.legalRepresentative).toMatchObject([{ nombre: 'Mohamed Tahir Anwari', index: 0, coincidencias: [expect.objectContaining({ nombre: 'MUHAMMAD TAHER ANWARI', lista: 'ONU' })] }]);
    expect(result.guarantees).toEqual([]);
  });

  it('answers validatePLD false when nobody matches', async () => {
    const model = validPfModel();
    const data = { ...model, nombre: 'XOCHIQUETZAL ITZEL', fisica: { ...model.fisica, apellido_paterno: 'TLAHUICA', apellido_materno: 'ZOZAYA' } };
    expect(await (await call('POST', '/blacklist', { data })).json()).toEqual({
      validatePLD: false,
      HeritageBond: [],
      pf: [{ nombre: 'XOCHIQUETZAL ITZEL TLAHUICA ZOZAYA', rfc: 'GARC850314AB1', coincidencias: [] }],
      pm: [],
      legalRepresentative: [],
      guarantees: [],
      accionistas: [],
    });
  });

  it('is for staff only and refuses a body that is not an applicant model', async () => {
    const forbidden = await call('POST', '/blacklist', validPfModel(), publicAuth);
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toBe('Esta acción es solo para el personal de la empresa.');
    expect((await call('POST', '/blacklist', validPfModel(), null)).status).toBe(401);
    const notModel = await call('POST', '/blacklist', { nombre: 'X' });
    expect(notModel.status).toBe(400);
    expect((await notModel.json()).code).toBe('invalid_blacklist_model');
  });
});

describe('the first load of the lists', () => {
  it('when it failed, a later call loads the lists again', async () => {
    const { db } = await server.app.backend;
    // This file's own database, as on a first start: no version of the lists yet.
    await db.deleteFrom('pld_name').execute();
    await db.deleteFrom('pld_entry').execute();
    await db.deleteFrom('pld_load').execute();
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'pld-missing-'));
    try {
      const failing = loadMissingPldLists(db, empty);
      failing.catch(() => {});
      const screening = createPldScreening(db, { refreshSeconds: 0, loading: failing });
      await expect(screening.index()).rejects.toThrow(/ENOENT/);
      // The next call loads data/pld/ itself rather than waiting on the failed load again.
      const index = await screening.index();
      expect(index.search({ name: 'Joaquin Guzman Loera' })[0]).toMatchObject({ nombre: 'GUZMAN LOERA, Joaquin', lista: 'OFAC SDN' });
      expect((await screening.info()).version).toMatch(/^[0-9a-f]{16}$/);
      screening.stop();
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
