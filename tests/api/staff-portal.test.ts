// The staff sign-in pages that stand in for the provider's main system.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCookies, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const signIn = (fields: Record<string, string>) =>
  fetch(`${server.url}/staff/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

describe('staff sign-in', () => {
  it('shows a labelled Spanish form', async () => {
    const html = await (await fetch(`${server.url}/staff/login?next=/list`)).text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<label for="username">Usuario</label>');
    expect(html).toContain('<label for="password">Contraseña</label>');
    expect(html).toContain('name="next" value="/list"');
  });

  it('refuses a wrong password with 401 and keeps the username typed', async () => {
    const response = await signIn({ username: 'demo', password: 'mal', next: '/' });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('Usuario o contraseña incorrectos.');
    expect(html).toContain('value="demo"');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('sets the HttpOnly session cookie and a readable marker, then follows next', async () => {
    const response = await signIn({ username: 'demo', password: 'demo1234', next: '/list?params=F1' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/list?params=F1');
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('sistema_sesion='));
    const marker = cookies.find((c) => c.startsWith('sistema_sesion_activa='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(marker).not.toMatch(/HttpOnly/i);
  });

  it('never redirects to another site', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const response = await signIn({ username: 'demo', password: 'demo1234', next });
      expect(response.headers.get('location')).toBe('/');
    }
  });

  it('escapes what it echoes', async () => {
    const response = await signIn({ username: '"><script>alert(1)</script>', password: 'x', next: '/' });
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('shows preferences to a signed-in user and sends others to sign in', async () => {
    const cookie = await staffCookies(server);
    const page = await fetch(`${server.url}/staff/preferencias`, { headers: { cookie } });
    const html = await page.text();
    expect(html).toContain('Guadalajara Centro');
    expect(html).toContain('Usuario, Administrador, Analista');
    const anonymous = await fetch(`${server.url}/staff/preferencias`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/staff/login?next=/staff/preferencias');
  });

  it('signs out by clearing both cookies', async () => {
    const response = await fetch(`${server.url}/staff/logout`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const cleared = response.headers.getSetCookie();
    expect(cleared.some((c) => c.startsWith('sistema_sesion=;'))).toBe(true);
    expect(cleared.some((c) => c.startsWith('sistema_sesion_activa=;'))).toBe(true);
  });
});
