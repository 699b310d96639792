// The catalogue calls of spec §7 on the real data: countries, states, municipalities,
// neighbourhoods by postal code and economic activities, with their refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicToken, staffCookies, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let authorization: string;
beforeAll(async () => {
  server = await startTestServer();
  const token = await publicToken(server);
  authorization = `${token.token_type} ${token.access_token}`;
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = { authorization }) => fetch(`${server.url}/api${path}`, { headers });

async function getJson<T = unknown>(path: string): Promise<T> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return response.json() as Promise<T>;
}

type Neighbourhood = { colonia: string; municipio: string; estado: string };

describe('GET /catalogs/zc/:postalCode', () => {
  it.each([
    ['44100', 'Guadalajara', 'Jalisco', 'Guadalajara Centro'],
    ['06600', 'Cuauhtémoc', 'Ciudad de México', 'Juárez'],
    ['64000', 'Monterrey', 'Nuevo León', 'Monterrey Centro'],
  ])('answers the colonias of %s in %s, %s', async (code, municipio, estado, colonia) => {
    const body = await getJson<Neighbourhood[]>(`/catalogs/zc/${code}`);
    expect(body.length).toBeGreaterThan(0);
    for (const entry of body) expect(entry).toEqual({ colonia: expect.any(String), municipio, estado });
    expect(body.map((entry) => entry.colonia)).toContain(colonia);
  });

  it('answers every settlement of a code, sorted by name', async () => {
    const body = await getJson<Neighbourhood[]>('/catalogs/zc/64000');
    expect(body.map((entry) => entry.colonia)).toEqual(['La Finca', 'Monterrey Centro']);
  });

  it('answers an empty list for a well-formed code without settlements', async () => {
    expect(await getJson('/catalogs/zc/00000')).toEqual([]);
    expect(await getJson('/catalogs/zc/99999')).toEqual([]);
  });

  it.each(['4410', '441000', '44a00', 'abcde', '%20%2044100'])('refuses the malformed code %s with 400 and a Spanish message', async (code) => {
    const response = await get(`/catalogs/zc/${code}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_postal_code', message: 'El código postal debe tener 5 dígitos.' });
  });

  it('lets the browser keep the answer for an hour', async () => {
    const response = await get('/catalogs/zc/44100');
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
  });
});

describe('GET /catalogs/ct', () => {
  it('answers the countries with Spanish names, México with clave MX', async () => {
    const body = await getJson<Array<{ id_pais: number; clave: string; nombre: string }>>('/catalogs/ct');
    expect(body.length).toBeGreaterThan(240);
    expect(body).toContainEqual({ id_pais: 484, clave: 'MX', nombre: 'México' });
    expect(body).toContainEqual({ id_pais: 724, clave: 'ES', nombre: 'España' });
    expect(body).toContainEqual({ id_pais: 840, clave: 'US', nombre: 'Estados Unidos de América' });
    const names = body.map((country) => country.nombre);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
  });
});

describe('GET /catalogs/st/:countryId', () => {
  it('answers the 32 states of México with their CURP codes, without the born-abroad entry', async () => {
    const body = await getJson<Array<{ id_estado: number; codigo: string; nombre: string }>>('/catalogs/st/484');
    expect(body).toHaveLength(32);
    expect(body).toContainEqual({ id_estado: 14, codigo: 'JC', nombre: 'Jalisco' });
    expect(body).toContainEqual({ id_estado: 9, codigo: 'DF', nombre: 'Ciudad de México' });
    expect(body).toContainEqual({ id_estado: 19, codigo: 'NL', nombre: 'Nuevo León' });
    expect(body.map((state) => state.codigo)).not.toContain('NE');
  });

  it('answers an empty list for a country without a state catalogue', async () => {
    expect(await getJson('/catalogs/st/840')).toEqual([]);
    expect(await getJson('/catalogs/st/1')).toEqual([]);
  });

  it.each(['MX', '-1', '4.5', '1234567890'])('refuses the malformed id %s with 400', async (id) => {
    const response = await get(`/catalogs/st/${id}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_country_id', message: 'El identificador del país debe ser un número.' });
  });
});

describe('GET /catalogs/mp/:stateId', () => {
  it('answers the municipalities of Jalisco, Guadalajara and Zapopan among them', async () => {
    const body = await getJson<Array<{ id_municipio: number; nombre: string }>>('/catalogs/mp/14');
    expect(body).toHaveLength(125);
    expect(body).toContainEqual({ id_municipio: 14039, nombre: 'Guadalajara' });
    expect(body).toContainEqual({ id_municipio: 14120, nombre: 'Zapopan' });
  });

  it('answers an empty list for an unknown state', async () => {
    expect(await getJson('/catalogs/mp/99')).toEqual([]);
  });

  it('refuses a malformed id with 400 and a Spanish message', async () => {
    const response = await get('/catalogs/mp/jalisco');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'El identificador de la entidad federativa debe ser un número.' });
  });
});

describe('GET /catalogs/ea', () => {
  it('answers the SCIAN ramas as economic activities', async () => {
    const body = await getJson<Array<{ id_empresa_actividad: number; nombre: string }>>('/catalogs/ea');
    expect(body).toHaveLength(305);
    for (const activity of body) expect(Object.keys(activity)).toEqual(['id_empresa_actividad', 'nombre']);
    expect(body).toContainEqual({ id_empresa_actividad: 5321, nombre: 'Alquiler de automóviles, camiones y otros transportes terrestres' });
  });
});

describe('sessions', () => {
  it.each(['/catalogs/ct', '/catalogs/st/484', '/catalogs/mp/14', '/catalogs/zc/44100', '/catalogs/zc/mal', '/catalogs/ea'])(
    'refuses %s without a token with 401',
    async (path) => {
      const response = await get(path, {});
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'missing_token', message: 'Se requiere iniciar sesión.' });
    },
  );

  it('answers a staff session too', async () => {
    const me = await fetch(`${server.url}/api/me`, { headers: { cookie: await staffCookies(server) } });
    const { data } = await me.json();
    const response = await get('/catalogs/zc/06600', { authorization: `Bearer ${data.token}` });
    expect(response.status).toBe(200);
  });
});

describe('the OpenAPI description', () => {
  it('lists the five catalogue calls', async () => {
    const { paths } = await (await fetch(`${server.url}/api/openapi.json`)).json();
    for (const path of ['/api/catalogs/ct', '/api/catalogs/st/{countryId}', '/api/catalogs/mp/{stateId}', '/api/catalogs/zc/{postalCode}', '/api/catalogs/ea']) {
      expect(paths[path]?.get, path).toBeDefined();
    }
  });
});

describe('the record of loads', () => {
  it('holds which file each catalogue came from and how many rows it gave', async () => {
    const { app } = server;
    const loads = await (await app.backend).db.selectFrom('catalog_load').select(['catalog', 'source_file', 'row_count']).orderBy('id').execute();
    expect(loads).toEqual([
      { catalog: 'countries', source_file: 'paises.csv', row_count: 249 },
      { catalog: 'states', source_file: 'entidades_federativas.csv', row_count: 32 },
      { catalog: 'municipalities', source_file: 'municipios_inegi.csv.gz', row_count: 2478 },
      { catalog: 'settlements', source_file: 'codigos_postales_sepomex.psv.gz', row_count: 155847 },
      { catalog: 'economic_activities', source_file: 'scian_2023.csv', row_count: 305 },
    ]);
  });
});
