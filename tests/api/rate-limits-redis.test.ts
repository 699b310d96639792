// With REDIS_URL, two instances count one limit together: what one refuses, the other refuses too.
// Runs when redis-server is installed (.ci/run installs it); each run starts its own, kept in memory only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config';
import { callApi, startTestServer, type TestServer } from './support/test-server';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

const limited = (config: ServerConfig): ServerConfig => ({
  ...config,
  limits: {
    ...config.limits,
    routes: { ...config.limits.routes, token: { max: 4, windowSeconds: 30 } },
    signIn: { ...config.limits.signIn, user: { delayAfter: 2, lockAfter: 3 }, firstDelaySeconds: 30, lockSeconds: 30 },
  },
});

describe.skipIf(!hasRedis)('limits shared through Redis', () => {
  let redis: ChildProcess;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
        socket.on('error', () => resolve(false));
      });
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const env = { RATE_LIMIT: 'on', REDIS_URL: `redis://127.0.0.1:${port}` };
    first = await startTestServer(env, limited);
    second = await startTestServer(env, limited);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    if (redis && redis.exitCode === null) {
      redis.kill();
      await new Promise((resolve) => redis.once('exit', resolve));
    }
  });

  const token = (server: TestServer) =>
    callApi(server, 'POST', '/oauth/token', { grant_type: 'password', client_id: 2, client_secret: 'solicitud-online', username: 'solicitante', password: 'solicitante' }, null);

  it('counts the token limit across both instances', async () => {
    expect((await token(first)).status).toBe(200);
    expect((await token(second)).status).toBe(200);
    expect((await token(first)).status).toBe(200);
    expect((await token(second)).status).toBe(200);
    const refused = await token(first);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Demasiadas solicitudes\. Espera \d+ segundos e intenta de nuevo\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await token(second)).status).toBe(429);
  });

  it('locks a staff user out on both instances after failures spread over them', async () => {
    const signIn = (server: TestServer, password: string) =>
      fetch(`${server.url}/staff/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'demo', password, next: '/' }).toString(),
      });
    expect((await signIn(first, 'mal')).status).toBe(401);
    expect((await signIn(second, 'mal')).status).toBe(401);
    const waiting = await signIn(first, 'demo1234');
    expect(waiting.status).toBe(429);
    expect(await waiting.text()).toContain('Demasiados intentos fallidos');
    expect((await signIn(second, 'demo1234')).status).toBe(429);
  });

  it('lets requests through, rather than failing them, when Redis stops', async () => {
    redis.kill();
    await new Promise((resolve) => redis.once('exit', resolve));
    expect((await token(first)).status).toBe(200);
    const signIn = await fetch(`${second.url}/staff/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'demo', password: 'demo1234', next: '/' }).toString(),
    });
    expect(signIn.status).toBe(303);
  });
});
