// The staff lists a page at a time (GET /wizardpf/cache, GET /wizardpf): page size and number,
// the total in X-Total-Count, sorting by every column both ways, search by name, RFC or uuid
// ignoring case and accents, filters by person type and state, Spanish 400s, staff only; and
// finding 3 of issue 12: many large records do not make the unfinished list slow, huge or a 500.
// With DATABASE_URL set, the same on PostgreSQL (tests/api/support/test-server.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';
import { callApi, startSignedInServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;
let staffAuth: string;

beforeAll(async () => ({ server, publicAuth, staffAuth } = await startSignedInServer()));
afterAll(() => server.close());

const DAY_MS = 24 * 3600 * 1000;
const TYPES = { wizardpf: 'Física', wizardpfae: 'Física con actividad empresarial', wizardpm: 'Moral' } as const;

interface Seed {
  nombre: string;
  code?: keyof typeof TYPES;
  rfc?: string | null;
  email?: string;
  complete?: boolean;
  editable?: string;
  clasificacion?: string;
  /** Days since the record was first filled. */
  filledDaysAgo?: number;
  /** Minutes since its last change (the list's date order). */
  changedMinutesAgo?: number;
  /** The stored model, when it matters (its size, for finding 3). */
  data?: string;
  franchise?: string | null;
}

/** Writes records as the main system or an earlier save would have left them, bypassing the API. */
async function seed(records: Seed[]): Promise<string[]> {
  const { db, applications } = await server.app.backend;
  const uuids = records.map(() => randomUUID());
  const now = Date.now();
  for (let start = 0; start < records.length; start += 10) {
    const values = records.slice(start, start + 10).map((record, offset) => {
      const code = record.code ?? 'wizardpf';
      return {
        uuid: uuids[start + offset]!,
        code,
        tipo_persona: TYPES[code],
        clasificacion: record.clasificacion ?? 'Cliente',
        nombre: record.nombre,
        email: record.email ?? 'lista@example.com',
        rfc: record.rfc ?? null,
        data: record.data ?? JSON.stringify({ tipo_persona: TYPES[code], nombre: record.nombre }),
        complete: record.complete ?? false,
        id_persona_datos_generales: record.complete ? sql<number>`nextval('persona_datos_generales_seq')::integer` : null,
        editable: record.editable ?? 'all',
        franchise: record.franchise ?? null,
        filled_at: new Date(now - (record.filledDaysAgo ?? 0) * DAY_MS).toISOString(),
        updated_at: new Date(now - (record.changedMinutesAgo ?? 0) * 60_000).toISOString(),
      };
    });
    await db.insertInto('application').values(values as never).execute();
  }
  applications.forget(...uuids);
  return uuids;
}

const list = (path: string, query: Record<string, string> = {}, auth: string | null = staffAuth) => {
  const search = new URLSearchParams(query).toString();
  return callApi(server, 'GET', `${path}${search ? `?${search}` : ''}`, undefined, auth);
};

async function page(path: string, query: Record<string, string> = {}) {
  const response = await list(path, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return {
    rows: (await response.json()) as Array<Record<string, unknown>>,
    total: Number(response.headers.get('x-total-count')),
    page: Number(response.headers.get('x-page')),
    pageSize: Number(response.headers.get('x-page-size')),
  };
}

const uuidsOf = (rows: Array<Record<string, unknown>>) => rows.map((row) => row.uuid);
const CACHE = '/wizardpf/cache';
const APPLICANTS = '/wizardpf';

describe('staff only', () => {
  it('answers 403 to a public session and 401 without one, whatever the query', async () => {
    for (const path of [CACHE, APPLICANTS]) {
      expect((await list(path, {}, publicAuth)).status).toBe(403);
      expect((await list(path, { page: '2', q: 'GARCIA' }, publicAuth)).status).toBe(403);
      // Even a bad query is refused for the session first: the public learns nothing of the list.
      expect((await list(path, { page: 'x' }, publicAuth)).status).toBe(403);
      expect((await list(path, {}, null)).status).toBe(401);
    }
  });
});

describe('paging', () => {
  it('answers 25 rows by default, the total on every page, and up to 100 rows when asked', async () => {
    const seeded = await seed(Array.from({ length: 30 }, (_, i) => ({ nombre: `PAGINADO NUMERO ${i}`, changedMinutesAgo: i })));
    const first = await page(CACHE, { q: 'paginado' });
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.rows).toHaveLength(25);
    const second = await page(CACHE, { q: 'paginado', page: '2' });
    expect(second).toMatchObject({ total: 30, page: 2, pageSize: 25 });
    expect(second.rows).toHaveLength(5);
    // The two pages together are every record once, newest first.
    expect([...uuidsOf(first.rows), ...uuidsOf(second.rows)]).toEqual(seeded);

    const all = await page(CACHE, { q: 'paginado', page_size: '100' });
    expect(all.rows).toHaveLength(30);
    const third = await page(CACHE, { q: 'paginado', page_size: '10', page: '3' });
    expect(uuidsOf(third.rows)).toEqual(seeded.slice(20, 30));
    // Past the last page: no rows, the same total.
    const past = await page(CACHE, { q: 'paginado', page: '9' });
    expect(past).toMatchObject({ rows: [], total: 30, page: 9 });
  });

  it('pages the applicants the same way', async () => {
    const seeded = await seed(Array.from({ length: 12 }, (_, i) => ({ nombre: `TERMINADO PAGINADO ${i}`, complete: true, changedMinutesAgo: i })));
    const second = await page(APPLICANTS, { q: 'terminado paginado', page_size: '5', page: '2' });
    expect(second).toMatchObject({ total: 12, page: 2, pageSize: 5 });
    expect(uuidsOf(second.rows)).toEqual(seeded.slice(5, 10));
  });
});

describe('sorting', () => {
  it('lists the last changed first, and the oldest change first on request', async () => {
    const [older, newest, middle] = await seed([
      { nombre: 'ORDEN FECHA UNO', changedMinutesAgo: 300 },
      { nombre: 'ORDEN FECHA DOS', changedMinutesAgo: 1 },
      { nombre: 'ORDEN FECHA TRES', changedMinutesAgo: 60 },
    ]);
    expect(uuidsOf((await page(CACHE, { q: 'orden fecha' })).rows)).toEqual([newest, middle, older]);
    expect(uuidsOf((await page(CACHE, { q: 'orden fecha', sort: 'modificada', order: 'desc' })).rows)).toEqual([newest, middle, older]);
    expect(uuidsOf((await page(CACHE, { q: 'orden fecha', order: 'asc' })).rows)).toEqual([older, middle, newest]);
  });

  it('puts a record just saved through the API first', async () => {
    const response = await callApi(server, 'POST', '/wizardpf', { data: beforeSubmit(validPfModel() as never), meta: { last_index: 1 } }, publicAuth);
    const [uuid] = await response.json();
    expect((await page(CACHE)).rows[0]!.uuid).toBe(uuid);
  });

  it('sorts by name ignoring accents and case, by type, RFC and franchise with blanks last, both ways', async () => {
    const [zeta, angel, omar, blank] = await seed([
      { nombre: 'ZETA ORDENCOL', code: 'wizardpm', rfc: 'AAA010101AA1', franchise: 'norte' },
      { nombre: 'ÁNGEL ORDENCOL', code: 'wizardpfae', rfc: 'CCC010101AA1', franchise: 'Ávila' },
      { nombre: 'omar ORDENCOL', code: 'wizardpf', rfc: 'BBB010101AA1', franchise: 'Centro' },
      { nombre: 'BETO ORDENCOL', code: 'wizardpf', rfc: null, franchise: null },
    ]);
    const sorted = async (sort: string, order: string) => uuidsOf((await page(CACHE, { q: 'ordencol', sort, order })).rows);
    expect(await sorted('nombre', 'asc')).toEqual([angel, blank, omar, zeta]);
    expect(await sorted('nombre', 'desc')).toEqual([zeta, omar, blank, angel]);
    // Física < Física con actividad empresarial < Moral; ties in the order of their number.
    expect(await sorted('tipo', 'asc')).toEqual([omar, blank, angel, zeta]);
    expect(await sorted('rfc', 'asc')).toEqual([zeta, omar, angel, blank]);
    expect(await sorted('rfc', 'desc')).toEqual([angel, omar, zeta, blank]);
    expect(await sorted('franquicia', 'asc')).toEqual([angel, omar, zeta, blank]);
    expect(await sorted('franquicia', 'desc')).toEqual([zeta, omar, angel, blank]);
    expect(await sorted('numero', 'asc')).toEqual([zeta, angel, omar, blank]);
  });

  it('sorts names in Spanish alphabetical order: Ñ after every N, before O', async () => {
    const [pena, pensado, nono, norma, oscar, nunez, nunes] = await seed([
      { nombre: 'PEÑA ORDENÑ' },
      { nombre: 'PENSADO ORDENÑ' },
      { nombre: 'ñoño ORDENÑ' },
      { nombre: 'NORMA ORDENÑ' },
      { nombre: 'ÓSCAR ORDENÑ' },
      { nombre: 'NÚÑEZ ORDENÑ' },
      { nombre: 'NUNES ORDENÑ' },
    ]);
    const sorted = async (order: string) => uuidsOf((await page(CACHE, { q: 'ordenn', sort: 'nombre', order })).rows);
    expect(await sorted('asc')).toEqual([norma, nunes, nunez, nono, oscar, pensado, pena]);
    expect(await sorted('desc')).toEqual([pena, pensado, oscar, nono, nunez, nunes, norma]);
  });

  it('sorts franchises in Spanish alphabetical order as names: Ñ after every N, before O', async () => {
    const [oeste, nunoa, norte, nandu, nuevo] = await seed([
      { nombre: 'OESTE FRANQUICIAÑ', franchise: 'OESTE' },
      { nombre: 'ÑUÑOA FRANQUICIAÑ', franchise: 'ÑUÑOA' },
      { nombre: 'NORTE FRANQUICIAÑ', franchise: 'NORTE' },
      { nombre: 'ÑANDÚ FRANQUICIAÑ', franchise: 'ñandú' },
      { nombre: 'NUEVO FRANQUICIAÑ', franchise: 'Nuevo León' },
    ]);
    const sorted = async (order: string) => uuidsOf((await page(CACHE, { q: 'franquician', sort: 'franquicia', order })).rows);
    expect(await sorted('asc')).toEqual([norte, nuevo, nandu, nunoa, oeste]);
    expect(await sorted('desc')).toEqual([oeste, nunoa, nandu, nuevo, norte]);
  });

  it('sorts by the date first filled (and so the expiry), and pages a sorted list without losing or repeating a row', async () => {
    const seeded = await seed(Array.from({ length: 7 }, (_, i) => ({ nombre: `ORDEN CREADA ${i}`, filledDaysAgo: i, changedMinutesAgo: 7 - i })));
    const byCreation = uuidsOf((await page(CACHE, { q: 'orden creada', sort: 'creada', order: 'asc' })).rows);
    expect(byCreation).toEqual([...seeded].reverse());
    expect(uuidsOf((await page(CACHE, { q: 'orden creada', sort: 'vence', order: 'desc' })).rows)).toEqual(seeded);
    const pages = [];
    for (const number of ['1', '2', '3']) pages.push(...uuidsOf((await page(CACHE, { q: 'orden creada', sort: 'creada', order: 'asc', page_size: '3', page: number })).rows));
    expect(pages).toEqual(byCreation);
  });

  it('sorts the applicants by their folio and by name', async () => {
    const [first, second] = await seed([
      { nombre: 'ZORRO FOLIOORDEN', complete: true },
      { nombre: 'ABEJA FOLIOORDEN', complete: true },
    ]);
    expect(uuidsOf((await page(APPLICANTS, { q: 'folioorden', sort: 'folio', order: 'asc' })).rows)).toEqual([first, second]);
    expect(uuidsOf((await page(APPLICANTS, { q: 'folioorden', sort: 'folio', order: 'desc' })).rows)).toEqual([second, first]);
    expect(uuidsOf((await page(APPLICANTS, { q: 'folioorden', sort: 'nombre' , order: 'asc' })).rows)).toEqual([second, first]);
  });
});

describe('search', () => {
  it('finds a name by every word in any order, ignoring case and accents', async () => {
    const [jose, other] = await seed([
      { nombre: 'JOSÉ MUÑOZ ÁLVAREZ', rfc: 'MUAJ800101AB1' },
      { nombre: 'JOSE PEREZ LOPEZ', rfc: 'PELJ800101AB2' },
    ]);
    for (const q of ['jose munoz', 'José Muñoz', 'alvarez jose', 'MUÑOZ', '  munoz   alvarez ']) {
      expect(uuidsOf((await page(CACHE, { q })).rows), q).toEqual([jose]);
    }
    expect(uuidsOf((await page(CACHE, { q: 'jose' })).rows)).toEqual(expect.arrayContaining([jose, other]));
    expect((await page(CACHE, { q: 'jose martinez' })).total).toBe(0);
  });

  it('finds a name as it was saved through the API', async () => {
    const response = await callApi(server, 'POST', '/wizardpf', { data: beforeSubmit(validPfModel() as never), meta: { last_index: 1 } }, publicAuth);
    const [uuid] = await response.json();
    expect(uuidsOf((await page(CACHE, { q: 'ramirez carlos garcia' })).rows)).toContain(uuid);
  });

  it('finds an RFC, whole or in part, in any case', async () => {
    const [uuid] = await seed([{ nombre: 'RFC BUSCADO', rfc: 'BUSR750615QX9' }]);
    for (const q of ['BUSR750615QX9', 'busr750615', '750615QX']) expect(uuidsOf((await page(CACHE, { q })).rows), q).toEqual([uuid]);
  });

  it('finds a uuid, whole or its beginning, in any case', async () => {
    const [uuid] = await seed([{ nombre: 'UUID BUSCADO' }]);
    for (const q of [uuid!, uuid!.toUpperCase(), uuid!.slice(0, 13)]) expect(uuidsOf((await page(CACHE, { q })).rows), q).toEqual([uuid]);
  });

  it('takes % and _ as the characters they are', async () => {
    await seed([{ nombre: 'COMODIN PRUEBA' }]);
    expect((await page(CACHE, { q: '%' })).total).toBe(0);
    expect((await page(CACHE, { q: 'COMOD_N' })).total).toBe(0);
  });

  it('searches the applicants the same way, and never lists an unfinished record there', async () => {
    const [finished, unfinished] = await seed([
      { nombre: 'ÁNGEL SOLICITANTE BÚSQUEDA', complete: true, rfc: 'SOBA700101AA1' },
      { nombre: 'ÁNGEL SOLICITANTE BÚSQUEDA', complete: false },
    ]);
    expect(uuidsOf((await page(APPLICANTS, { q: 'angel busqueda' })).rows)).toEqual([finished]);
    expect(uuidsOf((await page(APPLICANTS, { q: 'soba700101' })).rows)).toEqual([finished]);
    expect(uuidsOf((await page(CACHE, { q: 'angel busqueda' })).rows)).toEqual([unfinished]);
  });
});

describe('filters', () => {
  it('filters by person type', async () => {
    const [pf, pfae, pm] = await seed([
      { nombre: 'FILTRO TIPO', code: 'wizardpf' },
      { nombre: 'FILTRO TIPO', code: 'wizardpfae' },
      { nombre: 'FILTRO TIPO', code: 'wizardpm' },
    ]);
    expect(uuidsOf((await page(CACHE, { q: 'filtro tipo', tipo: 'pf' })).rows)).toEqual([pf]);
    expect(uuidsOf((await page(CACHE, { q: 'filtro tipo', tipo: 'pfae' })).rows)).toEqual([pfae]);
    expect(uuidsOf((await page(CACHE, { q: 'filtro tipo', tipo: 'pm' })).rows)).toEqual([pm]);
    expect((await page(CACHE, { q: 'filtro tipo', tipo: '' })).total).toBe(3);
  });

  it('filters unfinished registrations by the 30 days they are valid, as the record itself says', async () => {
    const [valid, expired] = await seed([
      { nombre: 'FILTRO VIGENCIA', filledDaysAgo: 29 },
      { nombre: 'FILTRO VIGENCIA', filledDaysAgo: 31 },
    ]);
    expect(uuidsOf((await page(CACHE, { q: 'filtro vigencia', estado: 'vigente' })).rows)).toEqual([valid]);
    expect(uuidsOf((await page(CACHE, { q: 'filtro vigencia', estado: 'expirada' })).rows)).toEqual([expired]);
    for (const [uuid, isExpired] of [[valid, false], [expired, true]] as const) {
      const opened = await (await callApi(server, 'GET', `/wizardpf/${uuid}/0`, undefined, staffAuth)).json();
      expect(opened.meta.expired).toBe(isExpired);
    }
  });

  it('filters applicants by the editable level the main system set', async () => {
    const [open, approved] = await seed([
      { nombre: 'FILTRO EDICION', complete: true, editable: 'all' },
      { nombre: 'FILTRO EDICION', complete: true, editable: 'none' },
    ]);
    expect(uuidsOf((await page(APPLICANTS, { q: 'filtro edicion', editable: 'none' })).rows)).toEqual([approved]);
    expect(uuidsOf((await page(APPLICANTS, { q: 'filtro edicion', editable: 'all' })).rows)).toEqual([open]);
    expect((await page(APPLICANTS, { q: 'filtro edicion', editable: 'general_fields' })).total).toBe(0);
  });

  it('leaves guarantors out of the unfinished registrations', async () => {
    await seed([{ nombre: 'FILTRO AVAL', clasificacion: 'Obligado' }]);
    expect((await page(CACHE, { q: 'filtro aval' })).total).toBe(0);
  });
});

describe('rows', () => {
  it('answer the spec’s fields (an unfinished row carries a summary of the model as JSON text) and the dates, franchise and state', async () => {
    const [uuid] = await seed([
      { nombre: 'FILA RESUMEN', rfc: 'FIRE800101AA1', email: 'fila@example.com', franchise: 'Centro', filledDaysAgo: 31, changedMinutesAgo: 60, data: JSON.stringify({ tipo_persona: 'Física', nombre: 'FILA', extra: 'x'.repeat(5000) }) },
    ]);
    const [row] = (await page(CACHE, { q: uuid! })).rows;
    expect(row).toEqual({
      id: expect.any(Number),
      uuid,
      tipo_persona: 'Física',
      wizard_data: expect.any(String),
      nombre: 'FILA RESUMEN',
      rfc: 'FIRE800101AA1',
      franquicia: 'Centro',
      pld_confirmada: null,
      firmada: false,
      fecha_creacion: expect.any(String),
      fecha_modificacion: expect.any(String),
      fecha_vencimiento: expect.any(String),
      estado: 'expirada',
    });
    expect(JSON.parse(row!.wizard_data as string)).toEqual({ tipo_persona: 'Física', nombre: 'FILA RESUMEN', email: 'fila@example.com', rfc: 'FIRE800101AA1' });
    const created = Date.parse(row!.fecha_creacion as string);
    expect(Date.now() - created).toBeGreaterThan(31 * DAY_MS - 60_000);
    expect(Date.parse(row!.fecha_vencimiento as string) - created).toBe(30 * DAY_MS);
    expect(Date.now() - Date.parse(row!.fecha_modificacion as string)).toBeGreaterThan(59 * 60_000);
    const [valid] = await seed([{ nombre: 'FILA VIGENTE' }]);
    expect((await page(CACHE, { q: valid! })).rows[0]).toMatchObject({ estado: 'vigente', rfc: null, franquicia: null });
  });

  it('answer an applicant as nombre, email, tipo_persona, id_persona_datos_generales and uuid, with its RFC, franchise, dates and editable level', async () => {
    const [uuid] = await seed([{ nombre: 'FILA SOLICITANTE', complete: true, code: 'wizardpm', editable: 'none', rfc: 'FSO010101AA1', franchise: 'Norte' }]);
    const [row] = (await page(APPLICANTS, { q: uuid! })).rows;
    expect(row).toEqual({
      nombre: 'FILA SOLICITANTE',
      email: 'lista@example.com',
      tipo_persona: 'Moral',
      id_persona_datos_generales: expect.any(Number),
      uuid,
      rfc: 'FSO010101AA1',
      franquicia: 'Norte',
      pld_confirmada: null,
      firmada: false,
      fecha_creacion: expect.any(String),
      fecha_modificacion: expect.any(String),
      editable: 'none',
    });
  });
});

describe('the OpenAPI description', () => {
  it('says the body is the spec’s array and the paging is in headers', async () => {
    const openapi = await (await fetch(`${server.url}/api/openapi.json`)).json();
    for (const path of ['/api/wizardpf/cache', '/api/wizardpf']) {
      const get = openapi.paths[path].get;
      expect(get.summary).toMatch(/X-Total-Count, X-Page and X-Page-Size headers/);
      expect(get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['q', 'tipo', 'sort', 'order', 'page', 'page_size']));
      expect(Object.keys(get.responses['200'].headers)).toEqual(['X-Total-Count', 'X-Page', 'X-Page-Size']);
    }
  });
});

describe('bad queries', () => {
  const refusals: Array<[string, string, Record<string, string> | string, RegExp]> = [
    ['page 0', CACHE, { page: '0' }, /^La página debe ser un número entero entre 1 y/],
    ['a negative page', APPLICANTS, { page: '-1' }, /^La página debe ser un número entero/],
    ['a page that is not a number', CACHE, { page: 'dos' }, /^La página debe ser un número entero/],
    ['a fractional page', CACHE, { page: '1.5' }, /^La página debe ser un número entero/],
    ['a page too far', CACHE, { page: '99999999999' }, /^La página debe ser un número entero/],
    ['a page size over 100', CACHE, { page_size: '101' }, /^El tamaño de página debe ser un número entero entre 1 y 100\.$/],
    ['a page size of 0', APPLICANTS, { page_size: '0' }, /^El tamaño de página debe ser/],
    ['an unknown order', CACHE, { order: 'oldest' }, /^El sentido del orden debe ser asc \(ascendente\) o desc \(descendente\)\.$/],
    ['an unknown sort column', CACHE, { sort: 'email' }, /^La columna de orden debe ser una de: numero, nombre, tipo, rfc, franquicia, creada, modificada, vence\.$/],
    ['the folio on the unfinished', CACHE, { sort: 'folio' }, /^La columna de orden debe ser una de: numero,/],
    ['the expiry on the applicants', APPLICANTS, { sort: 'vence' }, /^La columna de orden debe ser una de: folio, nombre, tipo, rfc, franquicia, creada, modificada\.$/],
    ['a sort column in SQL', APPLICANTS, { sort: 'nombre; drop table application' }, /^La columna de orden debe ser/],
    ['an unknown person type', APPLICANTS, { tipo: 'Física' }, /^El tipo de persona debe ser pf, pfae o pm\.$/],
    ['an unknown state', CACHE, { estado: 'activa' }, /^El estado debe ser vigente o expirada\.$/],
    ['an unknown editable level', APPLICANTS, { editable: 'todo' }, /^El nivel de edición debe ser/],
    ['a state filter on the applicants', APPLICANTS, { estado: 'vigente' }, /^La lista no reconoce uno de los parámetros; acepta: q, tipo, editable, sort, order/],
    ['an editable filter on the unfinished', CACHE, { editable: 'all' }, /^La lista no reconoce uno de los parámetros; acepta: q, tipo, estado/],
    ['an unknown parameter', CACHE, { pagina: '2' }, /^La lista no reconoce uno de los parámetros/],
    ['a parameter named like an inherited member', APPLICANTS, 'toString=1', /^La lista no reconoce uno de los parámetros/],
    ['a search over 100 characters', CACHE, { q: 'A'.repeat(101) }, /^La búsqueda debe ser un texto de hasta 100 caracteres/],
    ['a search with a NUL', APPLICANTS, { q: 'GARCIA\u0000' }, /^La búsqueda debe ser un texto de hasta 100 caracteres, sin caracteres de control\.$/],
    ['a search with a line break', CACHE, { q: 'GARCIA\nLOPEZ' }, /sin caracteres de control/],
    ['a repeated page', CACHE, 'page=1&page=2', /^El parámetro page debe indicarse una sola vez\.$/],
    ['a repeated search', APPLICANTS, 'q=A&q=B', /^El parámetro q debe indicarse una sola vez\.$/],
  ];

  it.each(refusals)('%s answers 400 with a Spanish message', async (_, path, query, message) => {
    const response =
      typeof query === 'string' ? await callApi(server, 'GET', `${path}?${query}`, undefined, staffAuth) : await list(path, query);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'invalid_list_query', message: expect.stringMatching(message) });
    expect(JSON.stringify(body)).not.toMatch(/FST_|ERR_|stack|must be/);
  });

  it('takes empty values as no filter', async () => {
    const response = await list(CACHE, { q: '', tipo: '', estado: '', sort: '', order: '', page: '', page_size: '' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-page-size')).toBe('25');
  });
});

describe('finding 3: many large records', () => {
  it('answer a small page quickly, with no growth of memory, instead of a 500 after half a minute', async () => {
    // 50 records of about 400 KB each: catalogue lists filled with junk, as an attacker stored them.
    const junk = (i: number) =>
      JSON.stringify({
        tipo_persona: 'Física',
        nombre: `GRANDE ${i}`,
        vivienda: { colonia_catalogo: Array.from({ length: 4000 }, (_, k) => ({ colonia: `BASURA ${i}-${k} ${'X'.repeat(80)}` })) },
      });
    expect(junk(0).length).toBeGreaterThan(350_000);
    await seed(Array.from({ length: 50 }, (_, i) => ({ nombre: `REGISTRO GRANDE ${i}`, data: junk(i) })));
    await seed(Array.from({ length: 50 }, (_, i) => ({ nombre: `SOLICITANTE GRANDE ${i}`, data: junk(i), complete: true })));

    const rssBefore = process.memoryUsage().rss;
    for (const path of [CACHE, APPLICANTS]) {
      for (const query of [{}, { page_size: '100' }, { q: 'grande', page_size: '100' }] as Array<Record<string, string>>) {
        const started = performance.now();
        const response = await list(path, query);
        const elapsed = performance.now() - started;
        const body = await response.text();
        expect(response.status).toBe(200);
        expect(elapsed, `${path} ${JSON.stringify(query)}`).toBeLessThan(2_000);
        // A row is its columns, never the stored model: 100 rows stay far below one record.
        expect(body.length).toBeLessThan(100 * 1_000);
        const rows = JSON.parse(body) as unknown[];
        expect(rows.length).toBeLessThanOrEqual(Number(query.page_size ?? 25));
        expect(response.headers.get('x-page-size')).toBe(query.page_size ?? '25');
        expect(Number(response.headers.get('x-total-count'))).toBeGreaterThanOrEqual(50);
      }
    }
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });
});
