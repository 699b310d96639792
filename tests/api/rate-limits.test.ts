// Rate limits per client address (finding 5): each group of routes refuses the request past its limit with
// 429, a Spanish message and Retry-After, and takes requests again once its window has passed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import type { LimitGroup } from '../../server/limit-settings';
import { limitGroupOf } from '../../server/limit-groups';
import { validPfModel } from '../unit/forms/fixtures';
import { callApi, publicToken, staffToken, startTestServer, type TestServer } from './support/test-server';

const MAX = 3;
const WINDOW_SECONDS = 2;

let server: TestServer;
let publicAuth: string;
let staffAuth: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT: 'on' }, (config) => ({
    ...config,
    limits: {
      ...config.limits,
      routes: Object.fromEntries(Object.keys(config.limits.routes).map((group) => [group, { max: MAX, windowSeconds: WINDOW_SECONDS }])) as typeof config.limits.routes,
    },
  }));
  // Signing in uses the token and sign-in limits once each; their tests wait for a fresh window first.
  publicAuth = `Bearer ${(await publicToken(server)).access_token}`;
  staffAuth = `Bearer ${await staffToken(server)}`;
  await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 100));
});
afterAll(() => server.close());

const signInForm = () =>
  fetch(`${server.url}/staff/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', password: 'demo1234', next: '/' }).toString(),
  });
const tokenBody = () => ({ grant_type: 'password', client_id: 2, client_secret: 'solicitud-online', username: 'solicitante', password: 'otra' });
const someUuid = randomUUID();
const pf = () => beforeSubmit(validPfModel() as unknown as Record<string, unknown>);

// One request of each group, as a client would send it; the answer's status does not matter to the count.
const requests: [LimitGroup, string, () => Promise<Response>][] = [
  ['token', 'POST /api/oauth/token (a wrong public password)', () => callApi(server, 'POST', '/oauth/token', tokenBody(), null)],
  ['staffSignIn', 'POST /staff/login', signInForm],
  ['lookup', 'GET /api/wizardpf/{uuid}/1', () => callApi(server, 'GET', `/wizardpf/${someUuid}/1`, undefined, publicAuth)],
  ['save', 'PUT /api/wizardpf/{uuid}', () => callApi(server, 'PUT', `/wizardpf/${someUuid}`, { data: {}, meta: { version: 1 } }, publicAuth)],
  ['removal', 'DELETE /api/wizardpm/{uuid}/avales/{uuid}', () => callApi(server, 'DELETE', `/wizardpm/${someUuid}/avales/${randomUUID()}`, undefined, publicAuth)],
  ['duplicateCheck', 'POST /api/wizardpm/avalfbrfc', () => callApi(server, 'POST', '/wizardpm/avalfbrfc', { clasificacion: 'Cliente', rfc: 'XAXX010101000', uuid: someUuid }, publicAuth)],
  ['pld', 'POST /api/pld/search', () => callApi(server, 'POST', '/pld/search', { data: {} }, staffAuth)],
];

describe.each(requests)('the %s limit', (_group, _what, send) => {
  it(`refuses the request past ${MAX} in the window with 429 in Spanish and Retry-After, then takes requests again`, async () => {
    for (let i = 0; i < MAX; i++) expect((await send()).status).not.toBe(429);
    const refused = await send();
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body).toEqual({ statusCode: 429, code: 'rate_limited', message: expect.stringMatching(/^Demasiadas solicitudes\. Espera \d+ segundos? e intenta de nuevo\.$/) });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await send()).status).not.toBe(429);
  });
});

describe('the groups', () => {
  it('count uuid look-ups of every wizard together, and leave other routes alone', async () => {
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 100));
    for (const code of ['wizardpf', 'wizardpfae', 'wizardpm']) {
      expect((await callApi(server, 'GET', `/${code}/${randomUUID()}/1`, undefined, publicAuth)).status).toBe(404);
    }
    expect((await callApi(server, 'GET', `/wizardpm/${randomUUID()}/1`, undefined, publicAuth)).status).toBe(429);
    expect((await callApi(server, 'GET', `/historial/${randomUUID()}`, undefined, staffAuth)).status).toBe(429);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await callApi(server, 'GET', '/catalogs/zc/44100', undefined, publicAuth)).status).toBe(200);
  });

  it('a refused save changes nothing', async () => {
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000 + 100));
    const created = await callApi(server, 'POST', '/wizardpf', { data: pf(), meta: { last_index: 1 } }, publicAuth);
    expect(created.status).toBe(201);
    const [uuid, { version }] = await created.json();
    for (let i = 1; i < MAX; i++) await callApi(server, 'POST', '/wizardpf', { data: {} }, publicAuth);
    const changed = { ...pf(), fisica: { ...(pf().fisica as object), nombre: 'OTRO' } };
    const refused = await callApi(server, 'PUT', `/wizardpf/${uuid}`, { data: changed, meta: { last_index: 1, version } }, publicAuth);
    expect(refused.status).toBe(429);
    const stored = await (await callApi(server, 'GET', `/wizardpf/${uuid}/0`, undefined, staffAuth)).json();
    expect(stored.meta.version).toBe(version);
    expect(stored.data.fisica.nombre).toBe((pf().fisica as { nombre: string }).nombre);
  });

  it.each([
    ['POST', '/api/oauth/token', 'token'],
    ['POST', '/staff/login', 'staffSignIn'],
    ['GET', '/api/wizardpf/:uuid/:flag', 'lookup'],
    ['GET', '/api/wizardpfae/:uuid/:flag', 'lookup'],
    ['GET', '/api/wizardpm/:uuid/:flag', 'lookup'],
    ['HEAD', '/api/wizardpm/:uuid/:flag', 'lookup'],
    ['GET', '/api/historial/:uuid', 'lookup'],
    ['POST', '/api/wizardpf', 'save'],
    ['POST', '/api/wizardpm', 'save'],
    ['PUT', '/api/wizardpfae/:uuid', 'save'],
    ['DELETE', '/api/wizardpm/:uuid/avales/:guarantor', 'removal'],
    ['GET', '/api/wizardpm/:uuid/avales/nuevo', 'lookup'],
    ['POST', '/api/persons/fbrfc', 'duplicateCheck'],
    ['POST', '/api/wizardpm/avalfbrfc', 'duplicateCheck'],
    ['POST', '/api/pld/search', 'pld'],
    ['GET', '/api/pld/lists', 'pld'],
    ['POST', '/api/blacklist', 'pld'],
    ['POST', '/api/blacklist/:uuid', 'pld'],
    ['POST', '/api/pld/lists/reload', 'pldReload'],
    ['GET', '/api/aws/signed-url', 'documents'],
    ['GET', '/api/wizardpm/documentos/:uuid', 'documents'],
    ['GET', '/api/aws/documents/:id', 'documents'],
    ['POST', '/storage/:bucket', undefined],
    ['GET', '/api/health', undefined],
    ['GET', '/api/catalogs/zc/:postalCode', undefined],
    ['GET', '/api/me', undefined],
  ])('%s %s is limited as %s', (method, url, group) => {
    expect(limitGroupOf(method, url)).toBe(group);
  });
});

describe('RATE_LIMIT=off', () => {
  it('limits nothing', async () => {
    const unlimited = await startTestServer();
    try {
      const auth = `Bearer ${(await publicToken(unlimited)).access_token}`;
      const statuses = await Promise.all(
        Array.from({ length: 150 }, () => callApi(unlimited, 'GET', `/wizardpf/${randomUUID()}/1`, undefined, auth).then((r) => r.status)),
      );
      expect(statuses.filter((status) => status === 429)).toEqual([]);
    } finally {
      await unlimited.close();
    }
  });
});
