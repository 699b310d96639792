// The authentication calls: POST /oauth/token, GET /me, and their refusals.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicToken, staffCookies, startTestServer, TEST_JWT_SECRET, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

const passwordGrant = (overrides: Record<string, unknown> = {}) => ({
  grant_type: 'password',
  client_id: 2,
  client_secret: server.config.publicClient.clientSecret,
  username: server.config.publicClient.username,
  password: server.config.publicClient.password,
  scope: '',
  ...overrides,
});

const me = (headers: Record<string, string> = {}) => fetch(`${server.url}/api/me`, { headers });

describe('POST /oauth/token', () => {
  it('gives the public account an access token, a refresh token, the type and the lifetime', async () => {
    const response = await post('/api/oauth/token', passwordGrant());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
    });
  });

  it('accepts the form-encoded body OAuth clients send', async () => {
    const form = new URLSearchParams(Object.entries(passwordGrant()).map(([k, v]) => [k, String(v)]));
    const response = await post('/api/oauth/token', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.status).toBe(200);
  });

  it('accepts the stored refresh token sent along with the password grant', async () => {
    const first = await publicToken(server);
    const response = await post('/api/oauth/token', passwordGrant({ refresh_token: first.refresh_token }));
    expect(response.status).toBe(200);
  });

  it('refuses a wrong password with 401 and a Spanish message', async () => {
    const response = await post('/api/oauth/token', passwordGrant({ password: 'otra' }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'invalid_grant', message: 'Usuario o contraseña incorrectos.' });
  });

  it('refuses an unknown client with 401', async () => {
    const response = await post('/api/oauth/token', passwordGrant({ client_secret: 'no' }));
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBe('El cliente de la aplicación no está autorizado.');
  });

  it('answers a malformed body with 400 and no stack trace', async () => {
    const response = await post('/api/oauth/token', '{"grant_type": ');
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toBe('El cuerpo de la solicitud no es un JSON válido.');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers a body without the required fields with 400', async () => {
    const response = await post('/api/oauth/token', { username: 'x' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_body', message: expect.stringContaining('La solicitud no es válida') });
  });

  it('refreshes with a refresh token, and refuses an access token used as one', async () => {
    const first = await publicToken(server);
    const refreshed = await post('/api/oauth/token', {
      grant_type: 'refresh_token',
      client_id: 2,
      client_secret: server.config.publicClient.clientSecret,
      refresh_token: first.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect((await refreshed.json()).access_token).not.toBe(first.access_token);

    const misuse = await post('/api/oauth/token', {
      grant_type: 'refresh_token',
      client_id: 2,
      client_secret: server.config.publicClient.clientSecret,
      refresh_token: first.access_token,
    });
    expect(misuse.status).toBe(401);
    expect((await misuse.json()).code).toBe('invalid_token');
  });
});

describe('GET /me', () => {
  it('answers 401 without a token', async () => {
    const response = await me();
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'missing_token', message: expect.stringMatching(/iniciar sesión/) });
  });

  it('answers 401 to a forged token', async () => {
    const forged = await new SignJWT({ kind: 'system_auth' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('solicitud-online')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const response = await me({ authorization: `Bearer ${forged}` });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'invalid_token', message: 'El token de acceso no es válido.' });
  });

  it('answers 401 to an expired token, saying so', async () => {
    const expired = await new SignJWT({ kind: 'system_auth' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('solicitud-online')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const response = await me({ authorization: `Bearer ${expired}` });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'expired_token', message: 'La sesión expiró, vuelve a iniciar sesión.' });
  });

  it('answers 403 to the public applicant', async () => {
    const { access_token } = await publicToken(server);
    const response = await me({ authorization: `Bearer ${access_token}` });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe('Esta acción es solo para el personal de la empresa.');
  });

  it('answers the staff profile to the staff session cookie, with a bearer token that works on its own', async () => {
    const cookie = await staffCookies(server);
    const response = await me({ cookie });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data).toMatchObject({
      token: expect.any(String),
      token_type: 'Bearer',
      nombre: 'María',
      apellido_paterno: 'González',
      franquicia: 'Guadalajara Centro',
      roles: ['usuario', 'administrador', 'analista'],
      notificaciones: 1,
    });
    const again = await me({ authorization: `Bearer ${data.token}` });
    expect(again.status).toBe(200);
  });
});

describe('every answer', () => {
  it("carries the server's own request id, never the one a client sends", async () => {
    const response = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    const other = await fetch(`${server.url}/api/health`);
    expect(other.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    expect(other.headers.get('x-request-id')).not.toBe(response.headers.get('x-request-id'));
  });

  it('answers an unknown API path with a JSON 404 in Spanish', async () => {
    const response = await fetch(`${server.url}/api/no-existe`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, code: 'not_found', message: 'No existe la ruta solicitada.' });
  });

  it('reports the database ready on /health', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ready' });
  });

  it('serves an OpenAPI description of its calls', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    const spec = await response.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/oauth/token', '/api/me', '/api/health']));
  });
});
