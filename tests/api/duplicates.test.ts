// The duplicate-RFC calls: POST /persons/fbrfc (staff, other clients with the RFC) and
// POST /wizardpm/avalfbrfc (the RFC elsewhere in one application), the duplicates flag the
// server keeps on staff writes, and migration 0004's backfill of the rfc column.
import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { MESSAGES } from '../../forms/messages';
import { migrationProvider } from '../../server/db/migrations';
import { validAvalPfModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import { callApi, emptyDatabase, startSignedInServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;

beforeAll(async () => void ({ server, publicAuth, staffAuth } = await startSignedInServer()));
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown, auth: string | null = staffAuth) => callApi(server, method, path, body, auth);

type Model = Record<string, any>;
const submitted = (model: object) => beforeSubmit(model as unknown as Model) as Model;

// Each test uses its own homoclaves, so the records of one do not count in another.
let serial = 0;
const homoclave = () => `Z${String(++serial).padStart(2, '0')}`;
/** A natural-person RFC matching the fixtures' birth date (1985-03-14). */
const personRfc = () => `GARC850314${homoclave()}`;
/** A company RFC matching the fixtures' constitution date (2010-05-12). */
const companyRfc = () => `IOC100512${homoclave()}`;

const pf = (rfc: string) => {
  const model = submitted(validPfModel());
  return { ...model, fisica: { ...model.fisica, rfc } };
};
const pm = (rfc: string) => {
  const model = submitted(validPmModel());
  return { ...model, moral: { ...model.moral, rfc } };
};

async function create(code: string, data: Model, auth = publicAuth, meta: Model = { last_index: 1 }) {
  const response = await call('POST', `/${code}`, { data, meta }, auth);
  expect(response.status, await response.clone().text()).toBe(201);
  const [uuid] = await response.json();
  return uuid as string;
}

/** A guarantor record linked to `parent`, written through the repository as the guarantor flow stores it. */
async function guarantor(parent: string | null, rfc: string) {
  const uuid = randomUUID();
  const model = submitted(validAvalPfModel());
  const backend = await server.app.backend;
  await backend.applications.create(
    uuid,
    { code: 'wizardpf', model: { ...model, fisica: { ...model.fisica, rfc } }, last_index: 1, complete: false, franchise: null, parent_uuid: parent },
    'public',
    'public',
  );
  return uuid;
}

const fbrfc = async (body: unknown, auth: string | null = staffAuth) => {
  const response = await call('POST', '/persons/fbrfc', body, auth);
  return { status: response.status, body: await response.json() };
};
const avalfbrfc = async (body: unknown, auth: string | null = publicAuth) => {
  const response = await call('POST', '/wizardpm/avalfbrfc', body, auth);
  return { status: response.status, body: await response.json() };
};

describe('POST /persons/fbrfc', () => {
  it('answers 0 for an RFC no client has', async () => {
    expect(await fbrfc(pf(personRfc()))).toEqual({ status: 200, body: { count: 0 } });
    expect(await fbrfc(pm(companyRfc()))).toEqual({ status: 200, body: { count: 0 } });
  });

  it('counts the other clients with the same RFC, leaving out the record of the body’s uuid', async () => {
    const rfc = personRfc();
    const first = await create('wizardpf', pf(rfc));
    await create('wizardpfae', { ...submitted(validPfModel()), tipo_persona: 'Física con actividad empresarial', fisica: { ...pf(rfc).fisica } }, publicAuth, { last_index: 0 });
    expect((await fbrfc(pf(rfc))).body).toEqual({ count: 2 });
    expect((await fbrfc({ ...pf(rfc), uuid: first })).body).toEqual({ count: 1 });
  });

  it('compares RFCs trimmed and without regard to case', async () => {
    const rfc = personRfc();
    await create('wizardpf', pf(rfc));
    expect((await fbrfc(pf(`  ${rfc.toLowerCase()} `))).body).toEqual({ count: 1 });
  });

  it('reads moral.rfc for a legal entity', async () => {
    const rfc = companyRfc();
    const uuid = await create('wizardpm', pm(rfc), publicAuth, { last_index: 4 });
    expect((await fbrfc({ tipo_persona: 'Moral', moral: { rfc } })).body).toEqual({ count: 1 });
    expect((await fbrfc({ tipo_persona: 'Moral', moral: { rfc }, uuid })).body).toEqual({ count: 0 });
    // The same RFC in fisica.rfc of a legal entity's model is not its RFC.
    expect((await fbrfc({ tipo_persona: 'Moral', fisica: { rfc: `${rfc}X` } })).status).toBe(400);
  });

  it('does not count guarantors, only clients', async () => {
    const rfc = personRfc();
    await guarantor(null, rfc);
    expect((await fbrfc(pf(rfc))).body).toEqual({ count: 0 });
  });

  it('is for staff only: 403 with a Spanish message for the public, 401 without a session', async () => {
    const refused = await fbrfc(pf(personRfc()), publicAuth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Esta acción es solo para el personal de la empresa.');
    expect((await fbrfc(pf(personRfc()), null)).status).toBe(401);
  });

  it('refuses bad input with 400 and a Spanish message', async () => {
    const cases: Array<[unknown, string]> = [
      [[pf(personRfc())], 'El cuerpo de la solicitud debe ser el modelo del solicitante.'],
      ['GARC850314AB1', 'El cuerpo de la solicitud debe ser el modelo del solicitante.'],
      [{ tipo_persona: 'Física', fisica: { rfc: '' } }, 'Falta el RFC del solicitante (fisica.rfc, o moral.rfc para una persona moral).'],
      [{ tipo_persona: 'Física' }, 'Falta el RFC del solicitante (fisica.rfc, o moral.rfc para una persona moral).'],
      [{ tipo_persona: 'Física', fisica: { rfc: 'GARC850314AB' } }, MESSAGES.rfcLength13],
      [{ tipo_persona: 'Moral', moral: { rfc: 'IOC100512AB34' } }, MESSAGES.rfcLength12],
      [{ moral: { rfc: 'IOC10' } }, 'El RFC debe tener 12 o 13 caracteres.'],
      [{ tipo_persona: 'Física', fisica: { rfc: 'GARC850314-B1' } }, 'El RFC solo puede contener letras y números.'],
      [{ ...pf(personRfc()), uuid: 'not-a-uuid' }, 'El uuid del solicitante no tiene un formato válido.'],
    ];
    for (const [body, message] of cases) {
      const answer = await fbrfc(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });
});

describe('POST /wizardpm/avalfbrfc', () => {
  async function application() {
    const parentRfc = companyRfc();
    const parent = await create('wizardpm', pm(parentRfc), publicAuth, { last_index: 4 });
    const shared = personRfc();
    const first = await guarantor(parent, shared);
    const second = await guarantor(parent, personRfc());
    // The same RFC under another PM is no duplicate in this one.
    const elsewhere = await create('wizardpm', pm(companyRfc()), publicAuth, { last_index: 4 });
    await guarantor(elsewhere, shared);
    return { parent, parentRfc, shared, first, second };
  }

  it('counts the parent’s other guarantors with the RFC, and the parent itself', async () => {
    const { parent, parentRfc, shared, first, second } = await application();
    const aval = (rfc: string, uuid: string | null) => avalfbrfc({ parentuuid: parent, uuid, rfc, clasificacion: 'Aval' });
    expect(await aval(shared, first)).toEqual({ status: 200, body: { count: 0 } });
    expect((await aval(shared, second)).body).toEqual({ count: 1 });
    expect((await aval(shared, null)).body).toEqual({ count: 1 });
    expect((await aval(` ${shared.toLowerCase()}`, '')).body).toEqual({ count: 1 });
    expect((await aval(personRfc(), null)).body).toEqual({ count: 0 });
    // A company cannot be its own guarantor.
    expect((await aval(parentRfc, null)).body).toEqual({ count: 1 });
  });

  it('checks a stored client against its own guarantors, not itself', async () => {
    const { parent, parentRfc, shared } = await application();
    const client = (rfc: string) => avalfbrfc({ parentuuid: '', uuid: parent, rfc, clasificacion: 'Cliente' });
    expect((await client(shared)).body).toEqual({ count: 1 });
    expect((await client(parentRfc)).body).toEqual({ count: 0 });
  });

  it('takes any session, staff or public, but not none', async () => {
    const { parent, shared } = await application();
    const body = { parentuuid: parent, uuid: null, rfc: shared, clasificacion: 'Aval' };
    expect((await avalfbrfc(body, staffAuth)).body).toEqual({ count: 1 });
    expect((await avalfbrfc(body, publicAuth)).body).toEqual({ count: 1 });
    expect((await avalfbrfc(body, null)).status).toBe(401);
  });

  it('refuses bad input with 400 and a Spanish message', async () => {
    const parent = randomUUID();
    const good = { parentuuid: parent, uuid: randomUUID(), rfc: personRfc(), clasificacion: 'Aval' };
    const cases: Array<[unknown, string]> = [
      [[good], 'El cuerpo de la solicitud debe tener parentuuid, uuid, rfc y clasificacion.'],
      [{ ...good, clasificacion: 'Obligado' }, "La clasificación debe ser 'Aval' o 'Cliente'."],
      [{ ...good, clasificacion: undefined }, "La clasificación debe ser 'Aval' o 'Cliente'."],
      [{ ...good, rfc: undefined }, 'Falta el RFC.'],
      [{ ...good, rfc: 'GARC85031' }, 'El RFC debe tener 12 o 13 caracteres.'],
      [{ ...good, rfc: 'GARC850314AB12' }, 'El RFC debe tener 12 o 13 caracteres.'],
      [{ ...good, rfc: 'GARC 850314A1' }, 'El RFC solo puede contener letras y números.'],
      [{ ...good, uuid: 'abc' }, 'El uuid de la persona no tiene un formato válido.'],
      [{ ...good, parentuuid: 'abc' }, 'El uuid de la solicitud principal (parentuuid) no tiene un formato válido.'],
      [{ ...good, parentuuid: '' }, 'Falta el uuid de la solicitud principal (parentuuid) del aval.'],
      [{ ...good, clasificacion: 'Cliente', uuid: '' }, 'Falta el uuid del cliente.'],
    ];
    for (const [body, message] of cases) {
      const answer = await avalfbrfc(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });
});

describe('the duplicates flag (cantidad_duplicados)', () => {
  const flagOf = async (code: string, uuid: string) => (await (await call('GET', `/${code}/${uuid}/0`)).json()).data.cantidad_duplicados;

  it('is counted by the server on staff writes, whatever the body says', async () => {
    const rfc = personRfc();
    const alone = await create('wizardpf', { ...pf(rfc), cantidad_duplicados: 7 }, staffAuth);
    expect(await flagOf('wizardpf', alone)).toBeNull();
    const second = await create('wizardpf', pf(rfc), staffAuth);
    expect(await flagOf('wizardpf', second)).toBe(1);
    // Another RFC on a staff update: no duplicate any more.
    const updated = await call('PUT', `/wizardpf/${second}`, { data: pf(personRfc()), meta: { last_index: 1, version: 1 } });
    expect(updated.status).toBe(200);
    expect((await updated.json()).data.cantidad_duplicados).toBeNull();

    const pmRfc = companyRfc();
    await create('wizardpm', pm(pmRfc), publicAuth, { last_index: 4 });
    expect(await flagOf('wizardpm', await create('wizardpm', pm(pmRfc), staffAuth, { last_index: 4 }))).toBe(1);
  });

  it('is kept as stored on public writes, never taken from the body', async () => {
    const rfc = personRfc();
    await create('wizardpf', pf(rfc));
    const uuid = await create('wizardpf', { ...pf(rfc), cantidad_duplicados: 3 });
    expect(await flagOf('wizardpf', uuid)).toBeNull();
  });
});

describe('migration 0004_application_rfc', () => {
  it('fills the rfc column of the records written before it from their models', async () => {
    const { db, drop } = await emptyDatabase();
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0003_applications')).error).toBeUndefined();
      const row = (uuid: string, tipo_persona: string, data: object) => ({
        uuid,
        code: 'wizardpf',
        tipo_persona,
        clasificacion: 'Cliente',
        data: JSON.stringify(data),
      });
      await (db as Kysely<any>)
        .insertInto('application')
        .values([
          row(randomUUID(), 'Física', { fisica: { rfc: ' garc850314ab1 ' } }),
          row(randomUUID(), 'Moral', { moral: { rfc: 'IOC100512AB3' }, fisica: { rfc: 'NOTT850314AB1' } }),
          row(randomUUID(), 'Física', { fisica: { rfc: '' } }),
          row(randomUUID(), 'Física', {}),
        ])
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await db.selectFrom('application').select(['rfc']).orderBy('id').execute();
      expect(rows.map((r) => r.rfc)).toEqual(['GARC850314AB1', 'IOC100512AB3', null, null]);
      const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'application'`.execute(db);
      expect(indexes.rows.map((r) => r.indexname)).toContain('application_rfc');
    } finally {
      await drop();
    }
  }, 60_000);
});
