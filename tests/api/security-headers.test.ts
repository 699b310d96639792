// Issue 12, findings 7, 9 and 12: security headers on every answer, no-store on every answer
// carrying personal data or tokens, no source maps served, and X-Forwarded-* believed only from
// the proxies TRUST_PROXY names (it decides the staff cookie's Secure flag and HSTS).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';
import { publicToken, staffCookies, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let proxied: TestServer;
let distDir: string;

beforeAll(async () => {
  // A built app of three files, so serving is checked whether or not `npm run build` has run.
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html lang="es"><head><!--app-config--></head><body></body></html>');
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map\n');
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["../../src/main.tsx"]}');
  server = await startTestServer({ DIST_DIR: distDir });
  proxied = await startTestServer({
    TRUST_PROXY: '127.0.0.1',
    API_BASE_URL: 'https://api.example.com/v1',
    AUTH_BASE_URL: 'https://auth.example.com/oauth',
    COMPANY_LOGO_URL: 'https://cdn.example.com/marca/logo.svg',
    COMPANY_PRIMARY_COLOR: '#0b5d3b',
    DIST_DIR: distDir,
  });
});
afterAll(async () => {
  await Promise.all([server?.close(), proxied?.close()]);
  fs.rmSync(distDir, { recursive: true, force: true });
});

const csp = (response: Response) =>
  Object.fromEntries(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('sends a CSP with no inline script, no framing, nosniff, no Referer and a Permissions-Policy on pages, API and staff pages', async () => {
    for (const route of ['/', '/pf', '/historial/0b1e5b0e-1111-4222-8333-444455556666', '/api/health', '/api/no-existe', '/staff/login']) {
      const response = await fetch(`${server.url}${route}`);
      const policy = csp(response);
      expect(policy['script-src'], route).toEqual(["'self'"]);
      expect(policy['script-src-attr'], route).toEqual(["'none'"]);
      expect(policy['frame-ancestors'], route).toEqual(["'none'"]);
      expect(policy['object-src'], route).toEqual(["'none'"]);
      expect(response.headers.get('content-security-policy'), route).not.toContain('unsafe');
      expect(response.headers.get('x-frame-options'), route).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), route).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), route).toBe('no-referrer');
      expect(response.headers.get('permissions-policy'), route).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    }
  });

  it('serves the client configuration as a JSON data block, which the CSP does not run', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toMatch(/<script type="application\/json" id="app-config">\{/);
    expect(html).not.toMatch(/<script(?![^>]*(type="application\/json"|src=))[^>]*>/);
  });

  it('styles the staff pages from a served stylesheet, with no inline style for the CSP to block', async () => {
    const html = await (await fetch(`${server.url}/staff/login`)).text();
    expect(html).not.toMatch(/<style|style=/);
    const href = html.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1];
    expect(href).toBe('/staff/estilos.css');
    const css = await fetch(`${server.url}${href}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('font-family');
  });

  it('lets the browser call the API and sign-in origins the configuration names', async () => {
    const policy = csp(await fetch(`${proxied.url}/`));
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.example.com', 'https://auth.example.com']);
    expect(csp(await fetch(`${server.url}/`))['connect-src']).toEqual(["'self'"]);
  });

  it("lets a company logo on another site load, and gives the browser the logo and the colour", async () => {
    const response = await fetch(`${proxied.url}/`);
    expect(csp(response)['img-src']).toEqual(["'self'", 'data:', 'https://cdn.example.com']);
    expect(csp(await fetch(`${server.url}/`))['img-src']).toEqual(["'self'", 'data:']);
    const config = JSON.parse((await response.text()).match(/<script type="application\/json" id="app-config">(.*?)<\/script>/)![1]);
    expect(config.company.logoUrl).toBe('https://cdn.example.com/marca/logo.svg');
    expect(config.company.colors.primary).toBe('#0b5d3b');
  });

  it('sends no HSTS over plain HTTP, and ignores a client claiming HTTPS', async () => {
    const response = await fetch(`${server.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS when a trusted proxy says the request came over TLS', async () => {
    const response = await fetch(`${proxied.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    expect((await fetch(`${proxied.url}/`)).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('caching', () => {
  let publicAuth: string;
  let staffCookie: string;
  let staffAuth: string;
  let uuid: string;

  beforeAll(async () => {
    publicAuth = `Bearer ${(await publicToken(server)).access_token}`;
    staffCookie = await staffCookies(server);
    staffAuth = `Bearer ${(await (await fetch(`${server.url}/api/me`, { headers: { cookie: staffCookie } })).json()).data.token}`;
    const created = await call('POST', '/wizardpf', publicAuth, { data: beforeSubmit(validPfModel() as unknown as Record<string, unknown>), meta: { last_index: 1 } });
    expect(created.status).toBe(201);
    [uuid] = await created.json();
  });

  const call = (method: string, route: string, authorization: string, body?: unknown) =>
    fetch(`${server.url}/api${route}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('marks every answer with personal data or tokens no-store', async () => {
    const token = await fetch(`${server.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: 2, client_secret: 'solicitud-online', username: 'solicitante', password: 'solicitante', scope: '' }),
    });
    const answers: Array<[string, Response]> = [
      ['token', token],
      ['me (cookie)', await fetch(`${server.url}/api/me`, { headers: { cookie: staffCookie } })],
      ['me (bearer)', await call('GET', '/me', staffAuth)],
      ['open', await call('GET', `/wizardpf/${uuid}/1`, publicAuth)],
      ['open (staff)', await call('GET', `/wizardpf/${uuid}/0`, staffAuth)],
      ['save', await call('PUT', `/wizardpf/${uuid}`, publicAuth, { data: beforeSubmit(validPfModel() as unknown as Record<string, unknown>), meta: { last_index: 1, version: 1 } })],
      ['applicants', await call('GET', '/wizardpf', staffAuth)],
      ['unfinished', await call('GET', '/wizardpf/cache', staffAuth)],
      ['history', await call('GET', `/historial/${uuid}`, staffAuth)],
      ['duplicates', await call('POST', '/persons/fbrfc', staffAuth, beforeSubmit(validPfModel() as unknown as Record<string, unknown>))],
      ['pld search', await call('POST', '/pld/search', staffAuth, { data: { name: 'JUAN PEREZ', searchType: 'FullText' } })],
      ['blacklist', await call('POST', `/blacklist/${uuid}`, staffAuth, { data: beforeSubmit(validPfModel() as unknown as Record<string, unknown>) })],
      ['refusal', await call('GET', '/wizardpf', publicAuth)],
    ];
    for (const [name, response] of answers) {
      expect(response.status, name).toBeLessThan(name === 'refusal' ? 500 : 300);
      expect(response.headers.get('cache-control'), name).toBe('no-store');
    }
  });

  it('keeps the catalogues and built assets cacheable', async () => {
    const catalogue = await call('GET', '/catalogs/ct', publicAuth);
    expect(catalogue.headers.get('cache-control')).toBe('private, max-age=3600');
    const asset = await fetch(`${server.url}/assets/index-abc.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('source maps', () => {
  it('serves no source map even when one is in the built folder', async () => {
    const response = await fetch(`${server.url}/assets/index-abc.js.map`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('sources');
  });

  it('builds none for production', async () => {
    const { default: viteConfig } = await import('../../vite.config');
    expect(viteConfig.build?.sourcemap ?? false).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  // An account of this test's own, whatever the demo account's password is.
  const account = { username: 'proxy-prueba', password: 'clave-de-prueba-proxy', nombre: 'Prueba', apellido_paterno: 'Proxy', franquicia: 'Centro', roles: ['usuario' as const] };
  beforeAll(async () => {
    for (const target of [server, proxied]) await (await target.app.backend).staff.create(account);
  });

  const signIn = (target: TestServer) =>
    fetch(`${target.url}/staff/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: target.url,
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.9',
      },
      body: new URLSearchParams({ username: account.username, password: account.password, next: '/' }).toString(),
    });

  it('is off by default: a client claiming HTTPS does not make the staff cookie Secure', async () => {
    const response = await signIn(server);
    expect(response.status).toBe(303);
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('believes the proxies it names: the staff cookie is Secure behind a TLS proxy', async () => {
    const response = await signIn(proxied);
    expect(response.status).toBe(303);
    for (const cookie of response.headers.getSetCookie()) expect(cookie).toMatch(/;\s*Secure/i);
  });
});
