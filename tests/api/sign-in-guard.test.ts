// The staff sign-in guard (finding 5): a growing wait after wrong passwords, a temporary lockout per user
// name and per address, both reset by a sign-in that succeeds; and unknown user names that take as long
// to refuse as known ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config';
import { startTestServer, type TestServer } from './support/test-server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Short waits for the test: wait from the 2nd failure (1 s, then 2 s), lockout of 3 s at the 4th. */
const shortGuard = (config: ServerConfig): ServerConfig => ({
  ...config,
  limits: {
    ...config.limits,
    routes: { ...config.limits.routes, staffSignIn: { max: 1000, windowSeconds: 60 } },
    signIn: {
      ...config.limits.signIn,
      user: { delayAfter: 2, lockAfter: 4 },
      address: { delayAfter: 6, lockAfter: 8 },
      firstDelaySeconds: 1,
      maxDelaySeconds: 2,
      lockSeconds: 3,
    },
  },
});

const signIn = (server: TestServer, username: string, password: string) =>
  fetch(`${server.url}/staff/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, next: '/' }).toString(),
  });

describe('per user name', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT: 'on' }, shortGuard);
  });
  afterAll(() => server.close());

  it('makes each try after the 2nd failure wait longer, then locks the user out, until a sign-in succeeds', async () => {
    expect((await signIn(server, 'demo', 'mal-1')).status).toBe(401);
    expect((await signIn(server, 'demo', 'mal-2')).status).toBe(401);

    const waitOne = await signIn(server, 'demo', 'demo1234');
    expect(waitOne.status).toBe(429);
    expect(waitOne.headers.get('retry-after')).toBe('1');
    const page = await waitOne.text();
    expect(page).toContain('Demasiados intentos fallidos. Espera 1 segundo antes de intentar de nuevo.');
    expect(page).toContain('<label for="password">Contraseña</label>');
    expect(waitOne.headers.getSetCookie()).toEqual([]);

    await sleep(1100);
    expect((await signIn(server, 'demo', 'mal-3')).status).toBe(401);
    const waitTwo = await signIn(server, 'DEMO ', 'mal');
    expect(waitTwo.status).toBe(429);
    expect(waitTwo.headers.get('retry-after')).toBe('2');
    expect(await waitTwo.text()).toContain('Espera 2 segundos antes de intentar de nuevo.');

    await sleep(2100);
    expect((await signIn(server, 'demo', 'mal-4')).status).toBe(401);
    const locked = await signIn(server, 'demo', 'demo1234');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('3');
    expect(await locked.text()).toContain('El acceso está bloqueado temporalmente por demasiados intentos fallidos. Intenta de nuevo en 3 segundos.');

    await sleep(3100);
    expect((await signIn(server, 'demo', 'demo1234')).status).toBe(303);
    // The success forgot the failures: two wrong passwords in a row are answered again.
    expect((await signIn(server, 'demo', 'mal')).status).toBe(401);
    expect((await signIn(server, 'demo', 'mal')).status).toBe(401);
  });

  it('checks only the first few of a burst of wrong passwords and refuses the rest before hashing them', async () => {
    await sleep(3100);
    const statuses = await Promise.all(Array.from({ length: 32 }, () => signIn(server, 'ana', 'mal').then((r) => r.status)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });
});

describe('per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT: 'on' }, shortGuard);
  });
  afterAll(() => server.close());

  it('makes an address that tries many user names wait, then locks it out, even for a right password', async () => {
    for (let i = 1; i <= 6; i++) expect((await signIn(server, `nadie${i}`, 'mal')).status).toBe(401);
    const waiting = await signIn(server, 'nadie7', 'mal');
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBe(1);
    await sleep(1100);
    expect((await signIn(server, 'nadie7', 'mal')).status).toBe(401);
    await sleep(2100);
    expect((await signIn(server, 'nadie8', 'mal')).status).toBe(401);
    const locked = await signIn(server, 'demo', 'demo1234');
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain('El acceso está bloqueado temporalmente');
    await sleep(3100);
    expect((await signIn(server, 'demo', 'demo1234')).status).toBe(303);
  });
});

describe('unknown user names', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const timed = async (username: string) => {
    const started = performance.now();
    const response = await signIn(server, username, 'contraseña-equivocada');
    await response.text();
    expect(response.status).toBe(401);
    return performance.now() - started;
  };

  it('take about as long to refuse as a known user with a wrong password', async () => {
    await timed('demo');
    await timed('nadie-aqui');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 15; i++) {
      known.push(await timed('demo'));
      unknown.push(await timed(`nadie-${i}`));
    }
    // Before the guard: about 51 ms against 3 ms. A noisy machine moves both, so only a broad bound.
    expect(median(unknown)).toBeGreaterThanOrEqual(median(known) * 0.5);
    expect(median(unknown)).toBeLessThanOrEqual(median(known) * 2);
  });
});
