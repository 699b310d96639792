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

  it('never redirects to a path a browser reads as another host, and never answers 500 for next', async () => {
    const hostile = [
      '/\t/evil.example/x',
      '/%09/evil.example/x',
      '/%2509/evil.example/x',
      '/\r\n/evil.example',
      '/\n/evil.example',
      '/x\r\nSet-Cookie: a=b',
      '/%0d%0aSet-Cookie:%20a=b',
      '/%5Cevil.example',
      '/%2F%2Fevil.example',
      '/\u0000/evil.example',
      ' //evil.example',
      '/\\/evil.example',
      'javascript:alert(1)',
      '/ñ',
    ];
    for (const next of hostile) {
      const response = await signIn({ username: 'demo', password: 'demo1234', next });
      expect(response.status, JSON.stringify(next)).toBe(303);
      expect(response.headers.get('location'), JSON.stringify(next)).toBe('/');
    }
    // The sign-in page itself, asked with such a next, keeps '/' in its form.
    const page = await fetch(`${server.url}/staff/login?next=${encodeURIComponent('/\t/evil.example')}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="next" value="/"');
    const encoded = await fetch(`${server.url}/staff/login?next=/%0d%0a/evil.example`);
    expect(encoded.status).toBe(200);
  });

  it('keeps an ordinary path with its query for next', async () => {
    const response = await signIn({ username: 'demo', password: 'demo1234', next: '/pm/3f1c0a52-8f0e-4b7c-9d1a-2b3c4d5e6f70?params=F9' });
    expect(response.headers.get('location')).toBe('/pm/3f1c0a52-8f0e-4b7c-9d1a-2b3c4d5e6f70?params=F9');
  });

  it('answers a malformed sign-in (a number, a repeated field, JSON, nothing) with the page and a Spanish error, never 500', async () => {
    const bodies: Array<[string, string]> = [
      ['application/json', JSON.stringify({ username: 1, password: 'demo1234' })],
      ['application/json', JSON.stringify({ username: 'demo', password: 1234 })],
      ['application/json', JSON.stringify({ username: ['demo'], password: { a: 1 } })],
      ['application/json', JSON.stringify(['demo', 'demo1234'])],
      ['application/json', 'null'],
      ['application/x-www-form-urlencoded', 'username=demo&username=otro&password=demo1234'],
      ['application/x-www-form-urlencoded', 'username=demo&password=demo1234&password=x'],
      ['application/x-www-form-urlencoded', 'username=demo&password=demo1234&next=/a&next=/b'],
      ['application/x-www-form-urlencoded', ''],
    ];
    for (const [type, body] of bodies) {
      const response = await fetch(`${server.url}/staff/login`, { method: 'POST', redirect: 'manual', headers: { 'content-type': type }, body });
      const html = await response.text();
      if (body.includes('next=/a')) {
        // A repeated next is only ignored: the credentials are good.
        expect(response.status).toBe(303);
        expect(response.headers.get('location')).toBe('/');
        continue;
      }
      expect([400, 401], body).toContain(response.status);
      expect(html, body).toMatch(/Escribe tu usuario y tu contraseña\.|Usuario o contraseña incorrectos\./);
      expect(html).toContain('<html lang="es">');
    }
    // JSON with proper texts signs in like the form.
    const json = await fetch(`${server.url}/staff/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo1234', next: '/list' }),
    });
    expect(json.status).toBe(303);
  });

  it('logs every failed sign-in as a security event with the address and the username, never the password', async () => {
    // A test server logs nothing (logger off), and then every request's logger is the app's own.
    const events: unknown[] = [];
    const log = server.app.log;
    const warn = log.warn;
    log.warn = ((entry: unknown) => void events.push(entry)) as typeof log.warn;
    try {
      await signIn({ username: 'demo', password: 'secreto-equivocado' });
      await signIn({ username: 'nadie', password: 'otro-secreto' });
      await fetch(`${server.url}/staff/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 5, password: 'x' }) });
    } finally {
      log.warn = warn;
    }
    expect(events).toEqual([
      { event: 'security', kind: 'staff_sign_in_failed', reason: 'credentials', address: '127.0.0.1', username: 'demo' },
      { event: 'security', kind: 'staff_sign_in_failed', reason: 'credentials', address: '127.0.0.1', username: 'nadie' },
      { event: 'security', kind: 'staff_sign_in_failed', reason: 'malformed', address: '127.0.0.1', username: '' },
    ]);
    expect(JSON.stringify(events)).not.toContain('secreto');
  });
});

describe('staff sign-in and sign-out against another site (CSRF)', () => {
  const post = (path: string, headers: Record<string, string>, fields: Record<string, string> = {}, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
  const own = () => new URL(server.url).origin;
  const good = { username: 'demo', password: 'demo1234', next: '/' };

  it('refuses a sign-in another site posts (Origin, Sec-Fetch-Site, Referer, Origin null) with 403 and sets no cookie', async () => {
    const foreign: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: own(), 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of foreign) {
      const response = await post('/staff/login', headers, good);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await response.text()).toContain('La solicitud no vino de esta página.');
    }
  });

  it('refuses a username with a control character as a malformed sign-in (400, logged), never a database error', async () => {
    const response = await post('/staff/login', {}, { username: 'de\u0000mo', password: 'demo1234', next: '/' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Escribe tu usuario y tu contraseña.');
  });

  it('follows a long same-site next (a list with its search) after sign-in', async () => {
    const next = `/list-cache?q=${'a'.repeat(400)}&page=2`;
    const response = await post('/staff/login', {}, { ...good, next });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(next);
  });

  it('accepts the sign-in its own page posts, and one without Origin (a script)', async () => {
    expect((await post('/staff/login', { origin: own(), 'sec-fetch-site': 'same-origin' }, good)).status).toBe(303);
    // What Chromium sends from a page served with Referrer-Policy: no-referrer.
    expect((await post('/staff/login', { origin: 'null', 'sec-fetch-site': 'same-origin' }, good)).status).toBe(303);
    expect((await post('/staff/login', { referer: `${own()}/staff/login` }, good)).status).toBe(303);
    expect((await post('/staff/login', {}, good)).status).toBe(303);
  });

  it('does not sign out on GET: it shows a sign-out button instead, and the session stays', async () => {
    const cookie = await staffCookies(server);
    const response = await fetch(`${server.url}/staff/logout`, { redirect: 'manual', headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const html = await response.text();
    expect(html).toContain('<form method="post" action="/staff/logout"><button type="submit">Cerrar sesión</button></form>');
    expect((await fetch(`${server.url}/api/me`, { headers: { cookie } })).status).toBe(200);
  });

  it('refuses a sign-out another site posts; the session stays', async () => {
    const cookie = await staffCookies(server);
    const response = await post('/staff/logout', { origin: 'https://evil.example' }, {}, cookie);
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await fetch(`${server.url}/api/me`, { headers: { cookie } })).status).toBe(200);
  });

  it('signs out by POST from its own page, clearing both cookies', async () => {
    const cookie = await staffCookies(server);
    const response = await post('/staff/logout', { origin: own() }, {}, cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/staff/login');
    const cleared = response.headers.getSetCookie();
    expect(cleared.some((c) => c.startsWith('sistema_sesion=;'))).toBe(true);
    expect(cleared.some((c) => c.startsWith('sistema_sesion_activa=;'))).toBe(true);
  });

  it('offers sign-out on its pages as a POST form, not a link', async () => {
    const cookie = await staffCookies(server);
    for (const path of ['/staff/inicio', '/staff/preferencias']) {
      const html = await (await fetch(`${server.url}${path}`, { headers: { cookie } })).text();
      expect(html).toContain('<form class="inline" method="post" action="/staff/logout">');
      expect(html).not.toContain('href="/staff/logout"');
    }
  });
});
