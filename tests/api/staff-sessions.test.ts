// Staff sessions end (issue 12, finding 6): sign-out ends the cookie and every bearer token issued
// from it; a disabled or deleted account stops at its next request; a signed token naming no
// live session, no account or a non-numeric account is 401, never 500.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, staffCookies, startTestServer, TEST_JWT_SECRET, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.backend.then((backend) =>
    backend.staff.create({ username: 'ana', password: 'clave-de-ana', nombre: 'Ana', apellido_paterno: 'López', franquicia: 'Centro', roles: ['usuario'] }),
  );
});
afterAll(() => server.close());

const me = (headers: Record<string, string>) => fetch(`${server.url}/api/me`, { headers });
const bearerOf = async (cookie: string) => `Bearer ${(await (await me({ cookie })).json()).data.token}`;
const lists = (authorization: string) => callApi(server, 'GET', '/wizardpf/cache', undefined, authorization);
const signOut = (cookie: string) => fetch(`${server.url}/staff/logout`, { method: 'POST', redirect: 'manual', headers: { cookie } });

const sign = (claims: Record<string, unknown>, sub: string) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer('solicitud-online')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));

describe('staff sessions', () => {
  it('sign-out ends the cookie and every bearer token issued from it, even ones already used', async () => {
    const cookie = await staffCookies(server);
    const first = await bearerOf(cookie);
    const second = await bearerOf(cookie);
    expect((await lists(first)).status).toBe(200);
    expect((await me({ authorization: second })).status).toBe(200);

    expect((await signOut(cookie)).status).toBe(303);

    const afterCookie = await me({ cookie });
    expect(afterCookie.status).toBe(401);
    expect(await afterCookie.json()).toMatchObject({ code: 'session_ended', message: 'La sesión del personal terminó; vuelve a iniciar sesión.' });
    for (const bearer of [first, second]) {
      expect((await lists(bearer)).status).toBe(401);
      expect((await me({ authorization: bearer })).status).toBe(401);
    }
    // The staff portal's own pages send the person to sign in again.
    const home = await fetch(`${server.url}/staff/inicio`, { redirect: 'manual', headers: { cookie } });
    expect(home.status).toBe(303);
  });

  it('another sign-in of the same account keeps its own session', async () => {
    const one = await staffCookies(server);
    const two = await staffCookies(server);
    await signOut(one);
    expect((await me({ cookie: two })).status).toBe(200);
  });

  it('a disabled account stops at its next request, and cannot sign in again; enabled again, it can', async () => {
    const cookie = await staffCookies(server, 'ana', 'clave-de-ana');
    const bearer = await bearerOf(cookie);
    expect((await lists(bearer)).status).toBe(200);
    const { staff } = await server.app.backend;
    await staff.setDisabled('ana', true);
    expect((await lists(bearer)).status).toBe(401);
    expect((await me({ cookie })).status).toBe(401);
    await expect(staffCookies(server, 'ana', 'clave-de-ana')).rejects.toThrow('staff sign-in: 401');
    await staff.setDisabled('ana', false);
    expect((await lists(bearer)).status).toBe(200);
    await staffCookies(server, 'ana', 'clave-de-ana');
  });

  it('a deleted account stops at its next request', async () => {
    const { staff, db } = await server.app.backend;
    await staff.create({ username: 'temporal', password: 'clave-temporal', nombre: 'T', apellido_paterno: 'T', franquicia: 'Centro', roles: ['usuario'] });
    const cookie = await staffCookies(server, 'temporal', 'clave-temporal');
    const bearer = await bearerOf(cookie);
    expect((await lists(bearer)).status).toBe(200);
    await db.deleteFrom('staff_user').where('username', '=', 'temporal').execute();
    expect((await lists(bearer)).status).toBe(401);
    expect((await me({ cookie })).status).toBe(401);
  });

  it('a validly signed token for no account, no session, or a non-numeric account is 401, never 500', async () => {
    const cookie = await staffCookies(server);
    const { sid } = JSON.parse(Buffer.from((await bearerOf(cookie)).split('.')[1]!, 'base64url').toString());
    const tokens = [
      await sign({ kind: 'system_auth', roles: ['usuario', 'analista', 'administrador'], sid }, '999999'),
      await sign({ kind: 'system_auth', roles: ['usuario'] }, '1'),
      await sign({ kind: 'system_auth', roles: ['usuario'], sid: 'no-such-session' }, '1'),
      await sign({ kind: 'system_auth', roles: ['usuario'], sid }, 'abc'),
      await sign({ kind: 'system_auth', roles: ['usuario'], sid }, '1e3'),
      await sign({ kind: 'system_auth', roles: ['usuario'], sid }, '-1'),
      await sign({ kind: 'system_auth', roles: ['usuario'], sid }, '99999999999999999999'),
      await sign({ kind: 'system_auth', roles: ['usuario'], sid: 42 }, '1'),
    ];
    for (const token of tokens) {
      for (const response of [await lists(`Bearer ${token}`), await me({ authorization: `Bearer ${token}` })]) {
        expect(response.status).toBe(401);
        const body = await response.json();
        expect(body.message).toMatch(/sesión|token/);
      }
    }
    const forgedCookie = await sign({ kind: 'staff_session', sid }, 'abc');
    expect((await me({ cookie: `sistema_sesion=${forgedCookie}` })).status).toBe(401);
  });

  it('keeps public tokens free of any session lookup', async () => {
    const { staffSessions } = await server.app.backend;
    const live = staffSessions.live;
    let lookups = 0;
    staffSessions.live = async (...args) => {
      lookups++;
      return live(...args);
    };
    try {
      const token = (await (await fetch(`${server.url}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', client_id: 2, client_secret: server.config.publicClient.clientSecret, username: server.config.publicClient.username, password: server.config.publicClient.password, scope: '' }),
      })).json()).access_token;
      expect((await callApi(server, 'GET', '/catalogs/ct', undefined, `Bearer ${token}`)).status).toBe(200);
      expect(lookups).toBe(0);
    } finally {
      staffSessions.live = live;
    }
  });
});
