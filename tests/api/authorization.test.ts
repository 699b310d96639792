// The authorisation matrix (issue 12): every route of the API and the staff portal × every kind of
// caller, with the status each must get. The routes are read from the running app, so a route
// added without a row here fails this test. Staff roles (forms/staff-permissions.ts): Usuario fills
// and lists, Analista adds the PLD calls, Administrador adds the PLD list reload, the outbox and the machine lab.
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfaeModel, validPfModel, validPmModel, validAvalPfModel } from '../unit/forms/fixtures';
import { PNG, signed, upload } from './support/documents';
import { callApi, publicToken, staffCookies, startTestServer, TEST_JWT_SECRET, type TestServer } from './support/test-server';

const CALLERS = ['none', 'forged', 'expired', 'public', 'publicOther', 'usuario', 'analista', 'administrador'] as const;
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;

let server: TestServer;
let publicAuth: string;
const staff: Record<'usuario' | 'analista' | 'administrador', { cookie: string; bearer: string }> = {} as never;
let forged: string;
let expired: string;
let expiredCookie: string;

const model = (m: object) => beforeSubmit(m as unknown as Record<string, unknown>);
const SPA = fs.existsSync(path.resolve('dist/index.html')) ? 200 : 503;

const sign = (claims: Record<string, unknown>, sub: string, secret: string, exp: number | string) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuer('solicitud-online').setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(exp).sign(new TextEncoder().encode(secret));

beforeAll(async () => {
  server = await startTestServer();
  publicAuth = `Bearer ${(await publicToken(server)).access_token}`;
  const backend = await server.app.backend;
  for (const role of ['usuario', 'analista', 'administrador'] as const) {
    await backend.staff.create({ username: `cuenta-${role}`, password: `clave-${role}-1`, nombre: role, apellido_paterno: 'Prueba', franquicia: 'Centro', roles: [role] });
    const cookie = await staffCookies(server, `cuenta-${role}`, `clave-${role}-1`);
    const me = await (await fetch(`${server.url}/api/me`, { headers: { cookie } })).json();
    staff[role] = { cookie, bearer: `Bearer ${me.data.token}` };
  }
  const { sid } = JSON.parse(Buffer.from(staff.administrador.bearer.split('.')[1]!, 'base64url').toString());
  const admin = { kind: 'system_auth', roles: ['usuario', 'analista', 'administrador'], sid };
  forged = `Bearer ${await sign(admin, '1', 'not-the-server-secret-not-the-server-secret', '1h')}`;
  expired = `Bearer ${await sign(admin, '1', TEST_JWT_SECRET, Math.floor(Date.now() / 1000) - 60)}`;
  expiredCookie = await sign({ kind: 'staff_session', sid }, '1', TEST_JWT_SECRET, Math.floor(Date.now() / 1000) - 60);
}, 60_000);
afterAll(() => server.close());

const bearerOf = (caller: Caller): string | null => {
  const others: Partial<Record<Caller, string | null>> = { none: null, forged, expired, public: publicAuth, publicOther: publicAuth };
  return caller in others ? others[caller]! : staff[caller as 'usuario'].bearer;
};

const cookieOf = async (caller: Caller, fresh = false): Promise<string | undefined> => {
  if (caller === 'forged') return `sistema_sesion=${forged.slice(7)}`;
  if (caller === 'expired') return `sistema_sesion=${expiredCookie}`;
  if (caller === 'none' || caller === 'public' || caller === 'publicOther') return undefined;
  return fresh ? staffCookies(server, `cuenta-${caller}`, `clave-${caller}-1`) : staff[caller].cookie;
};

/** A record the public created (the uuid they hold), with its version. */
async function stored(code: 'wizardpf' | 'wizardpfae' | 'wizardpm', data: object, meta: object = {}) {
  const response = await callApi(server, 'POST', `/${code}`, { data: model(data), meta: { last_index: 1, ...meta } }, publicAuth);
  expect(response.status, await response.clone().text()).toBe(201);
  const [uuid, extra] = await response.json();
  return { uuid: uuid as string, version: extra.version as number };
}

// --- expected statuses ---
const everyone = (status: number): Expected => Object.fromEntries(CALLERS.map((c) => [c, status])) as Expected;
const signedIn = (status: number, overrides: Partial<Expected> = {}): Expected => ({ ...everyone(status), none: 401, forged: 401, expired: 401, ...overrides });
const staffWith = (level: 'usuario' | 'analista' | 'administrador', status: number): Expected => {
  const ladder = ['usuario', 'analista', 'administrador'];
  const byRole = Object.fromEntries(ladder.map((role) => [role, ladder.indexOf(role) >= ladder.indexOf(level) ? status : 403]));
  return { none: 401, forged: 401, expired: 401, public: 403, publicOther: 403, ...byRole } as Expected;
};
const portalPage = { ...everyone(303), usuario: 200, analista: 200, administrador: 200 };

interface Call {
  method: string;
  url: string;
  body?: unknown;
  /** A staff-portal call: sessions travel in the cookie, not as a bearer token. */
  portal?: boolean;
  form?: Record<string, string>;
  freshCookie?: boolean;
}

interface Row {
  route: string;
  expected: Expected;
  call: (caller: Caller) => Promise<Call>;
}

const simple = (method: string, url: string, body?: unknown) => async () => ({ method, url, body });
const oauthBody = () => ({ grant_type: 'password', client_id: 2, client_secret: server.config.publicClient.clientSecret, username: server.config.publicClient.username, password: server.config.publicClient.password, scope: '' });

const ROWS: Row[] = [
  { route: 'GET /api/health', expected: everyone(200), call: simple('GET', '/api/health') },
  { route: 'GET /api/openapi.json', expected: everyone(200), call: simple('GET', '/api/openapi.json') },
  { route: 'POST /api/oauth/token', expected: everyone(200), call: async () => ({ method: 'POST', url: '/api/oauth/token', body: oauthBody() }) },
  { route: 'GET /api/me', expected: signedIn(200, { public: 403, publicOther: 403 }), call: simple('GET', '/api/me') },
  { route: 'GET /api/catalogs/ct', expected: signedIn(200), call: simple('GET', '/api/catalogs/ct') },
  { route: 'GET /api/catalogs/st/:countryId', expected: signedIn(200), call: simple('GET', '/api/catalogs/st/484') },
  { route: 'GET /api/catalogs/mp/:stateId', expected: signedIn(200), call: simple('GET', '/api/catalogs/mp/14') },
  { route: 'GET /api/catalogs/zc/:postalCode', expected: signedIn(200), call: simple('GET', '/api/catalogs/zc/44100') },
  { route: 'GET /api/catalogs/ea', expected: signedIn(200), call: simple('GET', '/api/catalogs/ea') },
  { route: 'POST /api/wizardpf', expected: signedIn(201), call: simple('POST', '/api/wizardpf', { data: model(validPfModel()), meta: { last_index: 1 } }) },
  { route: 'POST /api/wizardpfae', expected: signedIn(201), call: simple('POST', '/api/wizardpfae', { data: model(validPfaeModel()), meta: { last_index: 1 } }) },
  { route: 'POST /api/wizardpm', expected: signedIn(201), call: simple('POST', '/api/wizardpm', { data: model(validPmModel()), meta: { last_index: 1 } }) },
  ...(['wizardpf', 'wizardpfae', 'wizardpm'] as const).flatMap((code): Row[] => {
    const data = { wizardpf: validPfModel, wizardpfae: validPfaeModel, wizardpm: validPmModel }[code];
    return [
      {
        route: `PUT /api/${code}/:uuid`,
        expected: signedIn(200),
        call: async () => {
          const { uuid, version } = await stored(code, data());
          return { method: 'PUT', url: `/api/${code}/${uuid}`, body: { data: model(data()), meta: { version, last_index: 2 } } };
        },
      },
      {
        route: `GET /api/${code}/:uuid/:flag`,
        expected: signedIn(200),
        call: async () => ({ method: 'GET', url: `/api/${code}/${(await stored(code, data())).uuid}/1` }),
      },
      // The print of a record the public holds: its packet, and the packet as a PDF.
      ...['', '/pdf'].map(
        (pdf): Row => ({
          route: `GET /api/${code}/print/cliente/:uuid${pdf}`,
          expected: signedIn(200),
          call: async () => ({ method: 'GET', url: `/api/${code}/print/cliente/${(await stored(code, data())).uuid}${pdf}` }),
        }),
      ),
    ];
  }),
  // The e.firma (issue 20): anyone signed in reaches a record they hold; a JSON body is not a signed PDF (tests/api/efirma.test.ts signs real ones).
  ...(['wizardpf', 'wizardpfae', 'wizardpm'] as const).flatMap((code): Row[] => {
    const data = { wizardpf: validPfModel, wizardpfae: validPfaeModel, wizardpm: validPmModel }[code];
    const url = async (tail = '') => `/api/${code}/firma/${(await stored(code, data())).uuid}${tail}`;
    return [
      { route: `POST /api/${code}/firma/:uuid`, expected: signedIn(415), call: async () => ({ method: 'POST', url: await url(), body: { pdf: 'no' } }) },
      { route: `GET /api/${code}/firma/:uuid`, expected: signedIn(200), call: async () => ({ method: 'GET', url: await url() }) },
      // Nothing signed yet: past the session, a 404.
      { route: `GET /api/${code}/firma/:uuid/pdf`, expected: signedIn(404), call: async () => ({ method: 'GET', url: await url('/pdf') }) },
    ];
  }),
  {
    route: 'GET /api/wizardpm/:uuid/avales/nuevo',
    expected: signedIn(204),
    call: async () => ({ method: 'GET', url: `/api/wizardpm/${(await stored('wizardpm', validPmModel())).uuid}/avales/nuevo` }),
  },
  {
    route: 'DELETE /api/wizardpm/:uuid/avales/:guarantor',
    // publicOther: the uuid of a guarantor of another PM, sent against a PM the caller holds.
    expected: signedIn(200, { publicOther: 404 }),
    call: async (caller) => {
      const pm = await stored('wizardpm', validPmModel());
      const owner = caller === 'publicOther' ? (await stored('wizardpm', validPmModel())).uuid : pm.uuid;
      const guarantor = await stored('wizardpf', validAvalPfModel(), { parent_uuid: owner });
      return { method: 'DELETE', url: `/api/wizardpm/${pm.uuid}/avales/${guarantor.uuid}` };
    },
  },
  {
    route: 'POST /api/wizardpm/avalfbrfc',
    expected: signedIn(200),
    call: async () => ({ method: 'POST', url: '/api/wizardpm/avalfbrfc', body: { clasificacion: 'Cliente', uuid: (await stored('wizardpm', validPmModel())).uuid, rfc: 'IOC100512AB3' } }),
  },
  { route: 'GET /api/wizardpf/cache', expected: staffWith('usuario', 200), call: simple('GET', '/api/wizardpf/cache') },
  { route: 'GET /api/wizardpf', expected: staffWith('usuario', 200), call: simple('GET', '/api/wizardpf') },
  { route: 'GET /api/historial/:uuid', expected: staffWith('usuario', 200), call: async () => ({ method: 'GET', url: `/api/historial/${(await stored('wizardpf', validPfModel())).uuid}` }) },
  { route: 'POST /api/persons/fbrfc', expected: staffWith('usuario', 200), call: simple('POST', '/api/persons/fbrfc', model(validPfModel())) },
  { route: 'POST /api/pld/search', expected: staffWith('analista', 200), call: simple('POST', '/api/pld/search', { data: { name: 'JUAN PEREZ', searchType: 'FullText' } }) },
  { route: 'POST /api/blacklist', expected: staffWith('analista', 200), call: simple('POST', '/api/blacklist', model(validPfModel())) },
  { route: 'POST /api/blacklist/:uuid', expected: staffWith('analista', 200), call: async () => ({ method: 'POST', url: `/api/blacklist/${(await stored('wizardpf', validPfModel())).uuid}`, body: model(validPfModel()) }) },
  { route: 'GET /api/pld/lists', expected: staffWith('analista', 200), call: simple('GET', '/api/pld/lists') },
  { route: 'POST /api/pld/lists/reload', expected: staffWith('administrador', 200), call: simple('POST', '/api/pld/lists/reload') },
  { route: 'GET /api/pld/alertas', expected: staffWith('analista', 200), call: simple('GET', '/api/pld/alertas') },
  // No such alert: past the permission, a 404.
  { route: 'POST /api/pld/alertas/:id/cierre', expected: staffWith('analista', 404), call: simple('POST', '/api/pld/alertas/999999/cierre', { estado: 'homonimo', motivo: 'Otra persona.' }) },
  { route: 'GET /api/laboratorio/rutas-de-prueba', expected: staffWith('administrador', 200), call: simple('GET', '/api/laboratorio/rutas-de-prueba?maquina=wizard') },
  // The outbox (Administrador): no such message, past the permission, a 404.
  { route: 'GET /api/correos', expected: staffWith('administrador', 200), call: simple('GET', '/api/correos') },
  { route: 'GET /api/correos/:id', expected: staffWith('administrador', 404), call: simple('GET', '/api/correos/999999') },
  { route: 'POST /api/correos/:id/reenvio', expected: staffWith('administrador', 404), call: simple('POST', '/api/correos/999999/reenvio') },
  // Documents (issue 15): anyone signed in signs an upload for what they hold; staff list and open them.
  { route: 'GET /api/aws/signed-url', expected: signedIn(200), call: simple('GET', '/api/aws/signed-url?type=identification') },
  ...(['wizardpf', 'wizardpfae', 'wizardpm'] as const).map(
    (code): Row => ({ route: `GET /api/${code}/documentos/:uuid`, expected: staffWith('usuario', 200), call: async () => ({ method: 'GET', url: `/api/${code}/documentos/${(await stored(code, { wizardpf: validPfModel, wizardpfae: validPfaeModel, wizardpm: validPmModel }[code]())).uuid}` }) }),
  ),
  {
    route: 'GET /api/aws/documents/:id',
    expected: staffWith('usuario', 200),
    call: async () => {
      const policy = await signed(server, publicAuth);
      expect((await upload(server, policy, PNG)).status).toBe(201);
      return { method: 'GET', url: `/api/aws/documents/${policy.key.split('/').pop()}` };
    },
  },
  // The OCR of an upload: any session, for a document it may reach (an unknown one is 404 to all; tests/api/documents-ocr.test.ts reads real ones).
  { route: 'POST /api/aws/ocr', expected: signedIn(404), call: simple('POST', '/api/aws/ocr', { key: 'identification/x/y', bucket: 'documentos', format: 'image/png', type: 'identification' }) },
  { route: 'GET /api/aws/ocr/:job', expected: signedIn(404), call: simple('GET', '/api/aws/ocr/0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10') },
  // The embedded store: its authorisation is the signed policy or a SigV4 signature, never a session (tests/api/documents-storage.test.ts).
  { route: 'POST /storage/:bucket', expected: everyone(400), call: simple('POST', '/storage/documentos', {}) },
  { route: 'GET /storage/:bucket/*', expected: everyone(403), call: simple('GET', '/storage/documentos/identification/x/y') },
  { route: 'DELETE /storage/:bucket/*', expected: everyone(403), call: simple('DELETE', '/storage/documentos/identification/x/y') },
  // The staff portal: the session is the sign-in cookie (a bearer token means nothing there).
  { route: 'GET /staff/login', expected: everyone(200), call: async () => ({ method: 'GET', url: '/staff/login', portal: true }) },
  { route: 'POST /staff/login', expected: everyone(401), call: async () => ({ method: 'POST', url: '/staff/login', portal: true, form: { username: 'demo', password: 'equivocada' } }) },
  { route: 'GET /staff/logout', expected: everyone(200), call: async () => ({ method: 'GET', url: '/staff/logout', portal: true }) },
  { route: 'POST /staff/logout', expected: everyone(303), call: async () => ({ method: 'POST', url: '/staff/logout', portal: true, form: {}, freshCookie: true }) },
  { route: 'GET /staff/estilos.css', expected: everyone(200), call: async () => ({ method: 'GET', url: '/staff/estilos.css', portal: true }) },
  // The portal's own address: on to its start page, whoever asks.
  { route: 'GET /staff', expected: everyone(303), call: async () => ({ method: 'GET', url: '/staff', portal: true }) },
  { route: 'GET /staff/', expected: everyone(303), call: async () => ({ method: 'GET', url: '/staff/', portal: true }) },
  { route: 'GET /staff/inicio', expected: portalPage, call: async () => ({ method: 'GET', url: '/staff/inicio', portal: true }) },
  { route: 'GET /staff/preferencias', expected: portalPage, call: async () => ({ method: 'GET', url: '/staff/preferencias', portal: true }) },
  { route: 'GET *', expected: everyone(SPA), call: async () => ({ method: 'GET', url: '/pf', portal: true }) },
];

/** Every route the app serves, as 'METHOD /path' (HEAD left out: Fastify adds it to every GET). */
const STATIC_FILE = /^GET \/(?!api\/|staff\/)[^*:]*\.[A-Za-z0-9]+$/;

function servedRoutes(): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = Math.round((at - 1) / 4);
    const match = /^(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 3).trim());
    if (!match) throw new Error(`cannot read the route line "${line}"`);
    stack.length = depth;
    const parent = stack[depth - 1] ?? '';
    // Fastify prints '/storage/:bucket/*' as '*' under '/storage/:bucket', without the slash.
    const full = parent + (match[1] === '*' && /:[^/]+$/.test(parent) ? '/*' : match[1]);
    stack[depth] = full;
    for (const method of match[2]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${full}`);
  }
  // The built app's files (one route each when dist/ exists) are public by nature and not API routes.
  return routes.filter((route) => !STATIC_FILE.test(route));
}

async function send(caller: Caller, call: Call): Promise<Response> {
  if (!call.portal) {
    const authorization = bearerOf(caller);
    return fetch(`${server.url}${call.url}`, {
      method: call.method,
      headers: { ...(authorization ? { authorization } : {}), ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
  }
  const cookie = await cookieOf(caller, call.freshCookie);
  const authorization = bearerOf(caller);
  return fetch(`${server.url}${call.url}`, {
    method: call.method,
    redirect: 'manual',
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(authorization ? { authorization } : {}),
      ...(call.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: call.form ? new URLSearchParams(call.form).toString() : undefined,
  });
}

describe('the authorisation matrix', () => {
  it('has a row for every route the app serves, and no row for a route it does not', () => {
    const served = servedRoutes();
    expect(served.length).toBeGreaterThan(30);
    expect(ROWS.map((row) => row.route).sort()).toEqual([...new Set(served)].sort());
  });

  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const actual: Partial<Expected> = {};
    const bodies: Record<string, string> = {};
    for (const caller of CALLERS) {
      const response = await send(caller, await row.call(caller));
      actual[caller] = response.status;
      const text = await response.text();
      if (response.status === 401 || response.status === 403) {
        // Every refusal in Spanish, in the project's shape (API) or as a page (portal).
        if (text.startsWith('{')) expect(JSON.parse(text)).toMatchObject({ statusCode: response.status, message: expect.stringMatching(/[a-z]/) });
      }
      if (response.status >= 500 && response.status !== SPA) bodies[caller] = text;
    }
    expect({ route: row.route, ...actual, errors: bodies }).toEqual({ route: row.route, ...row.expected, errors: {} });
  }, 60_000);
});

describe('what a role changes inside a route', () => {
  const GUZMAN = { nombre: 'GUZMAN LOERA, Joaquin', rfc: null, lista: 'OFAC SDN', id: 'OFAC SDN:12345', persona: 'CARLOS GARCÍA RAMÍREZ', motivo: 'Misma fecha de nacimiento que la entrada.' };
  const review = {
    coincidencias_validadas: false,
    validar_coincidencias: true,
    validar_coincidencias_tipo: 'client',
    users: { pf: [GUZMAN], HeritageBond: [] },
    revisadas: ['pf:GUZMAN LOERA, Joaquin:OFAC SDN'],
  };

  it("takes a save's PLD review only from an Analista; a Usuario's is ignored like the public's", async () => {
    const reviewOf = async (role: 'usuario' | 'analista') => {
      const response = await callApi(server, 'POST', '/wizardpf', { data: model(validPfModel()), meta: { last_index: 1 }, pld: review }, staff[role].bearer);
      expect(response.status).toBe(201);
      const [uuid] = await response.json();
      const opened = await (await callApi(server, 'GET', `/wizardpf/${uuid}/0`, undefined, staff.analista.bearer)).json();
      return opened.data.pld_coincidences ?? null;
    };
    expect(await reviewOf('analista')).toMatchObject({ coincidencias_validadas: true, users: { pf: [GUZMAN] } });
    expect(await reviewOf('usuario')).toBeNull();
  });

  it('runs one PLD list reload at a time: a second one while the first runs is refused with 409 in Spanish', async () => {
    const [one, two] = await Promise.all([0, 1].map(() => callApi(server, 'POST', '/pld/lists/reload', undefined, staff.administrador.bearer)));
    expect([one!.status, two!.status].sort()).toEqual([200, 409]);
    const refused = await [one!, two!].find((r) => r.status === 409)!.json();
    expect(refused).toEqual({ statusCode: 409, code: 'pld_reload_running', message: 'Ya hay una recarga de las listas en curso; espera a que termine.' });
    // Once it ended, the next one runs.
    expect((await callApi(server, 'POST', '/pld/lists/reload', undefined, staff.administrador.bearer)).status).toBe(200);
  }, 60_000);

  it('answers a staff member without the role 403 with a Spanish message naming it', async () => {
    const response = await callApi(server, 'POST', '/pld/lists/reload', undefined, staff.analista.bearer);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ statusCode: 403, code: 'forbidden', message: 'Esta acción requiere el rol Administrador.' });
  });
});
